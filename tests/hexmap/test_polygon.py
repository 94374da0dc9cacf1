"""Point-in-polygon helpers used by the map builders."""

from __future__ import annotations

import random

from hexmap.polygon import (
    PolygonIndex,
    centroid,
    point_in_polygon,
    point_in_ring,
    ring_area,
    simplify,
)

SQUARE = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]
HOLE = [(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]
TRIANGLE = [(10.0, 0.0), (14.0, 0.0), (12.0, 3.0), (10.0, 0.0)]


def test_ring_and_holes():
    assert point_in_ring((2, 2), SQUARE)
    assert not point_in_ring((5, 2), SQUARE)
    assert point_in_polygon((0.5, 0.5), [SQUARE, HOLE])
    assert not point_in_polygon((2, 2), [SQUARE, HOLE])
    assert not point_in_polygon((2, 2), [])


def test_area_and_centroid():
    assert ring_area(SQUARE) == 16.0
    assert ring_area(list(reversed(SQUARE))) == -16.0
    assert centroid(SQUARE) == (2.0, 2.0)


def test_index_agrees_with_plain_ray_casting():
    polys = [[SQUARE, HOLE], [TRIANGLE]]
    idx = PolygonIndex(polys, band=0.7)
    rnd = random.Random(1)
    for _ in range(500):
        pt = (rnd.uniform(-1, 15), rnd.uniform(-1, 5))
        want = next((i for i, p in enumerate(polys) if point_in_polygon(pt, p)), None)
        assert idx.locate(pt) == want
    assert len(idx) == 2


def test_simplify_drops_near_collinear_points_and_keeps_corners():
    line = [(0.0, 0.0), (1.0, 0.01), (2.0, -0.01), (3.0, 0.0), (3.0, 3.0)]
    assert simplify(line, 0.1) == [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0)]
    assert simplify(line, 0.0) == line
    assert simplify(line[:2], 5.0) == line[:2]
