"""``units.yaml`` and ``leaders.yaml`` read and checked (1.2, 2.2, 2.13)."""

from __future__ import annotations

from pathlib import Path

from rules.engine.data import LineDict, load_yaml, require

from .component_fields import (
    _bool,
    _choice,
    _err,
    _id,
    _int,
    _keys,
    _list,
    _mapping,
    _provenance,
    _records,
    _text,
    _top,
)
from .component_records import (
    _LEADER_ID,
    _PREFIX_KINGDOM,
    _UNIT_ID,
    AFFILIATIONS,
    KINGDOM_UNIT_KINDS,
    KINGDOMS,
    LAST_TURN,
    MINORS,
    N_LEADERS,
    N_UNIT_COUNTERS,
    REGIONS,
    SATRAPIES,
    SCENARIOS,
    SEAS,
    UNIT_KINDS,
    Ability,
    Leader,
    Marker,
    UnitType,
)

# ------------------------------------------------------------------ units.yaml
_UNIT_KEYS = {"id", "name", "kind", "owner", "count", "per_kingdom", "elite", "home", "homes",
              "allowed", "costs", "enters", "replaces", "replaced_by_leader", "notes", "source",
              "reconstructed"}



def _unit(rec: LineDict, seen: dict[str, LineDict]) -> UnitType:
    _keys(rec, _UNIT_KEYS, {"id", "name", "kind", "source"})
    uid = _id(rec, _UNIT_ID, seen)
    kind = _choice(rec, "kind", UNIT_KINDS)
    owner = None
    if kind in KINGDOM_UNIT_KINDS:
        for key in ("owner", "count", "elite"):
            if key in rec:
                raise _err(rec, key, f"a {kind} is counted per Kingdom: use per_kingdom")
        per = _mapping(require(rec, "per_kingdom", dict), rec, "per_kingdom")
        if set(per) != set(KINGDOMS):
            raise _err(per, None, f"per_kingdom must list exactly {', '.join(KINGDOMS)}")
        counts, elite = {}, {}
        for kingdom in KINGDOMS:
            entry = _mapping(per[kingdom], per, kingdom)
            _keys(entry, {"count", "elite"}, {"count", "elite"})
            counts[kingdom] = _int(entry, "count", 1, N_UNIT_COUNTERS)
            elite[kingdom] = require(entry, "elite", (bool, type(None)))
            if kind == "siege-train" and elite[kingdom] is not None:
                raise _err(entry, "elite", "a Siege Train is not a Troop: no rating (2.13.2)")
            if kind != "siege-train" and elite[kingdom] is None:
                raise _err(entry, "elite", "a Troop or Squadron is Elite or Regular (2.13.2)")
            if kind in ("royal-army", "siege-train") and counts[kingdom] != 1:
                raise _err(entry, "count", f"each Kingdom has exactly one {kind} (2.13.4, 2.13.7)")
    else:
        if "per_kingdom" in rec:
            raise _err(rec, "per_kingdom", "only Royal Armies, Siege Trains and Squadrons")
        owner = require(rec, "owner", (str, type(None)), optional=True)
        count = _int(rec, "count", 1, N_UNIT_COUNTERS)
        elite_flag = require(rec, "elite", bool)
        key = owner or "neutral"
        counts, elite = {key: count}, {key: elite_flag}
        expected_owner = {"legion": ("rome",), "roman-squadron": ("rome",),
                          "minor": MINORS, "minor-squadron": MINORS + ("carthage",),
                          "colonist": (None,), "mercenary": (None,),
                          "mercenary-squadron": (None,)}[kind]
        if owner not in expected_owner:
            raise _err(rec, "owner" if "owner" in rec else None,
                       f"a {kind} belongs to {' or '.join(map(str, expected_owner))}")
    home = _choice(rec, "home", tuple(sorted(SATRAPIES)), optional=True)
    homes = _list(rec, "homes", SATRAPIES, optional=True)
    if kind in ("colonist", "minor") and home is None:
        raise _err(rec, None, f"a {kind} needs its Home Satrapy ('home', 2.13.5, 2.13.10)")
    if kind == "mercenary" and not homes:
        raise _err(rec, None, "a mercenary needs its Home Satrapies ('homes', 3.5)")
    regions: tuple[str, ...] = ()
    satrapies: tuple[str, ...] = ()
    seas: tuple[str, ...] = ()
    if "allowed" in rec:
        allowed = _mapping(rec["allowed"], rec, "allowed")
        _keys(allowed, {"regions", "satrapies", "seas"}, set())
        regions = _list(allowed, "regions", REGIONS, optional=True)
        satrapies = _list(allowed, "satrapies", SATRAPIES, optional=True)
        seas = _list(allowed, "seas", SEAS, optional=True)
    costs: dict[str, int] = {}
    if "costs" in rec:
        cost_map = _mapping(rec["costs"], rec, "costs")
        for name in cost_map:
            costs[name] = _int(cost_map, name, 0, 60)
    source, skind, recon = _provenance(rec)
    return UnitType(
        id=uid, name=_text(rec, "name"), kind=kind, owner=owner, counts=counts, elite=elite,
        home=home, homes=homes, allowed_regions=regions, allowed_satrapies=satrapies,
        allowed_seas=seas, costs=costs, enters=_text(rec, "enters", optional=True),
        replaces=_text(rec, "replaces", optional=True),
        replaced_by_leader=_text(rec, "replaced_by_leader", optional=True),
        notes=_text(rec, "notes", optional=True), source=source, source_kind=skind,
        reconstructed=recon)


