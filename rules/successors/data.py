"""The reconstructed edition's data (assets/successors/*.yaml), loaded and checked once.

Spaces, provinces, paths (a networkx graph, built at its first use so that networkx is not
imported at start-up), generals, units, cards, tables, royals,
Independent Armies and set-ups become small frozen records; every record keeps its
``source``. Errors name the file, the line and the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.engine.data import DataError, LineDict, load_yaml, require, source_kind
from rules.engine.map_graph import links_of_kind, map_graph
from rules.engine.registry import asset_dir

if TYPE_CHECKING:   # networkx is imported by the first path search, not at start-up
    import networkx as nx

GAME_ID = "successors"
SPACE_KINDS = ("major", "minor", "stronghold", "transit")
PATH_COST = {"land": 1, "mountain": 2, "strait": 2, "sea": 1, "trans": 2}   # rule 8.2
LAND_PATHS = ("land", "mountain", "strait")                                # rule 4.1
NAVAL_PATHS = ("sea", "trans")
UNIT_TYPES = ("mercenary", "macedonian", "royal", "elephant", "silver")
CARD_TYPES = ("event", "bonus", "surprise")
EFFECTS = ("hemlock", "gain", "independent", "fleet", "condemn", "silver", "unrest",
           "siege_bonus", "traitor", "attrition", "storm", "persian", "royal", "battle_bonus",
           "march", "bribe", "pcs", "draw", "mutiny", "steal", "repercussions")
REGIONS = ("europe", "asia", "africa", "islands")


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    province: str
    kind: str
    port: bool
    shield: int
    lon: float
    lat: float
    source: str


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    region: str
    vp: int
    need: int
    fleet: tuple[int, int] | None
    spaces: tuple[str, ...]      # non-transit spaces (rule 4.22)
    major: str | None
    source: str


@dataclass(frozen=True)
class General:
    id: str
    name: str
    seniority: int
    pool: str
    initiative: int
    battle: int
    prestige: int
    legitimacy: int
    ability: str
    source: str


@dataclass(frozen=True)
class Card:
    id: str                      # "c<n>"
    n: int
    name: str
    ops: int
    type: str
    must: bool
    remove: bool
    effect: dict[str, Any]
    text: str
    source: str

    @property
    def title(self) -> str:
        return f"{self.n} {self.name} ({self.ops})"


@dataclass
class Edition:
    spaces: dict[str, Space]
    provinces: dict[str, Province]
    paths: tuple[tuple[str, str, str], ...]   # (a, b, kind), as listed in paths.yaml
    generals: dict[str, General]
    minor: dict[str, Any]
    units: dict[str, dict[str, Any]]
    card_fleets: dict[str, dict[str, Any]]
    cards: dict[str, Card]
    tables: dict[str, Any]
    royals: dict[str, dict[str, Any]]
    body: dict[str, Any]
    independents: dict[str, dict[str, Any]]
    packages: dict[str, dict[str, Any]]
    scenarios: dict[str, dict[str, Any]]
    extras: dict[str, Any]
    counts: dict[str, int] = field(default_factory=dict)

    @cached_property
    def graph(self) -> nx.Graph:
        """Every space and path; edge attributes ``kind`` and ``cost`` (rule 8.2)."""
        return map_graph(self.spaces, ((a, b, {"kind": k, "cost": PATH_COST[k]})
                                       for a, b, k in self.paths))

    def _part(self, kinds: tuple[str, ...]) -> nx.Graph:
        return links_of_kind(self.graph, kinds)

    @cached_property
    def no_trans(self) -> nx.Graph:
        """Every path but the Trans-Mediterranean ones."""
        return self._part(tuple(k for k in PATH_COST if k != "trans"))

    @cached_property
    def naval(self) -> nx.Graph:
        """Sea and Trans-Mediterranean paths."""
        return self._part(NAVAL_PATHS)

    @cached_property
    def sea(self) -> nx.Graph:
        """Sea paths only."""
        return self._part(("sea",))

    def kind(self, a: str, b: str) -> str:
        return self.graph.edges[a, b]["kind"]


def _path(name: str) -> Path:
    return asset_dir(GAME_ID) / name


def _count(counts: dict[str, int], record: LineDict) -> None:
    kind = source_kind(record)
    counts[kind] = counts.get(kind, 0) + 1


def _records(name: str, key: str, counts: dict[str, int]) -> list[LineDict]:
    doc = load_yaml(_path(name))
    out = require(doc, key, list)
    for rec in out:
        if not isinstance(rec, LineDict):
            raise DataError(_path(name), None, key, "expected a list of mappings")
        _count(counts, rec)
    return out


def _spaces(counts: dict[str, int]) -> dict[str, Space]:
    out: dict[str, Space] = {}
    for rec in _records("spaces.yaml", "spaces", counts):
        sid = require(rec, "id", str)
        if sid in out:
            raise rec.error("id", f"space '{sid}' listed twice")
        kind = require(rec, "kind", str)
        if kind not in SPACE_KINDS:
            raise rec.error("kind", f"unknown kind '{kind}' (one of {', '.join(SPACE_KINDS)})")
        shield = require(rec, "shield", int, optional=True, default=0)
        if shield not in (0, 1, 3):
            raise rec.error("shield", "an Independent PC is 1 or 3 (rule 5.7)")
        if shield and kind == "transit":
            raise rec.error("shield", "no PC on a transit point (rule 4.27)")
        out[sid] = Space(sid, require(rec, "name", str), require(rec, "province", str), kind,
                         require(rec, "port", bool, optional=True, default=False), shield,
                         float(require(rec, "lon", (int, float))),
                         float(require(rec, "lat", (int, float))), rec["source"])
    return out


def _provinces(counts: dict[str, int], spaces: dict[str, Space]
               ) -> tuple[dict[str, Province], dict[str, Any]]:
    doc = load_yaml(_path("provinces.yaml"))
    out: dict[str, Province] = {}
    for rec in require(doc, "provinces", list):
        _count(counts, rec)
        pid = require(rec, "id", str)
        members = tuple(s.id for s in spaces.values() if s.province == pid and s.kind != "transit")
        majors = [s for s in members if spaces[s].kind == "major"]
        if not members:
            raise rec.error("id", f"province '{pid}' has no space")
        if len(majors) > 1:
            raise rec.error("id", f"province '{pid}' has two Major Cities")
        need = require(rec, "need", int)
        if need != len(members) // 2 + 1:
            raise rec.error("need", f"more than half of {len(members)} spaces is "
                            f"{len(members) // 2 + 1} (rule 4.22), not {need}")
        region = require(rec, "region", str)
        if region not in REGIONS:
            raise rec.error("region", f"unknown region '{region}'")
        fleet = require(rec, "fleet", list, optional=True)
        out[pid] = Province(pid, require(rec, "name", str), region, require(rec, "vp", int),
                            need, tuple(fleet) if fleet else None, members,
                            majors[0] if majors else None, rec["source"])
    for s in spaces.values():
        if s.province not in out:
            raise DataError(_path("spaces.yaml"), None, s.id, f"unknown province '{s.province}'")
    extras = require(doc, "extras", dict)
    for rec in extras.values():
        _count(counts, rec)
    for sid in extras["hellespont"]["spaces"]:
        if sid not in spaces:
            raise extras["hellespont"].error("spaces", f"unknown space '{sid}'")
    return out, extras


def _paths(counts: dict[str, int], spaces: dict[str, Space]) -> tuple[tuple[str, str, str], ...]:
    out: dict[frozenset[str], tuple[str, str, str]] = {}
    for rec in _records("paths.yaml", "paths", counts):
        a, b, kind = require(rec, "a", str), require(rec, "b", str), require(rec, "kind", str)
        for end in (a, b):
            if end not in spaces:
                raise rec.error("a" if end == a else "b", f"unknown space '{end}'")
        if kind not in PATH_COST:
            raise rec.error("kind", f"unknown path kind '{kind}'")
        if frozenset((a, b)) in out:
            raise rec.error("b", f"path {a}-{b} listed twice")
        out[frozenset((a, b))] = (a, b, kind)
    links: dict[str, set[str]] = {sid: set() for sid in spaces}
    naval: set[str] = set()
    for a, b, kind in out.values():
        links[a].add(b)
        links[b].add(a)
        if kind in NAVAL_PATHS:
            naval |= {a, b}
    for sid, s in spaces.items():
        if (sid in naval) != s.port:
            raise DataError(_path("spaces.yaml"), None, sid,
                            "a port is a space with a sea path (rule 4.20): flag and paths differ")
    seen, todo = set(), [next(iter(spaces))]
    while todo:
        sid = todo.pop()
        if sid not in seen:
            seen.add(sid)
            todo.extend(links[sid] - seen)
    if len(seen) != len(spaces):
        raise DataError(_path("paths.yaml"), None, None, "the map falls apart")
    return tuple(out.values())


def _generals(counts: dict[str, int]) -> tuple[dict[str, General], dict[str, Any]]:
    out: dict[str, General] = {}
    for rec in _records("generals.yaml", "generals", counts):
        gid = require(rec, "id", str)
        out[gid] = General(gid, require(rec, "name", str), require(rec, "seniority", int),
                           require(rec, "pool", str), require(rec, "initiative", int),
                           require(rec, "battle", int), require(rec, "prestige", int),
                           require(rec, "legitimacy", int), require(rec, "ability", str),
                           rec["source"])
    minor = require(load_yaml(_path("generals.yaml")), "minor", dict)
    _count(counts, minor)
    return out, minor


def _cards(counts: dict[str, int]) -> dict[str, Card]:
    out: dict[str, Card] = {}
    for rec in _records("cards.yaml", "cards", counts):
        n = require(rec, "n", int)
        cid = f"c{n}"
        if cid in out:
            raise rec.error("n", f"card {n} listed twice")
        kind = require(rec, "type", str)
        if kind not in CARD_TYPES:
            raise rec.error("type", f"unknown card type '{kind}'")
        ops = require(rec, "ops", int)
        if not 1 <= ops <= 4:
            raise rec.error("ops", "a card has 1 to 4 OPs (rule 4.31)")
        effect = require(rec, "effect", dict)
        for verb in effect:
            if verb not in EFFECTS:
                raise effect.error(verb, f"unknown effect '{verb}'")
        out[cid] = Card(cid, n, require(rec, "name", str), ops, kind,
                        require(rec, "must", bool, optional=True, default=False),
                        require(rec, "remove", bool, optional=True, default=False),
                        dict(effect), require(rec, "text", str), rec["source"])
    if sorted(c.n for c in out.values()) != list(range(1, 60)):
        raise DataError(_path("cards.yaml"), None, "cards", "the deck is cards 1 to 59 (rule 2)")
    return out


def _tables(counts: dict[str, int], spaces: dict[str, Space]) -> dict[str, Any]:
    doc = load_yaml(_path("tables.yaml"))
    for key in ("movement", "battle", "attrition", "siege", "unrest"):
        _count(counts, require(doc, key, dict))
    for sid in doc["siege"]["modifiers"]:
        if sid not in spaces or spaces[sid].kind != "major":
            raise doc["siege"]["modifiers"].error(sid, "a siege modifier is for a Major City")
    if sorted(int(k) for k in doc["unrest"]["rows"]) != list(range(2, 13)):
        raise doc["unrest"].error("rows", "the Unrest Table has rows 2 to 12")
    return doc


@cache
def edition() -> Edition:
    counts: dict[str, int] = {}
    spaces = _spaces(counts)
    provinces, extras = _provinces(counts, spaces)
    paths = _paths(counts, spaces)
    generals, minor = _generals(counts)
    units_doc = load_yaml(_path("units.yaml"))
    units = {}
    for rec in require(units_doc, "units", list):
        _count(counts, rec)
        units[require(rec, "id", str)] = dict(rec)
    if tuple(units) != UNIT_TYPES:
        raise units_doc.error("units", f"the unit types are {', '.join(UNIT_TYPES)}")
    fleets = {}
    for rec in require(units_doc, "fleets", list):
        _count(counts, rec)
        fleets[require(rec, "id", str)] = dict(rec)
    cards = _cards(counts)
    tables = _tables(counts, spaces)
    royal_doc = load_yaml(_path("royals.yaml"))
    royals = {}
    for rec in require(royal_doc, "royals", list):
        _count(counts, rec)
        start = require(rec, "start", str)
        if start != "box" and start not in spaces:
            raise rec.error("start", f"unknown space '{start}'")
        royals[require(rec, "id", str)] = dict(rec)
    body = require(royal_doc, "body", dict)
    _count(counts, body)
    independents = {}
    for rec in _records("independents.yaml", "independents", counts):
        for key in ("start", "entry"):
            where = rec.get(key)
            if where and where != "box" and where not in spaces:
                raise rec.error(key, f"unknown space '{where}'")
        independents[require(rec, "id", str)] = dict(rec)
    setup_doc = load_yaml(_path("setups.yaml"))
    packages = {}
    for gid, rec in require(setup_doc, "packages", dict).items():
        _count(counts, rec)
        for sid in list(rec.get("pcs", [])) + list(rec.get("at", [])):
            if sid not in spaces:
                raise rec.error("pcs", f"unknown space '{sid}'")
        for unit in rec["units"]:
            if unit not in UNIT_TYPES:
                raise rec["units"].error(unit, f"unknown unit type '{unit}'")
        packages[gid] = dict(rec)
    scenarios = {}
    for rec in require(setup_doc, "scenarios", list):
        _count(counts, rec)
        for gid in rec["deal"] + rec["aside"]:
            if gid not in generals:
                raise rec.error("deal", f"unknown general '{gid}'")
        scenarios[require(rec, "id", str)] = dict(rec)
    return Edition(spaces, provinces, paths, generals, minor, units, fleets, cards, tables,
                   royals, body, independents, packages, scenarios, extras, counts)
