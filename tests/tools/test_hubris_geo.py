"""The Hubris map tool's warp, and the committed Hubris geometry against map.yaml (2.5.1)."""

from __future__ import annotations

import json
import math

import pytest

from hexmap.geo import MEDITERRANEAN
from rules.engine.registry import asset_dir
from tools.warp import Fisheye, Squeeze, Warp

shapely = pytest.importorskip("shapely", reason="the map tools' extra: pip install -e '.[tools]'")


def test_fisheye_magnifies_centre_and_leaves_outside_alone():
    f = Fisheye((100.0, 50.0), 200.0, 2.5)
    near = f.apply((101.0, 50.0))
    assert near[0] - 100.0 == pytest.approx(2.5, rel=0.01)
    assert f.apply((400.0, 50.0)) == (400.0, 50.0)
    radii = [math.dist(f.apply((100.0 + r, 50.0)), (100.0, 50.0)) for r in range(0, 200, 5)]
    assert radii == sorted(radii)          # monotonic: no fold-over
    for p in [(150.0, 20.0), (30.0, 90.0), (299.0, 50.0)]:
        assert f.invert(f.apply(p)) == pytest.approx(p, abs=1e-6)


def test_fisheye_rejects_folding_magnification():
    with pytest.raises(ValueError):
        Fisheye((0.0, 0.0), 10.0, 4.0)


def test_squeeze_is_smooth_and_reaches_its_factor():
    s = Squeeze(0, 100.0, 50.0, 0.4)
    assert s.apply((90.0, 3.0)) == (90.0, 3.0)
    a, b = s.apply((500.0, 0.0))[0], s.apply((600.0, 0.0))[0]
    assert b - a == pytest.approx(40.0)
    assert s.invert(s.apply((321.0, 7.0))) == pytest.approx((321.0, 7.0), abs=1e-6)


def test_warp_round_trips_through_dict():
    w = Warp((Fisheye((0.0, 0.0), 100.0, 2.0), Squeeze(1, 10.0, 20.0, 0.5)))
    w2 = Warp.from_dict(w.to_dict())
    assert w2.apply((12.0, 30.0)) == w.apply((12.0, 30.0))


def test_spread_points_keeps_them_apart_inside_their_polygon():
    from shapely.geometry import Point, box

    from tools.build_hubris_geo import spread_points

    square = box(0.0, 0.0, 10.0, 10.0)
    pts = {"x": (5.0, 5.0), "y": (5.5, 5.0), "z": (5.0, 5.4)}
    out = spread_points(pts, 3.0, {k: square for k in pts})
    for a in out:
        assert square.contains(Point(out[a]))
        for b in out:
            if a < b:
                assert math.dist(out[a], out[b]) >= 3.0 - 1e-6


def test_drawn_adjacency_needs_a_shared_edge_not_a_corner():
    from shapely.geometry import box

    from tools.build_hubris_geo import drawn_adjacency

    shapes = {"a": box(0, 0, 10, 10), "b": box(10, 0, 20, 10), "c": box(10, 10, 20, 20),
              "f": box(30, 0, 40, 10)}
    got = drawn_adjacency(shapes, tolerance=0.2, min_length=3.0)
    assert got == {frozenset("ab"), frozenset("bc")}


# --------------------------------------------------------------------------- Hubris geo.json

@pytest.fixture(scope="module")
def geo():
    return json.loads((asset_dir("hubris") / "geo.json").read_text())


@pytest.fixture(scope="module")
def md():
    from rules.hubris.mapdata import load_map

    return load_map()


def shape(polygons: list) -> shapely.MultiPolygon:
    """geo.json's ``[[shell, hole, ...], ...]`` as one shapely geometry."""
    return shapely.MultiPolygon([shapely.Polygon(p[0], p[1:]) for p in polygons])


def test_every_satrapy_and_sea_is_drawn(geo, md):
    assert set(geo["areas"]) == set(md.satrapies) | set(md.seas)
    for aid, rec in geo["areas"].items():
        assert rec["polygons"], aid
        assert shape(rec["polygons"]).area > 50.0, aid


def test_every_place_is_drawn_inside_its_satrapy(geo, md):
    for pid, place in md.places.items():
        assert pid in geo["places"], pid
        mp = geo["areas"][place.satrapy]
        point = shapely.Point(geo["places"][pid])
        inside = shape(mp["polygons"]).contains(point)
        framed = "frame" in mp and shape(mp["frame"]).contains(point)
        assert inside or framed, f"{pid} not inside {place.satrapy}"


def test_place_positions_follow_the_stored_warp(geo, md):
    warp = Warp.from_dict(geo["warp"])
    for pid in ("pella", "alexandreia", "antiocheia", "sardeis"):
        lon, lat = md.places[pid].lonlat
        x, y = warp.apply(MEDITERRANEAN.to_xy(lon, lat))
        assert geo["places_true"][pid] == pytest.approx([x, y], abs=0.2)


@pytest.mark.rule("hubris", "2.5.1")
def test_drawn_adjacency_matches_map_yaml(geo, md):
    from tools.build_hubris_geo import drawn_adjacency

    drawn = drawn_adjacency({aid: shape(rec["polygons"]) for aid, rec in geo["areas"].items()},
                            tolerance=0.5, min_length=6.0)
    rules = {frozenset(e) for e in md.area_graph().edges}
    assert sorted(map(sorted, rules - drawn)) == [], "borders map.yaml states but not drawn"
    assert sorted(map(sorted, drawn - rules)) == [], "borders drawn but not in map.yaml"


@pytest.mark.rule("hubris", "2.5.3")
def test_straits_crossings_join_no_land_border(geo, md):
    """THRAKE/MYSIA and AITOLIA-EPEIROS/PELOPONNESOS face each other across water only."""
    from tools.build_hubris_geo import drawn_adjacency

    shapes = {aid: shape(geo["areas"][aid]["polygons"]) for st in md.straits
              for aid in st["between"]}
    drawn = drawn_adjacency(shapes, tolerance=0.5, min_length=0.5)
    for st in md.straits:
        assert frozenset(st["between"]) not in drawn, st["between"]


@pytest.mark.slow
def test_committed_geometry_is_what_the_tool_builds(capsys):
    """Rebuilding the Hubris map from its seeds, map.yaml and the vendored coastline gives
    the committed geo.json byte for byte (about 10 s, so with the long runs)."""
    from tools.build_hubris_geo import main

    assert main(["--check"]) == 0, capsys.readouterr().out

