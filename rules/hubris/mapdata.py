"""The Hubris map (2.5): Satrapies, Places, Sea Areas, Straits, ITALIA, loaded from map.yaml.

Loading validates every record (source, ids, references, symmetric borders) and raises a
:class:`~rules.engine.data.DataError` naming file, line and key. It happens once per process
(:func:`load_map` is cached).
"""

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from rules.engine.data import (
    SOURCE_KINDS,
    DataError,
    LineDict,
    cached_derived,
    load_yaml,
    require,
    source_kind,
)
from rules.engine.registry import asset_dir

from . import upcalls
from .rulesdata import undirected

if TYPE_CHECKING:
    import networkx as nx  # here, not at the top: start-up never builds this graph

KINGDOMS = ("macedon", "ptolemies", "seleucids")
KINDS = ("city", "tribe")
STATUSES = ("subject", "greek", "free")
MINORS = ("aitolian-league", "achaian-league", "sparta", "rhodes", "pergamon", "parthians")

Pair = tuple[Fraction, Fraction]
#: VP Values are whole or halves (2.11.1): :attr:`MapData.vp_halves` counts them in halves
VP_UNIT = 2
HALVES = "VP Values are whole or halves (2.11.1)"
WHOLE = "Tax Values are whole Talents (3.3)"


