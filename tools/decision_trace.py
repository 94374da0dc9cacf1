"""Prove that a speed change leaves every game as it was: play a fixed set of seeded games
and print one hash per game over every prompt's seat, text and choices (id and label), every
choice made and the final state. Run it on two trees and compare the outputs line by line:

    PYTHONPATH=/path/to/tree python tools/decision_trace.py [--game hubris] [--seeds 8] > a.txt
    diff a.txt b.txt

Every playable scenario in every player mode (Hubris' New Hopes with 3 Turns), seeds 1..N,
random seats (``--kinds random,bot`` adds the heuristic bot). ``--in-place`` plays as
``hegemon play`` does, each choice changing the state in place (``Session(undo=False)``,
``Game.apply_in_place``): its output must equal the copying run's.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.engine import registry  # noqa: E402
from rules.engine.session import Session  # noqa: E402
from rules.engine.state import state_hash  # noqa: E402

STEP_CAP = 20_000


def _runs(game_id: str, kinds: list[str]) -> Iterator[tuple[str, dict[str, str], str]]:
    """(scenario, options, seat kind) of every run the trace plays."""
    game = registry.get(game_id)
    for info in game.scenarios():
        if not getattr(info, "playable", True):
            continue
        modes: list[dict[str, str]] = [{}]
        if any(o.key == "players" for o in getattr(info, "options", ())):
            modes.append({"players": "2"})
        for options in modes:
            if game_id == "hubris" and info.id == "new-hopes":
                options = {**options, "turns": "3"}
            for kind in kinds:
                yield info.id, options, kind


def trace(game_id: str, scenario: str, options: dict[str, str], kind: str, seed: int,
          in_place: bool = False) -> str:
    """The hash of one seeded game, prompt by prompt."""
    game = registry.get(game_id)
    seats = game.seats_for(game.scenario(scenario), options) if hasattr(game, "seats_for") \
        else game.scenario(scenario).seats
    session = Session.new(game_id, scenario, dict.fromkeys(seats, kind), options, seed,
                          undo=not in_place)
    h = hashlib.sha256()
    for _ in range(STEP_CAP):
        if session.result() is not None:
            break
        prompt = session.prompt()
        if prompt is None:
            break
        h.update(f"{prompt.seat}|{prompt.text}\n".encode())
        for c in prompt.choices:
            h.update(f"{c.id}|{c.label}\n".encode())
        h.update(f">{session.bot_step()}\n".encode())
    h.update(state_hash(session.state).encode())
    return f"{h.hexdigest()[:16]} {len(session.choices)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="hubris")
    ap.add_argument("--seeds", type=int, default=4, help="seeds 1..N of every run")
    ap.add_argument("--only", default="", help="only the scenario with this id")
    ap.add_argument("--kinds", default="random", help="seat kinds, comma-separated")
    ap.add_argument("--in-place", action="store_true",
                    help="change the state in place at each choice, as hegemon play does")
    args = ap.parse_args(argv)
    for scenario, options, kind in _runs(args.game, args.kinds.split(",")):
        if args.only and scenario != args.only:
            continue
        opts = ",".join(f"{k}={v}" for k, v in options.items())
        for seed in range(1, args.seeds + 1):
            print(f"{scenario} {opts or '-'} {kind} {seed}: "
                  f"{trace(args.game, scenario, options, kind, seed, args.in_place)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
