"""Hubris component data: Units, Leaders, Events and Rome's cards (rules 1.2, 2.2, 2.13, 4, 8).

Reads ``assets/hubris/{units,leaders,events,cards}.yaml`` into frozen, typed records and
checks them against what the rules fix: counts (1.2), rating ranges (2.2.3), Loyalty on every
non-Replacement Leader (11.0), one Royal Army and Siege Train per Kingdom (2.13.4, 2.13.7),
six Recurrent Events every Turn (4.1), Roman Activation box limits (8.6.3) and so on, plus
every cross-reference between the files. The first problem raises
:class:`rules.engine.data.DataError` naming file, line and key.

Typical use::

    from rules.hubris.components import components
    c = components()
    c.leaders["P10"].diplomacy        # 3
    check_components()                # {"rule": 61, "reconstructed": 46, ...}
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.engine.data import SOURCE_KINDS, DataError, LineDict, load_yaml, require, source_kind
from rules.engine.registry import asset_dir

from . import upcalls

# ------------------------------------------------------------------ vocabulary (2.1, 2.5)
KINGDOMS = ("seleucids", "ptolemies", "macedon")
MAJOR_POWERS = KINGDOMS + ("rome",)
MINORS = ("aitolian-league", "achaian-league", "sparta", "rhodes", "pergamon", "parthians")
AFFILIATIONS = KINGDOMS + ("rome",) + MINORS + ("unaffiliated",)
REGIONS = ("greece", "europe", "asia-minor", "africa")
#: the 35 Satrapies the rules name (2.5.1-2.5.2, 12.x); 37 Satrapy cards less the two spares
SATRAPIES = frozenset({
    "peloponnesos", "boiotia-euboia", "thessalia", "aitolia-epeiros", "illyria", "makedonia",
    "thrake", "mysia", "ionia", "lydia-phrygia", "bithynia", "lykia-pamphylia", "kyrenaike",
    "delta", "pelousiakon-stoma", "thebais", "krete", "kypros", "rhodos", "koinon-nesioton",
    "koile-syria", "seleukis", "kilikia", "parapotamia", "mesopotamia", "babylonia",
    "sousiane", "media", "atropatene", "kappadokia", "pontos", "armenia", "parthyene",
    "baktriane", "galatia",
})
#: the eight Sea Areas the rules name (2.5.3); the ninth is never named
SEAS = frozenset({
    "adrias", "sikelikon-pelagos", "aigaion-pelagos", "propontis", "kretikon-pelagos",
    "pamphylion-pelagos", "aigyption-pelagos", "libykon-pelagos",
})
SCENARIOS = ("12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.7")
LAST_TURN = 11  # 2.5.10: eleven Turn boxes

#: expected record counts (1.2)
N_EVENTS, N_LEADERS, N_ROMAN_ACTIVATION, N_AGENDAS, N_SPW_CARDS = 63, 69, 9, 3, 4
N_UNIT_COUNTERS = 68
RECURRENT_PER_TURN = 6  # 4.1

KINGDOM_UNIT_KINDS = ("royal-army", "siege-train", "squadron")
UNIT_KINDS = KINGDOM_UNIT_KINDS + (
    "colonist", "mercenary", "mercenary-squadron", "minor", "minor-squadron", "legion",
    "roman-squadron")
NAVAL_KINDS = ("squadron", "mercenary-squadron", "minor-squadron", "roman-squadron")
EVENT_KINDS = ("winter", "recurrent", "succession", "one-off")
ONE_OFF_TYPES = ("immediate", "pending", "immediate-pending")
EFFECT_KNOWN = ("full", "partial", "reconstructed", "none")

FILES = ("units.yaml", "leaders.yaml", "events.yaml", "cards.yaml")

_UNIT_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_LEADER_ID = re.compile(r"^(?:(?P<prefix>[MPSU])(?P<num>[1-9][0-9]?)|(?P<repl>[MPS])R[1-3]"
                        r"|consul-(?P<consul>macedon|seleucids|ptolemies))$")
_PREFIX_KINGDOM = {"M": "macedon", "P": "ptolemies", "S": "seleucids"}
_EVENT_ID = re.compile(r"^ev-(\d{2})$")


# ------------------------------------------------------------------ records
@dataclass(frozen=True)
class UnitType:
    """One kind of Unit counter (2.13) and how many the counter mix holds (1.2)."""

    id: str
    name: str
    kind: str
    owner: str | None
    counts: dict[str, int]            # owner (or "neutral") -> number of counters
    elite: dict[str, bool | None]     # owner (or "neutral") -> Elite?
    home: str | None = None
    homes: tuple[str, ...] = ()
    allowed_regions: tuple[str, ...] = ()
    allowed_satrapies: tuple[str, ...] = ()
    allowed_seas: tuple[str, ...] = ()
    costs: dict[str, int] = field(default_factory=dict)
    enters: str | None = None
    replaces: str | None = None
    replaced_by_leader: str | None = None
    notes: str | None = None
    source: str = ""
    source_kind: str = ""
    reconstructed: tuple[str, ...] = ()

    @property
    def naval(self) -> bool:
        return self.kind in NAVAL_KINDS

    @property
    def troop(self) -> bool:
        """Troops fight Land Battles; Siege Trains and Squadrons do not (2.13.2)."""
        return not self.naval and self.kind != "siege-train"

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def limit(self, owner: str | None = None) -> int:
        """Counters available to ``owner`` (a Kingdom for kingdom Units), 0 if none."""
        if owner is None:
            return self.total
        return self.counts.get(owner, 0)

    def is_elite(self, owner: str | None = None) -> bool:
        if owner is None:
            owner = next(iter(self.elite))
        return bool(self.elite.get(owner))


@dataclass(frozen=True)
class Marker:
    """A marker kind; ``absolute`` supplies cannot be supplemented (1.2)."""

    id: str
    name: str
    absolute: bool
    count: int | None
    per_kingdom: int | None
    source: str
    source_kind: str


@dataclass(frozen=True)
class Ability:
    """A Leader's Special Ability (2.2.2); mandatory unless ``optional``."""

    id: str
    name: str
    optional: bool
    activation: bool
    summary: str
    source: str
    source_kind: str
    reconstructed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Leader:
    """One Leader card (2.2.2-2.2.3)."""

    id: str
    name: str
    affiliation: str
    start_turn: int | None            # None: Replacement/Consul, or "By Event" (see by_event)
    by_event: bool
    end_turn: int | None
    royal_rank: int | None
    battle: int | None
    siege: int | None
    diplomacy: int | None
    admin: int | None
    loyalty: int | None
    intrigue: int | None
    abilities: tuple[Ability, ...] = ()
    replacement: bool = False
    consul_for: str | None = None
    elite_unit: str | None = None
    entry_event: str | None = None
    scenarios: tuple[str, ...] = ()
    source: str = ""
    source_kind: str = ""
    reconstructed: tuple[str, ...] = ()

    @property
    def kingdom(self) -> str | None:
        """The Kingdom of a Kingdom-affiliated card (2.2.2), else None."""
        return self.affiliation if self.affiliation in KINGDOMS else None

    @property
    def military(self) -> bool:
        return self.battle is not None

    @property
    def capabilities(self) -> tuple[str, ...]:
        caps = (("military", self.battle), ("diplomacy", self.diplomacy), ("admin", self.admin))
        return tuple(name for name, value in caps if value is not None)

    @property
    def royal(self) -> bool:
        return self.royal_rank is not None

    @property
    def is_consul(self) -> bool:
        return self.consul_for is not None

