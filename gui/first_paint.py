"""A call once a window's first paint is complete (start-up work deferred until then)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer


class _FirstPaint(QObject):
    """Calls ``then`` once ``window``'s first paint is complete (a call queued from the
    window's Paint event runs after the synchronous repaint of the whole window)."""

    def __init__(self, window, then: Callable[[], None]) -> None:
        super().__init__(window)
        self.window, self.then = window, then
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
        if obj is self.window and event.type() == QEvent.Type.Paint:
            self.window.removeEventFilter(self)
            QTimer.singleShot(0, self.then)
        return False


def after_first_paint(window, then: Callable[[], None]) -> None:
    """Call ``then`` once ``window``'s first paint is complete."""
    _FirstPaint(window, then)
