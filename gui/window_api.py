"""What the main window's helpers (menus, dock layout, review launch) use of it.

:mod:`gui.main_window` builds its menus with :mod:`gui.actions`, lays out its docks with
:mod:`gui.dock_layout` and opens reviews through :mod:`gui.review.launch`; those modules take
the window as a :class:`MainWindowApi` (a structural type) rather than importing
``MainWindow``, so none of them imports the module that imports them (no import loop).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QByteArray
    from PySide6.QtWidgets import QDockWidget, QMenuBar, QToolBar

    from rules.engine.session import Session

    from .map_view import MapView

#: the file filter of the Open, Save and Review dialogs
SAVE_FILTER = "Hegemon saves (*.json);;All files (*)"


class MainWindowApi(Protocol):
    """The main window as its menus, dock layout and review launch see it."""

    session: Session | None
    viewer: str | None
    map_view: MapView
    prompt_dock: QDockWidget
    status_dock: Any
    log_dock: QDockWidget
    panel_dock: QDockWidget
    hand_dock: QDockWidget
    info_dock: QDockWidget
    _docks_at: str

    # QMainWindow's own
    def width(self) -> int: ...
    def height(self) -> int: ...
    def menuBar(self) -> QMenuBar: ...                            # noqa: N802 (Qt name)
    def addToolBar(self, title: str) -> QToolBar: ...             # noqa: N802
    def addActions(self, actions: list) -> None: ...              # noqa: N802
    def addDockWidget(self, *args: Any) -> None: ...              # noqa: N802
    def removeDockWidget(self, dock: QDockWidget) -> None: ...    # noqa: N802
    def splitDockWidget(self, *args: Any) -> None: ...            # noqa: N802
    def tabifyDockWidget(self, a: QDockWidget, b: QDockWidget) -> None: ...  # noqa: N802
    def resizeDocks(self, *args: Any) -> None: ...                # noqa: N802
    def saveState(self, version: int = 0) -> QByteArray: ...      # noqa: N802
    def restoreState(self, state: QByteArray, version: int = 0) -> bool: ...  # noqa: N802
    def close(self) -> bool: ...
    def statusBar(self) -> Any: ...                              # noqa: N802

    # the game window's own
    def show_error(self, text: str) -> None: ...
    def _save_dir(self) -> str: ...
    def _curtain_up(self) -> bool: ...
    def __getattr__(self, name: str) -> Any: ...   # the slots and actions of gui.actions
