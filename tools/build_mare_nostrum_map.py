"""Build the Mare Nostrum hex map from real geography: ``assets/mare-nostrum/map.yaml``.

From the repository root, with the ``tools`` extra (``pip install -e '.[tools]'``, shapely):

    python tools/build_mare_nostrum_map.py            # write the map
    python tools/build_mare_nostrum_map.py --check    # exit 1 if the committed file differs

Method (docs/mare-nostrum-map.md): a pointy-topped hex grid of 100 km between hex centres is
laid over the Natural Earth coastline (``tools/geodata``) in the ``hexmap.geo.MEDITERRANEAN``
projection; a hex
is land when at least half of 19 sample points are land. Named islands, deep desert, far
ocean, mountains, provinces (multi-source Dijkstra over land from one seed each), cities
(DARE) and merchandise follow from ``tools/mare_nostrum_places.py``. Deterministic: same
inputs, same bytes.
"""

from __future__ import annotations

import heapq
import json
import math
import sys
from collections import deque
from pathlib import Path

import shapely

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hexmap.geo import MEDITERRANEAN  # noqa: E402
from hexmap.hexgrid import Hex, Layout, hex_id, neighbours  # noqa: E402
from tools import mare_nostrum_places as P  # noqa: E402
from tools.geography import load_dare, load_land  # noqa: E402

OUT = ROOT / "assets" / "mare-nostrum" / "map.yaml"
COAST_OUT = ROOT / "assets" / "mare-nostrum" / "map-coast.json"
COAST_TOLERANCE_KM = 1.5
SPACING_KM = 100.0
LAYOUT = Layout("pointy", SPACING_KM / math.sqrt(3))
LAND_SHARE = 0.5
MOUNTAIN_KM = 0.5 * SPACING_KM          # a hex is mountainous within this of a ridge line
DEEP_INLAND_STEPS = 3                     # south of DEEP_LAT, land this far from sea is desert
DEEP_LAT = 35.0
ATLANTIC_KEEP_STEPS = 1                   # far ocean: keep only sea next to the land
PLACE_RADIUS_KM = 1.6 * SPACING_KM        # how far a city may be moved to find a free hex


def lonlat(h: Hex) -> tuple[float, float]:
    return MEDITERRANEAN.to_lonlat(*LAYOUT.to_pixel(h))


