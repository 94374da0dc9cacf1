"""Whole games with bots at every player count end with a result and no broken invariant.

The default run plays one game per count; ``-m slow`` plays 100 games per count with
``bot`` seats and 100 with ``random`` seats (or ``hegemon fuzz --game successors``).
"""

import pytest

from rules.engine import registry
from rules.engine.runner import play
from rules.engine.state import state_hash

SCENARIOS = ("two-player", "three-player", "four-player", "five-player")


def _seats(scenario: str, kind: str) -> dict[str, str]:
    return {s: kind for s in registry.get("successors").scenario(scenario).seats}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_bot_game_ends_soundly(scenario):
    out = play("successors", scenario, _seats(scenario, "bot"), 7, check_invariants=True,
               step_cap=40_000)
    assert out.error == "" and out.result is not None


def test_a_random_game_ends_soundly():
    out = play("successors", "three-player", _seats("three-player", "random"), 11,
               check_invariants=True, step_cap=40_000)
    assert out.error == "" and out.result is not None


@pytest.mark.parametrize("kind", ["bot", "random"])
def test_a_game_with_every_optional_rule_ends_soundly(kind):
    options = {o.key: "yes" for o in registry.get("successors").options()}
    out = play("successors", "four-player", _seats("four-player", kind), 5, options,
               check_invariants=True, step_cap=40_000)
    assert out.error == "" and out.result is not None


def test_same_seed_same_game():
    a = play("successors", "two-player", _seats("two-player", "bot"), 3)
    b = play("successors", "two-player", _seats("two-player", "bot"), 3)
    assert state_hash(a.session.state) == state_hash(b.session.state)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["bot", "random"])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_hundred_games_end_soundly(scenario, kind):
    bad = []
    for seed in range(100):
        out = play("successors", scenario, _seats(scenario, kind), 1000 + seed,
                   check_invariants=True, step_cap=60_000)
        if out.error or out.result is None:
            bad.append((seed, out.problem, out.error.splitlines()[-1:] if out.error else ""))
    assert not bad, bad[:5]
