"""Solo and the hand-over curtain survive a save and its reopening, and a resume (issue 6)."""

from gui.main_window import MainWindow
from rules.engine.session import Session

from .test_solo_banner import start_solo


def _reopened(qtbot, path: str, resume: bool = False) -> MainWindow:
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    if resume:
        assert again.resume_autosave()
    else:
        assert again.open_path(path)
    again.finish_verification()
    return again


def test_solo_is_kept_through_save_and_open(qtbot, window, tmp_path):
    start_solo(qtbot, window)
    assert window.solo and window.session.curtain is False
    path = str(tmp_path / "solo.json")
    assert window.save_to(path)
    again = _reopened(qtbot, path)
    assert again.solo and again.session.curtain is False
    assert not again._curtain_up()
    assert again.prompt_dock.seat_colours            # the Solo banner is back


def test_solo_is_kept_through_resume(qtbot, window):
    start_solo(qtbot, window)
    again = _reopened(qtbot, "", resume=True)
    assert again.solo and again.session.curtain is False and not again._curtain_up()


def test_curtain_turned_off_stays_off_in_the_saved_game(qtbot, window, tmp_path):
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "human", "seleucids": "human"}, {}, seed=3)
    assert session.curtain                           # hot-seat: the curtain is on
    window.set_session(session)
    window.set_curtain(False)                        # View > curtain off during the game
    path = str(tmp_path / "hotseat.json")
    assert window.save_to(path)
    again = _reopened(qtbot, path)
    assert again.session.curtain is False and not again.solo
