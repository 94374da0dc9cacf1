"""The values Mare Nostrum keeps in a state (rules/mare_nostrum/context.py, issue #33 item 4)
equal a fresh computation at every step of seeded random games: the prompt ``_advance``
kept (``KEPT_PROMPT``) and the derived values refresh restored from ``DERIVED_INPUTS``."""

from __future__ import annotations

import random

import pytest

from rules.mare_nostrum import GAME
from rules.mare_nostrum.context import DERIVED_INPUTS, KEPT_PROMPT
from rules.mare_nostrum.refresh import DERIVED, _derive, _vp
from rules.mare_nostrum.tally import Tally


def _same(kept, fresh) -> None:
    assert (kept is None) == (fresh is None)
    if kept is not None:
        assert (kept.seat, kept.text, kept.kind, kept.rule) == \
            (fresh.seat, fresh.text, fresh.kind, fresh.rule)
        assert [(c.id, c.label, c.target) for c in kept.choices] == \
            [(c.id, c.label, c.target) for c in fresh.choices]


@pytest.mark.parametrize("seed,options", [(3, {}), (5, {"17.5": "yes", "17.9": "yes",
                                                         "17.2": "yes", "17.8": "yes"})])
def test_kept_values_equal_fresh_ones_over_a_random_game(seed, options):
    rng = random.Random(seed)
    state = GAME.new_game("short", [], options, seed)
    for _ in range(400):
        if GAME.result(state) is not None:
            break
        assert KEPT_PROMPT in state                 # every decision state keeps its prompt
        kept = GAME.prompt(state)
        fresh = GAME._compute_prompt(state)
        _same(kept, fresh)
        # derived values as refresh left them (some restored from DERIVED_INPUTS) equal
        # a derivation from scratch of the same board
        t = Tally(GAME, {k: v for k, v in state.items() if not k.startswith("_")})
        for e, emp in state["empires"].items():
            scratch = {**state, "empires": {**state["empires"], e: dict(emp)}}
            _derive(GAME, scratch, e, t)
            _vp(GAME, scratch, e)
            assert {k: scratch["empires"][e][k] for k in DERIVED} == \
                {k: emp[k] for k in DERIVED}, e
        state = GAME.apply(state, rng.choice(kept.choices).id)
    assert DERIVED_INPUTS in state


def test_a_changed_state_is_not_answered_with_the_kept_prompt():
    """A state changed by hand (a test, set-up) and refreshed has its prompt computed again."""
    from rules.mare_nostrum.refresh import refresh

    state = GAME.new_game("short", [], {}, 1)
    assert KEPT_PROMPT in state
    refresh(GAME, state)
    assert KEPT_PROMPT not in state
    _same(GAME.prompt(state), GAME._compute_prompt(state))