def _marker(rec: LineDict, seen: dict[str, LineDict]) -> Marker:
    _keys(rec, {"id", "name", "absolute", "count", "per_kingdom", "source"},
          {"id", "name", "absolute", "source"})
    mid = _id(rec, _UNIT_ID, seen)
    absolute = _bool(rec, "absolute")
    count = _int(rec, "count", 1, 400) if "count" in rec else None
    per_kingdom = _int(rec, "per_kingdom", 1, 100) if "per_kingdom" in rec else None
    if absolute and count is None and per_kingdom is None:
        raise _err(rec, "absolute", "an absolute supply needs 'count' or 'per_kingdom'")
    if not absolute and (count is not None or per_kingdom is not None):
        raise _err(rec, "absolute", "a supplementable marker (1.2) has no fixed supply")
    source, skind, _ = _provenance(rec)
    return Marker(mid, _text(rec, "name"), absolute, count, per_kingdom, source, skind)


def _load_units(path: Path) -> tuple[dict[str, UnitType], dict[str, Marker], dict[str, LineDict]]:
    doc = load_yaml(path)
    _top(doc, path, {"units", "markers"})
    seen: dict[str, LineDict] = {}
    units = {u.id: u for u in (_unit(rec, seen) for rec in _records(doc, "units", path))}
    total = sum(u.total for u in units.values())
    if total > N_UNIT_COUNTERS:
        raise _err(doc, "units", f"{total} Unit counters, more than the {N_UNIT_COUNTERS} of 1.2")
    mseen: dict[str, LineDict] = {}
    markers = {m.id: m for m in (_marker(rec, mseen) for rec in _records(doc, "markers", path))}
    return units, markers, seen


# ------------------------------------------------------------------ leaders.yaml
_LEADER_KEYS = {"id", "name", "affiliation", "replacement", "consul_for", "start_turn",
                "end_turn", "royal_rank", "military", "diplomacy", "admin", "loyalty",
                "intrigue", "elite_unit", "entry_event", "scenarios", "abilities", "source",
                "reconstructed"}
_LEADER_REQUIRED = {"id", "name", "affiliation", "start_turn", "end_turn", "royal_rank",
                    "military", "diplomacy", "admin", "loyalty", "intrigue", "scenarios",
                    "abilities", "source"}
RATING = (1, 6)  # a d6 Check threshold (2.14)


def _ability(rec: LineDict, seen: set[str]) -> Ability:
    _keys(rec, {"id", "name", "optional", "activation", "summary", "source", "reconstructed"},
          {"id", "name", "optional", "activation", "summary", "source"})
    aid = require(rec, "id", str)
    if not _UNIT_ID.match(aid):
        raise _err(rec, "id", f"malformed ability id '{aid}'")
    if aid in seen:
        raise _err(rec, "id", f"duplicate ability '{aid}'")
    seen.add(aid)
    source, skind, recon = _provenance(rec)
    return Ability(aid, _text(rec, "name"), _bool(rec, "optional"), _bool(rec, "activation"),
                   _text(rec, "summary"), source, skind, recon)


