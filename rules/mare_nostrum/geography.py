"""What the rules read from the map (3.1, 3.2): terrain, areas, cities, merchandise, adjacency.

:class:`MapData` is the rules' own view of the board. It is built either from plain records
(tests build small boards this way) or from ``board.py`` through :func:`from_board`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from .names import hex_names

if TYPE_CHECKING:
    import networkx as nx

LAND, COASTAL, ISLAND, SEA = "land", "coastal", "island", "sea"
TERRAINS = (LAND, COASTAL, ISLAND, SEA)
LEGION_TERRAIN = (LAND, COASTAL, ISLAND)        # 3.2: legions stand on land, coast, islands
SHIP_TERRAIN = (SEA, COASTAL, ISLAND)           # 3.2: ships sail sea, coast, islands
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class HexInfo(NamedTuple):
    id: str
    q: int
    r: int
    terrain: str
    mountain: bool = False
    area: str | None = None
    merchandise: str | None = None
    city: str | None = None
    capital_of: str | None = None

    @property
    def is_coast(self) -> bool:
        """Coastal and island hexes: where ports stand and ships meet legions (3.2)."""
        return self.terrain in (COASTAL, ISLAND)


class AreaInfo(NamedTuple):
    id: str
    kind: str                    # "province" | "island"
    name: str
    hexes: tuple[str, ...] = ()


@dataclass(eq=False)
class MapData:
    """The rules' map: hexes, areas and the steps between hexes (adjacency, by land, by sea;
    computed from the hexes when not given)."""

    hexes: dict[str, HexInfo]
    areas: dict[str, AreaInfo]
    adjacency: dict[str, tuple[str, ...]] = field(default_factory=dict)
    land_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sea_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._derive()

    def _derive(self) -> None:
        if not self.adjacency:
            self.adjacency = {h.id: tuple(f"{h.q + dq},{h.r + dr}" for dq, dr in AXIAL
                                          if f"{h.q + dq},{h.r + dr}" in self.hexes)
                              for h in self.hexes.values()}
        if not self.land_adj:
            self.land_adj = {h: tuple(n for n in ns if self._land_ok(h, n))
                             for h, ns in self.adjacency.items()}
        if not self.sea_adj:
            self.sea_adj = {h: tuple(n for n in ns if self._sea_ok(h, n))
                            for h, ns in self.adjacency.items()}
        self._land_pairs = {(a, b) for a, ns in self.land_adj.items() for b in ns}
        by_area: dict[str, list[str]] = {a: [] for a in self.areas}
        for h in self.hexes.values():
            if h.area in by_area and h.merchandise:
                by_area[h.area].append(h.id)
        self._merch_by_area = {a: tuple(sorted(v)) for a, v in by_area.items()}
        #: (area, its merchandise hexes) for every area that can be controlled, by area id
        self.merch_areas = tuple((a, hs) for a, hs in sorted(self._merch_by_area.items()) if hs)
        self.merch_count = {a: len(hs) for a, hs in self.merch_areas}
        self._names: dict[str, str] | None = None       # hex names, made on first use
        self._capitals: dict[str, str] = {}
        for h in self.hexes.values():
            if h.capital_of is not None:
                self._capitals.setdefault(h.capital_of, h.id)
        #: movement points to enter each hex: 2 for a mountain (9.1.2)
        self.legion_cost = {h.id: 2 if h.mountain else 1 for h in self.hexes.values()}

    @cached_property
    def graph(self) -> nx.Graph:
        """Every hex and its neighbours (built on first use, as are the two below)."""
        import networkx as nx  # heavy: only when a graph is first asked for

        return nx.Graph(self.adjacency)

    @cached_property
    def land_graph(self) -> nx.Graph:
        """The steps a legion may take (9.1, 3.2)."""
        import networkx as nx  # heavy: only when a graph is first asked for

        return nx.Graph(self.land_adj)

    @cached_property
    def sea_graph(self) -> nx.Graph:
        """The steps a ship may take (9.1, 3.2)."""
        import networkx as nx  # heavy: only when a graph is first asked for

        return nx.Graph(self.sea_adj)

    # ---- predicates ----------------------------------------------------------------------
    def land_step(self, a: str, b: str) -> bool:
        """A legion may walk from ``a`` to ``b`` (9.1, 3.2)."""
        return (a, b) in self._land_pairs

    def _land_ok(self, a: str, b: str) -> bool:
        """Default land link: both land-like; an island only to its own island (ruling
        R-9.1-5: no wading from an island to the mainland)."""
        ha, hb = self.hexes[a], self.hexes[b]
        if ha.terrain not in LEGION_TERRAIN or hb.terrain not in LEGION_TERRAIN:
            return False
        if ISLAND in (ha.terrain, hb.terrain):
            return ha.terrain == hb.terrain == ISLAND and ha.area is not None and ha.area == hb.area
        return True

    def _sea_ok(self, a: str, b: str) -> bool:
        """Default sea link: both sea, coastal or island hexes (9.1)."""
        return (self.hexes[a].terrain in SHIP_TERRAIN and self.hexes[b].terrain in SHIP_TERRAIN)

    def merch_hexes(self, area: str) -> tuple[str, ...]:
        """The hexes with merchandise in an area: what control counts (ch.11)."""
        return self._merch_by_area.get(area, ())

    def capital(self, empire: str, name: str | None = None) -> str | None:
        """The hex of ``empire``'s capital (ch.4): the first hex marked so, else the city
        named ``name``."""
        got = self._capitals.get(empire)
        if got is not None:
            return got
        if name:
            for h in self.hexes.values():
                if h.city and h.city.lower() == name.lower():
                    return h.id
        return None

    def land_distances(self, start: str) -> dict[str, int]:
        """Steps from ``start`` over land and coastal hexes only (ch.4 step 2)."""
        import networkx as nx  # heavy: only when a graph is first asked for

        land = self.land_graph.subgraph(h for h in self.land_graph
                                        if h == start or self.hexes[h].terrain != ISLAND)
        return dict(nx.single_source_shortest_path_length(land, start))

    def nearest_over_land(self, start: str, wanted: Callable[[str], bool], count: int
                          ) -> list[tuple[int, str]]:
        """The ``count`` hexes nearest to ``start`` over land and coastal hexes (as
        :meth:`land_distances` counts) for which ``wanted`` holds, as (steps, hex id), ties
        by hex id (ruling R-4); fewer if fewer can be reached. The search stops after the
        step that finds enough (the same hexes as sorting all of them).

        A breadth-first search written out rather than networkx's: it runs at every set-up,
        and the start of a game does without networkx's import (docs/PERFORMANCE.md)."""
        found: list[tuple[int, str]] = []
        seen = {start}
        level, steps = [start], 0
        while level and len(found) < count:
            found += [(steps, h) for h in level if wanted(h)]
            following = []
            for h in level:
                for n in self.land_adj[h]:
                    if n not in seen and self.hexes[n].terrain != ISLAND:
                        seen.add(n)
                        following.append(n)
            level, steps = following, steps + 1
        return sorted(found)[:count]

    def label(self, hex_id: str) -> str:
        """A hex as players name it (:mod:`.names`): "Roma, Latium", "Latium, north of
        Roma", "Mare Tyrrhenum, 2 hexes south-west of Ostia"."""
        if self._names is None:
            self._names = hex_names(self.hexes, {a.id: a.name for a in self.areas.values()})
        return self._names.get(hex_id, hex_id)