@dataclass(frozen=True)
class TwoPlayer:
    """What rules 10.4 do to a card in the two-player game."""

    removed: bool
    alternate: str | None
    change: str | None


@dataclass(frozen=True)
class Event:
    """One Event card (4.0) or a two-player alternate (10.4; ``number`` None)."""

    id: str
    number: int | None
    title: str | None
    kind: str
    one_off_type: str | None = None
    kingdom: str | None = None
    turn: int | None = None
    turn_range: tuple[int, int] | None = None
    active_turns: tuple[int, int] | None = None
    activation_sequence: tuple[str, ...] = ()
    mechanic: str | None = None
    effect: str | None = None
    effect_known: str = "none"
    units: tuple[str, ...] = ()
    replaces: str | None = None
    replaced_by: str | None = None
    two_player: TwoPlayer | None = None
    scenario_notes: dict[str, str] = field(default_factory=dict)
    notes: str | None = None
    source: str = ""
    source_kind: str = ""
    reconstructed: tuple[str, ...] = ()
    ops: tuple = ()
    pending: dict | None = None
    winter: tuple = ()
    why: str = ""

    @property
    def display_title(self) -> str:
        return self.title or f"Event {self.number}"

    def in_deck(self, turn: int) -> bool:
        """A Recurrent Event's presence in the Turn's deck (4.1)."""
        if self.active_turns is None:
            return False
        return self.active_turns[0] <= turn <= self.active_turns[1]


@dataclass(frozen=True)
class Mechanic:
    """A game mechanic printed under the gears icon of a Recurrent Event (4.1)."""

    id: str
    name: str
    event: str
    summary: str
    params: dict[str, Any]
    source: str
    source_kind: str
    reconstructed: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActivationBox:
    """One box (LIMITED or FULL WAR) of a Roman Activation card (8.6.3)."""

    military: bool
    siege: int | None
    diplomacy: bool
    legions: int
    battle: int | None
    squadrons: int


@dataclass(frozen=True)
class RomanActivationCard:
    id: str
    limited: ActivationBox
    full: ActivationBox
    source: str
    source_kind: str

    def box(self, side: str) -> ActivationBox:
        """The box used under the Agenda's current side, 'limited' or 'full' (8.6.3)."""
        return self.full if side == "full" else self.limited