def _frac(record: LineDict, key: str, value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise record.error(key, f"expected a number, got {value!r:.40}")
    try:
        out = Fraction(str(value))
    except ValueError:
        raise record.error(key, f"not a number: {value!r:.40}") from None
    if out < 0:
        raise record.error(key, "must not be negative")
    return out


def _whole(value: Fraction) -> int:
    """A value :func:`parse_map` checked to be whole, as an int."""
    assert value.denominator == 1, value
    return value.numerator


def _counted_in(record: LineDict, key: str, pair: Pair, unit: int, what: str) -> Pair:
    """``pair``, checked to be whole numbers of ``1/unit`` (``what`` says which)."""
    if any((v * unit).denominator != 1 for v in pair):
        raise record.error(key, f"{what}, not {pair[0]}, {pair[1]}")
    return pair


def _pair(record: LineDict, key: str, value: Any) -> Pair:
    """``[simple, full]`` or one value for both (2.5.1)."""
    if isinstance(value, list):
        if len(value) != 2:
            raise record.error(key, "expected [simple, full] or a single value")
        return (_frac(record, key, value[0]), _frac(record, key, value[1]))
    one = _frac(record, key, value)
    return (one, one)


def field_sources(record: LineDict) -> dict[str, str]:
    """The per-field provenance of a record (``sources:``), each checked like ``source:``."""
    raw = require(record, "sources", dict, optional=True, default={})
    for key, text in raw.items():
        if not isinstance(text, str):
            raise raw.error(key, "a field source must be text")
        kind = text.split(":", 1)[0].split(" ", 1)[0].strip().lower()
        if kind not in SOURCE_KINDS:
            raise raw.error(key, f"unknown source kind '{kind}'")
    return dict(raw)


class Satrapy(NamedTuple):
    id: str
    name: str
    regions: tuple[str, ...]
    vp: dict[str, Pair]  # kingdom -> (simple, full)
    tax: Pair
    tax_anachoresis: Pair | None  # Ev 20 alternate card (2.4.6)
    supply: int
    shipyard: bool
    rough: bool
    background: str | None  # kingdom of the printed background (3.1)
    land_borders: tuple[str, ...]
    seas: tuple[str, ...]
    source: str
    sources: dict[str, str] = {}  # noqa: RUF012 (never mutated)

    @property
    def coastal(self) -> bool:
        return bool(self.seas)


class Place(NamedTuple):
    id: str
    name: str
    satrapy: str
    kind: str  # city | tribe
    status: str  # subject | greek | free
    port_sea: str | None
    capital_of: str | None
    stronghold: int  # 0, -1, -2 (2.5.7)
    heartland_of: str | None
    lonlat: tuple[float, float]
    lonlat_from: str  # dare | history
    source: str
    sources: dict[str, str] = {}  # noqa: RUF012 (never mutated)


class Sea(NamedTuple):
    id: str
    name: str
    deep: bool
    borders: tuple[str, ...]
    lonlat: tuple[float, float]
    source: str
    sources: dict[str, str] = {}  # noqa: RUF012 (never mutated)


@dataclass
class MapData:
    """The validated Hubris map."""

    path: Path
    satrapies: dict[str, Satrapy]
    places: dict[str, Place]
    seas: dict[str, Sea]
    straits: list[dict[str, Any]]
    border_costs: dict[frozenset[str], int]
    italia: dict[str, Any]
    minors: dict[str, tuple[str, ...]]
    regions: dict[str, str]
    source_counts: Counter[str]
    #: Places of each Satrapy in map order
    _by_satrapy: dict[str, list[Place]] = field(init=False, repr=False, compare=False)
    #: the ids of the Places of each Satrapy in map order (read at every Control refresh)
    _place_ids: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    #: original Capitals of each Kingdom in map order (2.5.6)
    _capitals: dict[str, list[str]] = field(init=False, repr=False, compare=False)
    #: each Satrapy's (Reduced, Full) VP Values per Kingdom in half VPs (``VP_UNIT``), and
    #: its (Reduced, Full) Tax Values in whole Talents, printed and Ev 20's alternate (None:
    #: none): the whole numbers a Control refresh sums (:func:`rules.hubris.control.refresh`)
    vp_halves: dict[str, dict[str, tuple[int, int]]] = field(init=False, repr=False,
                                                             compare=False)
    tax_talents: dict[str, tuple[tuple[int, int], tuple[int, int] | None]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_satrapy = {}
        self._capitals = {}
        for p in self.places.values():
            self._by_satrapy.setdefault(p.satrapy, []).append(p)
            if p.capital_of:
                self._capitals.setdefault(p.capital_of, []).append(p.id)
        self._place_ids = {sid: tuple(p.id for p in ps) for sid, ps in self._by_satrapy.items()}
        self.vp_halves = {sid: {k: (_whole(a * VP_UNIT), _whole(b * VP_UNIT))
                                for k, (a, b) in s.vp.items()}
                          for sid, s in self.satrapies.items()}
        self.tax_talents = {sid: ((_whole(s.tax[0]), _whole(s.tax[1])),
                                  (_whole(s.tax_anachoresis[0]), _whole(s.tax_anachoresis[1]))
                                  if s.tax_anachoresis else None)
                            for sid, s in self.satrapies.items()}

    def capitals_of(self, kingdom: str) -> list[str]:
        """The original Capitals of ``kingdom`` (2.5.6), in map order."""
        return list(self._capitals.get(kingdom, ()))

    def place_facts(self, place: str) -> list[str]:
        """The printed features of a Place, one phrase each (port, capital, stronghold...)."""
        p = self.places[place]
        facts = []
        if p.port_sea:
            facts.append(f"Port on {self.seas[p.port_sea].name}")
        if p.capital_of:
            facts.append(f"Capital of the {p.capital_of.capitalize()}")
        if p.stronghold:
            facts.append(f"Stronghold {p.stronghold}")
        if p.heartland_of:
            facts.append(f"Heartland of {p.heartland_of.replace('-', ' ').title()}")
        return facts

    def places_in(self, satrapy: str) -> list[Place]:
        return list(self._by_satrapy.get(satrapy, ()))

    def place_ids_in(self, satrapy: str) -> tuple[str, ...]:
        """The ids of :meth:`places_in`."""
        return self._place_ids.get(satrapy, ())

    def in_region(self, region: str) -> list[str]:
        return [s.id for s in self.satrapies.values() if region in s.regions]

    def land_edges(self) -> list[tuple[str, str]]:
        """Satrapy-Satrapy land borders (2.5.1), each once, in the order
        ``land_graph().edges()`` lists them, without importing networkx."""
        adj = undirected(self.satrapies, ((s.id, other) for s in self.satrapies.values()
                                          for other in s.land_borders))
        seen: set[str] = set()
        out = []
        for a, near in adj.items():
            out += [(a, b) for b in near if b not in seen]
            seen.add(a)
        return out

    def land_graph(self) -> "nx.Graph":
        """Satrapy-Satrapy land borders (2.5.1); Straits are not edges (2.7)."""
        return _land_graph(self)

    def area_graph(self) -> "nx.Graph":
        """Every Satrapy and Sea Area with every shared border (land, coast, sea)."""
        return _area_graph(self)

    def border_cost(self, a: str, b: str) -> int:
        """The extra Border Supply Cost of crossing from ``a`` to ``b`` (2.5.1, 5.2.3)."""
        return self.border_costs.get(frozenset((a, b)), 0)


def _land_graph(md: MapData) -> "nx.Graph":
    import networkx as nx  # late: heavy, optional; start-up never loads it

    g = nx.Graph()
    g.add_nodes_from(md.satrapies)
    for s in md.satrapies.values():
        for other in s.land_borders:
            g.add_edge(s.id, other, cost=md.border_cost(s.id, other))
    return g


def _area_graph(md: MapData) -> "nx.Graph":
    g = _land_graph(md)
    g.add_nodes_from(md.seas)
    for s in md.satrapies.values():
        g.add_edges_from((s.id, sea) for sea in s.seas)
    for sea in md.seas.values():
        g.add_edges_from((sea.id, other) for other in sea.borders)
    return g


def _ids(record: LineDict, key: str) -> tuple[str, ...]:
    value = require(record, key, list)
    if not all(isinstance(v, str) for v in value):
        raise record.error(key, "expected a list of ids")
    return tuple(value)


def _unique(records: list[LineDict], what: str, seen: dict[str, str]) -> None:
    for r in records:
        rid = require(r, "id", str)
        if rid in seen:
            raise r.error("id", f"duplicate id '{rid}' (already a {seen[rid]})")
        if rid != rid.lower() or " " in rid:
            raise r.error("id", f"ids are lowercase with hyphens: '{rid}'")
        seen[rid] = what


def _counted(record: LineDict, counts: Counter[str]) -> str:
    counts[source_kind(record)] += 1
    field_sources(record)
    return require(record, "source", str)


def parse_map(path: Path) -> MapData:
    """Parse and validate map.yaml (see module docstring)."""
    raw = load_yaml(path)
    if not isinstance(raw, LineDict):
        raise DataError(path, None, None, "expected a mapping at the top")
    counts: Counter[str] = Counter()
    sat_recs = require(raw, "satrapies", list)
    place_recs = require(raw, "places", list)
    sea_recs = require(raw, "seas", list)
    seen: dict[str, str] = {}
    _unique(sat_recs, "satrapy", seen)
    _unique(sea_recs, "sea", seen)
    place_seen: dict[str, str] = {}
    _unique(place_recs, "place", place_seen)

    regions = {
        require(r, "id", str): require(r, "name", str) for r in require(raw, "regions", list)
    }
    for r in raw["regions"]:
        _counted(r, counts)

    satrapies: dict[str, Satrapy] = {}
    for r in sat_recs:
        src = _counted(r, counts)
        vp_raw = require(r, "vp", (dict, list, int, float))
        if isinstance(vp_raw, dict):
            if set(vp_raw) != set(KINGDOMS):
                raise r.error("vp", f"needs exactly {', '.join(KINGDOMS)}")
            vp = {k: _counted_in(vp_raw, k, _pair(vp_raw, k, v), VP_UNIT, HALVES)
                  for k, v in vp_raw.items()}
        else:
            one = _counted_in(r, "vp", _pair(r, "vp", vp_raw), VP_UNIT, HALVES)
            vp = {k: one for k in KINGDOMS}
        anach = r.get("tax_anachoresis")
        bg = require(r, "background", str)
        if bg != "none" and bg not in KINGDOMS:
            raise r.error("background", f"'{bg}' is not a kingdom or none")
        regs = _ids(r, "region")
        for reg in regs:
            if reg not in regions:
                raise r.error("region", f"unknown region '{reg}'")
        supply = require(r, "supply", int)
        s = Satrapy(
            id=r["id"],
            name=require(r, "name", str),
            regions=regs,
            vp=vp,
            tax=_counted_in(r, "tax", _pair(r, "tax", require(r, "tax", (list, int, float))),
                            1, WHOLE),
            tax_anachoresis=_counted_in(r, "tax_anachoresis",
                                        _pair(r, "tax_anachoresis", anach), 1, WHOLE)
            if anach is not None else None,
            supply=supply,
            shipyard=require(r, "shipyard", bool),
            rough=require(r, "rough", bool),
            background=None if bg == "none" else bg,
            land_borders=_ids(r, "land_borders"),
            seas=_ids(r, "seas"),
            source=src,
            sources=field_sources(r),
        )
        satrapies[s.id] = s

    seas: dict[str, Sea] = {}
    for r in sea_recs:
        src = _counted(r, counts)
        ll = require(r, "lonlat", list)
        seas[r["id"]] = Sea(
            r["id"],
            require(r, "name", str),
            require(r, "deep", bool),
            _ids(r, "borders"),
            (float(ll[0]), float(ll[1])),
            src,
            field_sources(r),
        )

    places: dict[str, Place] = {}
    for r in place_recs:
        src = _counted(r, counts)
        sat = require(r, "satrapy", str)
        if sat not in satrapies:
            raise r.error("satrapy", f"unknown satrapy '{sat}'")
        kind = require(r, "kind", str)
        if kind not in KINDS:
            raise r.error("kind", f"'{kind}' is not city or tribe")
        status = require(r, "status", str)
        if status not in STATUSES:
            raise r.error("status", f"'{status}' is not subject, greek or free")
        port = r.get("port_sea")
        if port is not None:
            if kind != "city":
                raise r.error("port_sea", "only Cities can be Ports (2.5.5)")
            if port not in seas:
                raise r.error("port_sea", f"unknown sea '{port}'")
            if port not in satrapies[sat].seas:
                raise r.error("port_sea", f"{sat} does not border {port}")
        cap = r.get("capital_of")
        if cap is not None and cap not in KINGDOMS:
            raise r.error("capital_of", f"'{cap}' is not a kingdom")
        heart = r.get("heartland_of")
        if heart is not None and heart not in MINORS:
            raise r.error("heartland_of", f"'{heart}' is not a Minor Power")
        sh = require(r, "stronghold", int)
        if sh not in (0, -1, -2):
            raise r.error("stronghold", "must be 0, -1 or -2 (2.5.7)")
        ll = require(r, "lonlat", list)
        frm = require(r, "lonlat_from", str)
        if frm not in ("dare", "history"):
            raise r.error("lonlat_from", "must be dare or history")
        places[r["id"]] = Place(
            r["id"],
            require(r, "name", str),
            sat,
            kind,
            status,
            port,
            cap,
            sh,
            heart,
            (float(ll[0]), float(ll[1])),
            frm,
            src,
            field_sources(r),
        )

    # references and symmetry (2.5.1)
    for r in sat_recs:
        for other in r["land_borders"]:
            if other not in satrapies:
                raise r.error("land_borders", f"unknown satrapy '{other}'")
            if other == r["id"]:
                raise r.error("land_borders", "a satrapy cannot border itself")
            if r["id"] not in satrapies[other].land_borders:
                raise r.error("land_borders", f"{other} does not list {r['id']} back")
        for sea in r["seas"]:
            if sea not in seas:
                raise r.error("seas", f"unknown sea '{sea}'")
        if not satrapies[r["id"]].coastal and not r["land_borders"]:
            raise r.error("land_borders", "no land border and no sea: unreachable")
        if not any(p.satrapy == r["id"] for p in places.values()):
            raise r.error("id", "a Satrapy needs at least one Place (2.5.1)")
    for r in sea_recs:
        for other in r["borders"]:
            if other not in seas:
                raise r.error("borders", f"unknown sea '{other}'")
            if r["id"] not in seas[other].borders:
                raise r.error("borders", f"{other} does not list {r['id']} back")

    straits = require(raw, "straits", list)
    for r in straits:
        _counted(r, counts)
        sea = require(r, "sea", str)
        pair = _ids(r, "between")
        if sea not in seas or len(pair) != 2 or any(p not in satrapies for p in pair):
            raise r.error("between", "a crossing joins two satrapies across a known sea")
        if any(sea not in satrapies[p].seas for p in pair):
            raise r.error("sea", "both ends of a crossing must border its sea")
    costs: dict[frozenset[str], int] = {}
    for r in require(raw, "border_supply_costs", list):
        _counted(r, counts)
        a, b = _ids(r, "between")
        if a not in satrapies or b not in satrapies[a].land_borders:
            raise r.error("between", f"{a} and {b} share no land border")
        costs[frozenset((a, b))] = require(r, "cost", int)
    italia = require(raw, "italia", dict)
    _counted(italia, counts)
    for route in require(italia, "roman_routes", list):
        _counted(route, counts)
        if route.get("to") not in satrapies or route.get("sea") not in satrapies[route["to"]].seas:
            raise route.error("to", "a Roman route ends in a satrapy bordering its sea")
    for r in require(raw, "boxes", list):
        _counted(r, counts)
    minors: dict[str, tuple[str, ...]] = {}
    for r in require(raw, "minors", list):
        _counted(r, counts)
        hearts = _ids(r, "heartlands")
        for h in hearts:
            if h not in places or places[h].heartland_of != r["id"]:
                raise r.error("heartlands", f"'{h}' is not marked as a heartland of {r['id']}")
        minors[r["id"]] = hearts
    return MapData(
        path, satrapies, places, seas, list(straits), costs, dict(italia), minors, regions, counts
    )


@cache
def load_map(path: str | None = None) -> MapData:
    """The map of ``assets/hubris/map.yaml`` (or ``path``), loaded once per process.

    The validated map is cached as plain data under the SHA-256 of the file and of this
    module (:func:`rules.engine.data.cached_derived`): an unchanged file is not parsed and
    checked again at every start; an edited file or validator is.
    """
    p = Path(path) if path else asset_dir("hubris") / "map.yaml"
    return _from_plain(p, cached_derived("hubris-map", [p, Path(__file__)],
                                         lambda: _to_plain(parse_map(p))))


def _to_plain(md: MapData) -> tuple:
    """``md`` as tuples, dicts and lists (each record the tuple of its fields in order)."""
    def rows(records: dict[str, Any]) -> dict[str, tuple]:
        return {k: tuple(r) for k, r in records.items()}

    return (rows(md.satrapies), rows(md.places), rows(md.seas), md.straits, md.border_costs,
            md.italia, md.minors, md.regions, dict(md.source_counts))


def _from_plain(path: Path, plain: tuple) -> MapData:
    sats, places, seas, straits, costs, italia, minors, regions, counts = plain
    return MapData(path, {k: Satrapy(*v) for k, v in sats.items()},
                   {k: Place(*v) for k, v in places.items()},
                   {k: Sea(*v) for k, v in seas.items()},
                   straits, costs, italia, minors, regions, Counter(counts))


def check_data() -> dict[str, int]:
    """``hegemon check-data --game hubris``: validate map and scenarios, count records by source.

    Raises :class:`DataError` on the first problem.
    """
    counts = Counter(load_map().source_counts)
    counts.update(upcalls.load_scenarios().source_counts)
    return dict(sorted(counts.items()))
