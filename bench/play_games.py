"""Play one warm-up game and then seeds 1..N of a scenario with one kind of seat, for an
outside counter such as ``perf stat -e instructions:u`` (run it once with N and once with 0,
and subtract: what is left is the N games):

    PYTHONHASHSEED=0 perf stat -e instructions:u python -m bench.play_games hubris \
        fourth-syrian-war random 20
    python -m bench.play_games hubris new-hopes random 20 turns=3
"""

from __future__ import annotations

import sys

from rules.engine import registry
from rules.engine.runner import play


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__)
        return 2
    game, scenario, kind, n = argv[0], argv[1], argv[2], int(argv[3])
    options = dict(a.split("=", 1) for a in argv[4:])
    info = next(i for i in registry.get(game).scenarios() if i.id == scenario)
    seats = dict.fromkeys(info.seats, kind)
    play(game, scenario, seats, 1, options)
    decisions = sum(play(game, scenario, seats, s, options).decisions for s in range(1, n + 1))
    print(f"{n} games, {decisions} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