@dataclass(frozen=True)
class Scope:
    """Where Rome may Campaign under an Agenda side (8.1.2)."""

    regions: tuple[str, ...] = ()
    satrapies: tuple[str, ...] = ()
    seas: tuple[str, ...] = ()
    everywhere: bool = False


@dataclass(frozen=True)
class AgendaSide:
    scope: Scope
    allies_sought: tuple[str, ...]
    trigger: str | None
    next: str | None
    guarantees: str | None
    source: str
    source_kind: str
    reconstructed: tuple[str, ...] = ()


@dataclass(frozen=True)
class AgendaCard:
    """A double-sided Roman Agenda card (8.1)."""

    id: str
    name: str
    order: int
    limited: AgendaSide
    full: AgendaSide
    notes: str | None
    source: str
    source_kind: str

    def side(self, side: str) -> AgendaSide:
        return self.full if side == "full" else self.limited


@dataclass(frozen=True)
class SpwStep:
    """One face of a Second Punic War card (8.3)."""

    id: str
    name: str
    card: int
    side: str
    step: int
    final: bool
    squadron_cap: int
    rb_cap: int | None
    test: str | None
    agenda_side: str | None
    instructions: str
    source: str
    source_kind: str
    reconstructed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Components:
    """Everything in the four component files."""

    units: dict[str, UnitType]
    markers: dict[str, Marker]
    leaders: dict[str, Leader]
    events: dict[str, Event]
    alternates: dict[str, Event]
    mechanics: dict[str, Mechanic]
    roman_activation: dict[str, RomanActivationCard]
    agendas: dict[str, AgendaCard]
    spw: dict[str, SpwStep]

    def records(self) -> Iterator[tuple[str, str, Any]]:
        """(file, section, record) for every top-level record."""
        sections = (("units.yaml", "units", self.units), ("units.yaml", "markers", self.markers),
                    ("leaders.yaml", "leaders", self.leaders),
                    ("events.yaml", "mechanics", self.mechanics),
                    ("events.yaml", "alternates", self.alternates),
                    ("events.yaml", "events", self.events),
                    ("cards.yaml", "roman_activation", self.roman_activation),
                    ("cards.yaml", "agendas", self.agendas), ("cards.yaml", "spw", self.spw))
        for filename, section, table in sections:
            for record in table.values():
                yield filename, section, record

    def replacements(self, kingdom: str) -> list[Leader]:
        """The Kingdom's Replacement pool (2.2.11)."""
        return [ld for ld in self.leaders.values() if ld.replacement and ld.affiliation == kingdom]

    def recurrent_events(self, turn: int) -> list[Event]:
        """The Recurrent Events in the deck on ``turn`` (4.1)."""
        return [e for e in self.events.values() if e.kind == "recurrent" and e.in_deck(turn)]

    def one_offs(self, turn: int) -> list[Event]:
        """One-Off Events whose printed Turn is ``turn`` (3.2); unknown Turns are left out."""
        return [e for e in self.events.values() if e.kind == "one-off" and e.turn == turn]


# ------------------------------------------------------------------ small checkers
def _err(rec: LineDict, key: str | None, message: str) -> DataError:
    return rec.error(key, message)


def _keys(rec: LineDict, allowed: set[str], required: set[str]) -> None:
    for key in rec:
        if key not in allowed:
            raise _err(rec, key, f"unknown key (allowed: {', '.join(sorted(allowed))})")
    for key in sorted(required):
        if key not in rec:
            raise _err(rec, None, f"missing key '{key}'")


def _mapping(value: Any, parent: LineDict, key: str) -> LineDict:
    if not isinstance(value, LineDict):
        raise _err(parent, key, f"expected a mapping, got {type(value).__name__}")
    return value


def _records(doc: Any, key: str, path: Path) -> list[LineDict]:
    """The list under ``key`` of a file's top mapping, every item a mapping."""
    if not isinstance(doc, LineDict):
        raise DataError(path, 1, None, "the file must hold a mapping")
    if key not in doc:
        raise DataError(path, doc.line, key, "missing section")
    items = doc[key]
    if not isinstance(items, list):
        raise _err(doc, key, "expected a list of records")
    for index, item in enumerate(items):
        if not isinstance(item, LineDict):
            raise _err(doc, key, f"item {index + 1} is not a mapping")
    return items


def _top(doc: Any, path: Path, allowed: set[str]) -> None:
    if not isinstance(doc, LineDict):
        raise DataError(path, 1, None, "the file must hold a mapping")
    _keys(doc, allowed, allowed)


