"""Initiation of a Land Campaign (5.2.1) and of an Overseas Campaign (5.4.1): the Origins a
Leader may start from, the Targets within his means, the Powers announced as the Campaign's
target and the Casus Belli that provokes (8.5); whether a Leader may lead a Campaign at all.
The steps of the Campaign are in :mod:`rules.hubris.land_campaign`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from . import (
    abilities,
    core,
    kingdom_facts,
    minors,
    rome,
    solitaire,
    wars,
)
from .campaign_muster import MERC_FEE, OVERSEAS_EXTRA, force_cost, troop_cost
from .core import HOMES
from .names import names, the
from .rome import guaranteed  # 8.1.4
from .rulesdata import RulesData
from .sieges import targetable
from .two_player import NP

State = dict[str, Any]


# --- Initiation (5.2.1, 5.4.1) ------------------------------------------------------------
def origins(data: RulesData, state: State, k: str, lid: str, mode: str) -> list[str]:
    return list(_origins(data, state, k, lid, mode))


def _origins(data: RulesData, state: State, k: str, lid: str, mode: str,
             shared: dict[str, Any] | None = None) -> Iterator[str]:
    """The Origin Satrapies one by one (:func:`possible` needs only the first): those ``k``
    may start from with a Troop it can pay for into the cheapest Target.

    ``shared``: a dict kept by the caller for one state and Kingdom ``k`` (the Activation
    prompt asks for every Leader), holding what does not depend on the Leader: the Origins
    to try, what a Troop costs into their cheapest Target and the Troops that may Muster at
    each; and what the Campaigns of each mode ask of the Leader (:func:`_strategos`)."""
    shared = {} if shared is None else shared
    cash = core.treasury(state, k)
    king = core.king(state, k) == lid
    if force_cost(1, _lowest_cost(data, state, k, mode, shared), king) > cash:
        return                                  # no Troop can be paid for into any Target
    lead = _strategos(data, state, lid, shared)
    for s in _origin_candidates(data, state, k, mode, shared):
        if mode == "overseas" and lead.on_map and \
                not core.land_path(state, data, k, lead.here, s):
            continue
        if lead.leads_troops and core.land_path(state, data, k, lead.here, s):
            fee: int | None = 0                 # a Troop he leads already (5.2.2)
        else:
            fee = _cheapest_fee(data, lid, _muster_kinds(data, state, k, s, shared))
        if fee is not None and _target_within(
                data, state, k, s, mode, lead.pays_border, shared,
                lambda cost, fee=fee: force_cost(1, cost, king, fee) <= cash):
            yield s


@dataclass(slots=True)
class _Strategos:
    """What a Leader brings to the question whether his Campaign can start: where he is
    (``on_map``: in a Satrapy), whether he leads Troops already, whether he pays Border
    Supply Costs (ANABASIS)."""

    here: str
    on_map: bool
    leads_troops: bool
    pays_border: bool


def _strategos(data: RulesData, state: State, lid: str, shared: dict[str, Any]
               ) -> _Strategos:
    """:class:`_Strategos` of ``lid``, found once per ``shared`` (both modes ask)."""
    key = ("strategos", lid)
    if key not in shared:
        here = state["leaders"][lid]["location"]
        on_map = here in data.satrapies
        shared[key] = _Strategos(here, on_map, on_map and any(
            core.is_troop(state, u) for u in core.on_card(state, lid)),
            abilities.pays_border_costs(data, lid))
    return shared[key]


def _origin_candidates(data: RulesData, state: State, k: str, mode: str,
                       shared: dict[str, Any]) -> list[str]:
    """The Satrapies a Campaign of ``mode`` may start from, whoever leads it: Controlled
    ones, or where ``k`` has a face-up Land Unit; Coastal Controlled ones Overseas. Found
    once per ``shared``."""
    key = ("candidates", mode)
    if key not in shared:
        controlled = core.controlled_components(state, data, k)   # in play
        if mode == "overseas":
            shared[key] = [s for s in core.satrapies_in_play(state)
                           if s in controlled and data.satrapies[s].coastal]
        else:
            with_units = core.land_unit_locations(state, k)
            shared[key] = [s for s in core.satrapies_in_play(state)
                           if s in controlled or s in with_units]
    return shared[key]


def _lowest_cost(data: RulesData, state: State, k: str, mode: str, shared: dict[str, Any]
                 ) -> int:
    """What a Troop costs into the Satrapy in play of lowest Supply Cost (5.2.3, 5.4.3):
    no Target costs less (a Border Supply Cost only adds, Overseas adds 5 T). Kept between
    prompts (:func:`kingdom_facts.of_places`)."""
    lowest = shared.get("lowest_supply")
    if lowest is None:              # kept between prompts: it reads what is in play alone
        kept = kingdom_facts.of_places(state, k)
        lowest = kept.get("lowest supply")
        if lowest is None:
            lowest = kept["lowest supply"] = min(
                (data.satrapies[s].supply for s in core.satrapies_in_play(state)),
                default=0)
        shared["lowest_supply"] = lowest
    return lowest + (OVERSEAS_EXTRA if mode == "overseas" else 0)


def _target_within(data: RulesData, state: State, k: str, origin: str, mode: str,
                   pays_border: bool, shared: dict[str, Any],
                   fits: Callable[[int], bool]) -> bool:
    """Is there a Target from ``origin`` into which what a Troop costs ``fits`` (a test
    that holds of every cost below one it holds of)? Then the cheapest Target is one; and
    as a Land Campaign's Targets begin with its Origin (:func:`targets`), when a Troop into
    the Origin fits, no Target needs to be found; Overseas, the cheapest of the Targets
    beside the Origin (:func:`_beside_cost`) is tried before the Paths of Friendly Seas are
    searched."""
    if mode == "land" and fits(troop_cost(data, mode, origin, origin, pays_border)):
        return True
    if mode == "overseas":
        beside = _beside_cost(data, state, k, origin, shared)
        if beside and fits(beside[0]):
            return True
    cost = _cheapest_cost(data, state, k, origin, mode, pays_border, shared)
    return cost is not None and fits(cost)


def _beside_cost(data: RulesData, state: State, k: str, origin: str,
                 shared: dict[str, Any]) -> list[int]:
    """What a Troop costs Overseas (5.4.3) into the cheapest Target found without the Paths
    of Friendly Seas (:func:`_coasts_beside`), as a list of one cost, or none when there is
    no such Target. Kept between prompts: it reads the Places alone
    (:func:`kingdom_facts.of_places`, ``"beside <origin>"``)."""
    kept = kingdom_facts.of_places(state, k)
    name = "beside " + origin
    found = kept.get(name)
    if found is None:
        costs = [troop_cost(data, "overseas", origin, t, True)
                 for t in _coasts_beside(data, state, k, origin, shared)]
        found = kept[name] = [min(costs)] if costs else []
    return found


def _coasts_beside(data: RulesData, state: State, k: str, origin: str,
                   shared: dict[str, Any]) -> list[str]:
    """Overseas Targets found without the Paths of Friendly Seas: the Satrapies in play
    other than ``origin`` on a Friendly Sea beside it (a Path of one Sea)."""
    seas = {sea for sea in data.satrapies[origin].seas
            if core.friendly_sea(state, data, k, sea, campaign=True)}
    if not seas:
        return []
    return [s for s in core.satrapies_in_play(state)
            if s != origin and seas.intersection(data.satrapies[s].seas)]


def _cheapest_cost(data: RulesData, state: State, k: str, origin: str, mode: str,
                   pays_border: bool, shared: dict[str, Any]) -> int | None:
    """What a Troop costs from ``origin`` into its cheapest Target (None: no Target), for a
    Leader who pays Border Supply Costs or not (:func:`troop_cost`). What a Troop costs
    differs between the Targets only, so some Target is affordable exactly when the
    cheapest is. Kept in ``shared`` for either kind of Leader."""
    key = ("cheapest", mode, origin, pays_border)
    if key not in shared:
        found = ("targets", mode, origin)
        if found not in shared:
            shared[found] = _targets(data, state, k, origin, mode, shared)
        shared[key] = min((troop_cost(data, mode, origin, t, pays_border)
                           for t in shared[found]), default=None)
    return shared[key]


def _muster_kinds(data: RulesData, state: State, k: str, origin: str,
                  shared: dict[str, Any]) -> set[tuple[str, bool]]:
    """What kinds of Troop may Muster at ``origin`` for some Leader of ``k`` (5.2.2), as
    (the Royal Army's id or "", is a Mercenary) pairs: the Leader only changes whether he
    may take a Royal Army and what he pays a Mercenary. Found once per Origin and kept in
    ``shared``. The search stops at a Troop every Leader may take for no fee, ("", False):
    then the other kinds change nothing :func:`_cheapest_fee` finds."""
    key = ("muster", origin)
    if key in shared:
        return shared[key]
    kinds = set()
    for u, kind, sources in _sources(data, state, k, shared):
        found = (u if u.endswith("-royal-army") else "", kind == "mercenary")
        if found in kinds:
            continue
        if kind == "reserve":
            ok = solitaire.reserve_musterable(data, state, k, u, origin)
        elif kind == "minor":
            ok = minors.may_campaign_in(u, origin) and \
                core.land_path(state, data, k, sources[0], origin)
        else:
            ok = any(core.land_path(state, data, k, h, origin)
                     for h in sources)
        if ok:
            kinds.add(found)
            if found == ("", False):
                break
    shared[key] = kinds
    return kinds


def _sources(data: RulesData, state: State, k: str, shared: dict[str, Any]
             ) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """:func:`_muster_sources`, found once per ``shared`` and only as far as asked: those
    found so far, then the search goes on where it stopped (an Origin where a Troop every
    Leader may take is found stops it, :func:`_muster_kinds`)."""
    if "muster_sources" not in shared:
        shared["muster_sources"] = ([], _muster_sources(data, state, k, shared))
    found, left = shared["muster_sources"]
    i = 0
    while i < len(found):
        yield found[i]
        i += 1
    for source in left:
        found.append(source)
        yield source


def _muster_sources(data: RulesData, state: State, k: str, shared: dict[str, Any]
                    ) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """The Troops ``k`` could Muster somewhere, whatever the Origin and the Leader, as
    (unit, kind, the Satrapies one of which needs a Land Path to the Origin): the part of
    :func:`_musterable` that depends on neither. ``kind``: ``reserve`` (an off-map Colonist
    of 12.5/12.6, its own test), ``minor`` (Origin within its limits), ``mercenary`` (a
    hiring fee), ``own``. One at a time, in table order (:func:`_sources` keeps them)."""
    for u, r in state["units"].items():
        loc = r["location"]
        if r["type"] not in core.TROOP_TYPES or loc.startswith("leader:"):
            continue
        if loc == "offmap" and r["type"] == "colonist" and r["face"] == "down":
            if solitaire.active(state):
                yield (u, "reserve", ())
            continue
        if loc not in data.satrapies or not core.sat_in_play(state, loc):
            continue
        if r["face"] == "up" and r["owner"] == k:
            yield (u, "own", (loc,))
        elif r["face"] == "down" and r["type"] == "colonist":
            if core.controls(state, k, HOMES.get(u, (loc,))[0]):
                yield (u, "own", (loc,))
        elif r["face"] == "down" and r["type"] == "mercenary":
            homes = tuple(h for h in HOMES.get(u, (loc,)) if h in data.satrapies
                          and core.sat_in_play(state, h)
                          and kingdom_facts.has_aligned(data, state, k, h, shared))
            if homes:
                yield (u, "mercenary", homes)
        elif r["type"] == "minor" and minors.status(data, state, u) == ("allied", k):
            yield (u, "minor", (loc,))


def _cheapest_fee(data: RulesData, lid: str, kinds: set[tuple[str, bool]]) -> int | None:
    """The lowest hiring fee ``lid`` pays for one of the Troops of ``kinds``
    (:func:`_muster_kinds`); None when none is his to Muster (a DISTRUSTED Leader takes no
    Royal Army)."""
    fee = None
    for royal, merc in kinds:
        if royal and not abilities.may_lead(data, lid, [royal]):
            continue
        if not merc:
            return 0                            # no Troop costs less than one not hired
        fee = abilities.hiring_fee(data, lid, MERC_FEE)
    return fee


def targets(data: RulesData, state: State, k: str, origin: str, mode: str,
            shared: dict[str, Any] | None = None) -> list[str]:
    """The Target Satrapies from ``origin``. ``shared``: a dict the caller keeps for this
    state and Kingdom while it asks for several Origins (the Friendly Seas' components,
    the Satrapies on the Seas an Origin reaches and where enemy Troops stand are found
    once)."""
    found = _targets(data, state, k, origin, mode, {} if shared is None else shared)
    return found if mode == "overseas" else sorted(set(found))


def _targets(data: RulesData, state: State, k: str, origin: str, mode: str,
             shared: dict[str, Any]) -> list[str]:
    """:func:`targets`, a Land Campaign's not sorted and maybe twice the same (what a Troop
    costs into the cheapest needs no order)."""
    if mode == "overseas":
        if "sea_parts" not in shared:
            shared["sea_parts"] = core.sea_parts(state, data, k)
        reach = frozenset(core.sea_reach(state, data, k, data.satrapies[origin].seas,
                                         shared["sea_parts"]))
        key = ("coasts", reach)         # the same for every Origin reaching the same Seas
        if key not in shared:
            shared[key] = [s for s in core.satrapies_in_play(state)
                           if reach.intersection(data.satrapies[s].seas)]
        return [s for s in shared[key] if s != origin]
    if "enemy_troops" not in shared:
        shared["enemy_troops"] = _troop_locations(state, core.enemies_of(state, k))
    enemy_here = origin in shared["enemy_troops"]
    if not core.controls(state, k, origin) or enemy_here:
        return [origin]
    out = [origin] + [s for s in data.neighbours(origin) if core.sat_in_play(state, s)]
    out += [s for s, _sea in data.straits_partners(origin) if core.sat_in_play(state, s)]
    return out


def _troop_locations(state: State, powers: list[str]) -> set[str]:
    """Where any of ``powers`` has a face-up Troop: the places :func:`core.troops_of`
    finds one."""
    if not powers:
        return set()
    owners = set(powers)
    return {core.where_is(state, u) for u, r in state["units"].items()
            if r["owner"] in owners and r["face"] == "up" and r["type"] in core.TROOP_TYPES}


def other_powers(data: RulesData, state: State, k: str, sat: str) -> list[str]:
    """The Powers other than ``k`` with a marker on a Place of ``sat`` or a Unit there
    (:func:`core.units_at`, in one pass over the Units), sorted."""
    places = state["places"]
    out = {core.place_power(r) for p in data.satrapies[sat].places
           if (r := places.get(p)) and r.get("power")}
    here = {sat, *(core.card_of(lid) for lid, r in state["leaders"].items()
                   if r["location"] == sat)}
    out.update(r["owner"] for r in state["units"].values() if r["location"] in here)
    out.discard(k)
    return sorted(o for o in out if o)


def battle_candidates(state: State, frame: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The Powers with a face-up Troop in the Target not yet fought (5.2.4): those the
    Campaigner must fight (At War with it, or Rome announced), and those it may give Battle
    to (not At War, an Act of War it may commit; not Rome, not one it declined)."""
    k, tgt = frame["kingdom"], frame["target"]
    fought = {b["enemy"] for b in frame["battles"]}
    enemies = set(core.enemies_of(state, k))
    announced = set((frame.get("announced") or {}).get("powers", ()))
    must, optional = [], []
    for p in sorted(core.land_powers(state, tgt) | enemies | announced):
        if p == k or p in fought or not _has_troops(state, p, tgt):
            continue
        if p not in state["kingdoms"] and not core.is_rebel(p) and p != "rome":
            continue
        if p in enemies or (p == "rome" and p in announced):
            must.append(p)
        elif p != "rome" and p not in frame.get("declined", ()) and \
                wars.may_commit_act_of_war(state, k, p):
            optional.append(p)
    return must, optional


