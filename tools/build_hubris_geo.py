"""Build ``assets/hubris/geo.json``: the drawn shapes of the Hubris map.

Inputs: ``assets/hubris/geo_seeds.yaml`` (seed points, warp, frame), ``assets/hubris/map.yaml``
(ids, places with ``lonlat``, straits, Roman routes) and the Natural Earth coastline
(``tools/geodata``, read by ``tools.geography.load_land``). Method (see docs/hubris-map.md):

1. project lon/lat to map km (``hexmap.geo.MEDITERRANEAN``) and apply the display warp
   (``tools.warp.Warp``: fisheyes over Greece and the Levant, eastern squeeze);
2. Voronoi cells of the land seeds (shapely's ``voronoi_polygons``); a Satrapy is the union
   of its seeds' cells clipped to the mainland, plus whole islands given to it;
3. the water is split the same way between the Sea Areas and neutral water;
4. label anchors, place anchors (spread apart so none overlap), straits, Roman routes.

Needs the ``tools`` extra (shapely; the game never imports it). From the repository root:
``pip install -e '.[tools]'`` once, then ``python tools/build_hubris_geo.py`` (``--check``:
exit 1 if the committed file differs from what it builds).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, polylabel, unary_union

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hexmap.geo import MEDITERRANEAN  # noqa: E402
from rules.engine.data import DataError, load_yaml  # noqa: E402
from tools.geography import load_land  # noqa: E402
from tools.warp import Fisheye, Squeeze, Warp, densify  # noqa: E402

ASSETS = ROOT / "assets" / "hubris"
ISLAND_MAX_KM2 = 30000.0      # a land polygon smaller than this (unwarped) is an island
SIMPLIFY_KM = 1.2             # output tolerance in warped km
PLACE_SPACING_KM = 62.0       # minimum distance between two place markers (warped km)
LABEL_CLEARANCE_KM = 55.0     # a Satrapy name keeps this far from its places


# --------------------------------------------------------------------------- inputs


def _lonlat_list(record, key: str) -> list[tuple[float, float, str]]:
    out = []
    for item in record[key]:
        if not isinstance(item, list) or len(item) < 2:
            raise record.error(key, f"expected [lon, lat, name], got {item!r}")
        out.append((float(item[0]), float(item[1]), str(item[2]) if len(item) > 2 else ""))
    return out


def load_seeds(path: Path) -> dict:
    data = load_yaml(path)
    for key in ("frame", "warp", "satrapies", "seas", "neutral_land", "neutral_water", "islands"):
        if key not in data:
            raise DataError(path, None, key, "missing section")
    for section in ("satrapies", "seas"):
        for aid, rec in data[section].items():
            if "source" not in rec:
                raise rec.error(None, f"{aid}: every record needs source:")
            rec["_seeds"] = _lonlat_list(rec, "seeds")
    for section in ("neutral_land", "neutral_water"):
        data[section]["_seeds"] = _lonlat_list(data[section], "seeds")
    return data


def load_map(path: Path) -> dict | None:
    if not path.exists():
        return None
    return load_yaml(path)


def map_index(mp: dict | None) -> dict:
    """Ids, places, straits and routes from map.yaml (tolerant of list- or dict-shaped records)."""
    out = {"satrapies": {}, "seas": {}, "places": {}, "straits": [], "routes": []}
    if mp is None:
        return out

    def records(section):
        sec = mp.get(section) or []
        if isinstance(sec, dict):
            return [dict(v, id=k) for k, v in sec.items()]
        return list(sec)

    for rec in records("satrapies"):
        out["satrapies"][rec["id"]] = rec
    for rec in records("seas"):
        out["seas"][rec["id"]] = rec
    for rec in records("places"):
        out["places"][rec["id"]] = rec
    out["straits"] = records("straits")
    italia = mp.get("italia") or {}
    out["routes"] = [dict(r, **{"from": italia.get("id", "italia")})
                     for r in italia.get("roman_routes") or []]
    out["italia"] = italia
    return out


def expected_adjacency(idx: dict) -> set[frozenset[str]]:
    """Every Satrapy-Satrapy, Satrapy-Sea and Sea-Sea border map.yaml states."""
    out: set[frozenset[str]] = set()
    for sid, rec in idx["satrapies"].items():
        for other in list(rec.get("land_borders") or []) + list(rec.get("seas") or []):
            out.add(frozenset((sid, other)))
    for sid, rec in idx["seas"].items():
        for other in rec.get("borders") or []:
            out.add(frozenset((sid, other)))
    return out


def drawn_adjacency(geoms: dict, tolerance: float = 0.4, min_length: float = 6.0) -> set:
    ids = sorted(geoms)
    rims = {k: geoms[k].boundary.buffer(tolerance) for k in ids}
    out = set()
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if not rims[a].intersects(rims[b]):
                continue
            shared = geoms[a].boundary.intersection(rims[b])
            if shared.length >= min_length:
                out.add(frozenset((a, b)))
    return out


# --------------------------------------------------------------------------- warp


def build_warp(seeds: dict) -> Warp:
    w = seeds["warp"]
    steps: list = []
    for f in w.get("fisheye") or []:
        c = MEDITERRANEAN.to_xy(*f["center"])
        steps.append(Fisheye(c, float(f["radius_km"]), float(f["magnification"])))
    east = w.get("squeeze_east") or []
    for sq in east if isinstance(east, list) else [east]:
        # start given in lon/lat: where it lands after the steps so far
        p0 = Warp(tuple(steps)).apply(MEDITERRANEAN.to_xy(float(sq["start_lon"]),
                                                                 MEDITERRANEAN.lat0))
        steps.append(Squeeze(0, p0[0], float(sq["width_km"]), float(sq["factor"])))
    sq = w.get("squeeze_south")
    if sq:
        y0 = MEDITERRANEAN.to_xy(MEDITERRANEAN.lon0, float(sq["start_lat"]))[1]
        steps.append(Squeeze(1, y0, float(sq["width_km"]), float(sq["factor"])))
    return Warp(tuple(steps))


def project(warp: Warp, lon: float, lat: float) -> tuple[float, float]:
    return warp.apply(MEDITERRANEAN.to_xy(lon, lat))


def warp_ring(warp: Warp, ring_lonlat, step_km: float = 8.0) -> list[tuple[float, float]]:
    km = [MEDITERRANEAN.to_xy(x, y) for x, y in ring_lonlat]
    return [warp.apply(p) for p in densify(km, step_km)]


def land_geometry(warp: Warp, east_limit: float, frame_ll: tuple) -> tuple:
    """(mainland, [island polygons]) in warped km; land east of the data is filled in."""
    polys_ll = load_land("10m")
    w, s, e, n = frame_ll
    extra = Polygon([(east_limit - 0.01, s - 1), (e + 1, s - 1), (e + 1, n + 1),
                     (east_limit - 0.01, n + 1)])
    shapes = []
    for poly in polys_ll:
        shapes.append(Polygon(poly[0], poly[1:]).buffer(0))
    merged = unary_union(shapes + [extra])
    parts = list(merged.geoms) if isinstance(merged, MultiPolygon) else [merged]
    mainland, islands = [], []
    for part in parts:
        km = Polygon([MEDITERRANEAN.to_xy(x, y) for x, y in part.exterior.coords])
        warped = Polygon(warp_ring(warp, list(part.exterior.coords)[:-1]),
                         [warp_ring(warp, list(r.coords)[:-1]) for r in part.interiors]).buffer(0)
        warped = warped.simplify(0.3, preserve_topology=True)
        if warped.is_empty:
            continue
        (islands if km.area < ISLAND_MAX_KM2 else mainland).append(warped)
    return unary_union(mainland), islands


def frame_box(warp: Warp, frame_ll) -> tuple[float, float, float, float]:
    w, s, e, n = frame_ll
    lat_mid, lon_mid = (s + n) / 2, (w + e) / 2
    x0 = project(warp, w, lat_mid)[0]
    x1 = project(warp, e, lat_mid)[0]
    y0 = project(warp, lon_mid, n)[1]
    y1 = project(warp, lon_mid, s)[1]
    return (x0, y0, x1, y1)


# --------------------------------------------------------------------------- areas


def voronoi_union(seed_owner: list[tuple[tuple[float, float], str | None]], fbox) -> dict:
    """owner -> shapely union of its seeds' Voronoi cells (None = neutral)."""
    frame = box(*fbox)
    cells = shapely.voronoi_polygons(MultiPoint([p for p, _ in seed_owner]), extend_to=frame,
                                     ordered=True).geoms
    grouped: dict = {}
    for (_, owner), cell in zip(seed_owner, cells, strict=True):
        cell = cell.intersection(frame)
        if not cell.is_empty:
            grouped.setdefault(owner, []).append(cell.buffer(0.05, join_style="mitre"))
    return {k: shapely.union_all(v, grid_size=0.05) for k, v in grouped.items()}


