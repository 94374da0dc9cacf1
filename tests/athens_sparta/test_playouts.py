"""Whole games with bots end with a winner and no broken invariant.

The default run plays a few games; ``-m slow`` plays 100 with ``bot`` seats and 100 with
``random`` seats (or ``hegemon fuzz --game athens-sparta``).
"""

import pytest

from rules.engine.runner import play
from rules.engine.state import state_hash

SC = "peloponnesian-war"


def _seats(kind: str) -> dict[str, str]:
    return {"athens": kind, "sparta": kind}


@pytest.mark.parametrize("kind,seed", [("bot", 1), ("bot", 2), ("random", 3), ("random", 4)])
def test_a_game_ends_with_a_winner_soundly(kind, seed):
    out = play("athens-sparta", SC, _seats(kind), seed, check_invariants=True, step_cap=20_000)
    assert out.error == "" and out.result is not None and len(out.result.winners) == 1


def test_same_seed_same_game():
    a = play("athens-sparta", SC, _seats("bot"), 5)
    b = play("athens-sparta", SC, _seats("bot"), 5)
    assert state_hash(a.session.state) == state_hash(b.session.state)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["bot", "random"])
def test_a_hundred_games(kind):
    failures = []
    for seed in range(1, 101):
        out = play("athens-sparta", SC, _seats(kind), seed, check_invariants=True,
                   step_cap=20_000)
        if out.error or out.result is None or len(out.result.winners) != 1:
            failures.append((seed, out.problem, out.error.splitlines()[0] if out.error else ""))
    assert not failures, failures[:5]
