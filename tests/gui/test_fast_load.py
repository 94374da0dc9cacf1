"""Opening a format-2 save: the position at once, verification from the event loop in
slices, then undo; resuming the autosave goes the same way."""

import pytest
from PySide6.QtCore import QSettings, QTimer

from gui import main_window
from gui.paths import autosave_path
from rules.engine.session import Session
from rules.engine.state import state_hash

from .helpers import click_choice, start_from_dialog


def _played(qtbot, window, tmp_path):
    """Five passes (nothing random): the last can be undone, curtain off."""
    start_from_dialog(qtbot, window, "long", seed=5, curtain=False)
    for _ in range(4):
        click_choice(qtbot, window, "pass")
    before = state_hash(window.session.state)
    click_choice(qtbot, window, "pass")
    path = tmp_path / "duel.json"
    assert window.save_to(str(path))
    return path, before, state_hash(window.session.state)


def test_open_shows_position_at_once_then_verifies(qtbot, window, tmp_path, monkeypatch):
    path, before, played = _played(qtbot, window, tmp_path)
    monkeypatch.setattr(main_window, "VERIFY_SLICE_MS", 0)    # one choice per slice
    window.set_session(Session.new("duel", "short", {"north": "human", "south": "human"}))
    ticks = []
    other = QTimer(window)
    other.setInterval(0)
    other.timeout.connect(lambda: ticks.append(window.session.verify_progress[0]))
    other.start()
    QSettings().remove("play")        # a save from elsewhere: how it was played is unknown
    assert window.open_path(str(path))
    s = window.session
    assert state_hash(s.state) == played and s.choices == ["pass"] * 5
    assert s.verifying and not window.action_undo.isEnabled()
    assert window.statusBar().currentMessage().startswith("Verifying the save")
    assert window.curtain.isVisible() and "South" in window.curtain.label.text()  # hot seat
    window.set_curtain(False)                                 # one player at the screen
    assert s.verifying and window.prompt_dock.prompt.seat == "south"   # playable already
    assert not window.action_undo.isEnabled()
    qtbot.waitUntil(lambda: s.verified, timeout=5000)
    other.stop()
    assert {1, 2, 3, 4} <= set(ticks)   # the event loop ran between the replay's slices
    assert window.action_undo.isEnabled()
    window.action_undo.trigger()
    assert state_hash(s.state) == before and s.choices == ["pass"] * 4


def test_save_while_verifying_finishes_verification(qtbot, window, tmp_path):
    path, _, _ = _played(qtbot, window, tmp_path)
    assert window.open_path(str(path))
    assert window.session.verifying
    assert window.save_to(str(tmp_path / "copy.json"))
    assert window.session.verified
    assert Session.load(tmp_path / "copy.json").choices == ["pass"] * 5


def test_autosave_waits_for_verification(qtbot, window, tmp_path):
    path, _, played = _played(qtbot, window, tmp_path)
    autosave_path().write_text("the previous game")
    assert window.open_path(str(path))
    assert autosave_path().read_text() == "the previous game"   # a mere load writes nothing
    qtbot.waitUntil(lambda: window.session.verified, timeout=5000)
    assert state_hash(Session.load(autosave_path()).state) == played


@pytest.mark.parametrize("human_moves_first", [False, True])
def test_resume_uses_fast_load(qtbot, window, tmp_path, monkeypatch, human_moves_first):
    path, _, played = _played(qtbot, window, tmp_path)
    autosave_path().write_bytes(path.read_bytes())
    window.set_session(Session.new("duel", "short", {"north": "human", "south": "human"}))
    window.resume_autosave()
    s = window.session
    assert s.verifying and state_hash(s.state) == played
    if human_moves_first:                                      # moved before it finished
        window.curtain.hide()
        s.choose("pass")
        assert state_hash(Session.load(autosave_path()).state) == played
    qtbot.waitUntil(lambda: s.verified, timeout=5000)
    assert Session.load(autosave_path()).choices == s.choices