def drop_specks(geom, keep_ratio: float = 0.04):
    """Drop parts much smaller than the largest (Voronoi leftovers across a coast)."""
    parts = [g for g in getattr(geom, "geoms", [geom]) if not g.is_empty]
    if not parts:
        return geom
    big = max(p.area for p in parts)
    return unary_union([p for p in parts if p.area >= big * keep_ratio])


def to_rings(geom, ndigits: int = 1) -> list:
    """shapely (multi)polygon -> [[shell, hole...], ...] with rounded coordinates."""
    out = []
    for g in getattr(geom, "geoms", [geom]):
        if g.is_empty or g.geom_type != "Polygon":
            continue
        g = shapely.geometry.polygon.orient(g, sign=1.0)
        rings = [g.exterior] + list(g.interiors)
        out.append([[[round(x, ndigits), round(y, ndigits)] for x, y in list(r.coords)[:-1]]
                    for r in rings])
    return out


def label_point(geom, avoid=None) -> tuple[float, float]:
    """A point deep inside the largest part, away from ``avoid`` (place markers)."""
    parts = sorted(getattr(geom, "geoms", [geom]), key=lambda g: -g.area)
    target = parts[0]
    if avoid is not None and not avoid.is_empty:
        free = target.difference(avoid)
        free_parts = sorted(getattr(free, "geoms", [free]), key=lambda g: -g.area)
        if free_parts and not free_parts[0].is_empty and free_parts[0].area > 0.15 * target.area:
            target = free_parts[0]
    if target.geom_type != "Polygon":
        target = parts[0]
    p = polylabel(target, tolerance=2.0)
    return (round(p.x, 1), round(p.y, 1))


