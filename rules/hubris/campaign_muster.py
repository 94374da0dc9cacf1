"""Muster (5.2.2) and what a Campaign costs: the Units a Leader may Muster at his Origin,
Mercenary hiring fees, Troop and Border Supply Costs (5.2.3), Overseas extra and escort costs
(5.4.2), and whether a Campaign into a Target is affordable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import (
    abilities,
    core,
    kingdom_facts,
    minors,
    solitaire,
)
from .core import HOMES
from .rulesdata import RulesData

State = dict[str, Any]

KING_DISCOUNT = 3
OVERSEAS_EXTRA = 5
ESCORT_COST = 3
MERC_FEE = 2


# --- Muster (5.2.2) -----------------------------------------------------------------------
def musterable(data: RulesData, state: State, k: str, lid: str, origin: str, mode: str,
               target: str | None = None) -> list[tuple[str, int]]:
    """(unit, hiring fee) pairs the Strategos may add now."""
    return sorted(_musterable(data, state, k, lid, origin, mode, target,
                              state["units"].items()))     # in id order: sorted once found


def kept_musterable(data: RulesData, state: State, frame: dict[str, Any]
                    ) -> list[list[Any]]:
    """:func:`musterable` for the Campaign of ``frame`` at its Muster step, kept in the
    state between its Muster prompts (:func:`kingdom_facts.kept`, under ``"musterable"``:
    what it was found for and the pairs): a Muster prompt changes only the frame, so the
    next finds the same Troops. Dropped with the kept facts by every change of the Units,
    Places, Satrapies in play or Control; the Turn (the Seleucid reserves of 12.5 and 12.6)
    is part of what it was found for. The pairs as lists ``[unit, fee]`` (plain data)."""
    facts = kingdom_facts.kept(state)
    key = [frame["kingdom"], frame["leader"], frame["origin"], frame["mode"],
           frame.get("target"), state.get("turn", 1)]
    found = facts.get("musterable")
    if found is None or found["for"] != key:
        found = facts["musterable"] = {"for": key, "pairs": [
            [u, fee] for u, fee in musterable(data, state, key[0], key[1], key[2], key[3],
                                              key[4])]}
    return found["pairs"]


def _musterable(data: RulesData, state: State, k: str, lid: str, origin: str, mode: str,
                target: str | None = None,
                units: Iterable[tuple[str, dict[str, Any]]] | None = None
                ) -> Iterator[tuple[str, int]]:
    """:func:`musterable` one pair at a time. ``units``: the state's Units in the order to
    go through them (by default by id, the order of :func:`musterable`)."""

    def path(a: str, b: str) -> bool:
        return core.land_path(state, data, k, a, b)
    for u, r in units if units is not None else sorted(state["units"].items()):
        loc = r["location"]
        if r["type"] not in core.LAND_TYPES or loc.startswith("leader:") or \
                (r["face"] == "up" and r["owner"] != k and r["type"] != "minor"):
            continue                            # another Power's own Unit: never Mustered
        if loc == "offmap" and r["type"] == "colonist" and r["face"] == "down":
            # 12.5, 12.6: Colonists kept off the map for Turn 7
            if solitaire.active(state) and \
                    solitaire.reserve_musterable(data, state, k, u, origin):
                yield (u, 0)
            continue
        if loc not in data.satrapies or not core.sat_in_play(state, loc):
            continue
        if u.endswith("-royal-army") and not abilities.may_lead(data, lid, [u]):
            continue                                    # DISTRUSTED: no Royal Army
        if r["face"] == "up" and r["owner"] == k:
            if path(loc, origin):
                yield (u, 0)
        elif r["face"] == "down" and r["type"] == "colonist":
            home = HOMES.get(u, (loc,))[0]
            if core.controls(state, k, home) and path(loc, origin):
                yield (u, 0)
        elif r["face"] == "down" and r["type"] == "mercenary":
            homes = [h for h in HOMES.get(u, (loc,)) if h in data.satrapies
                     and core.sat_in_play(state, h)]
            if any(core.aligned_places(state, data, k, h) and path(h, origin) for h in homes):
                yield (u, hiring_fee(data, state, lid, u))
        elif r["type"] == "minor" and _minor_ok(data, state, k, u, loc, origin, target):
            yield (u, 0)


def hiring_fee(data: RulesData, state: State, lid: str, u: str) -> int:
    """What ``lid`` pays to Muster ``u`` (5.2.2): a fee for a Mercenary not yet hired, none for
    any other Unit. The fee :func:`musterable` gives with ``u``."""
    r = state["units"][u]
    if r["face"] == "down" and r["type"] == "mercenary":
        return abilities.hiring_fee(data, lid, MERC_FEE)
    return 0


def _minor_ok(data: RulesData, state: State, k: str, u: str, loc: str, origin: str,
              target: str | None) -> bool:
    """2.13.10, 5.2.2: an Allied Minor Unit on the map, Origin and Target in its limits."""
    st, ally = minors.status(data, state, u)
    return st == "allied" and ally == k and minors.may_campaign_in(u, origin) and \
        (target is None or minors.may_campaign_in(u, target)) and \
        core.land_path(state, data, k, loc, origin)


def unit_cost(data: RulesData, frame: dict[str, Any]) -> int:
    return troop_cost(data, frame["mode"], frame["origin"], frame["target"],
                      abilities.pays_border_costs(data, frame["leader"]))


def troop_cost(data: RulesData, mode: str, origin: str, target: str, pays_border: bool) -> int:
    """What one Troop costs from ``origin`` into ``target``: the Target's Supply Cost and,
    when its Leader pays it (``pays_border``: all but ANABASIS), the Border Supply Cost
    (5.2.3); Overseas the Supply Cost and 5 T (5.4.3)."""
    if mode == "overseas":
        return data.satrapies[target].supply + OVERSEAS_EXTRA
    return data.satrapies[target].supply + (data.border_cost(origin, target)
                                            if pays_border and target != origin else 0)


def total_cost(data: RulesData, state: State, frame: dict[str, Any],
               extra_units: int = 0, extra_fee: int = 0, extra_escorts: int = 0) -> int:
    """What the Force of ``frame`` costs, with the extra Troops, fees and escorts."""
    return costing(data, state, frame)(extra_units, extra_fee, extra_escorts)


def costing(data: RulesData, state: State, frame: dict[str, Any]
            ) -> Callable[[int, int, int], int]:
    """:func:`total_cost` of ``frame`` as a function of the extras, for a prompt that asks it
    of many Troops: what one Troop costs and whether the King leads are found once."""
    per_troop = unit_cost(data, frame)
    king_leads = core.king(state, frame["kingdom"]) == frame["leader"]
    troops, fees, escorts = len(frame["force"]), frame["fees"], len(frame["escorts"])

    def cost(extra_units: int = 0, extra_fee: int = 0, extra_escorts: int = 0) -> int:
        return force_cost(troops + extra_units, per_troop, king_leads, fees + extra_fee,
                          escorts + extra_escorts)
    return cost


def force_cost(troops: int, per_troop: int, king_leads: bool, fees: int = 0,
               escorts: int = 0) -> int:
    """What a Force costs (5.2.3, 5.4.3): each Troop, hiring fees, 3 T an escort, the King's
    discount when he leads Troops."""
    cost = troops * per_troop + fees + escorts * ESCORT_COST
    if troops and king_leads:
        cost -= KING_DISCOUNT
    return max(0, cost)


def affordable(data: RulesData, state: State, frame: dict[str, Any], target: str,
               memo: dict[str, Any] | None = None) -> bool:
    """Can at least one Troop be paid for into ``target`` (5.2.3, 5.4.3)?

    ``memo``: a dict shared by calls for the same frame and state, which then find what
    does not depend on the Target once (the Troops retained or that may Muster, the
    Treasury, whether the King leads, whether he pays Border Supply Costs).
    """
    if memo is None:
        memo = {}
    k, lid = frame["kingdom"], frame["leader"]
    if "retained" not in memo:      # what does not depend on the Target, found once
        here = state["leaders"][lid]["location"]
        memo["retained"] = [
            u for u in core.on_card(state, lid) if core.is_troop(state, u)
            and here in data.satrapies
            and core.land_path(state, data, k, here, frame["origin"])]
        memo["cash"] = core.treasury(state, k)
        memo["king_leads"] = core.king(state, k) == lid
        memo["pays_border"] = abilities.pays_border_costs(data, lid)
    cash, king_leads = memo["cash"], memo["king_leads"]
    per_troop = troop_cost(data, frame["mode"], frame["origin"], target, memo["pays_border"])
    if memo["retained"]:            # one Troop he leads already, no fee
        return force_cost(1, per_troop, king_leads) <= cash
    # the Troops that may Muster, found one at a time and kept in ``memo`` for the next
    # Target: the first one that can be paid for answers
    if "muster" not in memo:
        memo["muster"] = []
        memo["muster_left"] = _musterable(data, state, k, lid, frame["origin"], frame["mode"],
                                          units=state["units"].items())  # any order
    found, left = memo["muster"], memo["muster_left"]
    for u, fee in found:
        if core.is_troop(state, u) and force_cost(1, per_troop, king_leads, fee) <= cash:
            return True
    for u, fee in left:
        found.append((u, fee))
        if core.is_troop(state, u) and force_cost(1, per_troop, king_leads, fee) <= cash:
            return True
    return False


def escort_candidates(data: RulesData, state: State, frame: dict[str, Any]) -> list[str]:
    out = []
    for sea in frame.get("path") or []:
        out += [u for u in core.squadrons_of(state, frame["kingdom"], sea)
                if not state["units"][u]["location"].startswith("leader:")
                and u not in frame["escorts"]]
    return sorted(out)

