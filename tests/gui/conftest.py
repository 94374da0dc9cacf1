"""GUI test fixtures: the Duel fixture game, clean settings, bots at instant pace."""

import pytest
from PySide6.QtCore import QSettings

from gui import settings
from gui.app import configure
from gui.paths import autosave_path
from rules.engine import registry
from tests.engine.fixture_game import GAME


@pytest.fixture(autouse=True)
def clean_app(qapp):
    """Each test starts with empty settings, no autosave, instant bots, Duel registered."""
    configure(qapp)
    QSettings().clear()
    settings.set_bot_pace(0)
    autosave_path().unlink(missing_ok=True)
    registry.register(GAME)
    yield
    autosave_path().unlink(missing_ok=True)


@pytest.fixture
def window(qtbot):
    from gui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win
