"""Drives a Session for the GUI: human choices, bots at a visible pace, undo/redo, autosave.

The driver never decides a rule; it forwards choices to the Session and reports back with
signals. Errors the player can act on (an autosave that failed, an illegal choice) arrive
as ``error`` with one line of text.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from rules.engine.game import IllegalChoice
from rules.engine.saves import SaveError
from rules.engine.session import Session


class SessionDriver(QObject):
    """Owns the bot timer; emits ``changed`` after every state change."""

    changed = Signal()
    error = Signal(str)

    def __init__(self, session: Session, pace_ms: int = 0, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.pace_ms = pace_ms
        self.paused = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_step)

    # --- human decisions -----------------------------------------------------------------
    def choose(self, choice_id: str) -> bool:
        """Apply a human choice; False (and ``error``) if it was refused."""
        if self.session.is_bot_turn():
            self.error.emit("Wait for the bot to move.")
            return False
        try:
            self.session.choose(choice_id)
        except IllegalChoice as exc:
            self.error.emit(str(exc))
            return False
        except SaveError as exc:   # applied, but the autosave failed
            self.error.emit(f"Autosave failed: {exc}")
        self.changed.emit()
        self.schedule_bots()
        return True

    def undo(self) -> None:
        self._timer.stop()
        self._guard(self.session.undo)

    def redo(self) -> None:
        self._timer.stop()
        self._guard(self.session.redo)
        self.schedule_bots()

    def _guard(self, action) -> None:
        try:
            action()
        except IllegalChoice as exc:
            self.error.emit(str(exc))
            return
        except SaveError as exc:
            self.error.emit(f"Autosave failed: {exc}")
        self.changed.emit()

    # --- bots ----------------------------------------------------------------------------
    def schedule_bots(self) -> None:
        """Start the bot timer if a bot is to move (and we are not paused)."""
        if self.paused or self.session.result() is not None:
            return
        if self.session.is_bot_turn() and not self._timer.isActive():
            self._timer.start(self.pace_ms)

    def set_pace(self, ms: int) -> None:
        self.pace_ms = max(0, int(ms))

    def stop(self) -> None:
        self._timer.stop()

    def _bot_step(self) -> None:
        if self.paused or not self.session.is_bot_turn():
            return
        try:
            self.session.bot_step()
        except SaveError as exc:
            self.error.emit(f"Autosave failed: {exc}")
        except IllegalChoice as exc:  # a bot bug: stop rather than loop
            self.error.emit(f"Bot error: {exc}")
            return
        self.changed.emit()
        self.schedule_bots()
