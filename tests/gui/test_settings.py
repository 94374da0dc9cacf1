"""Preferences: bot pace menu, recent files, window layout kept across sessions."""

from PySide6.QtCore import QSettings

from gui import settings
from gui.main_window import MainWindow

from .helpers import start_from_dialog


def test_pace_menu_sets_the_bot_delay(qtbot, window):
    start_from_dialog(qtbot, window, seats={"north": "human", "south": "bot"})
    window.pace_actions[settings.PACES["Slow"]].trigger()
    assert settings.bot_pace() == settings.PACES["Slow"]
    assert window.driver.pace_ms == settings.PACES["Slow"]
    window.pace_actions[0].trigger()
    assert settings.bot_pace() == 0 and window.driver.pace_ms == 0


def test_saved_files_are_listed_in_open_recent(qtbot, window, tmp_path):
    start_from_dialog(qtbot, window, curtain=False)
    for name in ("a.json", "b.json"):
        assert window.save_to(str(tmp_path / name))
    window.fill_recent_menu()
    labels = [a.text() for a in window.recent_menu.actions() if a.text()]
    assert labels[:2] == ["b.json", "a.json"]
    window.new_game_dialog = None
    next(a for a in window.recent_menu.actions() if a.text() == "a.json").trigger()
    assert window.save_path == str(tmp_path / "a.json")


def test_window_layout_is_restored(qtbot, window):
    window.resize(700, 500)
    window.info_dock.raise_()
    window.close()
    assert QSettings().value("window/geometry") is not None
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.size().width() == 700
    assert not again.info_dock.visibleRegion().isEmpty()
