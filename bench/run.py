"""Benchmarks (not tests): ``hegemon bench [--only NAME]`` or ``python -m bench.run``.

Each figure is the median of repeated runs on this machine; the method is printed with it
and recorded in docs/PERFORMANCE.md.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Runs as an installed app runs: with its bytecode cached (here in a temporary folder, so the
# checkout stays clean, and even where the shell sets PYTHONDONTWRITEBYTECODE).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["QT_QPA_PLATFORM"] = "offscreen"

# Both sides end the same way: the process exits as soon as the window's first paint is
# complete. Qt paints a shown window on its first expose, in one synchronous pass over every
# widget (then flushes it); the window's own Paint event is sent inside that pass, so a call
# queued from it runs once the whole window is painted. ``os._exit``: no tear-down counted.
FIRST_PAINT_HOOK = """
def exit_after_first_paint(app, window, report=None):
    import os, sys
    from PySide6.QtCore import QEvent, QObject, QTimer

    class Hook(QObject):
        def eventFilter(self, obj, ev):
            if obj is window and ev.type() == QEvent.Type.Paint:
                window.removeEventFilter(self)
                QTimer.singleShot(0, done)
            return False

    def done():
        if report is not None:
            report()
        sys.stdout.flush()
        if os.environ.get("HEGEMON_BENCH_LINGER"):   # a warm-up start: let the work queued
            QTimer.singleShot(1000, lambda: os._exit(0))   # after the first paint run
        else:
            os._exit(0)

    window.installEventFilter(Hook(window))       # before the window is shown
    QTimer.singleShot(300000, lambda: os._exit(3))  # never painted: fail, do not hang
"""

BARE_WINDOW = FIRST_PAINT_HOOK + """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication(sys.argv)
w = QMainWindow(); w.setCentralWidget(QLabel("x")); w.resize(1600, 1000)
exit_after_first_paint(app, w)
w.show()
app.exec()
"""

# The app: ``gui.screenshot.open_window`` (what ``hegemon screenshot`` shows, before its PNG).
APP_WINDOW = FIRST_PAINT_HOOK + """
import sys
from gui.screenshot import open_window
app, window = open_window(sys.argv[1], sys.argv[2], (1600, 1000), exit_after_first_paint)
app.exec()
"""

# The PNG the screenshot command writes, timed alone (in process, after the first paint).
PNG_TIME = FIRST_PAINT_HOOK + """
import sys, time
from gui.screenshot import open_window

def report():
    t0 = time.perf_counter()
    image = window.grab()
    t1 = time.perf_counter()
    image.save(sys.argv[3])
    t2 = time.perf_counter()
    print(round((t1 - t0) * 1000, 1), round((t2 - t1) * 1000, 1))

app, window = open_window(sys.argv[1], sys.argv[2], (1600, 1000),
                          lambda app, w: exit_after_first_paint(app, w, report))
app.exec()
"""


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _median_seconds(cmd: list[str], runs: int, env: dict[str, str] | None = None
                    ) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of a command, after one
    warm-up run. CPU time is the steadier figure when other work shares the machine."""
    env = env or ENV
    subprocess.run(cmd, env=env, check=True, capture_output=True)   # warm caches
    times, cpu = [], []
    for _ in range(runs):
        c0, t0 = _children_cpu(), time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
        cpu.append(_children_cpu() - c0)
    return statistics.median(times), statistics.median(cpu)


def _cold_seconds(cmd: list[str], env: dict[str, str], tmp: str) -> float:
    """One run with the parse and layout caches empty: the first start after installing
    (an installer compiles the bytecode, so that is kept)."""
    env = dict(env, HEGEMON_CACHE_DIR=str(Path(tmp) / f"cold-cache-{time.monotonic_ns()}"))
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return time.perf_counter() - t0


def _interleaved(cmds: dict[str, list[str]], runs: int, env: dict[str, str]
                 ) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each command, run in turns (one of each per round,
    after a warm-up round), so that a change in the machine's load hits them all alike."""
    times: dict[str, list[float]] = {k: [] for k in cmds}
    cpu: dict[str, list[float]] = {k: [] for k in cmds}
    for r in range(runs + 1):
        for key, cmd in cmds.items():
            c0, t0 = _children_cpu(), time.perf_counter()
            subprocess.run(cmd, env=env, check=True, capture_output=True)
            if r:                                   # round 0 warms the caches
                times[key].append(time.perf_counter() - t0)
                cpu[key].append(_children_cpu() - c0)
    return {k: (statistics.median(times[k]), statistics.median(cpu[k])) for k in cmds}