def _id(rec: LineDict, pattern: re.Pattern[str], seen: dict[str, LineDict]) -> str:
    value = require(rec, "id", str)
    if not pattern.match(value):
        raise _err(rec, "id", f"malformed id '{value}'")
    if value in seen:
        raise _err(rec, "id", f"duplicate id '{value}' (first at line {seen[value].line})")
    seen[value] = rec
    return value


def _int(rec: LineDict, key: str, lo: int, hi: int, *, nullable: bool = False) -> int | None:
    value = require(rec, key, (int, type(None)) if nullable else int)
    if value is not None and not lo <= value <= hi:
        raise _err(rec, key, f"{value} is outside {lo}..{hi}")
    return value


def _bool(rec: LineDict, key: str, *, default: bool | None = None) -> bool:
    if default is not None and key not in rec:
        return default
    return require(rec, key, bool)


def _text(rec: LineDict, key: str, *, nullable: bool = False, optional: bool = False) -> str | None:
    if optional and key not in rec:
        return None
    value = require(rec, key, (str, type(None)) if nullable else str)
    if isinstance(value, str) and not value.strip():
        raise _err(rec, key, "empty text")
    return value


def _choice(rec: LineDict, key: str, choices: tuple[str, ...], *, nullable: bool = False,
            optional: bool = False) -> str | None:
    if optional and key not in rec:
        return None
    value = require(rec, key, (str, type(None)) if nullable else str)
    if value is not None and value not in choices:
        raise _err(rec, key, f"'{value}' is not one of {', '.join(choices)}")
    return value


def _list(rec: LineDict, key: str, choices: frozenset[str] | tuple[str, ...] | None = None, *,
          optional: bool = False, unique: bool = True) -> tuple[str, ...]:
    if optional and key not in rec:
        return ()
    values = require(rec, key, list)
    for value in values:
        if not isinstance(value, str):
            raise _err(rec, key, f"expected text items, got {value!r}")
        if choices is not None and value not in choices:
            raise _err(rec, key, f"unknown '{value}'")
    if unique and len(set(values)) != len(values):
        raise _err(rec, key, "repeated item")
    return tuple(values)


def _provenance(rec: LineDict) -> tuple[str, str, tuple[str, ...]]:
    """(source, kind, reconstructed fields); checks the ``reconstructed`` block."""
    kind = source_kind(rec)
    fields: tuple[str, ...] = ()
    if "reconstructed" in rec:
        block = _mapping(rec["reconstructed"], rec, "reconstructed")
        _keys(block, {"fields", "why"}, {"fields", "why"})
        fields = _list(block, "fields")
        if not fields:
            raise _err(block, "fields", "name at least one reconstructed field")
        _text(block, "why")
        for name in fields:
            if name not in rec:
                raise _err(block, "fields", f"'{name}' is not a key of this record")
    return rec["source"], kind, fields


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


# ------------------------------------------------------------------ events.yaml
_EVENT_KEYS = {"id", "number", "title", "kind", "one_off_type", "kingdom", "turn",
               "turn_range", "active_turns", "replaced_by", "replaces", "activation_sequence",
               "mechanic", "effect", "effect_known", "units", "two_player", "scenario_notes",
               "notes", "source", "reconstructed", "ops", "pending", "winter"}
_PENDING_KEYS = {"who", "activation", "when", "ops", "text"}
_MECHANIC_PARAMS = {"lose_on", "last_squadron_second_roll", "remove_on_2d6"}


def _turn_pair(rec: LineDict, key: str) -> tuple[int, int]:
    pair = require(rec, key, list)
    if len(pair) != 2 or not all(isinstance(t, int) and not isinstance(t, bool) for t in pair):
        raise _err(rec, key, "expected [first, last] Turns")
    first, last = pair
    if not 1 <= first <= last <= LAST_TURN:
        raise _err(rec, key, f"[{first}, {last}] is not a range of Turns 1..{LAST_TURN}")
    return first, last


def _sequence(rec: LineDict, powers: tuple[str, ...]) -> tuple[str, ...]:
    seq = _list(rec, "activation_sequence", powers)
    if set(seq) != set(powers):
        raise _err(rec, "activation_sequence",
                   f"every Major Power activates once: {', '.join(powers)} (3.6)")
    return seq


def _two_player(rec: LineDict) -> TwoPlayer | None:
    if "two_player" not in rec:
        return None
    block = _mapping(rec["two_player"], rec, "two_player")
    _keys(block, {"removed", "alternate", "change"}, {"removed", "alternate", "change"})
    return TwoPlayer(_bool(block, "removed"), _text(block, "alternate", nullable=True),
                     _text(block, "change", nullable=True))


def _scenario_notes(rec: LineDict) -> dict[str, str]:
    if "scenario_notes" not in rec:
        return {}
    block = _mapping(rec["scenario_notes"], rec, "scenario_notes")
    for key in block:
        if key not in SCENARIOS:
            raise _err(block, str(key), f"unknown scenario (one of {', '.join(SCENARIOS)})")
        _text(block, key)
    return dict(block)


