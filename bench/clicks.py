"""Benchmarks of the main window driven by clicks (``hegemon bench --only clicks|hotseat``).

Both drive the app's own ``MainWindow`` offscreen at 1600x1000 with real mouse clicks
(``QTest``): a choice's button in the open dialog or in the prompt dock, else its map
element, else a pick from the prompt dock's list. Choices are drawn by a seeded generator,
so a run is repeatable on one tree.

``clicks``: every seat human, no curtain; for each of the first 150 decisions the time from
the click until the window is idle again (every repaint done, a dialog that opens included).
Idle: :data:`QUIET_S` with no event worth doing (paints, timers, posted calls, layouts).
Beside it, click to last repaint (the issue's measure): the time from the click to the last
paint event before idle (a late timer that paints nothing, e.g. Qt or PySide deleting a
helper object, ends the idle figure but not this one).
Bytecode is written and read as an installed app does (``PYTHONDONTWRITEBYTECODE`` ignored).

``hotseat``: two human seats with the curtain on (any other seat a random bot); the clicks
(choices and curtain passes) and curtains per 100 human decisions.

Runs standalone on any tree of the project (``PYTHONPATH=<tree> python bench/clicks.py
clicks``), so an older checkout can be measured with the same script.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time

#: the scenario each game is measured on (its first two-seat scenario where it has one)
GAMES = (("hubris", "fourth-syrian-war"), ("mare-nostrum", "short"),
         ("sword-of-rome", "two-player"), ("athens-sparta", "peloponnesian-war"),
         ("successors", "two-player"))
SIZE = (1600, 1000)
#: this long with nothing to do and the window counts as idle (not part of the figure)
QUIET_S = 0.12
#: a click whose work goes on longer than this is cut off (and reported as this long)
CAP_S = 5.0


def _app():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # bytecode kept as an installed app keeps it (as the start-up bench does), even where the
    # shell sets PYTHONDONTWRITEBYTECODE: else a module imported by a click (a dialog's, a
    # rule's) is compiled from source inside that click
    sys.dont_write_bytecode = False
    from PySide6.QtCore import QStandardPaths

    from gui.app import make_app

    QStandardPaths.setTestModeEnabled(True)       # settings and autosave away from the user's
    app = make_app([])
    app.styleHints().setCursorFlashTime(0)        # no blinking cursor: it repaints forever
    from gui import settings
    settings.set_bot_pace(0)
    return app


class _Watch:
    """Counts the events that are work (not input, not idle chatter) anywhere in the app."""

    def __init__(self, app) -> None:
        from PySide6.QtCore import QEvent, QObject

        work = {QEvent.Type.Paint, QEvent.Type.UpdateRequest, QEvent.Type.Timer,
                QEvent.Type.MetaCall, QEvent.Type.LayoutRequest, QEvent.Type.Show,
                QEvent.Type.Expose, QEvent.Type.Polish, QEvent.Type.PolishRequest,
                QEvent.Type.Resize, QEvent.Type.DeferredDelete, QEvent.Type.Hide,
                QEvent.Type.UpdateLater, QEvent.Type.Move}
        paint = QEvent.Type.Paint
        watch = self
        self.count = 0
        self.paints = 0
        self.painted_at = 0.0          # perf_counter of the last paint event seen

        class Filter(QObject):
            def eventFilter(self, obj, ev):   # noqa: N802 (Qt name)
                t = ev.type()
                if t in work:
                    watch.count += 1
                    if t == paint:
                        watch.paints += 1
                        watch.painted_at = time.perf_counter()
                return False

        self._filter = Filter()
        app.installEventFilter(self._filter)

    def until_idle(self, app, t0: float, c0: float = 0.0) -> float:
        """Seconds from ``t0`` to the end of the last work done, once idle; the main
        thread's CPU time from ``c0`` to then is left in ``self.cpu``, the seconds from
        ``t0`` to the last paint (0 if none) in ``self.repaint``."""
        self.painted_at = t0
        seen = self.count
        last = time.perf_counter()
        self.cpu = time.thread_time() - c0
        while True:
            app.processEvents()
            now = time.perf_counter()
            if self.count != seen:
                seen, last = self.count, now
                self.cpu = time.thread_time() - c0
            elif now - last >= QUIET_S:
                self.repaint = self.painted_at - t0
                return last - t0
            if now - t0 > CAP_S:
                self.repaint = self.painted_at - t0
                return CAP_S
            time.sleep(0.0005)


def _window(app):
    from gui.main_window import MainWindow

    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    return window


def _start(app, window, watch, game_id: str, scenario: str, kinds: dict[str, str],
           seed: int, curtain: bool):
    from rules.engine.session import Session

    session = Session.new(game_id, scenario, kinds, {}, seed)
    session.curtain = curtain and session.game.hidden_information
    window.set_session(session)
    watch.until_idle(app, time.perf_counter())
    return session


def _click(app, window, rng: random.Random) -> str:
    """Click one of the current prompt's choices, as a player would; how it was clicked."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    left = Qt.MouseButton.LeftButton
    prompt = window.session.prompt()
    choice = rng.choice(prompt.choices)
    dialog = window.dialog
    if dialog is not None and dialog.isVisible() and choice.id in dialog.buttons:
        QTest.mouseClick(dialog.buttons[choice.id], left)
        return "dialog"
    closed = ""
    if dialog is not None and dialog.isVisible():     # its choice is elsewhere: close it
        dialog.reject()                               # (a click on its close button)
        closed = "closed+"
    return closed + _click_dock(window, prompt, choice)


