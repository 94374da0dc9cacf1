"""CPU time of the search seat's decisions at a think level (docs/BOTS.md, issue #32).

For each seat in turn: one game, the search in that seat and ``bot`` in the others
(``Session.new(game, scenario, {me: "search", other: "bot"}, {}, seed)``), timing with
``time.process_time`` every decision the search did search (one-choice prompts and ``sure``
policy choices cost nothing and are left out). Prints a JSON line per seat: median, max, count.

    PYTHONPATH=$PWD python tools/decision_time.py --game successors --scenario two-player
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from rules.engine import registry
from rules.engine.session import Session


def seat_times(game: str, scenario: str, me: str, seed: int, think: str,
               limit: int | None) -> list[float]:
    seats = registry.get(game).scenario(scenario).seats
    kind = "search" if think == "normal" else f"search:{think}"
    ses = Session.new(game, scenario, {s: (kind if s == me else "bot") for s in seats}, {},
                      seed, undo=False)
    times: list[float] = []
    while ses.result() is None and (limit is None or len(times) < limit):
        p = ses.prompt()
        if p is None or not p.choices:
            break
        if p.seat != me:
            ses.bot_step()
            continue
        t0 = time.process_time()
        info = ses.bot_step_info()
        if info.get("steps", 0):
            times.append(time.process_time() - t0)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--scenario", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", default="normal")
    ap.add_argument("--seats", help="comma-separated seats (default: every seat)")
    ap.add_argument("--limit", type=int, help="stop after this many searched decisions")
    a = ap.parse_args()
    seats = a.seats.split(",") if a.seats else registry.get(a.game).scenario(a.scenario).seats
    for me in seats:
        t = seat_times(a.game, a.scenario, me, a.seed, a.think, a.limit)
        print(json.dumps({"game": a.game, "scenario": a.scenario, "seat": me, "think": a.think,
                          "searched": len(t),
                          "median_s": round(statistics.median(t), 3) if t else 0.0,
                          "max_s": round(max(t), 3) if t else 0.0}), flush=True)


if __name__ == "__main__":
    main()
