"""The play half of the seam for :class:`rules.hubris.game.Hubris`: prompt, apply, result and
invariants, delegated to the procedure stack of :mod:`rules.hubris.flow`."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Prompt, Result
from rules.engine.plain import copy_state

# every module that registers procedures on flow.PROCS (@proc) or checks run before every
# step (flow.SETTLE): imported here, so the whole sequence of play is known once play is
from . import (  # noqa: F401 - they register on import
    activation,
    admin_actions,
    battles,
    capitals,
    cards,
    core,
    courts,
    defection,
    envoy,
    event_effects,
    events,
    flow,
    invariants,
    kingdom_bid,
    land_campaign,
    leaders,
    mercenaries,
    minors,
    naval_campaign,
    peace,
    reactions,
    rebels,
    roman_war,
    rome,
    rome_surrender,
    senate,
    sieges,
    solitaire,
    solitaire_landing,
    turn,
    two_player,
    victory,
    winter_peace,
)
from .core import SHARED_PARTS, TABLES
from .rome import add_roman_units
from .rulesdata import RulesData
from .rulesdata_load import production

State = dict[str, Any]


def _data(data: RulesData | None) -> RulesData:
    if data is not None:
        return data
    return production()


def prepare(state: State, data: RulesData | None = None) -> State:
    """Run the automatic start (Decks Preparation ...) so a prompt is due; in place."""
    _prepare(_data(data), state)
    return state


def _prepare(d: RulesData, state: State) -> Prompt | None:
    """:func:`prepare`, returning the prompt then due (None: game over)."""
    if "unit_ids" not in state:
        add_squadron_pools(d, state)
        state["unit_ids"] = sorted(state["units"])
    return flow.drive(d, state)


def add_squadron_pools(data: RulesData, state: State) -> None:
    """Squadrons not set up wait off-map until built (12.3, 2.13.8): one record per counter;
    the Legions and Roman Squadrons too when Rome is in play (2.13.9)."""
    add_roman_units(state)
    units = core.own_table(state, "units")
    for k in state["kingdoms"]:
        for n in range(1, data.squadrons_per_kingdom.get(k, 0) + 1):
            units.setdefault(f"{k}-squadron-{n}", {"type": "squadron", "owner": k,
                                                   "location": "offmap", "face": "up"})


def prompt(state: State, data: RulesData | None = None) -> Prompt | None:
    return prompt_and_prepared(state, data)[0]


def prompt_and_prepared(state: State, data: RulesData | None = None
                        ) -> tuple[Prompt | None, State | None]:
    """The due prompt, and the prepared copy of ``state`` it was found on when ``state``
    needed automatic steps first (None: found on ``state`` itself). One prompt computed."""
    d = _data(data)
    if state.get("result"):
        return None, None
    if state.get("stack"):
        due = flow.current(d, state)[2]
        if due is not None:
            return due, None
    prepared = copy_state(state, SHARED_PARTS, TABLES)   # as ``Game.apply`` copies
    return _prepare(d, prepared), prepared


def do_apply(state: State, choice: str, data: RulesData | None = None,
             due: Prompt | None = None) -> Prompt | None:
    """Apply ``choice`` to ``state`` in place; returns the next prompt (None: game over).

    ``due``: the prompt of ``state`` when the caller has it and has found ``choice`` among
    its choices (``state`` then needs no automatic steps first: it is the prepared state the
    prompt was found on, or a copy).
    """
    d = _data(data)
    if due is None and flow.needs_drive(d, state):
        prepare(state, d)
    return flow.apply_choice(d, state, choice, due)


def result(state: State) -> Result | None:
    r = state.get("result")
    if not r:
        return None
    return Result(list(r["winners"]), r["reason"], dict(r["scores"]), r.get("level", ""))


def check(state: State, data: RulesData | None = None) -> list[str]:
    return invariants.broken(_data(data), state)
