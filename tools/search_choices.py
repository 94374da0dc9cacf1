"""Prove that a change to a game's search hooks leaves the search's play as it was: play
seeded games with ``bot`` in every seat and, at every ``--every``-th decision with more than
one choice, ask the search seat (``--think``) what it would choose there from that seat's
view. Prints one line per searched decision (seed, decision number, seat, chosen id,
simulated steps) and, with ``--values``, every seat's ``Game.evaluate`` of the position
(``repr``, so any change of a float shows). The games go on with the ``bot``'s choice, so
the positions do not depend on the search. Run it on two trees and ``diff`` the outputs:

    PYTHONPATH=/path/to/tree python tools/search_choices.py --game successors \
        --scenario four-player --seeds 3 --every 40 > a.txt
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.engine import registry  # noqa: E402
from rules.engine.search import THINK, SearchBot  # noqa: E402
from rules.engine.session import Session  # noqa: E402


def trace(game_id: str, scenario: str, seed: int, every: int, think: str,
          values: bool, limit: int | None) -> list[str]:
    """One line per searched decision of the seeded ``bot`` game."""
    game = registry.get(game_id)
    seats = game.scenario(scenario).seats
    ses = Session.new(game_id, scenario, dict.fromkeys(seats, "bot"), {}, seed, undo=False)
    out: list[str] = []
    n = 0
    while True:
        if ses.result() is not None or (limit is not None and len(out) >= limit):
            break
        p = ses.prompt()
        if p is None or not p.choices:
            break
        if len(p.choices) > 1:
            n += 1
            if n % every == 0:
                ply = len(ses.choices)
                bot = SearchBot(seed, p.seat, game, THINK[think])
                choice = bot.choose(ses.shown_view(p.seat), p, ply)
                line = f"{seed} {ply} {p.seat} {choice} {bot.last.get('steps', 0)}"
                if values:
                    line += " " + " ".join(f"{s}={game.evaluate(ses.state, s)!r}"
                                           for s in seats)
                out.append(line)
        ses.bot_step()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--scenario", required=True)
    ap.add_argument("--seeds", type=int, default=2, help="seeds 1..N")
    ap.add_argument("--every", type=int, default=40, help="search every n-th real decision")
    ap.add_argument("--think", default="normal", choices=sorted(THINK))
    ap.add_argument("--limit", type=int, help="at most this many searched decisions a game")
    ap.add_argument("--values", action="store_true", help="also every seat's evaluate")
    a = ap.parse_args()
    for seed in range(1, a.seeds + 1):
        for line in trace(a.game, a.scenario, seed, a.every, a.think, a.values, a.limit):
            print(line, flush=True)


if __name__ == "__main__":
    main()
