"""The static facts the rules read: map geometry (2.5), Leader cards (2.2.2), Event cards (4.0).

The rules modules never read YAML themselves: they receive a :class:`RulesData`. Production
builds it from the data engineer's map/scenario loaders and the components engineer's cards
(:mod:`rules.hubris.rulesdata_load`); tests build small ones by hand.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

#: node -> its neighbours (a dict used as an ordered set)
Adjacency = dict[str, dict[str, None]]


def undirected(nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> Adjacency:
    """Neighbours of each node in the order networkx's ``Graph`` keeps them: the order the
    edges touching the node were first added."""
    adj: Adjacency = {n: {} for n in nodes}
    for a, b in edges:
        adj.setdefault(a, {})[b] = None
        adj.setdefault(b, {})[a] = None
    return adj


class PlaceInfo(NamedTuple):
    """A Place (2.5.4): City or Tribe, Subject/Greek/Free, Port sea, Stronghold THM, Capital."""

    id: str
    satrapy: str
    kind: str = "city"                 # city | tribe
    status: str = "free"               # subject | greek | free
    port: str | None = None            # the Sea Area its naval base borders (2.5.5)
    stronghold: int = 0                # 0, -1, -2 (5.2.6, 5.2.7)
    capital_of: str | None = None      # kingdom whose original Capital it is (2.5.6)
    name: str = ""


class SatrapyInfo(NamedTuple):
    """A Satrapy (2.5.2): values are (reduced, full) pairs; ``vp`` per Kingdom colour."""

    id: str
    places: tuple[str, ...]
    vp: dict[str, tuple[Any, Any]] = {}  # noqa: RUF012 power -> (reduced, full); never mutated
    tax: tuple[Any, Any] = (0, 0)
    supply: int = 1
    rough: bool = False
    shipyard: bool = False
    seas: tuple[str, ...] = ()         # bordering Sea Areas (Coastal if any)
    name: str = ""

    @property
    def coastal(self) -> bool:
        return bool(self.seas)


class LeaderCard(NamedTuple):
    """The printed card of a Leader (2.2.2). A rating of None means no such Capability."""

    id: str
    name: str
    affiliation: str                   # seleucids | ptolemies | macedon | unaffiliated | ...
    start: int | None = 1
    end: int | None = 11
    rank: int = 0                      # Royal Family Succession Rank, 0 = not Royal
    battle: int | None = None
    siege: int | None = None
    diplomacy: int | None = None
    admin: int | None = None
    loyalty: int | None = None
    intrigue: int = 0
    replacement: bool = False          # a Replacement Leader (2.2.11)
    abilities: tuple[str, ...] = ()
    source: str = ""

    @property
    def military(self) -> bool:
        return self.battle is not None


class EventCard(NamedTuple):
    """An Event card (4.0): ``kind`` recurrent|winter|one-off|succession; ``sequence`` 3.6."""

    id: str
    number: int
    name: str
    kind: str
    turn: int | None = None
    sequence: tuple[str, ...] = ()
    leader: str | None = None          # Unaffiliated Leader an Event brings in (2.2.7)
    mechanic: str | None = None        # gears mechanic of a Recurrent Event (4.1)
    active_turns: tuple[int, int] | None = None
    source: str = ""
    one_off_type: str | None = None    # immediate | pending | immediate-pending (4.3)
    summary: str = ""                  # our summary of the card (events.yaml ``effect``)
    ops: tuple = ()                    # the Immediate part (rules.hubris.event_effects)
    pending: dict | None = None        # the Pending part: who, activation, when, ops, text
    winter: tuple = ()                 # what an ongoing card does in Winter (3.7.1)
    reconstructed: tuple[str, ...] = ()    # fields we reconstructed
    why: str = ""                      # why, when reconstructed


@dataclass
class RulesData:
    """Everything static the rules need, plus the Control/VP refresher (2.6, 2.11)."""

    satrapies: dict[str, SatrapyInfo]
    places: dict[str, PlaceInfo]
    seas: dict[str, tuple[str, ...]]                                  # sea -> adjacent seas
    land_edges: list[tuple[str, str]]                                 # Satrapy borders (2.5.1)
    straits: list[tuple[str, str, str]] = field(default_factory=list)         # (a, b, sea) 6.5
    border_costs: dict[frozenset[str], int] = field(default_factory=dict)     # 5.2.3
    leaders: dict[str, LeaderCard] = field(default_factory=dict)
    events: dict[str, EventCard] = field(default_factory=dict)
    squadrons_per_kingdom: dict[str, int] = field(default_factory=dict)       # counter mix 2.13.8
    #: (state, changed Places or None for all) -> None: ``control.refresh``
    refresh: Callable[[dict[str, Any], list[str] | None], None] | None = None
    #: what each Event card's dialog shows of the card itself (title, kind line, text,
    #: provenance, Rome cues): static like the cards, written by
    #: :func:`rules.hubris.cards.card_context` the first time a card is shown
    card_faces: dict[str, dict[str, str]] = field(default_factory=dict, repr=False,
                                                  compare=False)
    #: derived from the fields above (``__post_init__``)
    land_adj: Adjacency = field(init=False, repr=False, compare=False)
    _neighbours: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _ports: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _capitals: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _greek_or_free: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _shipyard_ports: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.land_adj = undirected(self.satrapies, self.land_edges)
        self._neighbours = {s: tuple(sorted(adj)) for s, adj in self.land_adj.items()}
        ports: dict[str, list[str]] = {}
        for p in sorted(self.places):
            port = self.places[p].port
            if port is not None:
                ports.setdefault(port, []).append(p)
        self._ports = {sea: tuple(ps) for sea, ps in ports.items()}
        capitals: dict[str, list[str]] = {}
        for p in sorted(self.places):
            k = self.places[p].capital_of
            if k is not None:
                capitals.setdefault(k, []).append(p)
        self._capitals = {k: tuple(ps) for k, ps in capitals.items()}
        self._shipyard_ports = {
            s: tuple(p for p in info.places if p in self.places and self.places[p].port)
            for s, info in self.satrapies.items() if info.shipyard}
        self._greek_or_free = {
            s: tuple(p for p in info.places
                     if p in self.places and self.places[p].status in ("greek", "free"))
            for s, info in self.satrapies.items()}

    # --- geometry ----------------------------------------------------------------------
    def shipyard_ports(self, s: str) -> tuple[str, ...]:
        """The Ports of ``s`` when it has a Shipyard (5.9.1), in map order; else none."""
        return self._shipyard_ports.get(s, ())

    def greek_or_free(self, s: str) -> tuple[str, ...]:
        """The Greek and Free Places of ``s`` in map order (an Envoy's, 5.5.1)."""
        return self._greek_or_free.get(s, ())

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.land_adj.get(a, ())

    def neighbours(self, s: str) -> tuple[str, ...]:
        """The Satrapies sharing a land border with ``s``, sorted."""
        return self._neighbours.get(s, ())

    def straits_partners(self, s: str) -> list[tuple[str, str]]:
        """(other side, intervening sea) of each Straits Crossing from ``s`` (2.5.1)."""
        out = []
        for a, b, sea in self.straits:
            if a == s:
                out.append((b, sea))
            elif b == s:
                out.append((a, sea))
        return out

    def border_cost(self, a: str, b: str) -> int:
        return self.border_costs.get(frozenset((a, b)), 0)

    def coasts_of(self, sea: str) -> list[str]:
        """Satrapies bordering ``sea``."""
        return sorted(s for s, info in self.satrapies.items() if sea in info.seas)

    def ports_on(self, sea: str) -> tuple[str, ...]:
        """The Places whose naval base borders ``sea`` (2.5.5), sorted."""
        return self._ports.get(sea, ())

    def capitals_of(self, k: str) -> tuple[str, ...]:
        """The original Capitals of Kingdom ``k`` (2.5.6), in name order."""
        return self._capitals.get(k, ())

    def card(self, leader: str) -> LeaderCard:
        return self.leaders[leader]
