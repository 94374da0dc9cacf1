"""Analyse in the background: :func:`rules.engine.review.analyse` in a Python thread that
touches no Qt object (as gui/driver.py runs a search bot). Its verdicts go into a queue a
timer of the GUI thread empties, so the window stays responsive; Cancel sets an event the
search looks at between iterations."""

from __future__ import annotations

import gc
import queue
import threading
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from rules.engine.review import Cancelled, Verdict, analyse
from rules.engine.search import Budget

_DONE = object()


class Analysis(QObject):
    """One run over ``indices`` of the save ``data``: ``verdict`` for each decision judged,
    then ``finished(cancelled)``; ``failed(text)`` if the rules or the search broke."""

    verdict = Signal(object)
    finished = Signal(bool)
    failed = Signal(str)
    POLL_MS = 40

    def __init__(self, data: dict[str, Any], indices: list[int], budget: Budget,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.indices = list(indices)
        self.done = 0
        self.running = False
        self._cancel = threading.Event()
        self._out: queue.Queue = queue.Queue()
        # the worker gets its own copy of the record: it shares nothing with the window
        self._data = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict)
                          else v) for k, v in data.items() if k != "state"}
        self._budget = budget
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._collect)

    def start(self) -> None:
        gc.collect()      # in the GUI thread: see gui/driver.py (_think)
        self.running = True
        out, cancel, data, indices, budget = (self._out, self._cancel, self._data,
                                              self.indices, self._budget)

        def work() -> None:
            try:
                for v in analyse(data, indices, budget, cancel):
                    out.put(v)
            except Cancelled:
                pass
            except Exception as exc:  # noqa: BLE001 (reported in the GUI thread)
                out.put(f"{type(exc).__name__}: {exc}")
            out.put(_DONE)

        threading.Thread(target=work, name="review-analysis", daemon=True).start()
        self._poll.start()

    def cancel(self) -> None:
        """Stop soon (the search checks between iterations); ``finished(True)`` follows."""
        self._cancel.set()

    def _collect(self) -> None:
        while True:
            try:
                item = self._out.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, Verdict):
                self.done += 1
                self.verdict.emit(item)
            elif isinstance(item, str):
                self.failed.emit(item)
            else:
                self._poll.stop()
                self.running = False
                self.finished.emit(self._cancel.is_set())
                return
