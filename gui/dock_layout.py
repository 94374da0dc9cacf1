"""Where the main window's docks stand: down the right of the map (the default), or in a row
under it for a wide map (Mare Nostrum's board is nearly three times as wide as high: with
the docks below, it fills the view's height as well as its width).

A game's side panel says which (``DOCK_AREA = "bottom"`` on its class, :mod:`gui.scenes`).
Each game keeps its own layout (:func:`save_for`, :func:`restore_for`): the docks as the
player left them in one game never carry over into another.

Sizes follow the window: the Decision panel gets about a third of a row's width (never less
than ``MIN_DECISION``), and the row under a wide map leaves the map at least half of the
window's height.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt

if TYPE_CHECKING:
    from .window_api import MainWindowApi

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
H, V = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
#: the narrowest Decision panel that shows its choices in full words (px)
MIN_DECISION = 330
#: below this window width, the row under a wide map has two columns (Decision, and the
#: Board tabbed with Status, Log and Info), not three
THREE_COLUMNS_FROM = 1500
#: settings key of a game's saved layout (``window/layout/<game id>``)
KEY = "window/layout/"
#: a layout is saved with its version: a change of the default layout retires the old ones
VERSION = 2


def where_for(panel_class: type | None) -> str:
    """``"below"`` for a game whose panel asks for the docks under the map, else ``"right"``."""
    return "below" if getattr(panel_class, "DOCK_AREA", "") == "bottom" else "right"


def arrange(window: MainWindowApi, where: str) -> None:
    """Put the docks ``"right"`` of the map or in a row ``"below"`` it, at the default
    sizes for the window's size. Always done anew: the docks may have been moved (by the
    player, or by a restored layout) since the last time."""
    window._docks_at = where
    w = window
    hand = w.hand_dock.toggleViewAction().isVisible()
    panel = w.panel_dock.toggleViewAction().isVisible()
    docks = (w.prompt_dock, w.status_dock, w.log_dock, w.panel_dock, w.hand_dock, w.info_dock)
    for dock in docks:          # taken out first: no tab bar is left behind
        w.removeDockWidget(dock)
        dock.setFloating(False)
    width, height = max(w.width(), 800), max(w.height(), 500)
    w.status_dock.cap_height(120 if where == "below" else max(150, height * 30 // 100))
    if where == "below":
        three = width >= THREE_COLUMNS_FROM
        w.addDockWidget(BOTTOM, w.prompt_dock, H)
        w.splitDockWidget(w.prompt_dock, w.status_dock, H)
        if three:
            w.splitDockWidget(w.status_dock, w.log_dock, H)
        else:
            w.tabifyDockWidget(w.status_dock, w.log_dock)
        w.tabifyDockWidget(w.status_dock, w.panel_dock)
        w.tabifyDockWidget(w.panel_dock, w.hand_dock)
        w.tabifyDockWidget(w.log_dock, w.info_dock)
    else:
        w.addDockWidget(RIGHT, w.prompt_dock, V)
        w.splitDockWidget(w.prompt_dock, w.status_dock, V)
        w.splitDockWidget(w.status_dock, w.log_dock, V)
        w.tabifyDockWidget(w.status_dock, w.hand_dock)
        w.tabifyDockWidget(w.status_dock, w.panel_dock)
        w.tabifyDockWidget(w.log_dock, w.info_dock)
    for dock in docks:
        dock.setVisible(dock is not w.hand_dock or hand)
    w.panel_dock.setVisible(panel)
    if where == "below":
        (w.panel_dock if panel else w.status_dock).raise_()
        if three:
            w.log_dock.raise_()
        decision = max(MIN_DECISION, width * 30 // 100)
        rest = width - decision
        if three:
            w.resizeDocks([w.prompt_dock, w.status_dock, w.log_dock],
                          [decision, rest * 62 // 100, rest * 38 // 100], H)
        else:
            w.resizeDocks([w.prompt_dock, w.status_dock], [decision, rest], H)
        w.resizeDocks([w.prompt_dock], [row_height(height)], V)
    else:
        w.status_dock.raise_()
        w.log_dock.raise_()
        w.resizeDocks([w.prompt_dock], [max(MIN_DECISION + 40, min(430, width * 27 // 100))], H)
        w.resizeDocks([w.prompt_dock, w.status_dock, w.log_dock], [54, 28, 18], V)


def row_height(window_height: int) -> int:
    """The height of the row of docks under a wide map: what leaves the map just over half
    of the window (menus, tool and status bars take about 80 px), 240 px at least."""
    return max(240, min(400, window_height // 2 - 100))


def save_for(window: MainWindowApi, game_id: str | None) -> None:
    """Keep the docks as they stand now as ``game_id``'s layout."""
    if not game_id:
        return
    store = QSettings()
    store.setValue(KEY + game_id, window.saveState(VERSION))


def restore_for(window: MainWindowApi, game_id: str | None) -> bool:
    """``game_id``'s saved layout, if it has one, put back; True if so."""
    if not game_id:
        return False
    state = QSettings().value(KEY + game_id)
    return isinstance(state, QByteArray) and window.restoreState(state, VERSION)
