"""Start-up: the file asked for, else the autosave (if the player wants it), else New Game."""

from gui import app
from gui.paths import autosave_path
from rules.engine.session import Session
from rules.engine.state import state_hash

HUMANS = {"north": "human", "south": "human"}


def autosaved_game() -> Session:
    session = Session.new("duel", "short", HUMANS, seed=8)
    session.choose("pass")
    session.save(autosave_path())
    return session


def test_resumes_the_autosave_behind_the_curtain(qtbot, window, monkeypatch):
    saved = autosaved_game()
    monkeypatch.setattr(app, "ask_resume", lambda parent: True)
    app.start(window)
    assert state_hash(window.session.state) == state_hash(saved.state)
    assert window.curtain.isVisible()                 # hot-seat: who is at the screen?
    assert "South" in window.curtain.label.text()
    assert window.save_path is None                    # Ctrl+S asks where, not the autosave


def test_declined_autosave_opens_new_game(qtbot, window, monkeypatch):
    autosaved_game()
    monkeypatch.setattr(app, "ask_resume", lambda parent: False)
    app.start(window)
    assert window.session is None
    assert window.new_game_dialog is not None and window.new_game_dialog.isVisible()


def test_no_autosave_opens_new_game_without_asking(qtbot, window, monkeypatch):
    def never(parent):
        raise AssertionError("asked to resume without an autosave")

    monkeypatch.setattr(app, "ask_resume", never)
    app.start(window)
    assert window.new_game_dialog.isVisible()


def test_open_path_at_start_and_bad_file_falls_back(qtbot, window, tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("[]")
    app.start(window, str(bad))
    assert window.error_box.isVisible() and "x.json" in window.error_box.text()
    assert window.new_game_dialog.isVisible()


def test_a_new_scene_is_highlighted_not_redrawn_and_shows_what_a_refresh_shows(
        qtbot, window, monkeypatch):
    """set_session builds the scene from the view and the first refresh only highlights the
    prompt's targets (PROMPT_ONLY_HIGHLIGHTS): same picture as redrawing it from scratch."""
    from PySide6.QtCore import QRect

    from gui.hubris.scene import HubrisScene
    from rules.engine import registry

    seats = registry.get("hubris").scenario("fourth-syrian-war").seats
    session = Session.new("hubris", "fourth-syrian-war", dict.fromkeys(seats, "human"), seed=1)
    session.curtain = False
    calls = []
    update = HubrisScene.update_state
    monkeypatch.setattr(HubrisScene, "update_state",
                        lambda self, view, prompt: (calls.append(prompt),
                                                    update(self, view, prompt)))
    window.resize(1200, 800)
    window.show()
    window.set_session(session)
    assert calls == [None]                  # the constructor's; refresh did not redraw
    prompt = session.prompt()
    targets = {c.target for c in prompt.choices if c.target}
    assert window.scene._lit == targets
    qtbot.wait(10)
    rect = QRect(0, 0, 1000, 700)
    window.map_view.grab(rect)
    window.scene.board.settle_now()         # the board's cells drawn (gui.map_tiles)
    window.map_view.resetCachedContent()
    first = window.map_view.grab(rect).toImage()
    window.refresh()                        # a full redraw of the same position
    assert calls == [None, prompt]
    window.map_view.resetCachedContent()
    qtbot.wait(10)
    window.map_view.grab(rect)
    window.scene.board.settle_now()
    window.map_view.resetCachedContent()
    assert window.map_view.grab(rect).toImage() == first