def _event(rec: LineDict, seen: dict[str, LineDict]) -> Event:
    _keys(rec, _EVENT_KEYS, {"id", "number", "title", "kind", "effect", "effect_known", "source"})
    eid = _id(rec, _EVENT_ID, seen)
    number = _int(rec, "number", 1, N_EVENTS)
    if eid != f"ev-{number:02d}":
        raise _err(rec, "number", f"number {number} does not match id {eid}")
    kind = _choice(rec, "kind", EVENT_KINDS)
    turn = turn_range = active = None
    sequence: tuple[str, ...] = ()
    if kind == "recurrent":
        active = _turn_pair(rec, "active_turns")
        sequence = _sequence(rec, MAJOR_POWERS)
    else:
        for key in ("active_turns", "activation_sequence", "mechanic"):
            if key in rec:
                raise _err(rec, key, "only Recurrent Events have this (4.1)")
    if kind == "one-off":
        if "turn" not in rec:
            raise _err(rec, None, "a One-Off needs 'turn' (null if unknown) (3.2)")
        turn = _int(rec, "turn", 1, LAST_TURN, nullable=True)
        if "turn_range" in rec:
            turn_range = _turn_pair(rec, "turn_range")
            if turn is not None and "turn" not in _recon_fields(rec):
                raise _err(rec, "turn_range", "give either a known turn or a range (or "
                                              "mark the turn reconstructed)")
        elif turn is None:
            raise _err(rec, "turn", "an unknown Turn needs a 'turn_range'")
        if turn is not None and turn_range is not None and \
                not turn_range[0] <= turn <= turn_range[1]:
            raise _err(rec, "turn", f"Turn {turn} is outside the derived range {turn_range}")
    else:
        for key in ("turn_range", "one_off_type"):
            if key in rec:
                raise _err(rec, key, "only One-Off Events have this (4.3)")
        if rec.get("turn") is not None:
            raise _err(rec, "turn", "only One-Off Events carry a Turn (4.3)")
    kingdom = _choice(rec, "kingdom", KINGDOMS, optional=True)
    if (kind == "succession") != (kingdom is not None):
        raise _err(rec, "kind", "a Succession Crisis, and only it, names its Kingdom (4.5)")
    effect = _text(rec, "effect", nullable=True)
    known = _choice(rec, "effect_known", EFFECT_KNOWN)
    if effect is None and known != "none":
        raise _err(rec, "effect_known", "a null effect is 'none'")
    source, skind, recon = _provenance(rec)
    ops, pend, winter = _event_parts(rec)
    return Event(
        id=eid, number=number, title=_text(rec, "title", nullable=True), kind=kind,
        one_off_type=_choice(rec, "one_off_type", ONE_OFF_TYPES, optional=True),
        kingdom=kingdom, turn=turn, turn_range=turn_range, active_turns=active,
        activation_sequence=sequence,
        mechanic=_text(rec, "mechanic", nullable=True, optional=True), effect=effect,
        effect_known=known, units=_list(rec, "units", optional=True),
        replaces=_text(rec, "replaces", optional=True),
        replaced_by=_text(rec, "replaced_by", optional=True), two_player=_two_player(rec),
        scenario_notes=_scenario_notes(rec), notes=_text(rec, "notes", optional=True),
        source=source, source_kind=skind, reconstructed=recon, ops=ops, pending=pend,
        winter=winter,
        why=str(rec["reconstructed"]["why"]) if "reconstructed" in rec else "")


def _recon_fields(rec: LineDict) -> list[str]:
    block = rec.get("reconstructed")
    return list(block.get("fields") or []) if isinstance(block, dict) else []


