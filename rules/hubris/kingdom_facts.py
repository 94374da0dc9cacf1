"""Facts of one state about one Kingdom that the Activation prompt (5.1) asks again for each
of its Leaders and each Action: found once per ``shared``, a dict the caller keeps for that
state and Kingdom only (:func:`rules.hubris.activation.legal_actions`) and then drops.

Each function takes ``shared`` and returns what :mod:`rules.hubris.core` or
:mod:`rules.hubris.leaders` would answer, so a caller without one passes a new dict.

A few facts are kept in the state itself between prompts (:func:`kept`), under the upkeep
key ``tables.FACTS``: out of hashes and saves, found again when missing, dropped by every
change of what they read (the Units, the Places, the Satrapies in play, Control and the
Minors' Alliances: :data:`rules.hubris.tables.READS`)."""

from __future__ import annotations

from typing import Any

from . import core, leaders
from .rulesdata import RulesData
from .tables import FACTS, PLACE_FACTS

State = dict[str, Any]


def kept(state: State) -> dict[str, Any]:
    """The facts kept in ``state`` between prompts (:data:`tables.FACTS`), a dict of plain
    values by name: read them, never change one in place (the state's copies share it);
    add a new one."""
    found = state.get(FACTS)
    if found is None:
        found = state[FACTS] = {}
    return found


def of_places(state: State, k: str) -> dict[str, Any]:
    """The facts of ``k`` kept in ``state`` between prompts that read only the Places'
    markers, the map and what is in play (:data:`tables.PLACE_FACTS`): a change of a Place
    (``core.set_place``) is rarer than one of the Units or Control, so these are found again
    less often than :func:`kept`. A dict of plain values by name: never change one in place;
    add a new one."""
    by_kingdom = state.get(PLACE_FACTS)
    if by_kingdom is None:
        by_kingdom = state[PLACE_FACTS] = {}
    mine = by_kingdom.get(k)
    if mine is None:
        mine = by_kingdom[k] = {}
    return mine


def has_aligned(data: RulesData, state: State, k: str, sat: str, shared: dict[str, Any]
                ) -> bool:
    """Has ``k`` an Aligned Place in ``sat`` (one of :func:`core.aligned_places`)? Kept
    between prompts (:func:`of_places`, ``"aligned <sat>"``)."""
    key = ("aligned", sat)
    found = shared.get(key)
    if found is None:
        kept = of_places(state, k)
        name = "aligned " + sat
        found = kept.get(name)
        if found is None:
            found = kept[name] = _has_aligned(data, state, k, sat)
        shared[key] = found
    return found


def _has_aligned(data: RulesData, state: State, k: str, sat: str) -> bool:
    """:func:`has_aligned` found."""
    places = state["places"]
    for p in data.satrapies[sat].places:
        # only a marker of ``k`` (or a Rebel's, for a Rebel) may make it Aligned
        if (places.get(p) or {}).get("power") in (k, "rebel") and core.aligned(state, p, k):
            return True
    return False


def campaigner(data: RulesData, state: State, lid: str, shared: dict[str, Any]) -> bool:
    """May ``lid`` lead a Campaign, land, overseas or naval: a Battle Rating, and a place
    among the Strategoi (:func:`leaders.may_take_field`)?"""
    key = ("campaigner", lid)
    if key not in shared:
        shared[key] = leaders.has(data, lid, "battle") and leaders.may_take_field(state, lid)
    return shared[key]
