"""How strong the ``search`` seat is: games against other bots, one search seat rotating over
the seats, with its wins and decision times (``hegemon strength``, docs/BOTS.md).

Decision times are CPU seconds of this process (``time.process_time``): what the decision
costs one core, whatever else the machine runs; the wall-clock median is given beside.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import registry
from .session import Session


@dataclass
class Strength:
    """The figures of a strength run."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    failed: int = 0
    by_seat: dict[str, list[int]] = field(default_factory=dict)   # seat -> [wins, games]
    times: list[float] = field(default_factory=list)    # CPU seconds per searched decision
    wall: list[float] = field(default_factory=list)     # wall-clock seconds of the same
    decisions: int = 0                                   # every decision of every game
    simulated: int = 0                                   # decisions simulated by the search
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        t = sorted(self.times)
        return {"games": self.games, "wins": self.wins, "draws": self.draws,
                "failed": self.failed,
                "win_rate": round(self.wins / self.games, 3) if self.games else 0.0,
                "by_seat": self.by_seat, "searched_decisions": len(t),
                "median_decision_s": round(statistics.median(t), 3) if t else 0.0,
                "p90_decision_s": round(t[int(0.9 * (len(t) - 1))], 3) if t else 0.0,
                "max_decision_s": round(t[-1], 3) if t else 0.0,
                "median_wall_s": round(statistics.median(self.wall), 3) if t else 0.0,
                "simulated_per_s": round(self.simulated / sum(t)) if t and sum(t) else 0,
                "seconds": round(self.seconds, 1)}


def measure(game_id: str, scenario: str, games: int, *, opponent: str = "random",
            think: str = "normal", seed: int = 1, options: dict[str, str] | None = None,
            step_cap: int = 20_000,
            progress: Callable[[int, Strength, dict[str, Any]], None] | None = None
            ) -> Strength:
    """``games`` games, game ``i`` with the search seat in seat ``i mod seats`` and
    ``opponent`` in every other seat, seeds ``seed``, ``seed + 1`` ..."""
    info = registry.get(game_id).scenario(scenario)
    seats = list(info.seats)
    kind = "search" if think == "normal" else f"search:{think}"
    out = Strength(by_seat={s: [0, 0] for s in seats})
    start = time.perf_counter()
    for i in range(games):
        me = seats[i % len(seats)]
        controllers = {s: (kind if s == me else opponent) for s in seats}
        session = Session.new(game_id, scenario, controllers, options or {}, seed + i,
                              undo=False)
        line: dict[str, Any] = {"seed": seed + i, "seat": me}
        searched_before = len(out.times)
        n = 0
        try:
            while session.result() is None and n < step_cap:
                prompt = session.prompt()
                if prompt is None or not prompt.choices:
                    break
                searching = prompt.seat == me and len(prompt.choices) > 1
                if not searching:
                    session.bot_step()
                    n += 1
                    continue
                t0, w0 = time.process_time(), time.perf_counter()
                bot_info = session.bot_step_info()
                out.times.append(time.process_time() - t0)
                out.wall.append(time.perf_counter() - w0)
                out.simulated += bot_info.get("steps", 0)
                n += 1
        except Exception as exc:  # noqa: BLE001 (counted and reported, the run goes on)
            line["error"] = f"{type(exc).__name__}: {exc}"
        out.decisions += n
        result = session.result()
        out.games += 1
        out.by_seat[me][1] += 1
        if result is None:
            out.failed += 1
            line.setdefault("error", f"no result after {n} decisions")
        elif me in result.winners:
            out.wins += 1
            out.by_seat[me][0] += 1
        elif not result.winners:
            out.draws += 1
        if result is not None:
            line.update(winners=result.winners, scores=result.scores)
        mine = out.times[searched_before:]
        line.update(searched=len(mine), cpu_median_s=round(statistics.median(mine), 3)
                    if mine else 0.0, cpu_max_s=round(max(mine), 3) if mine else 0.0,
                    cpu_s=round(sum(mine), 2))
        if progress is not None:
            progress(i, out, line)
    out.seconds = time.perf_counter() - start
    return out
