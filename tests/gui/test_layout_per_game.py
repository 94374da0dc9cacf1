"""Each game keeps its own dock layout: Mare Nostrum's row of docks under the map does not
carry over into the next game (issue 1), and the Decision panel is never squeezed."""

from PySide6.QtCore import Qt

from gui.main_window import MainWindow
from rules.engine.session import Session

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea


def _new(game_id: str, scenario: str) -> Session:
    from rules.engine import registry
    from rules.engine.options import default_options

    game = registry.get(game_id)
    info = game.scenario(scenario)
    options = default_options(game, info)
    seats = game.seats_for(info, options)
    session = Session.new(game_id, scenario, {s: "human" for s in seats}, options, seed=1)
    session.curtain = False
    return session


def _window(qtbot, size=(1280, 800)) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    return win


def _settle(qtbot) -> None:
    qtbot.wait(50)


def test_mare_nostrum_layout_does_not_follow_into_hubris_after_a_relaunch(qtbot):
    first = _window(qtbot)
    first.set_session(_new("mare-nostrum", "short"))
    _settle(qtbot)
    assert first.dockWidgetArea(first.prompt_dock) == BOTTOM
    first.session.autosave_path = None
    first.close()                                    # quit: the layout is saved

    second = _window(qtbot)                          # relaunch
    second.set_session(_new("hubris", "new-hopes"))
    _settle(qtbot)
    assert second.dockWidgetArea(second.prompt_dock) == RIGHT
    assert second.dockWidgetArea(second.log_dock) == RIGHT
    assert second.prompt_dock.width() >= 330
    view = second.map_view
    assert view.width() >= second.width() // 2
    assert view.height() >= second.height() * 3 // 4
    second.session.autosave_path = None


def test_a_game_gets_back_its_own_layout(qtbot):
    win = _window(qtbot)
    win.set_session(_new("hubris", "new-hopes"))
    _settle(qtbot)
    win.resizeDocks([win.prompt_dock], [500], Qt.Orientation.Horizontal)   # the player's
    _settle(qtbot)
    wide = win.prompt_dock.width()
    win.set_session(_new("mare-nostrum", "short"))
    _settle(qtbot)
    assert win.dockWidgetArea(win.prompt_dock) == BOTTOM
    win.set_session(_new("hubris", "new-hopes"))
    _settle(qtbot)
    assert win.dockWidgetArea(win.prompt_dock) == RIGHT
    assert abs(win.prompt_dock.width() - wide) <= 4
    win.session.autosave_path = None


def test_mare_nostrum_at_1280x800_gives_the_decision_and_the_map_room(qtbot):
    """Issue 2: the Decision panel was ~120 px wide and the map 730x300."""
    win = _window(qtbot)
    win.set_session(_new("mare-nostrum", "short"))
    _settle(qtbot)
    assert win.prompt_dock.width() >= 320
    assert win.map_view.width() >= 1200
    assert win.map_view.height() >= 400
    assert not win.prompt_dock.scroll.horizontalScrollBar().isVisible()
    win.session.autosave_path = None
