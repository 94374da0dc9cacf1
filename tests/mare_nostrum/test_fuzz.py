"""Random legal play with invariants checked after every choice (real map)."""

from __future__ import annotations

import random

import pytest

from rules.mare_nostrum import GAME


def playout(seed: int, cap: int | None = None) -> tuple[dict, int]:
    """A random player picks uniformly among the prompt's choices."""
    rng = random.Random(seed)
    s = GAME.new_game("short", [], {}, seed)
    n = 0
    while (p := GAME.prompt(s)) is not None and (cap is None or n < cap):
        assert p.choices, f"no legal choice: {p.text}"
        assert len(p.choices) < 400, f"{len(p.choices)} choices: {p.text}"
        s = GAME.apply(s, rng.choice(p.choices).id)
        n += 1
        broken = GAME.invariants(s)
        assert not broken, f"seed {seed} after {n} choices: {broken}"
    return s, n


@pytest.mark.parametrize("seed", range(10))
def test_random_play_keeps_invariants(seed):
    s, n = playout(seed, cap=400)
    assert n == 400 or s["result"]


def test_one_random_short_game_ends_with_a_winner():
    s, _ = playout(101)
    assert s["result"]["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100))
def test_random_short_games_end_with_a_winner(seed):
    s, _ = playout(1000 + seed)
    assert s["result"]["winners"] and s["result"]["reason"]
