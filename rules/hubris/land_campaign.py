"""Land Campaign (5.2) and, in ``mode="overseas"``, Overseas Campaign (5.4).

Steps of the ``campaign`` frame: origin -> target -> announce -> muster -> pay -> (overseas:
sail, sea by sea, with Interceptions) -> land -> Reactions (6.1-6.3) -> Battles (7.1) ->
Campaign Options (5.2.5-5.2.8, in :mod:`sieges`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.state import ask

from . import (
    abilities,
    battles,
    core,
    kingdom_facts,
    leaders,
    minors,
    reactions,
    rome,
    solitaire,
    wars,
)
from .core import HOMES, new_id, note
from .flow import pop, proc, push
from .names import name, names, the
from .rome import guaranteed  # 8.1.4; also read as land_campaign.guaranteed
from .rulesdata import RulesData

State = dict[str, Any]
KING_DISCOUNT = 3
OVERSEAS_EXTRA = 5
ESCORT_COST = 3
MERC_FEE = 2


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
    from itertools import combinations
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
    from .two_player import NP
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
    from .sieges import targetable
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


def start(data: RulesData, state: State, k: str, lid: str, mode: str = "land") -> None:
    # 5.2.8: never Plunder a Satrapy Controlled at the start of the Action (the escorts'
    # Plunder at sea, 5.4.4, comes before the landing)
    push(state, "campaign", id=new_id(state), kingdom=k, leader=lid, mode=mode, step="origin",
         origin=None, target=None, announce=None, force=[], fees=0, escorts=[], path=None,
         sea_index=0, battles=[], naval=[], defeated_squadrons=[], plundered=0, ended=False,
         started_controlled=[s for s in core.satrapies_in_play(state)
                             if core.controls(state, k, s)])


def possible(data: RulesData, state: State, k: str, lid: str, mode: str,
             shared: dict[str, Any] | None = None) -> bool:
    """May ``lid`` lead a Campaign now: is there one Origin? ``shared``: as :func:`_origins`
    takes it."""
    shared = {} if shared is None else shared
    if not kingdom_facts.campaigner(data, state, lid, shared):
        return False
    return next(_origins(data, state, k, lid, mode, shared), None) is not None


#: the steps of a ``campaign`` frame at which its player decides (the others run alone)
ASKS = frozenset({"origin", "target", "route", "announce", "muster", "sea", "battle-choice",
                  "options"})


def _carries(state: State, lid: str, types: Collection[str] | None = None) -> bool:
    """Has ``lid``'s card a Unit (of one of ``types``)? :func:`core.on_card` as a yes or
    no: one pass over the Units that stops at the first, nothing listed or sorted."""
    card = core.card_of(lid)
    return any(r["location"] == card and (types is None or r["type"] in types)
               for r in state["units"].values())


@proc("campaign")
class Campaign:
    def prompt(self, data, state, frame):
        k, lid, step = frame["kingdom"], frame["leader"], frame["step"]
        if step not in ASKS:
            return None                 # an automatic step: see :meth:`run`
        seat = core.seat_of(state, k)
        title = "Overseas Campaign" if frame["mode"] == "overseas" else "Land Campaign"
        rule = "5.4.1" if frame["mode"] == "overseas" else "5.2.1"
        if step == "origin":
            ch = [Choice(f"origin:{s}", core.title_of(s), target=s)
                  for s in origins(data, state, k, lid, frame["mode"])
                  if s in frame.get("only_origins", (s,))]      # 12.5: Antiochos's landing
            return Prompt(seat, f"{title}: choose the Origin Satrapy", ch, "choose-space", rule)
        if step == "target":
            memo: dict[str, Any] = {}
            ch = [Choice(f"target:{s}", core.title_of(s), target=s)
                  for s in targets(data, state, k, frame["origin"], frame["mode"])
                  if s in frame.get("only_targets", (s,)) and
                  affordable(data, state, frame, s, memo)]
            return Prompt(seat, f"{title}: choose the Target Satrapy", ch, "choose-space", rule)
        if step == "route":
            ch = [Choice("route:" + "+".join(p), "By " + ", ".join(name(s) for s in p),
                         target=p[0]) for p in frame["paths"]]
            return Prompt(seat, f"{title}: choose the Path of Friendly Seas", ch, rule=rule)
        if step == "announce":
            opts = (np_announce_options(data, state, frame["target"]) if frame.get("np") else
                    announce_options(data, state, k, frame["target"]))
            ch = [Choice(f"announce:{key}", text) for key, text in opts]
            return Prompt(seat, f"{title}: announce the targets", ch, rule=rule)
        if step == "muster":
            return self._muster_prompt(data, state, frame, seat)
        if step == "sea":
            return self._sea_prompt(data, state, frame, seat)
        if step == "battle-choice":
            must, optional = battle_candidates(state, frame)
            ch = [Choice(f"fight:{p}", f"Give Battle to the {name(p)} now"
                         + ("" if p in must else " (not At War: an Act of War)"),
                         target=frame["target"]) for p in must + optional]
            if not must:
                ch.append(Choice("no-battle", "Give no Battle"))
            return Prompt(seat, f"Battles in {name(frame['target'])}: "
                          + ("which first?" if must else "give Battle?"), ch, rule="5.2.4")
        if step == "options":
            from .sieges import option_choices
            ch = option_choices(data, state, frame)
            if frame.get("np"):
                return Prompt(seat, "For Non-Player Macedon: its four Campaign Options, "
                              "Sieges or Subjugations", ch, rule="10.5",
                              context={"target": frame["target"]})
            return Prompt(seat, "Declare the Campaign Options (at most 4, one Plunder)", ch,
                          rule="5.2.5", context={"target": frame["target"]})
        return None

    def _muster_prompt(self, data, state, frame, seat):
        k = frame["kingdom"]
        cash = core.treasury(state, k)
        cost_with = costing(data, state, frame)
        one_more = cost_with(1, 0)              # the Force with one more Troop, no fee
        ch = []
        for u, fee in kept_musterable(data, state, frame):
            if u in frame["force"]:
                continue
            if (cost_with(1, fee) if fee else one_more) <= cash:
                label = f"Muster {name(u)}" + (f" (hire {fee} T)" if fee else "")
                ch.append(Choice(f"add:{u}", label, target=core.where_is(state, u)))
        if frame["mode"] == "overseas" and cost_with(0, 0, 1) <= cash:
            for u in escort_candidates(data, state, frame):
                ch.append(Choice(f"escort:{u}", f"Add {name(u)} as escort (3 T)",
                                 target=core.where_is(state, u)))
        cost = cost_with()
        if cost > cash:
            ch = [Choice(f"drop:{u}", f"Do not retain {name(u)} (it is Dispersed)")
                  for u in frame["force"]]
        elif any(core.is_troop(state, u) for u in frame["force"]):
            ch.append(Choice("done", f"Campaign with this Force ({cost} T)"))
        elif not ch:
            ch.append(Choice("abandon", "No Troop can be afforded: the Action is lost"))
        return Prompt(seat, f"Muster the Force (now {names(frame['force']) or 'empty'})",
                      ch, rule="5.2.2", context={"force": frame["force"], "cost": cost})

    def _sea_prompt(self, data, state, frame, seat):
        sea = frame["path"][frame["sea_index"]]
        ch = [Choice("sail", "Sail on" if frame["sea_index"] + 1 < len(frame["path"])
                     else "Land in the Target")]
        if frame["escorts"] and frame["plundered"] < 1:
            from .sieges import plunderable_from_sea
            for s in plunderable_from_sea(data, state, frame, sea):
                ch.append(Choice(f"plunder:{s}", f"Escorts Plunder {name(s)}", target=s))
        return Prompt(seat, f"At sea in {name(sea)}", ch, rule="5.4.4")

    def apply(self, data, state, frame, choice):
        k, lid = frame["kingdom"], frame["leader"]
        verb, _, arg = choice.partition(":")
        if verb == "origin":
            frame["origin"], frame["step"] = arg, "target"
        elif verb == "target":
            frame["target"], frame["step"] = arg, "announce"
            if frame["mode"] == "overseas":     # 5.4.1: the player picks the Path (R6)
                paths = core.sea_paths(state, data, k,
                                       list(data.satrapies[frame["origin"]].seas),
                                       list(data.satrapies[arg].seas))
                frame["path"] = paths[0] if paths else None
                if len(paths) > 1:
                    frame["paths"], frame["step"] = paths, "route"
        elif verb == "route":
            frame["path"], frame["step"] = arg.split("+"), "announce"
            frame.pop("paths", None)
        elif verb == "announce" and frame.get("np"):     # 10.1: the decider's choice
            frame["announce"], frame["step"] = arg, "land"
            from .two_player import decider
            note(state, f"The {name(decider(state))}, deciding for Macedon, target "
                        f"{describe_announcement(arg)} in {name(frame['target'])}.", "10.1",
                 where=frame["target"])
        elif verb == "announce":
            frame["announce"], frame["step"] = arg, "muster"
            route = (f"in {name(frame['target'])}" if frame["origin"] == frame["target"] else
                     f"from {name(frame['origin'])} into {name(frame['target'])}")
            note(state, f"The {name(k)} announce a Campaign {route} "
                        f"({describe_announcement(arg)}).",
                 "5.2.1", where=frame["target"])
            self._retain(data, state, frame)
        elif verb == "add":
            fee = hiring_fee(data, state, lid, arg)     # the prompt offered ``arg``
            frame["force"].append(arg)
            frame["fees"] += fee
        elif verb == "drop":
            frame["force"].remove(arg)
            core.disperse(state, arg, "5.2.2")
        elif verb == "escort":
            frame["escorts"].append(arg)
        elif verb == "done":
            frame["step"] = "pay"
        elif verb == "abandon":
            note(state, f"The Campaign of {name(lid)} cannot be mustered and is abandoned.",
                 "5.2.2")
            pop(state, frame)
        elif verb == "sail":
            frame["sea_index"] += 1
            frame["step"] = "sea-enter" if frame["sea_index"] < len(frame["path"]) else "land"
        elif verb == "plunder":     # 5.4.4 as 5.3.5: Interceptions first, then the Plunder
            frame["plundered"] += 1
            frame["plundering"] = arg
            frame["step"] = "sea-battles"
            reactions.open_interception(data, state, frame, frame["path"][frame["sea_index"]],
                                        k, "5.4.4")
        elif verb == "fight":
            frame["next_enemy"], frame["step"] = arg, "battles"
        elif verb == "no-battle":
            frame.setdefault("declined", []).extend(battle_candidates(state, frame)[1])
            frame["step"] = "battles"
        elif verb == "opt":
            from .sieges import declare
            declare(data, state, frame, arg)

    def _retain(self, data, state, frame):
        """5.2.2: a Strategos already on the map keeps his Units if he has a Land Path."""
        lid, k = frame["leader"], frame["kingdom"]
        here = state["leaders"][lid]["location"]
        for u in core.on_card(state, lid):
            keep = core.is_land(state, u) and here in data.satrapies and \
                core.land_path(state, data, k, here, frame["origin"])
            if keep:
                frame["force"].append(u)
            elif core.is_land(state, u):
                core.disperse(state, u, "5.2.2")
            else:
                core.set_unit(state, u, location=here)

    def run(self, data, state, frame):
        step = frame["step"]
        k, lid = frame["kingdom"], frame["leader"]
        if step == "pay":
            core.pay(state, k, total_cost(data, state, frame), "Campaign logistics",
                     "5.4.3" if frame["mode"] == "overseas" else "5.2.3")
            for u in frame["force"] + frame["escorts"]:
                core.set_unit(state, u, location=core.card_of(lid), face="up", owner=k)
            leaders.make_strategos(state, lid)
            core.set_leader(state, lid, location=frame["origin"])
            frame["step"] = "sea-enter" if frame["mode"] == "overseas" else "land"
            if frame["mode"] == "overseas" and not frame["path"]:
                frame["step"] = "land"
            return
        if step == "sea-enter":
            sea = frame["path"][frame["sea_index"]]
            core.set_leader(state, lid, location=sea)
            note(state, f"The Force of {name(lid)} sails into {name(sea)}.", "5.4.4", where=sea)
            reactions.kretikon_storm(state, lid, sea)
            frame["step"] = "sea-battles"
            reactions.open_interception(data, state, frame, sea, k, "5.4.4")
            return
        if step == "sea-battles":
            if frame.get("interceptors"):
                icp = frame["interceptors"].pop(0)
                sea = frame["path"][frame["sea_index"]]
                land = [u for u in core.on_card(state, lid) if core.is_land(state, u)]
                force = [u for u in core.on_card(state, lid) if core.is_naval(state, u)]
                battles.start_naval_battle(data, state, k, icp, sea, force, lid, frame, land)
                return
            lost = any(n.get("loser") == k or n.get("land_lost") for n in frame["naval"]
                       if n["sea"] == frame["path"][frame["sea_index"]])
            frame["escorts"] = [u for u in frame["escorts"]
                                if state["units"][u]["location"] == core.card_of(lid)]
            target = frame.pop("plundering", None)
            if lost or not _carries(state, lid, core.TROOP_TYPES):
                if target:
                    note(state, f"Defeated at sea, the escorts cannot plunder "
                                f"{core.title_of(target)}.", "5.4.4", where=target)
                self._abort(data, state, frame, "the Force is Defeated at sea", "5.4.4")
                return
            if target and frame["escorts"]:
                from .sieges import plunder
                plunder(data, state, frame, target, len(frame["escorts"]), "5.4.4")
            frame["step"] = "sea"
            return
        if step == "land":
            if self._straits(data, state, frame):
                return
            self._land(data, state, frame)
            return
        if step == "strait":
            self._strait_battles(data, state, frame)
            return
        if step == "battles":
            self._battles(data, state, frame)
            return
        if step == "after-battles":
            won = all(b.get("winner") == "attacker" for b in frame["battles"])
            if not won or not _carries(state, lid) or \
                    state["leaders"][lid]["location"] != frame["target"]:
                self._end(data, state, frame)
                return
            if frame.get("np"):        # 10.5: Ravage, then four Sieges/Subjugations
                from .two_player import after_battles
                after_battles(data, state, frame)
                return
            from .sieges import any_option
            if not any_option(data, state, frame):
                self._end(data, state, frame)
                return
            frame["step"] = "options"
            return
        if step == "end":
            self._end(data, state, frame)

    def _abort(self, data, state, frame, why, rule):
        lid = frame["leader"]
        note(state, f"The Campaign of {name(lid)} ends: {why}.", rule)
        for u in core.on_card(state, lid):
            if core.is_naval(state, u):
                core.set_unit(state, u, location=state["leaders"][lid]["location"])
            else:
                core.disperse(state, u, rule)
        leaders.send_to_court(state, lid, rule)
        pop(state, frame)

    def _straits(self, data, state, frame) -> bool:
        """6.5: before a Force crosses a Straits Crossing, every other Power with Squadrons
        in the intervening Sea may Interdict it (asked once per Campaign)."""
        if frame["mode"] != "land" or frame.get("strait") is not None:
            return False
        sea = reactions.strait_sea(data, frame["origin"], frame["target"])
        frame["strait"] = sea or ""
        if not sea:
            return False
        frame["interdictors"] = []
        for d in reactions.interdictors_for(data, state, sea, frame["kingdom"]):
            ask(state, core.seat_of(state, d), "interdict", kingdom=d, sea=sea,
                mover=frame["kingdom"], frame=frame["id"])
        frame["step"] = "strait"
        return True

    def _strait_battles(self, data, state, frame):
        """An Interdiction may be Intercepted (6.6); an Interdictor neither Sunk nor Defeated
        sends the Force back to its Origin, ending the Action (6.5)."""
        sea = frame["strait"]
        if frame.get("interceptors"):
            icp = frame["interceptors"].pop(0)
            d = frame["interdicting"]
            battles.start_naval_battle(data, state, d, icp, sea,
                                       reactions.free_squadrons(state, d, sea), None, frame, [])
            return
        d = frame.pop("interdicting", None)
        if d is not None:
            lost = any(n.get("loser") == d for n in frame["naval"] if n["sea"] == sea)
            if reactions.free_squadrons(state, d, sea) and not lost:
                note(state, f"The {d.title()} Interdict the Straits Crossing to "
                            f"{core.title_of(frame['target'])}: the Force returns to "
                            f"{core.title_of(frame['origin'])}.", "6.5", where=sea)
                self._end(data, state, frame)
                return
            note(state, f"The Interdiction of the {d.title()} in {core.title_of(sea)} fails.",
                 "6.5", where=sea)
        if frame.get("interdictors"):
            d = frame["interdicting"] = frame["interdictors"].pop(0)
            reactions.open_interception(data, state, frame, sea, d, "6.5")
            return
        frame["step"] = "land"

    def _land(self, data, state, frame):
        k, lid, tgt = frame["kingdom"], frame["leader"], frame["target"]
        if frame["mode"] == "overseas":
            seas = [s for s in data.satrapies[tgt].seas
                    if core.friendly_sea(state, data, k, s, campaign=True)]
            for u in core.on_card(state, lid):
                if core.is_naval(state, u):
                    core.set_unit(state, u, location=seas[0] if seas else frame["path"][-1])
            frame["escorts"] = []
        core.set_leader(state, lid, location=tgt)
        note(state, f"{leaders.label(data, lid)} leads his Force into {name(tgt)}.", "5.2.4",
             where=tgt)
        frame["announced"] = announced(data, state, frame)
        provoked_casus_belli(data, state, frame)
        control = state["derived"]["control"]      # :func:`core.controls`, in play, sorted
        if "started_controlled" not in frame:     # a frame not begun by :func:`start`
            frame["started_controlled"] = [s for s in core.satrapies_in_play(state)
                                           if (c := control.get(s)) and c["power"] == k]
        frame["step"] = "battles"
        reactions.open_defence(data, state, frame)

    def _battles(self, data, state, frame):
        """5.2.4: a Battle with every Power At War with the Campaigner whose Force stays, in
        the order the Campaigner chooses; with a Power not At War only if one of the two
        Forces gives Battle (the Campaigner first, then the other, prompt ``give-battle``).
        Rome's Forces are fought when At War or announced (the Rome bot gives no Battle)."""
        k, lid, tgt = frame["kingdom"], frame["leader"], frame["target"]
        if not _carries(state, lid, core.TROOP_TYPES) or \
                state["leaders"][lid]["location"] != tgt:
            frame["step"] = "after-battles"
            return
        enemy = frame.pop("next_enemy", None)
        if enemy is None:
            must, optional = battle_candidates(state, frame)
            fought = {b["enemy"] for b in frame["battles"]}
            offered = [p for p in frame.get("offered", [])
                       if p not in fought and _has_troops(state, p, tgt)]
            if offered:
                enemy = offered[0]
            elif len(must) == 1 and not optional:
                enemy = must[0]
            elif must or optional:
                frame["step"] = "battle-choice"
                return
            else:
                for p in frame.get("declined", []):
                    if p in frame.setdefault("asked_battle", []):
                        continue
                    frame["asked_battle"].append(p)
                    if _has_troops(state, p, tgt) and wars.may_commit_act_of_war(state, p, k) \
                            and not core.non_player(state, p):
                        ask(state, core.seat_of(state, p), "give-battle", kingdom=p,
                            mover=k, sat=tgt, campaign=frame["id"])
                        return
                frame["step"] = "after-battles"
                return
        if not frame.get("estrat", {}).get(enemy) and reactions.needs_strategos(
                data, state, enemy, tgt):
            frame.setdefault("estrat", {})[enemy] = True
            frame["next_enemy"] = enemy
            ask(state, core.seat_of(state, enemy), "emergency-strategos", kingdom=enemy,
                sat=tgt)
            return
        if enemy in frame.get("offered", []):
            frame["offered"].remove(enemy)
            wars.act_of_war(state, enemy, k, f"Battle in {name(tgt)}")
        else:
            wars.act_of_war(state, k, enemy, f"Battle in {name(tgt)}")
        rough = data.satrapies[tgt].rough and frame["origin"] != tgt
        frame["battles"].append({"enemy": enemy})
        battles.start_land_battle(data, state, k, enemy, tgt, lid, rough, frame)

    def _end(self, data, state, frame):
        lid = frame["leader"]
        if lid in state["leaders"] and not _carries(state, lid) and \
                core.on_map_location(state["leaders"][lid]["location"]):
            leaders.send_to_court(state, lid, "7.1.3")
        note(state, f"The Campaign of {name(lid)} is over.", "5.2")
        pop(state, frame)


@proc("give-battle")
class GiveBattle:
    """5.2.4: a Force the Campaigner is not At War with, and that the Campaigner gave no
    Battle, may give Battle itself (an Act of War)."""

    def prompt(self, data, state, frame):
        d, k, sat = frame["kingdom"], frame["mover"], frame["sat"]
        camp = next((f for f in state.get("stack", []) if f.get("id") == frame["campaign"]),
                    None)
        if camp is None or not _has_troops(state, d, sat) or \
                state["leaders"].get(camp["leader"], {}).get("location") != sat:
            return None
        return Prompt(core.seat_of(state, d), f"The {name(k)} Campaign into {name(sat)}, "
                      "where your Force stands. Give them Battle?",
                      [Choice("attack", f"Give Battle (an Act of War on the {name(k)})",
                              target=sat),
                       Choice("decline", "No Battle")], kind="yes-no", rule="5.2.4")

    def apply(self, data, state, frame, choice):
        if choice != "attack":
            return
        camp = next((f for f in state.get("stack", []) if f.get("id") == frame["campaign"]),
                    None)
        if camp is not None:
            camp.setdefault("offered", []).append(frame["kingdom"])
