"""Whole games with bots at every player count end with a result and no broken invariant.

The default run plays one short game per count; ``-m slow`` plays 100 full games per count
with ``bot`` seats and 100 with ``random`` seats (or ``hegemon fuzz --game sword-of-rome``).
"""

import pytest

from rules.engine import registry
from rules.engine.runner import play

SCENARIOS = ("two-player", "three-player", "four-player", "five-player")


def _seats(scenario: str, kind: str) -> dict[str, str]:
    return {s: kind for s in registry.get("sword-of-rome").scenario(scenario).seats}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_short_bot_game_ends_soundly(scenario):
    out = play("sword-of-rome", scenario, _seats(scenario, "bot"), 7, {"turns": "short"},
               check_invariants=True, step_cap=40_000)
    assert out.error == "" and out.result is not None


def test_a_random_game_ends_soundly():
    out = play("sword-of-rome", "four-player", _seats("four-player", "random"), 11,
               {"turns": "short"}, check_invariants=True, step_cap=40_000)
    assert out.error == "" and out.result is not None


def test_same_seed_same_game():
    a = play("sword-of-rome", "two-player", _seats("two-player", "bot"), 3, {"turns": "short"})
    b = play("sword-of-rome", "two-player", _seats("two-player", "bot"), 3, {"turns": "short"})
    from rules.engine.state import state_hash

    assert state_hash(a.session.state) == state_hash(b.session.state)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["bot", "random"])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_hundred_games(scenario, kind):
    failures = []
    for seed in range(1, 101):
        out = play("sword-of-rome", scenario, _seats(scenario, kind), seed,
                   check_invariants=True, step_cap=60_000)
        if out.error or out.result is None:
            failures.append((seed, out.problem, out.error.splitlines()[0] if out.error else ""))
    assert not failures, failures[:5]
