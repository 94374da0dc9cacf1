"""The Board dock: a game's own side panel (``gui.scenes.PANELS``), tabbed with Status.

The panel is made when the dock is first painted or asked for: it starts behind the Status
tab, and the first paint of the window need not lay out its rich-text tables. Until then
the dock keeps the latest view and gives it to the panel when made.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from .lazy_dock import LazyDock


class PanelDock(LazyDock):
    """``install(cls)`` for each new game (None: the game has none, the dock is hidden);
    ``show_state(view)`` after every change."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Board", parent)
        self.setObjectName("PanelDock")
        self._panel_class: type[QWidget] | None = None
        self._view: dict[str, Any] | None = None

    def install(self, panel_class: type[QWidget] | None) -> None:
        """A new game: its panel class (made lazily) or None; shown or hidden to match."""
        self.reset()
        self._panel_class, self._view = panel_class, None
        self.toggleViewAction().setVisible(panel_class is not None)
        self.setVisible(panel_class is not None)

    def _make_body(self) -> QWidget:
        if self._panel_class is None:
            return QWidget()
        panel = self._panel_class()
        if self._view is not None:
            panel.update_state(self._view)
        return panel

    @property
    def panel(self) -> QWidget | None:
        """The game's panel (made now if not yet), or None if the game has none."""
        return self.body if self._panel_class is not None else None

    def show_state(self, view: dict[str, Any]) -> None:
        self._view = view
        if self._body is not None and self._panel_class is not None:
            self._body.update_state(view)
