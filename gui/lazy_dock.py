"""A dock whose contents are made when it is first painted (tabbed behind another dock at
start, it is not painted, so the first paint of the window does without them)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDockWidget, QWidget


class LazyDock(QDockWidget):
    """Subclasses define ``_make_body()``; ``body`` makes it on first use."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self._body: QWidget | None = None
        self.setWidget(_Stand(self))

    def _make_body(self) -> QWidget:
        raise NotImplementedError

    @property
    def body(self) -> QWidget:
        if self._body is None:
            self._body = self._make_body()
            old = self.widget()
            self.setWidget(self._body)
            old.deleteLater()
        return self._body

    def reset(self) -> None:
        """Drop the body: the next paint or use of ``body`` makes a new one."""
        if self._body is None:
            return
        old, self._body = self.widget(), None
        self.setWidget(_Stand(self))
        old.deleteLater()


class _Stand(QWidget):
    """Stands in for a :class:`LazyDock`'s body; its first paint has the body made."""

    def __init__(self, dock: LazyDock) -> None:
        super().__init__()
        self._dock = dock

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        QTimer.singleShot(0, lambda: self._dock.body)