def _has_troops(state: State, power: str, sat: str) -> bool:
    """Is :func:`core.troops_of` not empty? A face-up Troop of ``power`` in ``sat``, on a
    Leader's card there or not: one pass over the Units that stops at the first."""
    here = {sat, *(core.card_of(lid) for lid, r in state["leaders"].items()
                   if r["location"] == sat)}
    return any(r["location"] in here and r["owner"] == power and r["face"] == "up"
               and r["type"] in core.TROOP_TYPES for r in state["units"].values())


#: what a Campaign's announcement targets (5.2.1), as the log says it
ANNOUNCED = {"none": "no target", "unaligned": "Unaligned and Revolt Places",
             "alliances": "Alliances only", "all": "Garrisons and Alliances"}


def describe_announcement(key: str) -> str:
    """The log's words for an announcement key (``all``, ``alliances:ptolemies+rome`` ...)."""
    kind, _, only = key.partition(":")
    if not only:
        return ANNOUNCED[kind]
    return f"{names(only.split('+'))}: {ANNOUNCED[kind]}"


def _announceable(data: RulesData, state: State, k: str, sat: str) -> list[str]:
    """The Powers ``k`` may target in ``sat`` (an Act of War it may commit; Rome only when
    it may be provoked, 8.5 IMPORTANT)."""
    return [p for p in other_powers(data, state, k, sat)
            if wars.may_commit_act_of_war(state, k, p)
            and (p != "rome" or rome.may_provoke(state, k))]


