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
