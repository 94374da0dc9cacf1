"""Hubris component data, the vocabulary and the records (rules 1.2, 2.1, 2.2, 2.5, 2.13, 4,
8): what :mod:`rules.hubris.components` reads the four component files into."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

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