def power_subsets(powers: list[str]) -> list[list[str]]:
    """Every non-empty proper subset of ``powers`` (5.2.1: the player names which Powers
    he targets, e.g. the Ptolemaic Place and not the Roman ally of the 8.5 example), smallest
    first, each in ``powers``' order."""
    return [list(c) for n in range(1, len(powers)) for c in combinations(powers, n)]


def announce_options(data: RulesData, state: State, k: str, sat: str) -> list[tuple[str, str]]:
    """5.2.1 / 5.4.1: no target, Unaligned (and Revolt) Places only, or Powers with their
    Alliances only or their Garrisons too. The bare ``alliances`` / ``all`` target every Power
    that may be targeted; ``alliances:<p>+<q>`` only those named (Unaligned Places are
    targeted with any Power)."""
    powers = _announceable(data, state, k, sat)
    opts = [("none", "Announce no target (move only)")]
    unaligned = any(state["places"][p].get("power") is None for p in data.satrapies[sat].places)
    if unaligned:
        opts.append(("unaligned", "Target Unaligned and Revolt Places only"))
    if powers:
        whom = names(powers)
        opts.append(("alliances", f"Target {whom}: Alliances only"))
        opts.append(("all", f"Target {whom}: Garrisons and Alliances"))
        for sub in power_subsets(powers):
            key = "+".join(sub)
            opts.append((f"alliances:{key}", f"Target {names(sub)} only: Alliances only"))
            opts.append((f"all:{key}", f"Target {names(sub)} only: Garrisons and Alliances"))
    return opts


