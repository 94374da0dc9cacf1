"""Where the main window's docks stand: down the right of the map (the default), or in a row
under it for a wide map (Mare Nostrum's board is nearly three times as wide as high: with
the docks below, it fills the view's height as well as its width).

A game's side panel says which (``DOCK_AREA = "bottom"`` on its class, :mod:`gui.scenes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from .main_window import MainWindow

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
H, V = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
#: the row of docks under a wide map: widths of Decision, Status (and its tabs), Log (px)
ROW_WIDTHS = (380, 760, 460)
ROW_HEIGHT = 380


def arrange(window: MainWindow, where: str) -> None:
    """Put the docks ``"right"`` of the map or in a row ``"below"`` it (no-op if there)."""
    if getattr(window, "_docks_at", "right") == where:
        return
    window._docks_at = where
    w = window
    hand = w.hand_dock.toggleViewAction().isVisible()
    panel = w.panel_dock.toggleViewAction().isVisible()
    docks = (w.prompt_dock, w.status_dock, w.log_dock, w.panel_dock, w.hand_dock, w.info_dock)
    for dock in docks:          # taken out first: no tab bar is left behind
        w.removeDockWidget(dock)
    if where == "below":
        w.addDockWidget(BOTTOM, w.prompt_dock, H)
        w.splitDockWidget(w.prompt_dock, w.status_dock, H)
        w.splitDockWidget(w.status_dock, w.log_dock, H)
        first = w.panel_dock
        w.addDockWidget(BOTTOM, first, H)
        w.tabifyDockWidget(w.status_dock, first)
        w.tabifyDockWidget(first, w.hand_dock)
        w.tabifyDockWidget(w.log_dock, w.info_dock)
    else:
        w.addDockWidget(RIGHT, w.prompt_dock, V)
        w.splitDockWidget(w.prompt_dock, w.status_dock, V)
        w.splitDockWidget(w.status_dock, w.log_dock, V)
        w.addDockWidget(RIGHT, w.panel_dock, V)
        w.tabifyDockWidget(w.status_dock, w.hand_dock)
        w.tabifyDockWidget(w.status_dock, w.panel_dock)
        w.tabifyDockWidget(w.log_dock, w.info_dock)
    for dock in docks:
        dock.setVisible(dock is not w.hand_dock or hand)
    w.panel_dock.setVisible(panel)
    (w.panel_dock if where == "below" and panel else w.status_dock).raise_()
    w.log_dock.raise_()
    if where == "below":
        w.resizeDocks([w.prompt_dock, w.status_dock, w.log_dock], list(ROW_WIDTHS), H)
        w.resizeDocks([w.prompt_dock], [ROW_HEIGHT], V)
    else:
        w.resizeDocks([w.prompt_dock], [370], H)
        w.resizeDocks([w.prompt_dock, w.status_dock, w.log_dock], [46, 24, 30], V)
