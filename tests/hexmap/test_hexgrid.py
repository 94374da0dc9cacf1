"""Axial hex math (Red Blob Games' conventions): neighbours, distance, rings, lines, pixels."""

from __future__ import annotations

import math
import random

import pytest

from hexmap import hexgrid as hg


def test_neighbours_are_six_distinct_at_distance_one():
    h = (3, -2)
    ns = hg.neighbours(h)
    assert len(set(ns)) == 6
    assert all(hg.distance(h, n) == 1 for n in ns)
    assert hg.neighbour(h, 0) == (4, -2)
    assert hg.neighbour(h, 6) == hg.neighbour(h, 0)


def test_distance_examples_and_symmetry():
    assert hg.distance((0, 0), (0, 0)) == 0
    assert hg.distance((0, 0), (3, -3)) == 3
    assert hg.distance((0, 0), (2, 1)) == 3
    assert hg.distance((-2, 5), (1, -1)) == hg.distance((1, -1), (-2, 5))


def test_distance_equals_bfs_steps_on_a_grid():
    """Property: on a full hexagonal board, graph distance equals hex distance."""
    board = hg.hex_range((0, 0), 6)
    g = hg.grid_graph(board)
    rnd = random.Random(5)
    for _ in range(25):
        a = rnd.choice(board)
        steps = hg.bfs_steps(g, a)
        for b in rnd.sample(board, 20):
            assert steps[b] == hg.distance(a, b)


def test_distance_is_at_least_bfs_steps_around_holes():
    board = [h for h in hg.hex_range((0, 0), 5) if h not in hg.ring((0, 0), 2)[1:]]
    g = hg.grid_graph(board)
    steps = hg.bfs_steps(g, (0, 0))
    assert all(steps[b] >= hg.distance((0, 0), b) for b in steps)
    assert any(steps[b] > hg.distance((0, 0), b) for b in steps)


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_ring_and_range_sizes(radius):
    ring = hg.ring((1, 1), radius)
    assert len(ring) == max(1, 6 * radius)
    assert len(set(ring)) == len(ring)
    assert all(hg.distance((1, 1), h) == radius for h in ring)
    assert len(hg.hex_range((1, 1), radius)) == 1 + 3 * radius * (radius + 1)
    assert list(hg.spiral((1, 1), radius)) == hg.hex_range((1, 1), radius)
    with pytest.raises(ValueError):
        hg.ring((0, 0), -1)


def test_line_is_connected_and_as_long_as_the_distance():
    for a, b in [((0, 0), (5, -2)), ((-3, 4), (2, -4)), ((1, 1), (1, 1)), ((0, 0), (0, 7))]:
        ln = hg.line(a, b)
        assert ln[0] == a and ln[-1] == b
        assert len(ln) == hg.distance(a, b) + 1
        assert all(hg.distance(x, y) == 1 for x, y in zip(ln, ln[1:], strict=False))


def test_hex_ids_round_trip_and_reject_garbage():
    assert hg.parse_hex_id(hg.hex_id((-3, 12))) == (-3, 12)
    for bad in ("3", "a,b", "1,2,3", ""):
        with pytest.raises(ValueError, match="hex id"):
            hg.parse_hex_id(bad)


def test_offset_coordinates_round_trip():
    for h in hg.hex_range((0, 0), 4):
        assert hg.oddr_to_axial(*hg.axial_to_oddr(h)) == h
        assert hg.oddq_to_axial(*hg.axial_to_oddq(h)) == h


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_pixel_round_trip_and_corners(orientation):
    lay = hg.Layout(orientation, 10.0, (5.0, -7.0))
    for h in hg.hex_range((2, -1), 3):
        x, y = lay.to_pixel(h)
        assert lay.from_pixel(x, y) == h
        assert lay.from_pixel(x + 7.0, y + 1.0) == h     # inside the inscribed circle (8.66)
        corners = lay.corners(h)
        assert len(corners) == 6
        assert all(math.isclose(math.dist((x, y), c), 10.0) for c in corners)
    a, b = lay.to_pixel((0, 0)), lay.to_pixel(hg.neighbour((0, 0), 2))
    assert math.isclose(math.dist(a, b), lay.spacing)


def test_pointy_and_flat_tops():
    pointy = hg.Layout("pointy", 1.0).corners((0, 0))
    flat = hg.Layout("flat", 1.0).corners((0, 0))
    assert any(math.isclose(y, -1.0) for _x, y in pointy)      # a corner straight up
    assert any(math.isclose(x, 1.0) for x, _y in flat)         # a corner straight right
    with pytest.raises(ValueError):
        hg.Layout("round", 1.0)


def test_edge_is_shared_by_both_neighbours():
    lay = hg.Layout("pointy", 3.0)
    for d in range(6):
        e1 = sorted(lay.edge((0, 0), d))
        e2 = sorted(lay.edge(hg.neighbour((0, 0), d), (d + 3) % 6))
        assert all(math.isclose(p, q, abs_tol=1e-9) for a, b in zip(e1, e2, strict=True)
                   for p, q in zip(a, b, strict=True))


def test_shortest_path_with_movement_costs():
    board = hg.hex_range((0, 0), 3)
    g = hg.grid_graph(board)
    wall = {(1, -1), (1, 0), (0, 1)}
    cost = {h: (5 if h in wall else 1) for h in board}          # mountains cost more
    path = hg.shortest_path(g, (0, 0), (2, 0), cost)
    assert path[0] == (0, 0) and path[-1] == (2, 0)
    assert hg.path_cost(path, cost) == 5                        # around, not through (6)
    assert hg.path_cost([(0, 0), (1, 0), (2, 0)], cost) == 6
    assert not set(path[1:-1]) & wall
    blocked = {h: (None if h in hg.ring((0, 0), 1) else 1) for h in board}
    assert hg.shortest_path(g, (0, 0), (2, 0), blocked) is None
    assert hg.shortest_path(g, (0, 0), (9, 9)) is None
    assert hg.path_cost([(0, 0), (1, 0)], blocked) == math.inf


def test_reachable_respects_budget_and_cost():
    board = hg.hex_range((0, 0), 4)
    g = hg.grid_graph(board)
    plain = hg.reachable(g, (0, 0), 2)
    assert set(plain) == set(hg.hex_range((0, 0), 2))
    cost = lambda h: 2 if h == (1, 0) else 1     # noqa: E731
    r = hg.reachable(g, (0, 0), 1, cost)
    assert (1, 0) not in r and (0, 1) in r and r[(0, 0)] == 0


def test_a_layout_is_an_immutable_value():
    a, b = hg.Layout("flat", 2.0, (1.0, 2.0)), hg.Layout("flat", 2.0, (1.0, 2.0))
    assert a == b and hash(a) == hash(b) and a != hg.Layout("pointy", 2.0, (1.0, 2.0))
    assert repr(a) == "Layout(orientation='flat', size=2.0, origin=(1.0, 2.0))"
    with pytest.raises(AttributeError):
        a.size = 3.0
    import copy
    import pickle

    assert copy.deepcopy(a) == a == pickle.loads(pickle.dumps(a))
