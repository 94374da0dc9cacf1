"""Drives a Session for the GUI: human choices, bots at a visible pace, undo/redo, autosave.

The driver never decides a rule; it forwards choices to the Session and reports back with
signals. Errors the player can act on (an autosave that failed, an illegal choice) arrive
as ``error`` with one line of text.

A ``search`` seat thinks for a second or more: its choice is worked out in a Python thread
(:meth:`Session.bot_decision` only reads the state) and handed back through the ``_decided``
signal, which Qt delivers in the GUI thread, so the window stays responsive; ``thinking``
tells the window to show it. A result that arrives after the game moved on (undo, a new game)
is dropped.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QTimer, Signal

from rules.engine.game import IllegalChoice
from rules.engine.saves import SaveError
from rules.engine.session import Session


class SessionDriver(QObject):
    """Owns the bot timer; emits ``changed`` after every state change."""

    changed = Signal()
    error = Signal(str)
    #: a bot started (True) or stopped (False) thinking in the background
    thinking = Signal(bool)
    #: (choice id or "", error text or "", ticket): a background decision is ready
    _decided = Signal(str, str, int)

    def __init__(self, session: Session, pace_ms: int = 0, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.pace_ms = pace_ms
        self.paused = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_step)
        self._ticket = 0                 # the background decision we are waiting for (0: none)
        self._tickets = 0                # tickets handed out
        self._expect: object = None      # the state that decision is for
        self._decided.connect(self._bot_decided)

    # --- human decisions -----------------------------------------------------------------
    @property
    def is_thinking(self) -> bool:
        return self._ticket != 0

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
        self.stop()
        self._guard(self.session.undo)

    def redo(self) -> None:
        self.stop()
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
        if self.session.is_bot_turn() and not self._timer.isActive() and not self._ticket:
            self._timer.start(self.pace_ms)

    def set_pace(self, ms: int) -> None:
        self.pace_ms = max(0, int(ms))

    def stop(self) -> None:
        """Stop the bots; a decision still being worked out is dropped when it arrives."""
        self._timer.stop()
        if self._ticket:
            self._ticket = 0
            self.thinking.emit(False)

    def _bot_step(self) -> None:
        if self.paused or not self.session.is_bot_turn() or self._ticket:
            return
        seat = self.session.seat_to_move()
        if self.session.controllers.get(seat, "").startswith("search"):
            self._think()
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

    # --- a bot that thinks in the background ---------------------------------------------
    def _think(self) -> None:
        self._tickets += 1
        self._ticket = ticket = self._tickets
        self._expect = self.session.state
        try:
            decide = self.session.bot_decision()
        except IllegalChoice as exc:
            self._ticket = 0
            self.error.emit(f"Bot error: {exc}")
            return
        self.thinking.emit(True)

        def work() -> None:
            try:
                choice, problem = decide(), ""
            except Exception as exc:  # noqa: BLE001 (reported in the GUI thread)
                choice, problem = "", f"{type(exc).__name__}: {exc}"
            try:
                self._decided.emit(choice, problem, ticket)
            except RuntimeError:          # the driver is gone (the window closed)
                pass

        threading.Thread(target=work, name="search-bot", daemon=True).start()

    def _bot_decided(self, choice: str, problem: str, ticket: int) -> None:
        if ticket != self._ticket:
            return                        # stopped, undone or a new game meanwhile
        self._ticket = 0
        self.thinking.emit(False)
        if self.session.state is not self._expect or self.paused:
            return
        if problem:
            self.error.emit(f"Bot error: {problem}")
            return
        try:
            self.session.choose(choice)
        except SaveError as exc:
            self.error.emit(f"Autosave failed: {exc}")
        except IllegalChoice as exc:  # a bot bug: stop rather than loop
            self.error.emit(f"Bot error: {exc}")
            return
        self.changed.emit()
        self.schedule_bots()