def build(hexes: list[dict[str, Any]], areas: list[dict[str, Any]]) -> MapData:
    """A :class:`MapData` from plain records (id "q,r" is optional: made from q and r)."""
    hx = {}
    for rec in hexes:
        q, r = int(rec["q"]), int(rec["r"])
        hid = rec.get("id") or f"{q},{r}"
        hx[hid] = HexInfo(hid, q, r, rec["terrain"], bool(rec.get("mountain", False)),
                          rec.get("area"), rec.get("merchandise"), rec.get("city"),
                          rec.get("capital_of"))
    ar = {a["id"]: AreaInfo(a["id"], a["kind"], a.get("name", a["id"]),
                            tuple(h.id for h in hx.values() if h.area == a["id"])) for a in areas}
    return MapData(hx, ar)


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for n in names:
        if isinstance(obj, dict) and n in obj:
            return obj[n]
        if hasattr(obj, n):
            return getattr(obj, n)
    return default


def from_board(board: Any) -> MapData:
    """Adapt the map engineer's Board object (``rules/mare_nostrum/board.py``) to MapData."""
    raw_hexes = _get(board, "hexes")
    items = raw_hexes.values() if isinstance(raw_hexes, dict) else raw_hexes
    hx: dict[str, HexInfo] = {}
    for h in items:
        q, r = _get(h, "q"), _get(h, "r")
        hid = _get(h, "id", default=f"{q},{r}")
        if isinstance(hid, tuple):
            hid = f"{hid[0]},{hid[1]}"
        if q is None:
            q, r = (int(x) for x in str(hid).split(","))
        terrain = str(_get(h, "terrain")).lower()
        merch = _get(h, "merchandise", "merch")
        city = _get(h, "city_name") or _get(h, "city")
        capital = _get(h, "capital_of", "capital")
        if isinstance(city, dict):
            capital = capital or city.get("capital_of")
            city = city.get("name")
        hx[hid] = HexInfo(hid, int(q), int(r), terrain, bool(_get(h, "mountain", default=False)),
                          _get(h, "area", "province"), str(merch).upper() if merch else None,
                          city, str(capital).lower() if isinstance(capital, str) else None)
    raw_areas = _get(board, "areas", default={})
    aitems = raw_areas.values() if isinstance(raw_areas, dict) else raw_areas
    ar = {}
    for a in aitems:
        aid = _get(a, "id")
        ar[aid] = AreaInfo(aid, str(_get(a, "kind", default="province")),
                           str(_get(a, "name", default=aid)),
                           tuple(x.id for x in hx.values() if x.area == aid))
    adjacency: dict[str, tuple[str, ...]] = {}
    land_adj: dict[str, tuple[str, ...]] = {}
    sea_adj: dict[str, tuple[str, ...]] = {}
    if callable(getattr(board, "land_neighbours", None)):
        land_adj = {h: tuple(board.land_neighbours(h)) for h in hx}
        sea_adj = {h: tuple(board.sea_neighbours(h)) for h in hx}
    neighbours = getattr(board, "neighbours", None) or getattr(board, "neighbors", None)
    if callable(neighbours):
        for hid in hx:
            try:
                ns = neighbours(hid)
            except (KeyError, TypeError, ValueError):
                q, r = (int(x) for x in hid.split(","))
                ns = neighbours((q, r))
            adjacency[hid] = tuple(n if isinstance(n, str) else f"{n[0]},{n[1]}" for n in ns
                                   if (n if isinstance(n, str) else f"{n[0]},{n[1]}") in hx)
    return MapData(hx, ar, adjacency, land_adj, sea_adj)
