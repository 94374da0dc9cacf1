"""The reconstructed edition's data (assets/athens-sparta/*.yaml), loaded and checked once.

Spaces (with allies and colony slots), roads (a networkx graph), regions, sides, assets,
leaders and both card decks become small frozen records; every record keeps its ``source``.
Errors name the file, the line and the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from rules.engine.data import DataError, LineDict, load_yaml, require, source_kind
from rules.engine.map_graph import map_graph
from rules.engine.registry import asset_dir

from .cards import card_text

if TYPE_CHECKING:   # networkx is imported by the first road search, not at start-up
    import networkx as nx

GAME_ID = "athens-sparta"
SIDES = ("athens", "sparta")
BOXES = ("elite", "cavalry", "skirmisher", "allied_fleet")
ADVANTAGES = ("elite", "cavalry", "skirmisher", "allied_fleet", "larger", "home")
ACTION_EFFECTS = ("envoy", "colony", "talents", "favour", "army", "enemy_army", "battle_cards")
BATTLE_EFFECTS = ("strength", "cancel", "box", "rout")


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    lon: float
    lat: float
    kind: str                   # space | ally | colony
    region: str | None          # None for an ally (aid: Allies)
    autonomy: int
    capital: str | None
    harbour: bool
    start: dict[str, int]
    reward: int = 0             # an ally's talents at the Regional Assessment
    box: dict[str, int] = field(default_factory=dict)   # an ally's battle-box values
    source: str = ""

    @property
    def megapolis(self) -> bool:
        return self.kind != "ally" and self.autonomy == 3


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    reward: int
    source: str


@dataclass(frozen=True)
class Asset:
    id: str
    side: str
    box: str
    name: str
    value: int
    mercenary: bool
    source: str


@dataclass(frozen=True)
class Leader:
    id: str
    side: str
    name: str
    named: bool
    enters: int
    source: str


@dataclass(frozen=True)
class Card:
    id: str                     # "<kind>-<n>"
    kind: str                   # action | battle
    name: str
    effect: dict[str, Any]
    war: str                    # land | sea | both (battle cards)
    source: str

    @property
    def text(self) -> str:
        return card_text(self)


@dataclass
class Edition:
    spaces: dict[str, Space]
    regions: dict[str, Region]
    roads: list[tuple[str, str, str | None]]     # a, b, colony it needs (None: always)
    assets: dict[str, Asset]
    leaders: dict[str, Leader]
    cards: dict[str, Card]
    action_deck: list[str]
    battle_deck: list[str]
    mats: dict[str, Any]
    counts: dict[str, int] = field(default_factory=dict)

    def graph(self, colonies: set[str]) -> nx.Graph:
        """The roads that exist with ``colonies`` placed (aid: Colonies)."""
        return map_graph((s for s, sp in self.spaces.items()
                          if sp.kind != "colony" or s in colonies),
                         ((a, b) for a, b, col in self.roads if col is None or col in colonies))


def _count(counts: dict[str, int], record: LineDict) -> None:
    kind = source_kind(record)
    counts[kind] = counts.get(kind, 0) + 1


def _space(rec: LineDict, kind: str, regions: dict[str, Region]) -> Space:
    sid = require(rec, "id", str)
    region = require(rec, "region", str, optional=True)
    if kind != "ally" and region not in regions:
        raise rec.error("region", f"unknown region '{region}'")
    start = require(rec, "start", dict, optional=True, default={})
    for side, n in start.items():
        if side not in SIDES or not isinstance(n, int) or n < 1:
            raise rec.error("start", f"bad start influence {side}: {n}")
    autonomy = require(rec, "autonomy", int)
    if sum(start.values()) > autonomy or len(start) > 1:
        raise rec.error("start", "more influence than the autonomy, or two owners")
    box = require(rec, "box", dict, optional=True, default={})
    for b in box:
        if b not in BOXES:
            raise rec.error("box", f"unknown box '{b}'")
    capital = require(rec, "capital", str, optional=True)
    if capital is not None and capital not in SIDES:
        raise rec.error("capital", f"unknown side '{capital}'")
    return Space(sid, require(rec, "name", str), float(require(rec, "lon", (int, float))),
                 float(require(rec, "lat", (int, float))), kind, region, autonomy, capital,
                 bool(require(rec, "harbour", bool, optional=True, default=False)),
                 dict(start), require(rec, "reward", int, optional=True, default=0), dict(box),
                 require(rec, "source", str))


@cache
def edition() -> Edition:
    root = asset_dir(GAME_ID)
    counts: dict[str, int] = {}
    m = load_yaml(root / "map.yaml")
    regions: dict[str, Region] = {}
    for rec in require(m, "regions", list):
        _count(counts, rec)
        regions[rec["id"]] = Region(rec["id"], require(rec, "name", str),
                                    require(rec, "reward", int), rec["source"])
    spaces: dict[str, Space] = {}
    for key, kind in (("spaces", "space"), ("allies", "ally"), ("colonies", "colony")):
        for rec in require(m, key, list):
            _count(counts, rec)
            sp = _space(rec, kind, regions)
            if sp.id in spaces:
                raise rec.error("id", f"duplicate id '{sp.id}'")
            spaces[sp.id] = sp
    for side in SIDES:
        if [s.id for s in spaces.values() if s.capital == side] != [side]:
            raise DataError(root / "map.yaml", None, "capital", f"{side} needs one capital")
    roads = []
    for rec in require(m, "roads", list):
        _count(counts, rec)
        a, b = require(rec, "a", str), require(rec, "b", str)
        col = require(rec, "colony", str, optional=True)
        for end in (a, b):
            if end not in spaces:
                raise rec.error("a", f"unknown space '{end}'")
        if col is not None and spaces.get(col, None) is None:
            raise rec.error("colony", f"unknown colony '{col}'")
        for end in (a, b):
            if spaces[end].kind == "colony" and end != col:
                raise rec.error("colony", f"a road of {end} needs colony: {end}")
        roads.append((a, b, col))
    mats = load_yaml(root / "mats.yaml")
    for key in ("dice", "turns", "costs", "favour", "hoplite_reset", "olympics", "tracks",
                "gold", "victory"):
        _count(counts, require(mats, key, dict))
    for rec in mats["favour"]["colours"]:
        _count(counts, rec)
    for side in SIDES:
        rec = require(require(mats, "sides", dict), side, dict)
        _count(counts, rec)
        costs = require(rec, "ship_costs", list)
        if len(costs) != mats["tracks"]["navy_max"]:
            raise rec.error("ship_costs", "one cost under every navy value below the top")
    assets: dict[str, Asset] = {}
    for rec in require(mats, "assets", list):
        _count(counts, rec)
        if rec["box"] not in BOXES or rec["side"] not in SIDES:
            raise rec.error("box", "unknown box or side")
        assets[rec["id"]] = Asset(rec["id"], rec["side"], rec["box"], require(rec, "name", str),
                                  require(rec, "value", int),
                                  bool(rec.get("mercenary", False)), rec["source"])
    leaders: dict[str, Leader] = {}
    for rec in require(mats, "leaders", list):
        _count(counts, rec)
        if rec["side"] not in SIDES:
            raise rec.error("side", "unknown side")
        leaders[rec["id"]] = Leader(rec["id"], rec["side"], require(rec, "name", str),
                                    require(rec, "named", bool), require(rec, "enters", int),
                                    rec["source"])
    cards: dict[str, Card] = {}
    decks: dict[str, list[str]] = {"action": [], "battle": []}
    c = load_yaml(root / "cards.yaml")
    for kind, allowed in (("action", ACTION_EFFECTS), ("battle", BATTLE_EFFECTS)):
        for rec in require(c, kind, list):
            _count(counts, rec)
            effect = require(rec, "effect", dict)
            for verb in effect:
                if verb not in allowed:
                    raise rec.error("effect", f"unknown {kind} effect '{verb}'")
            war = require(rec, "war", str, optional=True, default="both")
            if war not in ("land", "sea", "both"):
                raise rec.error("war", "land, sea or both")
            for n in range(1, require(rec, "count", int) + 1):
                cid = f"{rec['id']}-{n}"
                cards[cid] = Card(cid, kind, require(rec, "name", str), dict(effect), war,
                                  rec["source"])
                decks[kind].append(cid)
    return Edition(spaces, regions, roads, assets, leaders, cards, decks["action"],
                   decks["battle"], mats, counts)


def ed() -> Edition:
    return edition()
