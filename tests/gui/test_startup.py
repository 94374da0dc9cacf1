"""Start-up: the file asked for, else the welcome page (games, Resume, recent saves)."""

from PySide6.QtWidgets import QPushButton

from gui import app, settings
from gui.paths import autosave_path
from rules.engine.session import Session
from rules.engine.state import state_hash

HUMANS = {"north": "human", "south": "human"}


def autosaved_game() -> Session:
    session = Session.new("duel", "short", HUMANS, seed=8)
    session.choose("pass")
    session.save(autosave_path())
    return session


def test_resume_on_the_welcome_page_opens_the_autosave_behind_the_curtain(qtbot, window):
    saved = autosaved_game()
    app.start(window)
    assert window.pages.currentWidget() is window.welcome
    assert window.welcome.resume_box.isVisibleTo(window.welcome)
    assert "Duel" in window.welcome.resume_text.text()
    window.welcome.resume_button.click()
    assert state_hash(window.session.state) == state_hash(saved.state)
    assert window.pages.currentWidget() is window.map_view
    assert window.curtain.isVisible()                 # hot-seat: who is at the screen?
    assert "South" in window.curtain.label.text()
    assert window.save_path is None                    # Ctrl+S asks where, not the autosave


def test_without_an_autosave_the_welcome_page_has_no_resume(qtbot, window):
    app.start(window)
    assert window.session is None and window.new_game_dialog is None
    assert window.pages.currentWidget() is window.welcome
    assert not window.welcome.resume_box.isVisibleTo(window.welcome)


def test_each_game_has_a_card_whose_button_opens_new_game_on_it(qtbot, window):
    app.start(window)
    cards = {card.game.id: card for card in window.welcome.cards}
    assert {"hubris", "mare-nostrum", "duel"} <= set(cards)
    card = cards["mare-nostrum"]
    assert isinstance(card.new_button, QPushButton) and card.new_button.isEnabled()
    card.new_button.click()
    dialog = window.new_game_dialog
    assert dialog.isVisible() and dialog.game().id == "mare-nostrum"
    assert dialog.scenario().playable and dialog.start_button.isEnabled()
    qtbot.waitUntil(lambda: not cards["hubris"].picture.pixmap().isNull(), timeout=3000)


def test_recent_saves_are_listed_and_open(qtbot, window, tmp_path):
    path = tmp_path / "duel.json"
    Session.new("duel", "short", HUMANS, seed=3).save(path)
    settings.add_recent_file(str(path))
    settings.add_recent_file(str(tmp_path / "gone.json"))
    app.start(window)
    recent = window.welcome.recent
    assert recent.count() == 2
    names = [recent.item(i).text().splitlines()[0] for i in range(recent.count())]
    assert "gone.json (no longer there)" in names and "duel.json" in names
    item = next(recent.item(i) for i in range(recent.count())
                if recent.item(i).text().startswith("duel.json"))
    recent.itemActivated.emit(item)
    assert window.session is not None and window.save_path == str(path)


def test_open_path_at_start_and_bad_file_falls_back_to_the_welcome(qtbot, window, tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("[]")
    app.start(window, str(bad))
    assert window.error_box.isVisible() and "x.json" in window.error_box.text()
    assert window.pages.currentWidget() is window.welcome


def test_any_unreadable_file_opens_a_message_box_not_a_crash(qtbot, window, tmp_path):
    """Deeply nested JSON, a folder, a missing file, binary bytes: one line each."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000)
    binary = tmp_path / "bin.json"
    binary.write_bytes(bytes(range(256)) * 10)
    for path in (deep, tmp_path, tmp_path / "missing.json", binary):
        assert window.open_path(str(path)) is False
        assert window.error_box.isVisible()
        line = window.error_box.text()
        assert "\n" not in line and path.name in line
        window.error_box.close()
    assert window.session is None