def np_announce_options(data: RulesData, state: State, sat: str) -> list[tuple[str, str]]:
    """10.1: which Powers a Non-Player Macedonian Campaign targets is the decider's choice;
    never Rome (TP8); Garrisons always (10.1 "minimize inefficient play"). Every non-empty
    set of the Powers it may target, or the Unaligned Places alone."""
    powers = [p for p in _announceable(data, state, NP, sat) if p != "rome"]
    opts = []
    if any(state["places"][p].get("power") is None for p in data.satrapies[sat].places):
        opts.append(("unaligned", "Target Unaligned and Revolt Places only"))
    if powers:
        opts.append(("all", f"Target {names(powers)}: Garrisons and Alliances"))
        opts += [(f"all:{'+'.join(sub)}", f"Target {names(sub)} only: Garrisons and Alliances")
                 for sub in power_subsets(powers)]
    return opts


def announced(data: RulesData, state: State, frame: dict[str, Any]) -> dict[str, Any]:
    kind, _, only = frame["announce"].partition(":")
    k, sat = frame["kingdom"], frame["target"]
    powers = [] if kind in ("none", "unaligned") else [
        p for p in _announceable(data, state, k, sat)
        if (p != "rome" or not frame.get("np"))     # Non-Player Macedon spares Rome (TP8)
        and (not only or p in only.split("+"))]
    return {"powers": powers, "unaligned": kind != "none", "garrisons": kind == "all"}