def _plain(value: Any) -> Any:
    """YAML mappings and lists as plain dicts and lists (the cache stores plain data)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _event_parts(rec: LineDict) -> tuple[tuple, dict | None, tuple]:
    """The Immediate operations, the Pending part and the Winter operations of a card,
    checked against the effect vocabulary (:mod:`rules.hubris.event_effects`)."""
    errors: list[str] = []
    ops = _plain(rec.get("ops") or [])
    errors += upcalls.validate_effects(ops, "ops")
    winter = _plain(rec.get("winter") or [])
    errors += upcalls.validate_effects(winter, "winter")
    pend = None
    if rec.get("pending") is not None:
        block = _mapping(rec["pending"], rec, "pending")
        _keys(block, _PENDING_KEYS, {"ops", "text"})
        pend = _plain(dict(block))
        errors += upcalls.validate_effects(pend["ops"], "pending.ops")
    if errors:
        raise _err(rec, "ops" if "ops" in rec else "pending", "; ".join(errors[:3]))
    if rec.get("effect_known") == "none" and (ops or pend):
        raise _err(rec, "effect_known", "a card with operations has a known or "
                                        "reconstructed effect")
    return tuple(ops), pend, tuple(winter)


def _alternate(rec: LineDict, seen: dict[str, LineDict]) -> Event:
    _keys(rec, {"id", "title", "replaces", "kind", "activation_sequence", "mechanic", "effect",
                "effect_known", "source", "reconstructed"},
          {"id", "title", "replaces", "kind", "activation_sequence", "mechanic", "effect",
           "effect_known", "source"})
    aid = _id(rec, re.compile(r"^alt-ev-\d{2}$"), seen)
    _choice(rec, "kind", ("recurrent",))
    # Non-Player Macedon's icons are ignored (10.5): the Kingdoms and Rome activate
    sequence = _sequence(rec, ("seleucids", "ptolemies", "rome"))
    source, skind, recon = _provenance(rec)
    return Event(
        id=aid, number=None, title=_text(rec, "title"), kind="recurrent",
        active_turns=(1, LAST_TURN), activation_sequence=sequence,
        mechanic=_text(rec, "mechanic", nullable=True), effect=_text(rec, "effect", nullable=True),
        effect_known=_choice(rec, "effect_known", EFFECT_KNOWN),
        replaces=_text(rec, "replaces"), source=source, source_kind=skind, reconstructed=recon)


def _mechanic(rec: LineDict, seen: dict[str, LineDict]) -> Mechanic:
    _keys(rec, {"id", "name", "event", "summary", "source", "reconstructed"} | _MECHANIC_PARAMS,
          {"id", "name", "event", "summary", "source"})
    mid = _id(rec, _UNIT_ID, seen)
    params = {}
    for key in _MECHANIC_PARAMS & set(rec):
        value = rec[key]
        values = value if isinstance(value, list) else [value]
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 12
                                 for v in values):
            raise _err(rec, key, "expected a die result 1-12 or a list of them")
        params[key] = value
    source, skind, recon = _provenance(rec)
    return Mechanic(mid, _text(rec, "name"), _text(rec, "event"), _text(rec, "summary"), params,
                    source, skind, recon)


def _load_events(path: Path):
    doc = load_yaml(path)
    _top(doc, path, {"mechanics", "alternates", "events"})
    mseen: dict[str, LineDict] = {}
    mechanics = {m.id: m for m in (_mechanic(r, mseen) for r in _records(doc, "mechanics", path))}
    aseen: dict[str, LineDict] = {}
    alternates = {a.id: a for a in (_alternate(r, aseen)
                                    for r in _records(doc, "alternates", path))}
    seen: dict[str, LineDict] = {}
    events = {e.id: e for e in (_event(r, seen) for r in _records(doc, "events", path))}
    if len(events) != N_EVENTS:
        raise _err(doc, "events", f"{len(events)} Event cards, the game has {N_EVENTS} (1.2)")
    kinds = Counter(e.kind for e in events.values())
    if kinds["winter"] != 1:
        raise _err(doc, "events", "exactly one Winter Quarters card (4.2)")
    crises = sorted(e.kingdom for e in events.values() if e.kind == "succession")
    if crises != sorted(KINGDOMS):
        raise _err(doc, "events", "one Succession Crisis per Kingdom (4.5)")
    for turn in range(1, LAST_TURN + 1):
        active = [e for e in events.values() if e.kind == "recurrent" and e.in_deck(turn)]
        if len(active) != RECURRENT_PER_TURN:
            raise _err(doc, "events", f"Turn {turn} has {len(active)} Recurrent Events, "
                                      f"not {RECURRENT_PER_TURN} (4.1)")
    return mechanics, alternates, events, {**mseen, **aseen, **seen}


# ------------------------------------------------------------------ cards.yaml
def _activation_box(parent: LineDict, key: str) -> ActivationBox:
    box = _mapping(require(parent, key, dict), parent, key)
    names = {"military", "siege", "diplomacy", "legions", "battle", "squadrons"}
    _keys(box, names, names)
    military = _bool(box, "military")
    siege = _int(box, "siege", 4, 4, nullable=True)
    if military != (siege is not None):
        raise _err(box, "siege", "a Military icon carries a Siege Rating, always 4 (8.6.3)")
    legions = _int(box, "legions", 0, 3)
    battle = _int(box, "battle", *RATING, nullable=True)
    if (legions > 0) != (battle is not None):
        raise _err(box, "battle", "Legions come with a Battle Rating, and only they do (8.6.3)")
    if military and not legions:
        raise _err(box, "military", "a Campaign needs a Consul, who leaves without Legions "
                                    "(8.6.3, 8.6.5)")
    return ActivationBox(military, siege, _bool(box, "diplomacy"), legions, battle,
                         _int(box, "squadrons", 0, 2))


def _roman_card(rec: LineDict, seen: dict[str, LineDict]) -> RomanActivationCard:
    _keys(rec, {"id", "limited", "full", "source"}, {"id", "limited", "full", "source"})
    cid = _id(rec, re.compile(r"^ra-[1-9]$"), seen)
    limited, full = _activation_box(rec, "limited"), _activation_box(rec, "full")
    source, skind, _ = _provenance(rec)
    return RomanActivationCard(cid, limited, full, source, skind)


def _scope(parent: LineDict) -> Scope:
    block = _mapping(require(parent, "scope", dict), parent, "scope")
    _keys(block, {"regions", "satrapies", "seas", "everywhere"}, set())
    everywhere = _bool(block, "everywhere", default=False)
    scope = Scope(_list(block, "regions", REGIONS, optional=True),
                  _list(block, "satrapies", SATRAPIES, optional=True),
                  _list(block, "seas", SEAS, optional=True), everywhere)
    if everywhere == bool(scope.regions or scope.satrapies or scope.seas):
        raise _err(block, None, "a Scope is either 'everywhere' or a list of places (8.1.2)")
    return scope


def _agenda_side(card: LineDict, key: str) -> AgendaSide:
    side = _mapping(require(card, key, dict), card, key)
    _keys(side, {"scope", "allies_sought", "trigger", "next", "guarantees", "source",
                 "reconstructed"}, {"scope", "allies_sought", "trigger", "next", "guarantees"})
    allies = _list(side, "allies_sought", MINORS)
    if "parthians" in allies:
        raise _err(side, "allies_sought", "no Power may ever ally with the Parthians (2.13.10)")
    if "source" in side:
        source, skind, recon = _provenance(side)
    else:
        source, skind, recon = card["source"], source_kind(card), ()
    return AgendaSide(_scope(side), allies, _text(side, "trigger", nullable=True),
                      _text(side, "next", nullable=True),
                      _text(side, "guarantees", nullable=True), source, skind, recon)


def _agenda(rec: LineDict, seen: dict[str, LineDict]) -> AgendaCard:
    _keys(rec, {"id", "name", "order", "limited", "full", "notes", "source"},
          {"id", "name", "order", "limited", "full", "source"})
    aid = _id(rec, _UNIT_ID, seen)
    source, skind, _ = _provenance(rec)
    return AgendaCard(aid, _text(rec, "name"), _int(rec, "order", 1, N_AGENDAS),
                      _agenda_side(rec, "limited"), _agenda_side(rec, "full"),
                      _text(rec, "notes", optional=True), source, skind)


def _spw(rec: LineDict, seen: dict[str, LineDict]) -> SpwStep:
    names = {"id", "name", "card", "side", "step", "final", "squadron_cap", "rb_cap", "test",
             "agenda_side", "instructions", "source", "reconstructed"}
    _keys(rec, names, names - {"reconstructed"})
    sid = _id(rec, re.compile(r"^spw-[a-z0-9-]+$"), seen)
    source, skind, recon = _provenance(rec)
    return SpwStep(
        id=sid, name=_text(rec, "name"), card=_int(rec, "card", 1, N_SPW_CARDS),
        side=_choice(rec, "side", ("front", "back")), step=_int(rec, "step", 1, 2 * N_SPW_CARDS),
        final=_bool(rec, "final"), squadron_cap=_int(rec, "squadron_cap", 0, 6),
        rb_cap=_int(rec, "rb_cap", -2, 2, nullable=True),
        test=_text(rec, "test", nullable=True),
        agenda_side=_choice(rec, "agenda_side", ("limited", "full"), nullable=True),
        instructions=_text(rec, "instructions"), source=source, source_kind=skind,
        reconstructed=recon)


def _load_cards(path: Path):
    doc = load_yaml(path)
    _top(doc, path, {"roman_activation", "agendas", "spw"})
    seen: dict[str, LineDict] = {}
    roman = {c.id: c for c in (_roman_card(r, seen)
                               for r in _records(doc, "roman_activation", path))}
    if len(roman) != N_ROMAN_ACTIVATION:
        raise _err(doc, "roman_activation",
                   f"{len(roman)} Roman Activation cards, the game has {N_ROMAN_ACTIVATION} (1.2)")
    agendas = {a.id: a for a in (_agenda(r, seen) for r in _records(doc, "agendas", path))}
    if sorted(a.order for a in agendas.values()) != list(range(1, N_AGENDAS + 1)):
        raise _err(doc, "agendas", f"{N_AGENDAS} Agenda cards ordered 1..{N_AGENDAS} (1.2, 8.1)")
    by_order = {a.order: a for a in agendas.values()}
    for card in agendas.values():
        want = by_order[card.order + 1].id if card.order < N_AGENDAS else None
        for side_name in ("limited", "full"):
            side = card.side(side_name)
            if side.next != want:
                raise _err(seen[card.id][side_name], "next",
                           f"the Agenda after {card.id} is {want} (8.1, never backwards)")
    spw = {s.id: s for s in (_spw(r, seen) for r in _records(doc, "spw", path))}
    faces = Counter((s.card, s.side) for s in spw.values())
    if len(faces) != 2 * N_SPW_CARDS or any(n != 1 for n in faces.values()):
        raise _err(doc, "spw", f"{N_SPW_CARDS} double-sided cards: each card needs one front "
                               "and one back (1.2)")
    steps = sorted(s.step for s in spw.values() if not s.final)
    if steps != list(range(1, len(steps) + 1)):
        raise _err(doc, "spw", "the non-final steps must be numbered 1, 2, 3 ... (8.3.1)")
    finals = [s for s in spw.values() if s.final]
    if len(finals) != 2 or any(s.step <= steps[-1] for s in finals):
        raise _err(doc, "spw", "two final cards after the last step (8.3.2)")
    return roman, agendas, spw, seen


# ------------------------------------------------------------------ cross-references
def _cross_check(c: Components, where: dict[str, LineDict]) -> None:
    def need(ok: bool, rid: str, key: str, message: str) -> None:
        if not ok:
            raise _err(where[rid], key, message)

    for u in c.units.values():
        if u.enters and u.enters != "event":
            if "/" in u.enters:
                lid, ability = u.enters.split("/", 1)
                ok = lid in c.leaders and any(a.id == ability for a in c.leaders[lid].abilities)
                need(ok, u.id, "enters", f"no Leader ability '{u.enters}'")
            else:
                need(u.enters in c.events, u.id, "enters", f"no event '{u.enters}'")
        if u.replaces:
            need(u.replaces in c.units, u.id, "replaces", f"no unit '{u.replaces}'")
        if u.replaced_by_leader:
            ld = c.leaders.get(u.replaced_by_leader)
            need(ld is not None and ld.elite_unit == u.id, u.id, "replaced_by_leader",
                 f"Leader '{u.replaced_by_leader}' does not name this unit as elite_unit")
    for ld in c.leaders.values():
        if ld.elite_unit:
            unit = c.units.get(ld.elite_unit)
            need(unit is not None and unit.kind == "minor" and unit.replaced_by_leader == ld.id,
                 ld.id, "elite_unit", f"'{ld.elite_unit}' is not a Minor Unit tied to {ld.id}")
        if ld.entry_event:
            need(ld.entry_event in c.events, ld.id, "entry_event", f"no '{ld.entry_event}'")
    for e in list(c.events.values()) + list(c.alternates.values()):
        for uid in e.units:
            need(uid in c.units, e.id, "units", f"no unit '{uid}'")
        for key, ref in (("replaces", e.replaces), ("replaced_by", e.replaced_by)):
            if ref:
                need(ref in c.events, e.id, key, f"no event '{ref}'")
        if e.mechanic:
            need(e.mechanic in c.mechanics, e.id, "mechanic", f"no mechanic '{e.mechanic}'")
        if e.two_player and e.two_player.alternate:
            need(e.two_player.alternate in c.alternates, e.id, "two_player",
                 f"no alternate '{e.two_player.alternate}'")
    for m in c.mechanics.values():
        need(m.event in c.events, m.id, "event", f"no event '{m.event}'")


# ------------------------------------------------------------------ entry points
def load_components(directory: str | Path | None = None) -> Components:
    """Load and check the four files from ``directory`` (default ``assets/hubris``)."""
    base = Path(directory) if directory is not None else asset_dir("hubris")
    return _load(str(base.resolve()))


@functools.cache
def _load(base: str) -> Components:
    root = Path(base)
    units, markers, unit_where = _load_units(root / "units.yaml")
    leaders, leader_where = _load_leaders(root / "leaders.yaml")
    mechanics, alternates, events, event_where = _load_events(root / "events.yaml")
    roman, agendas, spw, card_where = _load_cards(root / "cards.yaml")
    comps = Components(units, markers, leaders, events, alternates, mechanics, roman, agendas,
                       spw)
    _cross_check(comps, {**unit_where, **leader_where, **event_where, **card_where})
    return comps


def components() -> Components:
    """The game's component data, loaded once."""
    return load_components()


def check_components(directory: str | Path | None = None) -> dict[str, int]:
    """Number of top-level records by source kind; raises DataError on the first problem."""
    counts = dict.fromkeys(SOURCE_KINDS, 0)
    for _file, _section, record in load_components(directory).records():
        counts[record.source_kind] += 1
    return counts


def component_report(directory: str | Path | None = None) -> dict[str, dict[str, int]]:
    """Per section: records by source kind, plus how many carry reconstructed fields."""
    report: dict[str, dict[str, int]] = {}
    for filename, section, record in load_components(directory).records():
        row = report.setdefault(f"{filename}:{section}", {})
        row[record.source_kind] = row.get(record.source_kind, 0) + 1
        if getattr(record, "reconstructed", ()):
            row["with reconstructed fields"] = row.get("with reconstructed fields", 0) + 1
    return report
