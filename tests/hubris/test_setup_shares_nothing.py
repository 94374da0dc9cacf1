"""A new game's state is plain JSON data and shares nothing with the cached scenario records
(the set-up copies the scenario's lists and tables it keeps; every other part it builds)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.plain import not_plain
from rules.hubris.scenarios import load_scenarios

from .rules_helpers import GAME


def _containers(value: Any, into: dict[int, Any]) -> dict[int, Any]:
    """Every dict and list inside ``value``, by id (``into`` keeps them alive)."""
    if isinstance(value, dict | list | tuple):
        into[id(value)] = value
        for v in value.values() if isinstance(value, dict) else value:
            _containers(v, into)
    return into


MODES = [(s.id, options) for s in GAME.scenarios() if s.playable
         for options in ([{}, {"players": "2"}] if any(o.key == "players" for o in s.options)
                         else [{}])]


@pytest.mark.parametrize(("scenario", "options"), MODES,
                         ids=[f"{s}-{len(o)}" for s, o in MODES])
def test_a_new_state_is_plain_and_its_own(scenario, options):
    seats = list(GAME.seats_for(GAME.scenario(scenario), options))
    state = GAME.new_game(scenario, seats, options, 1)
    assert not_plain(state) == []
    cached = _containers(load_scenarios().get(scenario), {})
    mine = _containers(state, {})
    assert not set(cached) & set(mine)