def spread_points(points: dict[str, tuple[float, float]], min_distance: float,
                  inside: dict[str, Polygon], iterations: int = 200) -> dict[str, tuple]:
    """Push points apart until every pair is ``min_distance`` apart (as far as possible).

    A point with a polygon in ``inside`` does not take a step that would leave it.
    Deterministic (sorted ids, no randomness).
    """
    ids = sorted(points)
    pos = {k: points[k] for k in ids}
    for _ in range(iterations):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                (ax, ay), (bx, by) = pos[a], pos[b]
                d = math.hypot(bx - ax, by - ay)
                if d >= min_distance:
                    continue
                ux, uy = ((bx - ax) / d, (by - ay) / d) if d > 1e-9 else (1.0, 0.0)
                push = (min_distance - d) / 2 * 1.01
                for k, new in ((a, (ax - ux * push, ay - uy * push)),
                               (b, (bx + ux * push, by + uy * push))):
                    if k not in inside or inside[k].contains(Point(new)):
                        pos[k] = new
                        moved = True
        if not moved:
            break
    return pos


# --------------------------------------------------------------------------- build


def build(seeds_path: Path, map_path: Path) -> dict:
    seeds = load_seeds(seeds_path)
    idx = map_index(load_map(map_path))
    warp = build_warp(seeds)
    frame_ll = tuple(float(v) for v in seeds["frame"]["bounds"])
    work_ll = (frame_ll[0] - 4, frame_ll[1] - 4, frame_ll[2] + 4, frame_ll[3] + 4)
    fbox = frame_box(warp, work_ll)
    frame_poly = box(*fbox)

    mainland, islands = land_geometry(warp, 62.0, work_ll)
    mainland = mainland.intersection(frame_poly)
    # open narrow straits (Hellespont, Bosporos, Rion) so shores across them do not touch
    sea_open = frame_poly.difference(unary_union([mainland] + islands)).buffer(0.8)
    mainland = mainland.difference(sea_open)
    # straits opened to a drawable width (Bosporos, Hellespont): the seas on either side
    # meet across them, the shores do not (2.5.1: a Straits Crossing is no land border)
    for ch in (seeds.get("channels") or {}).get("lines") or []:
        line = LineString([project(warp, float(x), float(y)) for x, y in ch["points"]])
        cut = line.buffer(float(ch["width_km"]) / 2, cap_style="flat")
        mainland = mainland.difference(cut)
        mainland = unary_union([g for g in getattr(mainland, "geoms", [mainland])
                                if g.area > 50.0])
    islands = [i.difference(sea_open) for i in islands]
    islands = [i for i in islands if not i.is_empty]

    # land seeds: mainland satrapies + neutral land; island satrapies only claim islands
    land_seeds: list = []
    island_seeds: list = []
    for sid, rec in seeds["satrapies"].items():
        for lon, lat, _ in rec["_seeds"]:
            p = project(warp, lon, lat)
            (island_seeds if rec.get("island") else land_seeds).append((p, sid))
    for lon, lat, _ in seeds["neutral_land"]["_seeds"]:
        land_seeds.append((project(warp, lon, lat), None))
    cells = voronoi_union(land_seeds, fbox)

    shapes: dict[str, list] = {sid: [] for sid in seeds["satrapies"]}
    for sid in shapes:
        if sid in cells:
            shapes[sid].append(cells[sid].intersection(mainland))

    assigns = [(project(warp, a[0], a[1]), str(a[3])) for a in seeds["islands"]["assign"]]
    all_seeds = land_seeds + island_seeds
    for isl in islands:
        if not isl.intersects(frame_poly):
            continue
        owner = None
        for p, aid in assigns:
            if isl.buffer(3.0).contains(Point(p)):
                owner = aid
                break
        else:
            c = isl.representative_point()
            owner = min(all_seeds, key=lambda so: math.dist(so[0], (c.x, c.y)))[1]
        if owner is not None:
            shapes.setdefault(owner, []).append(isl)

    out_areas: dict = {}
    for sid, parts in shapes.items():
        geom = unary_union(parts).intersection(frame_poly)
        geom = drop_specks(geom, 0.0005)
        if geom.is_empty:
            print(f"warning: satrapy {sid} is empty", file=sys.stderr)
            continue
        out_areas[sid] = {"kind": "satrapy", "geom": geom}

    # the drawn frame: every Satrapy plus a margin, within the requested window
    sat_bounds = unary_union([a["geom"] for a in out_areas.values()]).bounds
    wanted = frame_box(warp, frame_ll)
    m = float(seeds["frame"].get("margin_km", 40.0))
    fbox = (max(min(sat_bounds[0] - m, wanted[0]), fbox[0]), max(sat_bounds[1] - m, fbox[1]),
            min(max(sat_bounds[2] + m, wanted[2]), fbox[2]), min(sat_bounds[3] + m, fbox[3]))
    frame_poly = box(*fbox)
    for rec in out_areas.values():
        rec["geom"] = rec["geom"].intersection(frame_poly)
    land_all = unary_union([mainland] + islands).intersection(frame_poly)
    water = frame_poly.difference(land_all)
    sea_seeds: list = []
    for sid, rec in seeds["seas"].items():
        for lon, lat, _ in rec["_seeds"]:
            sea_seeds.append((project(warp, lon, lat), sid))
    for lon, lat, _ in seeds["neutral_water"]["_seeds"]:
        sea_seeds.append((project(warp, lon, lat), None))
    sea_cells = voronoi_union(sea_seeds, fbox)
    for sid in seeds["seas"]:
        geom = drop_specks(sea_cells[sid].intersection(water), 0.02)
        out_areas[sid] = {"kind": "sea", "geom": geom}

    # island satrapies get a dashed frame (a click target bigger than the tiny islands)
    for sid, rec in seeds["satrapies"].items():
        if rec.get("island") and sid in out_areas:
            g = out_areas[sid]["geom"]
            out_areas[sid]["frame"] = g.convex_hull.buffer(14.0).simplify(2.0)

    # places
    places_xy: dict[str, tuple[float, float]] = {}
    true_xy: dict[str, tuple[float, float]] = {}
    inside: dict = {}
    for pid, rec in idx["places"].items():
        ll = rec.get("lonlat")
        if not ll:
            continue
        p = project(warp, float(ll[0]), float(ll[1]))
        true_xy[pid] = p
        sat = rec.get("satrapy")
        if sat in out_areas:
            g = out_areas[sat]["geom"]
            shrunk = g.buffer(-10.0)
            target = shrunk if not shrunk.is_empty else g
            if not target.contains(Point(p)):
                q = nearest_points(target, Point(p))[0]
                p = (q.x, q.y)
            parts = sorted(getattr(target, "geoms", [target]), key=lambda x: x.distance(Point(p)))
            inside[pid] = Polygon(parts[0].exterior)
        places_xy[pid] = p
    spread = spread_points(places_xy, PLACE_SPACING_KM, inside)

    # straits: shortest crossing between the two satrapies through the sea
    straits = []
    for st in idx["straits"]:
        a, b = st.get("between", [None, None])
        if a in out_areas and b in out_areas:
            pa, pb = nearest_points(out_areas[a]["geom"], out_areas[b]["geom"])
            mid = ((pa.x + pb.x) / 2, (pa.y + pb.y) / 2)
            dx, dy = pb.x - pa.x, pb.y - pa.y
            d = math.hypot(dx, dy)
            if d < 4.0:   # the shores (nearly) touch: cross from one side to the other
                ca = out_areas[a]["geom"].representative_point()
                cb = out_areas[b]["geom"].representative_point()
                dx, dy = cb.x - ca.x, cb.y - ca.y
                d = math.hypot(dx, dy) or 1.0
                ux, uy = dx / d, dy / d
                dx, dy, d = ux * 8.0, uy * 8.0, 8.0
            half = max(d / 2 + 14.0, 32.0)
            ux, uy = dx / d, dy / d
            straits.append({"sea": st.get("sea"), "between": [a, b],
                            "line": [[round(mid[0] - ux * half, 1), round(mid[1] - uy * half, 1)],
                                     [round(mid[0] + ux * half, 1), round(mid[1] + uy * half, 1)]]})

    ill = seeds["frame"].get("italia_box") or idx.get("italia", {}).get("lonlat") or [17.0, 40.9]
    italia_anchor = project(warp, float(ill[0]), float(ill[1]))
    boxes = {"italia": [round(italia_anchor[0] - 70, 1), round(italia_anchor[1] - 40, 1),
                        140.0, 80.0]}
    routes = []
    for rt in idx["routes"]:
        to = rt.get("to")
        if to not in out_areas:
            continue
        target = out_areas[to]["geom"]
        end = nearest_points(target, Point(italia_anchor))[0]
        c = target.representative_point()
        ex, ey = end.x + (c.x - end.x) * 0.15, end.y + (c.y - end.y) * 0.15
        routes.append({"from": rt.get("from", "italia"), "to": to, "sea": rt.get("sea", "adrias"),
                       "line": [[round(italia_anchor[0] + 70, 1), round(italia_anchor[1], 1)],
                                [round(ex, 1), round(ey, 1)]]})

    result = {
        "about": ("Hubris map shapes in warped map km (y south). Built by "
                  "tools/build_hubris_geo.py from assets/hubris/geo_seeds.yaml, map.yaml and "
                  "Natural Earth land (public domain); place positions from map.yaml lonlat "
                  "(DARE, Johan Ahlfeldt, Lund University, CC BY-SA 3.0). Reconstructed: "
                  "the printed map's borders are not in the rulebook."),
        "source": "derived: tools/build_hubris_geo.py",
        "licence": "CC BY-SA 3.0 (place positions from DARE); coastline public domain",
        "projection": {"lon0": MEDITERRANEAN.lon0, "lat0": MEDITERRANEAN.lat0},
        "warp": warp.to_dict(),
        "frame": [round(v, 1) for v in fbox],
        "land": to_rings(land_all.simplify(SIMPLIFY_KM)),
        "areas": {},
        "places": {k: [round(x, 1), round(y, 1)] for k, (x, y) in sorted(spread.items())},
        "places_true": {k: [round(x, 1), round(y, 1)] for k, (x, y) in sorted(true_xy.items())},
        "straits": straits,
        "routes": routes,
        "boxes": boxes,
    }
    for aid in sorted(out_areas):
        rec = out_areas[aid]
        pts = [Point(xy).buffer(LABEL_CLEARANCE_KM) for pid, xy in spread.items()
               if idx["places"][pid].get("satrapy") == aid]
        entry = {"kind": rec["kind"],
                 "polygons": to_rings(rec["geom"].simplify(SIMPLIFY_KM, preserve_topology=True)),
                 "label": list(label_point(rec["geom"], unary_union(pts) if pts else None))}
        if "frame" in rec:
            entry["frame"] = to_rings(rec["frame"])
        result["areas"][aid] = entry
    if idx["satrapies"]:
        want = expected_adjacency(idx)
        got = drawn_adjacency({k: v["geom"] for k, v in out_areas.items()})
        for pair in sorted(want - got, key=sorted):
            print("missing border:", " / ".join(sorted(pair)), file=sys.stderr)
        for pair in sorted(got - want, key=sorted):
            print("extra border:  ", " / ".join(sorted(pair)), file=sys.stderr)
    for aid, lbl in (seeds.get("labels") or {}).items():
        if aid in result["areas"] and aid != "source":
            result["areas"][aid]["label"] = [round(v, 1) for v in project(warp, *lbl)]
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=Path, default=ASSETS / "geo_seeds.yaml")
    ap.add_argument("--map", type=Path, default=ASSETS / "map.yaml")
    ap.add_argument("--out", type=Path, default=ASSETS / "geo.json")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if --out differs from what would be written")
    args = ap.parse_args(argv)
    try:
        result = build(args.seeds, args.map)
    except DataError as exc:
        print(exc, file=sys.stderr)
        return 1
    text = json.dumps(result, separators=(",", ":")) + "\n"
    if args.check:
        same = args.out.exists() and args.out.read_text() == text
        print(f"{args.out.name} is up to date" if same else f"{args.out.name} differs")
        return 0 if same else 1
    args.out.write_text(text)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB, "
          f"{len(result['areas'])} areas, {len(result['places'])} places)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