def provoked_casus_belli(data: RulesData, state: State, frame: dict[str, Any]) -> None:
    """8.5: one roll for the Campaign, at the lowest Threshold it provokes: a Roman Garrison
    or Unit attacked (Automatic), a Roman Alliance or Roman-allied Minor Unit (5), an
    ungarrisoned Guaranteed Place (6)."""
    k, sat = frame["kingdom"], frame["target"]
    if not rome.active(state) or rome.at_war(state, k):
        return
    hit = targetable(data, state, frame, "city") + targetable(data, state, frame, "tribe")
    thresholds = []
    for p in hit:
        rec = state["places"][p]
        if rec.get("power") == "rome":
            thresholds.append(None if rec.get("marker") == "garrison" else 5)
        elif rec.get("marker") != "garrison" and guaranteed(data, state, p):
            thresholds.append(6)
    if not thresholds:
        return
    t = None if None in thresholds else min(thresholds)
    rome.casus_belli(data, state, k, t, f"{the(k)} attack Places of Rome or under its "
                                        f"Guarantee in {core.title_of(sat)}")



def possible(data: RulesData, state: State, k: str, lid: str, mode: str,
             shared: dict[str, Any] | None = None) -> bool:
    """May ``lid`` lead a Campaign now: is there one Origin? ``shared``: as :func:`_origins`
    takes it."""
    shared = {} if shared is None else shared
    if not kingdom_facts.campaigner(data, state, lid, shared):
        return False
    return next(_origins(data, state, k, lid, mode, shared), None) is not None


