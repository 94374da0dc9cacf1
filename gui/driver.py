"""Drives a Session for the GUI: human choices, bots at a visible pace, undo/redo, autosave.

The driver never decides a rule; it forwards choices to the Session and reports back with
signals. Errors the player can act on (an autosave that failed, an illegal choice) arrive
as ``error`` with one line of text.

A ``search`` seat thinks for a second or more: its choice is worked out in a Python thread
(:meth:`Session.bot_decision` only reads the state) that touches no Qt object: it puts its
answer into a :class:`~concurrent.futures.Future`, which a timer of the GUI thread collects,
so the window stays responsive and a window closed mid-thought leaves the thread nothing to
call; ``thinking`` tells the window to show it. A result that arrives after the game moved on
(stop, undo, a new game) is dropped.

"Skip to my turn" (:meth:`SessionDriver.skip_to_human`): the bots play on at full pace, one
move per turn of the event loop (the window stays responsive), and the window is told of
their moves only now and then (``SKIP_SHOW_MS``) and when a human seat must decide.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future

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
    #: skipping to a human's turn started (True) or ended (False)
    skipping_changed = Signal(bool)
    #: how often the GUI thread looks whether a background decision is ready
    POLL_MS = 20
    #: while skipping, the window is redrawn at most this often (ms)
    SKIP_SHOW_MS = 500

    def __init__(self, session: Session, pace_ms: int = 0, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.pace_ms = pace_ms
        self.paused = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_step)
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._collect)
        self._pending: Future[str] | None = None   # the background decision we wait for
        self._expect: object = None                # the state that decision is for
        self.skipping = False                      # bots on at full pace, few redraws
        self._shown_at = 0.0                       # when the window was last told, skipping

    # --- human decisions -----------------------------------------------------------------
    @property
    def is_thinking(self) -> bool:
        return self._pending is not None

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
        if self.session.is_bot_turn() and not self._timer.isActive() and not self.is_thinking:
            self._timer.start(0 if self.skipping else self.pace_ms)

    def skip_to_human(self) -> bool:
        """Let the bots play on at full pace, without the window following each move, until
        a human seat must decide or the game ends; False if no bot is to move."""
        s = self.session
        if self.skipping or self.paused or s.result() is not None or not s.is_bot_turn():
            return False
        self.skipping = True
        self._shown_at = time.monotonic()
        self.skipping_changed.emit(True)
        self._timer.stop()
        self.schedule_bots()
        return True

    def _end_skip(self) -> None:
        if self.skipping:
            self.skipping = False
            self.skipping_changed.emit(False)

    def _moved(self) -> None:
        """A bot has moved: tell the window (while skipping: now and then, and once a human
        must decide or the game is over) and schedule the next bot."""
        if self.skipping:
            s = self.session
            if s.result() is not None or not s.is_bot_turn():
                self._end_skip()
            elif time.monotonic() - self._shown_at < self.SKIP_SHOW_MS / 1000:
                self.schedule_bots()
                return
            self._shown_at = time.monotonic()
        self.changed.emit()
        self.schedule_bots()

    def set_pace(self, ms: int) -> None:
        self.pace_ms = max(0, int(ms))

    def stop(self) -> None:
        """Stop the bots; a decision still being worked out is dropped when it arrives."""
        self._timer.stop()
        if self.skipping:
            self._end_skip()
            self.changed.emit()           # the window shows where the skip stopped
        if self._pending is not None:
            self._pending = None          # the thread finishes on its own; nobody collects
            self._poll.stop()
            self.thinking.emit(False)

    def _bot_step(self) -> None:
        if self.paused or not self.session.is_bot_turn() or self.is_thinking:
            if self.skipping and not self.is_thinking:      # nothing (more) to skip
                self._end_skip()
                self.changed.emit()
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
            self._end_skip()
            self.error.emit(f"Bot error: {exc}")
            return
        self._moved()

    # --- a bot that thinks in the background ---------------------------------------------
    def _think(self) -> None:
        try:
            decide = self.session.bot_decision()
        except IllegalChoice as exc:
            self.error.emit(f"Bot error: {exc}")
            return
        self._expect = self.session.state
        # Collect garbage here, in the GUI thread: a collection set off by the worker's
        # allocations would otherwise destroy unreachable Qt objects in the worker thread.
        gc.collect()
        self._pending = _start_thread(decide)
        self._poll.start()
        self.thinking.emit(True)

    def _collect(self) -> None:
        """GUI thread: apply the background decision once it is ready."""
        pending = self._pending
        if pending is None or not pending.done():
            return
        self._pending = None
        self._poll.stop()
        self.thinking.emit(False)
        if self.session.state is not self._expect or self.paused:
            return                        # the game moved on meanwhile
        try:
            choice = pending.result()
        except Exception as exc:  # noqa: BLE001 (a bot bug, reported, not raised)
            self.error.emit(f"Bot error: {type(exc).__name__}: {exc}")
            return
        try:
            self.session.choose(choice)
        except SaveError as exc:
            self.error.emit(f"Autosave failed: {exc}")
        except IllegalChoice as exc:  # a bot bug: stop rather than loop
            self._end_skip()
            self.error.emit(f"Bot error: {exc}")
            return
        self._moved()


def _start_thread(decide: Callable[[], str]) -> Future[str]:
    """Run ``decide`` in a daemon thread (closing the window never waits for it); its answer
    or its exception lands in the returned future."""
    future: Future[str] = Future()

    def work() -> None:
        try:
            future.set_result(decide())
        except BaseException as exc:  # noqa: BLE001 (handed to the GUI thread)
            future.set_exception(exc)

    threading.Thread(target=work, name="search-bot", daemon=True).start()
    return future
