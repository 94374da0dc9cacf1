"""The play half of the seam for :class:`rules.hubris.game.Hubris`: prompt, apply, result and
invariants, delegated to the procedure stack of :mod:`rules.hubris.flow`."""

from __future__ import annotations

import copy
from typing import Any

from rules.engine.game import Prompt, Result

from . import (  # noqa: F401 - modules register their procedures on import
    activation,
    admin_actions,
    battles,
    cards,
    defection,
    envoy,
    events,
    flow,
    invariants,
    land_campaign,
    leaders,
    naval_campaign,
    peace,
    reactions,
    rebels,
    sieges,
    turn,
)
from .rulesdata import RulesData

State = dict[str, Any]


def _data(data: RulesData | None) -> RulesData:
    if data is not None:
        return data
    from .rulesdata_load import production
    return production()


def prepare(state: State, data: RulesData | None = None) -> State:
    """Run the automatic start (Decks Preparation ...) so a prompt is due; in place."""
    d = _data(data)
    if "unit_ids" not in state:
        add_squadron_pools(d, state)
        state["unit_ids"] = sorted(state["units"])
    flow.drive(d, state)
    return state


def add_squadron_pools(data: RulesData, state: State) -> None:
    """Squadrons not set up wait off-map until built (12.3, 2.13.8): one record per counter."""
    for k in state["kingdoms"]:
        for n in range(1, data.squadrons_per_kingdom.get(k, 0) + 1):
            state["units"].setdefault(f"{k}-squadron-{n}", {"type": "squadron", "owner": k,
                                                            "location": "offmap", "face": "up"})


def prompt(state: State, data: RulesData | None = None) -> Prompt | None:
    d = _data(data)
    if state.get("result"):
        return None
    if flow.needs_drive(d, state):
        state = prepare(copy.deepcopy(state), d)
    return flow.prompt_of(d, state)


def do_apply(state: State, choice: str, data: RulesData | None = None) -> None:
    d = _data(data)
    if flow.needs_drive(d, state):
        prepare(state, d)
    flow.apply_choice(d, state, choice)


def result(state: State) -> Result | None:
    r = state.get("result")
    if not r:
        return None
    return Result(list(r["winners"]), r["reason"], dict(r["scores"]), r.get("level", ""))


def check(state: State, data: RulesData | None = None) -> list[str]:
    return invariants.broken(_data(data), state)