def km(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.dist(a, b)


def samples(h: Hex) -> list[tuple[float, float]]:
    """19 sample points of a hex (centre, 6 at half radius, 6 corners and 6 edges inset)."""
    cx, cy = LAYOUT.to_pixel(h)
    pts = [(cx, cy)]
    for i in range(6):
        dx, dy = LAYOUT.corner_offset(i)
        pts.append((cx + 0.45 * dx, cy + 0.45 * dy))
        pts.append((cx + 0.85 * dx, cy + 0.85 * dy))
        ex, ey = LAYOUT.corner_offset(i + 1)
        pts.append((cx + 0.8 * (dx + ex) / 2, cy + 0.8 * (dy + ey) / 2))
    return [MEDITERRANEAN.to_lonlat(x, y) for x, y in pts]


def candidate_hexes() -> list[Hex]:
    """Hexes whose centre lies inside the board's outline (west/east/south and north edge)."""
    x0, _ = MEDITERRANEAN.to_xy(P.WEST, 0)
    x1, _ = MEDITERRANEAN.to_xy(P.EAST, 0)
    _, y0 = MEDITERRANEAN.to_xy(0, 47.5)
    _, y1 = MEDITERRANEAN.to_xy(0, P.SOUTH)
    out = []
    r0, r1 = LAYOUT.from_pixel(0, y0)[1] - 1, LAYOUT.from_pixel(0, y1)[1] + 1
    for r in range(r0, r1 + 1):
        q0 = LAYOUT.from_pixel(x0, LAYOUT.to_pixel((0, r))[1])[0] - 1
        q1 = LAYOUT.from_pixel(x1, LAYOUT.to_pixel((0, r))[1])[0] + 1
        for q in range(q0, q1 + 1):
            lon, lat = lonlat((q, r))
            if P.WEST <= lon <= P.EAST and P.SOUTH <= lat <= P.north_edge(lon):
                out.append((q, r))
    return sorted(out, key=lambda h: (h[1], h[0]))


def steps_from(sources: set[Hex], universe: set[Hex]) -> dict[Hex, int]:
    """Breadth-first steps from any source hex, within ``universe``."""
    dist = {h: 0 for h in sources}
    queue = deque(sorted(sources))
    while queue:
        h = queue.popleft()
        for n in neighbours(h):
            if n in universe and n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def seg_dist(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy)
                                                / (dx * dx + dy * dy)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def ridge_of(h: Hex) -> str | None:
    c = LAYOUT.to_pixel(h)
    for name, line in P.RIDGES:
        pts = [MEDITERRANEAN.to_xy(*ll) for ll in line]
        segs = list(zip(pts, pts[1:], strict=False)) or [(pts[0], pts[0])]
        if min(seg_dist(c, a, b) for a, b in segs) <= MOUNTAIN_KM:
            return name
    return None


class LandIndex:
    """Which land polygon holds a lon/lat point (shapely's spatial index over the polygons)."""

    def __init__(self, polygons: list[list[list[tuple[float, float]]]]):
        self.polygons = [shapely.Polygon(rings[0], rings[1:]) for rings in polygons]
        self.tree = shapely.STRtree(self.polygons)

    def locate(self, point: tuple[float, float]) -> int | None:
        """Index of the first polygon containing ``point``, or None (water)."""
        hits = self.tree.query(shapely.Point(point), predicate="within")
        return int(min(hits)) if len(hits) else None


def build(resolution: str = "50m", strict: bool = True) -> dict:
    """The whole map as plain data (what the YAML file holds)."""
    index = LandIndex(load_land(resolution))
    mainland = {index.locate(ll) for ll in [(12.48, 41.89), (10.32, 36.85), (31.25, 29.85),
                                           (-4.78, 37.88), (28.04, 38.49)]}
    cands = candidate_hexes()
    universe = set(cands)
    share: dict[Hex, float] = {}
    dominant: dict[Hex, int | None] = {}
    for h in cands:
        hits = [index.locate(p) for p in samples(h)]
        land_hits = [i for i in hits if i is not None]
        share[h] = len(land_hits) / len(hits)
        dominant[h] = max(set(land_hits), key=lambda i: (land_hits.count(i), -i)) \
            if land_hits else None
    land = {h for h in cands if share[h] >= LAND_SHARE}
    forced: dict[Hex, str] = {}
    for _name, ll, why in P.FORCE_LAND:
        h = LAYOUT.from_pixel(*MEDITERRANEAN.to_xy(*ll))
        land.add(h)
        forced[h] = why
        dominant[h] = index.locate(ll)

    # islands: the hexes of the island's own polygon, plus the hex of its anchor
    island_of: dict[Hex, str] = {}
    displaced: dict[str, bool] = {}
    for iid, _name, anchor, _src in P.ISLANDS:
        poly = index.locate(anchor)
        if poly is not None and poly not in mainland:
            for h in sorted(land):
                if dominant[h] == poly:
                    island_of[h] = iid
        ax = MEDITERRANEAN.to_xy(*anchor)
        home = LAYOUT.from_pixel(*ax)
        if home in island_of and island_of[home] == iid:
            displaced[iid] = False
            continue
        if home not in land and home not in island_of:
            target = home
        else:  # no room: the nearest free sea hex
            free = [h for h in universe if h not in land and h not in island_of]
            target = min(free, key=lambda h: (km(LAYOUT.to_pixel(h), ax), h))
        island_of[target] = iid
        land.add(target)
        displaced[iid] = target != home
    # land of unnamed islands joins the mainland when it touches it, else becomes sea
    for h in sorted(land):
        if h not in island_of and dominant[h] not in mainland:
            if not any(n in land and n not in island_of and dominant[n] in mainland
                       for n in neighbours(h)):
                land.discard(h)

    sea = universe - land
    # inland water smaller than 4 hexes is too small for this scale: it becomes land
    seen: set[Hex] = set()
    for h in sorted(sea):
        if h in seen:
            continue
        comp = set(steps_from({h}, sea))
        seen |= comp
        if len(comp) < 4:
            land |= comp
    sea = universe - land

    # drop deep desert and far ocean
    from_sea = steps_from(sea, universe)
    from_land = steps_from(land, universe)
    kept: set[Hex] = set()
    for h in cands:
        lon, lat = lonlat(h)
        if h in land and h not in island_of:
            inland = from_sea.get(h, 99)
            keep_box = any(a <= lon <= c and b <= lat <= d for _n, (a, b, c, d)
                           in P.KEEP_DEEP_INLAND)
            if lat < DEEP_LAT and inland >= DEEP_INLAND_STEPS and not keep_box:
                continue
            if lat < 31.0 and lon < 29.5 and inland >= 2:    # the Libyan desert
                continue
        if h in sea:
            atlantic = lon < -5.7 or (lat > 43.0 and lon < 1.5)
            if atlantic and from_land.get(h, 99) > ATLANTIC_KEEP_STEPS:
                continue
        kept.add(h)
    land &= kept
    sea &= kept
    # scraps of land cut off by the drops (fewer than 6 hexes, not an island) go too
    mainland_land = {h for h in land if h not in island_of}
    seen = set()
    for h in sorted(mainland_land):
        if h in seen:
            continue
        comp = set(steps_from({h}, mainland_land))
        seen |= comp
        if len(comp) < 6:
            land -= comp
            kept -= comp

    terrain: dict[Hex, str] = {}
    for h in kept:
        if h in sea:
            terrain[h] = "sea"
        elif h in island_of:
            terrain[h] = "island"
        elif any(n in sea for n in neighbours(h)):
            terrain[h] = "coastal"
        else:
            terrain[h] = "land"
    ridge = {h: r for h in kept if terrain[h] in ("land", "coastal")
             and (r := ridge_of(h)) is not None}

    # provinces: cheapest seed over mainland land, mountains cost 3
    area: dict[Hex, str] = {h: island_of[h] for h in kept if h in island_of}
    best: dict[Hex, float] = {}
    heap: list[tuple[float, int, Hex, str]] = []
    for order, (pid, _n, seed, _h, _s) in enumerate(P.PROVINCES):
        sp = MEDITERRANEAN.to_xy(*seed)
        h = min((h for h in kept if terrain[h] in ("land", "coastal")),
                key=lambda h: (km(LAYOUT.to_pixel(h), sp), h))
        heapq.heappush(heap, (0.0, order, h, pid))
    while heap:
        cost, order, h, pid = heapq.heappop(heap)
        if h in area:
            continue
        area[h] = pid
        best[h] = cost
        for n in neighbours(h):
            if terrain.get(n) in ("land", "coastal") and n not in area:
                heapq.heappush(heap, (cost + (3 if n in ridge else 1), order, n, pid))
    missing = [h for h in kept if terrain[h] != "sea" and h not in area]
    if missing:
        raise SystemExit(f"land hexes without a province: {missing[:5]}")

    # cities and sites
    dare = load_dare()
    city_at: dict[Hex, dict] = {}
    site_at: dict[Hex, dict] = {}
    moved: list[str] = []
    errors: list[str] = []

    def place(cid: str, ll: tuple[float, float], island: str | None) -> Hex:
        p = MEDITERRANEAN.to_xy(*ll)
        ok = [h for h in kept if terrain[h] != "sea" and h not in city_at and h not in site_at
              and (area[h] == island if island else terrain[h] != "island")]
        if not ok:
            errors.append(f"{cid}: no free hex on {island or 'the mainland'}")
            return LAYOUT.from_pixel(*p)
        h = min(ok, key=lambda h: (km(LAYOUT.to_pixel(h), p), h))
        if km(LAYOUT.to_pixel(h), p) > PLACE_RADIUS_KM:
            errors.append(f"{cid}: no free hex within {PLACE_RADIUS_KM:.0f} km of {ll}")
        if h != LAYOUT.from_pixel(*p):
            moved.append(cid)
        return h

    cities = []
    for cid, name, latin, hint, merch, capital, island, src in P.CITIES:
        dare_id = None
        ll = hint
        if latin:
            feats = dare.get(latin)
            if not feats:
                raise SystemExit(f"{cid}: no DARE place '{latin}'")
            f = min(feats, key=lambda f: math.dist(f["geometry"]["coordinates"][:2], hint))
            ll = tuple(round(float(v), 4) for v in f["geometry"]["coordinates"][:2])
            dare_id = f["properties"]["id"]
            if math.dist(ll, hint) > 0.5:
                raise SystemExit(f"{cid}: DARE '{latin}' at {ll} is far from hint {hint}")
        h = place(cid, ll, island)
        rec = {"id": cid, "name": name, "hex": hex_id(h), "lon": ll[0], "lat": ll[1],
               "merchandise": merch}
        if capital:
            rec["capital_of"] = capital
        if dare_id:
            rec["dare"] = int(dare_id)
        rec["source"] = src
        city_at[h] = rec
        cities.append(rec)

    sites = []
    for sid, name, ll, merch, src in P.SITES:
        if sid == "laconian_fishery":   # example ch.4: coastal, next to Sparta
            sparta = next(h for h, c in city_at.items() if c["id"] == "sparta")
            p = MEDITERRANEAN.to_xy(*ll)
            opts = [n for n in neighbours(sparta) if terrain.get(n) == "coastal"
                    and n not in city_at]
            if not opts:
                errors.append("no coastal hex next to Sparta")
                opts = [n for n in neighbours(sparta) if n in kept and n not in city_at]
            h = min(opts, key=lambda n: (km(LAYOUT.to_pixel(n), p), n))
        else:
            h = place(sid, ll, None)
        rec = {"id": sid, "name": name, "hex": hex_id(h), "lon": ll[0], "lat": ll[1],
               "merchandise": merch, "source": src}
        site_at[h] = rec
        sites.append(rec)

    if errors and strict:
        raise SystemExit("\n".join(errors))
    home_of_area = {pid: home for pid, _n, _s, home, _src in P.PROVINCES}
    nicopolis = next(h for h, c in city_at.items() if c["id"] == "nicopolis")

    hexes = []
    for h in sorted(kept, key=lambda h: (h[1], h[0])):
        t = terrain[h]
        rec: dict = {"id": hex_id(h), "terrain": t}
        if h in ridge:
            rec["mountain"] = True
        if t != "sea":
            rec["area"] = area[h]
            c = city_at.get(h)
            s = site_at.get(h)
            rec["city"] = c["id"] if c else None
            rec["merchandise"] = (c or s or {}).get("merchandise")
            home = home_of_area.get(area[h])
            if h == nicopolis:
                home = "greece"
            rec["home"] = home
        if h in forced:
            rec["source"] = f"reconstructed: {forced[h]}"
        elif h in ridge:
            rec["source"] = f"reconstructed: {ridge[h]} ridge; land share {share[h]:.2f}"
        elif h in island_of and displaced.get(island_of[h]) and dominant.get(h) is None:
            rec["source"] = "reconstructed: small island placed in its nearest free sea hex"
        else:
            rec["source"] = f"derived: land share {share[h]:.2f} (Natural Earth {resolution})"
        hexes.append(rec)

    areas = []
    for pid, name, _seed, home, src in P.PROVINCES:
        areas.append({"id": pid, "kind": "province", "name": name, "home": home,
                      "source": src})
    for iid, name, _anchor, src in P.ISLANDS:
        rec = {"id": iid, "kind": "island", "name": name, "home": None, "source": src}
        if displaced[iid]:
            rec["note"] = "moved off the coast into the nearest free sea hex (scale)"
        areas.append(rec)

    return {
        "meta": {
            "game": "mare-nostrum",
            "generator": "tools/build_mare_nostrum_map.py",
            "grid": {"orientation": LAYOUT.orientation, "size_km": round(LAYOUT.size, 6),
                     "spacing_km": SPACING_KM, "projection": {
                         "lon0": MEDITERRANEAN.lon0, "lat0": MEDITERRANEAN.lat0}},
            "attribution": [
                "Coastline: Natural Earth (public domain), via world-atlas",
                "Ancient places: Digital Atlas of the Roman Empire (DARE), Johan Åhlfeldt, "
                "Lund University, CC BY-SA 3.0; this file is shared under the same licence",
            ],
            "source": "derived: generated from Natural Earth, DARE and "
                      "tools/mare_nostrum_places.py",
        },
        "areas": areas,
        "cities": cities,
        "sites": sites,
        "hexes": hexes,
        "moved": sorted(moved),
        "errors": errors,
    }


def coastline(data: dict, resolution: str = "50m") -> dict:
    """Natural Earth land rings near the board, projected to map km and simplified: the
    coastline the GUI draws over the hexes (public domain)."""
    layout = LAYOUT
    xs, ys = [], []
    for rec in data["hexes"]:
        q, r = (int(v) for v in rec["id"].split(","))
        x, y = layout.to_pixel((q, r))
        xs.append(x)
        ys.append(y)
    pad = 2 * layout.size
    box = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    rings = []
    for poly in load_land(resolution):
        for ring in poly:
            pts = [MEDITERRANEAN.to_xy(lon, lat) for lon, lat in ring]
            if not any(box[0] <= x <= box[2] and box[1] <= y <= box[3] for x, y in pts):
                continue
            pts = list(shapely.LineString(pts).simplify(COAST_TOLERANCE_KM,
                                                        preserve_topology=False).coords)
            if len(pts) >= 4:
                rings.append([[round(x, 1), round(y, 1)] for x, y in pts])
    return {"source": "derived: Natural Earth land outlines (public domain), projected with "
                      "hexmap.geo.MEDITERRANEAN, simplified to 1.5 km",
            "units": "km", "box": [round(v, 1) for v in box], "rings": rings}


def _scalar(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, ensure_ascii=False)


def _flow(rec: dict) -> str:
    return "{" + ", ".join(f"{k}: {_scalar(v)}" for k, v in rec.items()) + "}"


def to_yaml(data: dict) -> str:
    """Stable, diff-friendly YAML: one record per line."""
    meta = data["meta"]
    lines = [
        "# Mare Nostrum hex map. GENERATED by tools/build_mare_nostrum_map.py: do not edit.",
        "# Coastline: Natural Earth (public domain). Ancient places: DARE, Johan Åhlfeldt,",
        "# Lund University, CC BY-SA 3.0 -- this data file is shared under CC BY-SA 3.0.",
        "meta:",
        f"  game: {_scalar(meta['game'])}",
        f"  generator: {_scalar(meta['generator'])}",
        f"  grid: {_flow({k: v for k, v in meta['grid'].items() if k != 'projection'})}",
        f"  projection: {_flow(meta['grid']['projection'])}",
        "  attribution:",
        *[f"    - {_scalar(a)}" for a in meta["attribution"]],
        f"  source: {_scalar(meta['source'])}",
        "areas:",
        *[f"  - {_flow(a)}" for a in data["areas"]],
        "cities:",
        *[f"  - {_flow(c)}" for c in data["cities"]],
        "sites:",
        *[f"  - {_flow(s)}" for s in data["sites"]],
        "hexes:",
        *[f"  - {_flow(h)}" for h in data["hexes"]],
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    data = build()
    text = to_yaml(data)
    coast = json.dumps(coastline(data), separators=(",", ":")) + "\n"
    if "--check" in argv:
        same = (OUT.exists() and OUT.read_text(encoding="utf-8") == text
                and COAST_OUT.exists() and COAST_OUT.read_text(encoding="utf-8") == coast)
        print("map files are up to date" if same else "map files differ from the generator")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    COAST_OUT.write_text(coast, encoding="utf-8")
    hexes = data["hexes"]
    kinds = {t: sum(1 for h in hexes if h["terrain"] == t)
             for t in ("sea", "coastal", "land", "island")}
    print(f"wrote {OUT.relative_to(ROOT)}: {len(hexes)} hexes {kinds}, "
          f"{sum(1 for h in hexes if h.get('mountain'))} mountain, "
          f"{len(data['cities'])} cities, {len(data['sites'])} sites; "
          f"moved to a free hex: {', '.join(data['moved']) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