def _startup_commands() -> dict[str, list[str]]:
    """"bare" and "<game>/<scenario>" -> the process the start-up benches run."""
    cmds = {"bare": [sys.executable, "-c", BARE_WINDOW]}
    for game, scenario in _screens(playable_too=True):
        cmds[f"{game}/{scenario}"] = [sys.executable, "-c", APP_WINDOW, game, scenario]
    return cmds


def _first_start(cmd: list[str], env: dict[str, str]) -> None:
    """Run ``cmd`` as a first start after installing does: it fills the caches, some just
    after its first paint (so it stays a second longer than the timed runs)."""
    subprocess.run(cmd, env=dict(env, HEGEMON_BENCH_LINGER="1"), check=True,
                   capture_output=True)


def bench_startup(runs: int = 9) -> dict:
    """Start-up to the first painted main window with a scenario set up, against a bare window.

    Both processes exit right after the first paint of their window completes (same hook,
    ``FIRST_PAINT_HOOK``): the bare one shows a ``QMainWindow`` with one label; the app
    builds its main window, sets the scenario up (``gui.screenshot.open_window``) and shows
    it. Wall time of the whole process (interpreter start included); the bare window and
    every scenario run in turns, ``runs`` rounds after a warm-up round, medians;
    ``_cpu_ratio`` compares CPU times (steadier on a busy machine); ``_cold_s`` is a single
    run with the parse and layout caches empty. Apart: ``_screenshot_s``, the whole
    ``hegemon screenshot`` command (the earlier method: two paints and a PNG), and
    ``_grab_ms``/``_png_ms``, its grab and PNG encoding in process.
    """
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(ENV, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pyc"))
        png = str(Path(tmp) / "x.png")
        cmds = _startup_commands()
        for key, cmd in cmds.items():
            if key != "bare":
                _first_start(cmd, env)
        medians = _interleaved(cmds, runs, env)
        bare, bare_cpu = medians.pop("bare")
        out["bare_window_s"] = round(bare, 3)
        out["bare_window_cpu_s"] = round(bare_cpu, 3)
        for key, (t, cpu) in medians.items():
            game, scenario = key.split("/")
            out[f"{key}_s"] = round(t, 3)
            out[f"{key}_ratio"] = round(t / bare, 2)
            out[f"{key}_cpu_ratio"] = round(cpu / bare_cpu, 2)
            out[f"{key}_cold_s"] = round(_cold_seconds(cmds[key], env, tmp), 3)
            shot = [sys.executable, "-m", "gui.cli", "screenshot", "--game", game,
                    "--scenario", scenario, "--out", png]
            out[f"{key}_screenshot_s"] = round(_median_seconds(shot, 3, env)[0], 3)
            grabs = [subprocess.run([sys.executable, "-c", PNG_TIME, game, scenario, png],
                                    env=env, check=True, capture_output=True, text=True
                                    ).stdout.split() for _ in range(3)]
            out[f"{key}_grab_ms"] = statistics.median(float(g[0]) for g in grabs)
            out[f"{key}_png_ms"] = statistics.median(float(g[1]) for g in grabs)
    return out


def bench_startup_instructions() -> dict:
    """The start-up bench's processes counted in instructions (valgrind's callgrind), not
    timed: the same count run after run, whatever else the machine does (wall times here
    move by 10-20 % from one minute to the next). Each process runs once to fill the caches
    (lingering after its first paint, as in ``startup``), then once under callgrind (about 50x
    slower). Skipped (an empty result) where valgrind is not installed."""
    import shutil

    if shutil.which("valgrind") is None:
        return {"skipped": "valgrind is not installed"}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(ENV, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pyc"))
        cmds = _startup_commands()
        counts = {}
        for key, cmd in cmds.items():
            _first_start(cmd, env)
            log = Path(tmp) / "callgrind.out"
            run = subprocess.run(["valgrind", "--tool=callgrind",
                                  f"--callgrind-out-file={log}", *cmd], env=env, check=True,
                                 capture_output=True, text=True)
            counts[key] = int(next(line for line in run.stderr.splitlines()
                                   if "Collected :" in line).split(":")[-1].strip())
        bare = counts.pop("bare")
        out["bare_window_instructions"] = bare
        for key, n in counts.items():
            out[f"{key}_instructions"] = n
            out[f"{key}_ratio"] = round(n / bare, 3)
    return out


def _screens(playable_too: bool = False) -> list[tuple[str, str]]:
    """Each game's first scenario; with ``playable_too`` also its first playable one (whose
    first decision needs the play rules, which a set-up-only scenario never loads)."""
    from rules.engine import registry

    pairs = []
    for game in registry.available():
        scen = game.scenarios()
        if scen:
            pairs.append((game.id, scen[0].id))
        playable = [s for s in scen if s.playable]
        if playable_too and playable and playable[0].id != scen[0].id:
            pairs.append((game.id, playable[0].id))
    return pairs


def bench_rules(games: int = 20, step_cap: int = 60_000) -> dict:
    """Decisions per second and seconds per full game, per scenario, for each kind of seat:
    ``random`` (uniform legal play) and ``bot`` (the game's strategy, ``Game.bot_weights``;
    uniform where a game has none), seeds 1..``games``.

    Games still running after ``step_cap`` decisions (random play can stall) are counted
    as ``unfinished`` and left out of the per-game figures. Bot time includes the bot's own
    scoring of every choice.
    """
    from rules.engine import registry
    from rules.engine.runner import play

    out = {}
    for game in registry.available():
        for info in game.scenarios():
            if not info.playable:
                continue
            row = {}
            for kind in ("random", "bot"):
                seats = dict.fromkeys(info.seats, kind)
                times, counts, unfinished = [], [], 0
                for seed in range(1, games + 1):
                    res = play(game.id, info.id, seats, seed, step_cap=step_cap)
                    if res.error:
                        unfinished += 1
                        continue
                    times.append(res.seconds)
                    counts.append(res.decisions)
                if not times:
                    row[kind] = f"no game finished of {games}"
                    continue
                row[kind] = {
                    "finished": len(times), "unfinished": unfinished,
                    "median_game_s": round(statistics.median(times), 4),
                    "max_game_s": round(max(times), 4),
                    "median_decisions": round(statistics.median(counts)),
                    "max_decisions": max(counts),
                    "decisions_per_s": round(sum(counts) / sum(times)),
                    "games_per_s": round(len(times) / sum(times), 2)}
            out[f"{game.id}/{info.id}"] = row
    return out


#: the games of issue 14's throughput target: (game, scenario, seat kind, seeds, options)
RULES_CPU = (("hubris", "fourth-syrian-war", "random", range(1, 21), {}),
             ("hubris", "fourth-syrian-war", "bot", range(1, 21), {}),
             ("hubris", "new-hopes", "random", range(1, 21), {"turns": "3"}),
             ("mare-nostrum", "short", "bot", range(1, 4), {}))


def bench_rules_cpu(rounds: int = 5) -> dict:
    """Decisions per CPU second (``time.process_time``) of seeded headless games
    (``rules.engine.runner.play``, set-up included), after one warm-up game of each kind:
    Hubris 12.3 (random and bot seats, seeds 1-20), New Hopes of 3 Turns (random seats, seeds
    1-20) and Mare Nostrum ``short`` (bot seats, seeds 1-3). CPU time, not wall time, so a
    busy machine disturbs the figure less (it still does: compare runs made side by side).

    Each row plays its seeds ``rounds`` times: ``decisions_per_cpu_s`` is the median round,
    ``rounds_per_cpu_s`` every round (one round of 12.3 takes about a tenth of a CPU second,
    where a single reading can be a few per cent off either way)."""
    from rules.engine import registry
    from rules.engine.runner import play

    out = {}
    for game_id, scenario, kind, seeds, options in RULES_CPU:
        info = next(i for i in registry.get(game_id).scenarios() if i.id == scenario)
        seats = dict.fromkeys(info.seats, kind)
        play(game_id, scenario, seats, seeds[0], options)          # warm-up
        rates, cpus = [], []
        for _ in range(rounds):
            decisions, start = 0, time.process_time()
            for seed in seeds:
                res = play(game_id, scenario, seats, seed, options)
                if res.error:
                    raise RuntimeError(f"{game_id}/{scenario} seed {seed}: {res.error}")
                decisions += res.decisions
            cpus.append(time.process_time() - start)
            rates.append(round(decisions / cpus[-1]))
        label = "-".join([game_id, scenario, *options.values(), kind])
        out[label] = {"seeds": f"{seeds[0]}-{seeds[-1]}", "decisions": decisions,
                      "cpu_s": round(statistics.median(cpus), 3),
                      "decisions_per_cpu_s": round(statistics.median(rates)),
                      "rounds_per_cpu_s": rates}
    return out


def _longest_fixture() -> Path:
    """The finished game with the most decisions among the recorded fixtures."""
    saves = (ROOT / "tests" / "fixtures" / "saves").glob("*.json")
    return max(saves, key=lambda p: len(json.loads(p.read_text())["choices"]))


def bench_saves(repeat: int = 15) -> dict:
    """Save, load, verification and undo of the longest recorded game and of a fresh long
    bot game (docs/SAVES.md).

    ``save_ms``: write a format-2 save (choices, snapshot, check sum). ``load_ms``: what the
    GUI waits for, ``Session.load(verify="background")`` (parse, check sum, snapshot hash,
    invariants). ``verify_ms``: the background verification run to its end (replay of every
    choice, hash compare, undo history), which the GUI spreads over 10 ms slices;
    ``verify_max_slice_ms`` is its longest slice. ``load_full_ms``: ``verify="full"`` (the
    replay before returning; ``hegemon replay``, format-1 saves). Undo is one undo and one
    redo at the end of the game with every seat human and the curtain off (solo play).
    Medians of ``repeat`` runs (verification and full loads: of ``repeat // 3``).
    """
    from rules.engine.session import Session

    fixture = _longest_fixture()
    out = {"fixture": _saves_figures(Session.load(fixture), fixture.stem, repeat)}
    out["fixture"]["load_v1_full_ms"] = round(
        _timed(lambda: Session.load(fixture), max(3, repeat // 5)) * 1000, 1)
    try:
        fresh = _fresh_bot_game()
    except Exception as exc:  # noqa: BLE001 (a bot bug must not hide the other figures)
        out["fresh"] = {"error": f"{type(exc).__name__}: {exc}"}
    else:
        out["fresh"] = _saves_figures(*fresh, repeat)
    return out


def _fresh_bot_game(game_id: str = "mare-nostrum", scenario: str = "standard", seed: int = 1,
                    cap: int = 20_000):
    """A long game played now by 'bot' seats (to its end, or ``cap`` decisions)."""
    from rules.engine import registry
    from rules.engine.session import Session

    info = registry.get(game_id).scenario(scenario)
    session = Session.new(game_id, scenario, dict.fromkeys(info.seats, "bot"), seed=seed)
    while session.result() is None and len(session.choices) < cap:
        session.bot_step()
    return session, f"{game_id}/{scenario} bots seed {seed}"


def _saves_figures(session, name: str, repeat: int) -> dict:
    from rules.engine.session import Session

    few = max(3, repeat // 3)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        save = _timed(lambda: session.save(path), repeat)
        size = path.stat().st_size
        load = _timed(lambda: Session.load(path, verify="background"), repeat)
        verify, slices = [], []
        for _ in range(few):
            loaded = Session.load(path, verify="background")
            t0 = time.perf_counter()
            while True:
                s0 = time.perf_counter()
                done = loaded.verify_for(0.010)
                slices.append(time.perf_counter() - s0)
                if done:
                    break
            verify.append(time.perf_counter() - t0)
            assert loaded.verified
        full = _timed(lambda: Session.load(path, verify="full"), few)
    session.controllers = dict.fromkeys(session.controllers, "human")
    session.curtain = False
    undo_t = []
    for _ in range(repeat if session.can_undo() else 0):   # not past a final die roll
        t0 = time.perf_counter()
        session.undo()
        session.redo()
        undo_t.append(time.perf_counter() - t0)
    return {"game": name, "decisions": len(session.choices), "finished": session.result()
            is not None, "file_KiB": round(size / 1024), "save_ms": round(save * 1000, 1),
            "load_ms": round(load * 1000, 1),
            "verify_ms": round(statistics.median(verify) * 1000, 1),
            "verify_max_slice_ms": round(max(slices) * 1000, 1),
            "load_full_ms": round(full * 1000, 1),
            "undo_redo_ms": round(statistics.median(undo_t) * 1000, 3) if undo_t
            else "n/a: the last decision was a commit point"}


def _timed(fn: Callable[[], object], repeat: int, cpu: list[float] | None = None) -> float:
    """The median wall time of ``fn``; with ``cpu``, its median CPU time of this thread is
    appended there (on a busy machine the wall time waits for the other processes)."""
    times, cpus = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        times.append(time.perf_counter() - t0)
        cpus.append(time.thread_time() - c0)
    if cpu is not None:
        cpu.append(statistics.median(cpus))
    return statistics.median(times)


def _settle(app, seconds: float = 1.5) -> None:
    """Let the event loop run a while: what a view does once a zoom stops (a map redraws
    its cells at the new scale) is done before the next steps are timed."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()


def bench_scene(repeat: int = 15) -> dict:
    """Build each game's map scene; repaint the app's map view at 1600x1000.

    The view is the app's own ``MapView`` (same render hints and caches). A repaint is a
    synchronous ``viewport().repaint()``: the full map fitted, then zoomed in 4x (after one
    warm-up paint at each zoom, as a player sees it while hovering or when a dialog closes).
    ``zoom_step_ms`` is a wheel step (x1.2 and back) with its repaint, when every cache keyed
    to the scale is redrawn; ``pan_step_ms`` scrolls 120 px and repaints, at 4x. Before each
    series the view settles (its timers run, :func:`_settle`); the steps of a series follow
    each other at once, as in a burst of wheel turns. ``cpu_...`` are the same steps' median
    CPU times of the main thread (zoom full view, pan 4x, zoom 4x).
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gui.map_view import MapView
    from gui.scenes import make_scene
    from rules.engine import registry

    app = QApplication.instance() or QApplication([])
    out = {}
    for game_id, scenario in _screens():
        game = registry.get(game_id)
        info = game.scenario(scenario)
        state = game.new_game(scenario, list(info.seats), {}, 1)
        build = _timed(lambda g=game, s=state: make_scene(g, s), 5)
        view = MapView()
        view.resize(1600, 1000)
        view.setScene(make_scene(game, state))
        view.show()
        app.processEvents()
        view.fit()

        def paint(view=view):
            view.viewport().repaint()

        def zoom_step(view=view, flip=[1.2]):   # noqa: B006 (alternates in and out)
            view.zoom_by(flip[0])
            flip[0] = 1 / flip[0]
            view.viewport().repaint()

        def pan_step(view=view, flip=[120]):    # noqa: B006 (alternates right and left)
            bar = view.horizontalScrollBar()
            bar.setValue(bar.value() + flip[0])
            flip[0] = -flip[0]
            view.viewport().repaint()

        cpu: list[float] = []
        paint()
        _settle(app)
        full = _timed(paint, repeat)
        full_zoom_step = _timed(zoom_step, repeat + 1, cpu)
        view.fit()
        view.zoom_by(4.0)
        paint()
        _settle(app)
        zoomed = _timed(paint, repeat)
        pan = _timed(pan_step, repeat + 1, cpu)
        zoomed_step = _timed(zoom_step, repeat + 1, cpu)
        view.close()
        out[game_id] = {"build_ms": round(build * 1000, 1),
                        "repaint_full_ms": round(full * 1000, 2),
                        "repaint_zoom_ms": round(zoomed * 1000, 2),
                        "zoom_step_full_ms": round(full_zoom_step * 1000, 2),
                        "zoom_step_4x_ms": round(zoomed_step * 1000, 2),
                        "pan_step_4x_ms": round(pan * 1000, 2),
                        "cpu_zoom_full_pan_4x_zoom_4x_ms": [round(c * 1000, 2) for c in cpu]}
    return out


PEAK = """
import resource, sys
from gui.cli import main
main(["screenshot", "--game", sys.argv[1], "--scenario", sys.argv[2], "--out", sys.argv[3]])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def bench_memory() -> dict:
    """Peak resident memory of the app (main window, scenario set up and painted)."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        png = str(Path(tmp) / "x.png")
        for game, scenario in _screens():
            run = subprocess.run([sys.executable, "-c", PEAK, game, scenario, png], env=ENV,
                                 check=True, capture_output=True, text=True)
            kib = int(run.stdout.strip().splitlines()[-1])
            out[f"{game}/{scenario}_peak_MiB"] = round(kib / 1024, 1)
    return out


def bench_clicks() -> dict:
    """Click-to-idle per decision in the main window (bench/clicks.py)."""
    from bench.clicks import bench_clicks as run
    return run()


def bench_hotseat() -> dict:
    """Clicks and curtains per 100 decisions of a two-human hot-seat game (bench/clicks.py)."""
    from bench.clicks import bench_hotseat as run
    return run()


BENCHES = {"startup": bench_startup, "startup-instructions": bench_startup_instructions,
           "rules": bench_rules, "rules-cpu": bench_rules_cpu, "saves": bench_saves,
           "scene": bench_scene, "memory": bench_memory, "clicks": bench_clicks,
           "hotseat": bench_hotseat}


def main(only: str | None = None) -> int:
    names = [only] if only else list(BENCHES)
    for name in names:
        if name not in BENCHES:
            print(f"unknown benchmark '{name}' (one of {', '.join(BENCHES)})")
            return 2
        t0 = time.perf_counter()
        result = BENCHES[name]()
        print(json.dumps({name: result, "bench_seconds": round(time.perf_counter() - t0, 1)}),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