def _leader(rec: LineDict, seen: dict[str, LineDict]) -> Leader:
    _keys(rec, _LEADER_KEYS, _LEADER_REQUIRED)
    lid = _id(rec, _LEADER_ID, seen)
    match = _LEADER_ID.match(lid)
    affiliation = _choice(rec, "affiliation", AFFILIATIONS)
    replacement = _bool(rec, "replacement", default=False)
    consul_for = _choice(rec, "consul_for", KINGDOMS, optional=True)
    # the card id must agree with the affiliation (2.2.2 "symbol before their card ID")
    if match["prefix"] in _PREFIX_KINGDOM and affiliation != _PREFIX_KINGDOM[match["prefix"]]:
        raise _err(rec, "affiliation", f"{lid} is a {_PREFIX_KINGDOM[match['prefix']]} card")
    if match["prefix"] == "U" and affiliation not in MINORS + ("unaffiliated",):
        raise _err(rec, "affiliation", "U cards are Unaffiliated or Minor Leaders")
    if match["repl"]:
        if not replacement or affiliation != _PREFIX_KINGDOM[match["repl"]]:
            raise _err(rec, "replacement", f"{lid} is a {_PREFIX_KINGDOM[match['repl']]} "
                                           "Replacement Leader (2.2.11)")
    elif replacement:
        raise _err(rec, "replacement", "Replacement ids are MR1-3, PR1-3, SR1-3")
    if match["consul"]:
        if affiliation != "rome" or consul_for != match["consul"]:
            raise _err(rec, "consul_for", f"{lid} is Rome's Consul for {match['consul']} (2.2.8)")
    elif consul_for is not None or affiliation == "rome":
        raise _err(rec, "affiliation", "only the three generic Consuls are Roman Leaders (2.2.8)")
    generic = replacement or consul_for is not None

    raw_start = require(rec, "start_turn", (int, str, type(None)))
    by_event = raw_start == "event"
    if isinstance(raw_start, str) and not by_event:
        raise _err(rec, "start_turn", "a Turn 1-11, 'event' or null")
    start = None if by_event else _int(rec, "start_turn", 1, LAST_TURN, nullable=True)
    end = _int(rec, "end_turn", 1, LAST_TURN + 1, nullable=True)
    if generic:
        if start is not None or end is not None or by_event:
            raise _err(rec, "start_turn", "Replacements and Consuls have no Start/End Turn")
    else:
        if (start is None and not by_event) or end is None:
            raise _err(rec, "start_turn" if end is not None else "end_turn",
                       "every card has a Start Turn (or 'event') and an End Turn (2.2.2)")
        if start is not None and end < start:
            raise _err(rec, "end_turn", f"End Turn {end} before Start Turn {start}")
    entry_event = _text(rec, "entry_event", nullable=True, optional=True)
    if entry_event is not None and not by_event:
        raise _err(rec, "entry_event", "only a 'By Event' Leader has an entry event")

    rank = _int(rec, "royal_rank", 1, 20, nullable=True)
    if rank is not None and (affiliation not in KINGDOMS or generic):
        raise _err(rec, "royal_rank", "only Kingdom Leaders belong to a Royal Family (2.2.2)")

    battle = siege = None
    military = require(rec, "military", (dict, type(None)))
    if military is not None:
        military = _mapping(military, rec, "military")
        _keys(military, {"battle", "siege"}, {"battle", "siege"})
        battle, siege = _int(military, "battle", *RATING), _int(military, "siege", *RATING)
    diplomacy = _int(rec, "diplomacy", *RATING, nullable=True)
    admin = _int(rec, "admin", *RATING, nullable=True)
    icons = sum(v is not None for v in (battle, diplomacy, admin))
    if consul_for is None and not 1 <= icons <= 3:
        raise _err(rec, "military", "every Leader has one to three Capability icons (2.2.3)")
    if consul_for is not None and icons:
        raise _err(rec, "military", "a Consul's ratings come from the Activation card (8.6.3)")

    loyalty = _int(rec, "loyalty", *RATING, nullable=True)
    if not generic and loyalty is None:
        raise _err(rec, "loyalty", "every non-Replacement Leader has Loyalty (11.0)")
    if replacement and loyalty is not None:
        raise _err(rec, "loyalty", "Replacement Leaders have no Loyalty (11.0)")
    intrigue = _int(rec, "intrigue", 0, 6, nullable=True)
    if consul_for is None and intrigue is None:
        raise _err(rec, "intrigue", "every Leader has an Intrigue rating (2.2.2)")

    abilities_raw = require(rec, "abilities", list)
    aseen: set[str] = set()
    abilities = tuple(_ability(_mapping(a, rec, "abilities"), aseen) for a in abilities_raw)
    source, skind, recon = _provenance(rec)
    return Leader(
        id=lid, name=_text(rec, "name"), affiliation=affiliation, start_turn=start,
        by_event=by_event, end_turn=end, royal_rank=rank, battle=battle, siege=siege,
        diplomacy=diplomacy, admin=admin, loyalty=loyalty, intrigue=intrigue,
        abilities=abilities, replacement=replacement, consul_for=consul_for,
        elite_unit=_text(rec, "elite_unit", optional=True), entry_event=entry_event,
        scenarios=_list(rec, "scenarios", SCENARIOS), source=source, source_kind=skind,
        reconstructed=recon)


def _load_leaders(path: Path) -> tuple[dict[str, Leader], dict[str, LineDict]]:
    doc = load_yaml(path)
    _top(doc, path, {"leaders"})
    seen: dict[str, LineDict] = {}
    leaders = {ld.id: ld for ld in (_leader(rec, seen) for rec in _records(doc, "leaders", path))}
    if len(leaders) != N_LEADERS:
        raise _err(doc, "leaders", f"{len(leaders)} Leader cards, the game has {N_LEADERS} (1.2)")
    for kingdom in KINGDOMS:
        pool = [ld for ld in leaders.values() if ld.replacement and ld.affiliation == kingdom]
        if len(pool) != 3:
            raise _err(doc, "leaders", f"{kingdom} needs a pool of 3 Replacements (2.2.11)")
        ranks = [ld.royal_rank for ld in leaders.values()
                 if ld.affiliation == kingdom and ld.royal_rank is not None]
        if len(ranks) != len(set(ranks)):
            dup = next(ld for ld in leaders.values() if ld.affiliation == kingdom
                       and ld.royal_rank is not None and ranks.count(ld.royal_rank) > 1)
            raise _err(seen[dup.id], "royal_rank", f"rank {dup.royal_rank} repeated in {kingdom}")
    return leaders, seen
