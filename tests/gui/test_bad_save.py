"""A bad save or a failed save shows one clear line and the game goes on."""

from gui.main_window import MainWindow

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


def test_tampered_choice_list_is_refused(qtbot, window, tmp_path):
    start_from_dialog(qtbot, window, seed=1, curtain=False)
    path = tmp_path / "game.json"
    assert window.save_to(str(path))
    path.write_text(path.read_text().replace('"choices":[]', '"choices":["cheat"]'))
    assert window.open_path(str(path)) is False
    assert "not legal" in error_text(window)


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
