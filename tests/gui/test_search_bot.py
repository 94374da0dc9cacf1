"""A search seat thinks in a worker thread: the event loop keeps running meanwhile, the
window says it is thinking, and the New Game dialog offers the seat with its Think time."""

from __future__ import annotations

import gc
import threading
import time

from PySide6.QtCore import QTimer

from gui.driver import SessionDriver
from rules.engine import search
from rules.engine.search import Budget
from rules.engine.session import Session


def test_event_loop_runs_while_the_search_bot_decides(qtbot, monkeypatch):
    # a time cap, not a step count, so the bot thinks long enough on a fast machine too
    monkeypatch.setitem(search.THINK, "strong", Budget(steps=10_000_000, seconds=0.6))
    session = Session.new("duel", "long", {"north": "search:strong", "south": "human"}, {}, 4)
    driver = SessionDriver(session)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(10)
    states: list[bool] = []
    driver.thinking.connect(states.append)
    start = time.perf_counter()
    with qtbot.waitSignal(driver.changed, timeout=60_000):
        driver.schedule_bots()
    took = time.perf_counter() - start
    timer.stop()
    assert states == [True, False]
    assert len(session.choices) == 1 and session.seat_to_move() == "south"
    # the loop kept turning while the bot thought: ticks all along, no long gap
    assert took > 0.15 and len(ticks) >= 5
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    assert max(gaps) < max(0.5, took / 3)


def test_a_decision_that_arrives_after_undo_or_stop_is_dropped(qtbot, monkeypatch):
    monkeypatch.setitem(search.THINK, "strong", Budget(steps=10_000_000, seconds=1.0))
    session = Session.new("duel", "long", {"north": "search:strong", "south": "human"}, {}, 4)
    driver = SessionDriver(session)
    driver.schedule_bots()
    qtbot.waitUntil(lambda: driver.is_thinking)
    driver.stop()
    assert not driver.is_thinking
    qtbot.wait(1600)                  # the worker finishes (time cap) and its answer is dropped
    assert session.choices == []


def test_window_shows_thinking_and_new_game_offers_search(qtbot, window, monkeypatch):
    monkeypatch.setitem(search.THINK, "fast", Budget(steps=1500))
    window.action_new.trigger()
    dialog = window.new_game_dialog
    dialog.select("duel", "long")
    dialog.set_seat("north", "search:fast")
    dialog.set_seat("south", "human")
    assert dialog.spec().controllers == {"north": "search:fast", "south": "human"}
    shown: list[str] = []             # every status message: a quick thought shows briefly
    window.statusBar().messageChanged.connect(shown.append)
    dialog.accept()
    qtbot.waitUntil(lambda: window.session is not None)
    qtbot.waitUntil(lambda: window.session.seat_to_move() == "south", timeout=60_000)
    thinking = [m for m in shown if "thinking" in m]
    assert thinking and all("North" in m for m in thinking)
    assert "thinking" not in window.statusBar().currentMessage()
    assert window.session.controllers["north"] == "search:fast"


def test_a_driver_deleted_mid_thought_leaves_its_thread_nothing_to_call(qtbot, monkeypatch):
    session = Session.new("duel", "long", {"north": "search:strong", "south": "human"}, {}, 4)
    go_on = threading.Event()
    decide = session.bot_decision()
    monkeypatch.setattr(session, "bot_decision", lambda: lambda: go_on.wait(30) and decide())
    driver = SessionDriver(session)
    driver.schedule_bots()
    qtbot.waitUntil(lambda d=driver: d.is_thinking)
    driver.deleteLater()
    del driver
    gc.collect()
    qtbot.wait(50)                     # the window's driver is gone; its bot still thinks
    [worker] = [t for t in threading.enumerate() if t.name == "search-bot"]
    go_on.set()
    worker.join(timeout=30)
    assert not worker.is_alive()
    qtbot.wait(100)                    # nothing is delivered, nothing crashes
    assert session.choices == []
