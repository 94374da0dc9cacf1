"""A bad save or a failed save shows one clear line and the game goes on.

Three ways an edited choice list is caught: a format-2 file edited by hand breaks its check
sum (refused at once); one whose check sum was recomputed opens on its snapshot and fails
the verification replay (shown read-only, nothing written); a format-1 file is refused by
the replay before it opens.
"""

import json

from gui.main_window import MainWindow
from gui.paths import autosave_path
from rules.engine.saves import check_sum
from rules.engine.state import state_hash

from .helpers import click_choice, start_from_dialog


def error_text(window: MainWindow) -> str:
    box = window.error_box
    assert box is not None and box.isVisible()
    return box.text()


def test_damaged_save_is_refused_with_one_line(qtbot, window, tmp_path):
    start_from_dialog(qtbot, window, seed=1, curtain=False)
    session = window.session
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "hegemon-save", "version": 1, "game": "du')
    assert window.open_path(str(bad)) is False
    text = error_text(window)
    assert "broken.json" in text and "\n" not in text and "Traceback" not in text
    assert window.session is session               # the game in progress is untouched


def _saved(qtbot, window, tmp_path):
    start_from_dialog(qtbot, window, seed=1, curtain=False)
    path = tmp_path / "game.json"
    assert window.save_to(str(path))
    return path


def test_edited_choice_list_breaks_the_check_sum(qtbot, window, tmp_path):
    path = _saved(qtbot, window, tmp_path)
    session = window.session
    path.write_text(path.read_text().replace('"choices":[]', '"choices":["cheat"]'))
    assert window.open_path(str(path)) is False
    text = error_text(window)
    assert "check sum differs" in text and "game.json" in text and "\n" not in text
    assert window.session is session


def test_version_1_illegal_choice_is_refused_by_replay(qtbot, window, tmp_path):
    path = _saved(qtbot, window, tmp_path)
    session = window.session
    data = json.loads(path.read_text())
    for key in ("state", "check"):
        del data[key]
    data.update(version=1, choices=["cheat"])
    path.write_text(json.dumps(data))
    assert window.open_path(str(path)) is False
    assert "choice 1 ('cheat') is not legal" in error_text(window)
    assert window.session is session


def test_consistently_edited_save_fails_verification_read_only(qtbot, window, tmp_path):
    """The check sum was recomputed: the position shows, the replay refuses choice 1, the
    game stays on screen read-only, and neither the file nor the autosave is written."""
    path = _saved(qtbot, window, tmp_path)
    autosave = autosave_path().read_bytes()            # the game started above
    data = json.loads(path.read_text())
    data["choices"] = ["cheat"]
    data["check"] = check_sum(data)
    path.write_text(json.dumps(data))
    edited = path.read_bytes()
    assert window.open_path(str(path)) is True          # snapshot and check sum are sound
    assert window.session.verifying and state_hash(window.session.state) == data["hash"]
    qtbot.waitUntil(lambda: window.error_box is not None and window.error_box.isVisible())
    text = error_text(window)
    assert "read-only" in text and "choice 1 ('cheat') is not legal" in text
    assert "\n" not in text
    s = window.session
    assert s.verify_error and not s.verified
    assert window.prompt_dock.prompt is None and not window.prompt_dock.buttons
    assert "Read-only" in window.prompt_dock.who.text()
    assert not window.action_save.isEnabled() and not window.action_undo.isEnabled()
    assert window.save_to(str(path)) is False
    window.choose("pass")
    assert s.choices == ["cheat"]
    assert path.read_bytes() == edited and autosave_path().read_bytes() == autosave


def test_failed_save_shows_why(qtbot, window, tmp_path):
    start_from_dialog(qtbot, window, seed=1, curtain=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert window.save_to(str(blocker / "game.json")) is False
    text = error_text(window)
    assert text.startswith("The game was not saved") and "\n" not in text


def test_failed_autosave_is_reported_and_play_goes_on(qtbot, window, tmp_path):
    start_from_dialog(qtbot, window, seed=1, curtain=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    window.session.autosave_path = blocker / "autosave.json"
    click_choice(qtbot, window, "pass")
    assert window.session.choices == ["pass"]
    assert error_text(window).startswith("Autosave failed")
    assert window.prompt_dock.prompt.seat == "south"