def _click_dock(window, prompt, choice) -> str:
    """Click ``choice`` in the prompt dock or on the map; how it was clicked."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    left = Qt.MouseButton.LeftButton
    dock = window.prompt_dock
    button = dock.buttons.get(choice.id)
    if button is not None and button.isVisible() and button.isEnabled():
        QTest.mouseClick(button, left)
        return "button"
    targets = [c.target for c in prompt.choices if c.target]
    if choice.target and targets.count(choice.target) == 1:
        rect = window.scene.element_rect(choice.target)
        if rect is not None:
            view = window.map_view
            point = view.mapFromScene(rect.center())
            if view.viewport().rect().contains(point):
                QTest.mouseClick(view.viewport(), left, pos=point)
                return "map"
    lst = getattr(dock, "list", None)
    if lst is not None and lst.isVisible():
        for i in range(lst.count()):
            item = lst.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == choice.id:
                lst.setCurrentItem(item)
                QTest.mouseClick(dock.choose_button, left)
                return "list"
    window.choose(choice.id)                          # no widget shows it (should not happen)
    return "direct"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def bench_clicks(decisions: int = 150, seed: int = 1, games=GAMES) -> dict:
    """Click-to-idle per decision, all seats human (see the module's docstring)."""
    app = _app()
    watch = _Watch(app)
    out = {}
    for game_id, scenario in games:
        from rules.engine import registry

        seats = registry.get(game_id).scenario(scenario).seats
        window = _window(app)
        watch.until_idle(app, time.perf_counter())
        times, cpus, paints, how = [], [], [], {}
        repaints: list[float] = []
        games_played = 0
        while len(times) < decisions and games_played < 20:   # ended early: the next seed
            session = _start(app, window, watch, game_id, scenario,
                             dict.fromkeys(seats, "human"), seed + games_played, curtain=False)
            rng = random.Random(seed + games_played)
            games_played += 1
            _clicks(app, window, watch, session, rng, decisions, times, cpus, paints, how,
                    repaints)
        window.close()
        window.deleteLater()
        watch.until_idle(app, time.perf_counter())
        out[game_id] = {"decisions": len(times), "games": games_played,
                        "median_ms": round(statistics.median(times), 1),
                        "p99_ms": round(_percentile(times, 0.99), 1),
                        "max_ms": round(max(times), 1),
                        "repaint_median_ms": round(statistics.median(repaints), 1),
                        "repaint_p99_ms": round(_percentile(repaints, 0.99), 1),
                        "repaint_max_ms": round(max(repaints), 1),
                        "cpu_median_ms": round(statistics.median(cpus), 1),
                        "cpu_p99_ms": round(_percentile(cpus, 0.99), 1),
                        "cpu_max_ms": round(max(cpus), 1),
                        "paints_median": statistics.median(paints),
                        "paints_max": max(paints), "clicked": how}
    return out


def _clicks(app, window, watch, session, rng, decisions, times, cpus, paints, how,
            repaints) -> None:
    """Click choices of ``session`` until ``decisions`` are timed or the game ends."""
    while len(times) < decisions and session.result() is None and session.prompt():
        p0 = watch.paints
        prompt = session.prompt()
        c0, t0 = time.thread_time(), time.perf_counter()
        kind = _click(app, window, rng)
        times.append(watch.until_idle(app, t0, c0) * 1000)
        cpus.append(watch.cpu * 1000)
        repaints.append(watch.repaint * 1000)
        paints.append(watch.paints - p0)
        how[kind] = how.get(kind, 0) + 1
        slow = how.setdefault("slowest", [])
        slow.append((round(cpus[-1], 1), prompt.kind, kind))
        slow.sort(reverse=True)
        del slow[3:]


def bench_hotseat(decisions: int = 200, seed: int = 1, games=GAMES) -> dict:
    """Clicks and curtains per 100 human decisions, two humans, curtain on."""
    app = _app()
    watch = _Watch(app)
    out = {}
    for game_id, scenario in games:
        from rules.engine import registry

        seats = list(registry.get(game_id).scenario(scenario).seats)
        kinds = {s: ("human" if i < 2 else "random") for i, s in enumerate(seats)}
        window = _window(app)
        watch.until_idle(app, time.perf_counter())
        humans = {s for s, k in kinds.items() if k == "human"}
        tally = {"human": 0, "all": 0, "clicks": 0, "curtains": 0, "games": 0}
        while tally["human"] < decisions and tally["games"] < 20:   # ended early: next seed
            session = _start(app, window, watch, game_id, scenario, kinds,
                             seed + tally["games"], curtain=True)
            rng = random.Random(seed + tally["games"])
            tally["games"] += 1
            _hotseat_game(app, window, watch, session, rng, humans, decisions, tally)
        window.close()
        window.deleteLater()
        watch.until_idle(app, time.perf_counter())
        per = 100 / max(1, tally["human"])
        out[game_id] = {"human_decisions": tally["human"], "all_decisions": tally["all"],
                        "games": tally["games"],
                        "clicks_per_100": round(tally["clicks"] * per, 1),
                        "curtains_per_100": round(tally["curtains"] * per, 1)}
    return out


def _hotseat_game(app, window, watch, session, rng, humans, decisions, tally) -> None:
    """Play ``session`` by clicks until the tally has ``decisions`` or the game ends."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    movers = _record_movers(session)
    before = tally["human"]
    steps = 0
    while session.result() is None and steps < 20000:
        tally["human"] = before + sum(1 for s in movers if s in humans)
        if tally["human"] >= decisions:
            break
        steps += 1
        curtain = getattr(window, "_curtain", None)
        if curtain is not None and curtain.isVisible():
            QTest.mouseClick(curtain.button, Qt.MouseButton.LeftButton)
            tally["clicks"] += 1
            tally["curtains"] += 1
        elif session.is_bot_turn():
            pass                                  # the bot moves on its timer
        elif session.prompt() is not None:
            kind = _click(app, window, rng)
            # a dialog closed first, a list pick (the row, then Choose): a click more each
            tally["clicks"] += 1 + kind.startswith("closed+") + kind.endswith("list")
        else:
            break
        watch.until_idle(app, time.perf_counter())
    tally["human"] = before + sum(1 for s in movers if s in humans)
    tally["all"] += len(movers)


def _record_movers(session) -> list[str]:
    """The seat of every choice applied from now on (by a click, a bot or the window)."""
    movers: list[str] = []
    apply = session._apply

    def recorded(choice_id: str) -> None:
        prompt = session.prompt()
        apply(choice_id)
        movers.append(prompt.seat if prompt is not None else "")

    session._apply = recorded
    return movers


BENCHES = {"clicks": bench_clicks, "hotseat": bench_hotseat}

if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "clicks"
    print(json.dumps({name: BENCHES[name]()}), flush=True)
