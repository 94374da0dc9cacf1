"""Plane geometry for area maps: warps, Voronoi cells, clipping, polygon tests.

Game-agnostic and pure Python (no Qt, no numpy). A point is ``(x, y)`` in map
kilometres (see :mod:`hexmap.geo`); a ring is a list of points (not closed: the last
point does not repeat the first); a polygon is ``[shell, hole, ...]``; a multipolygon
is a list of polygons.

The map-building tools use these for the parts that must also work at run time (the
warp that magnifies crowded regions, spreading place markers apart, adjacency tests);
heavy boolean operations stay in the tools.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Ring = list[Point]
Polygon = list[Ring]
MultiPolygon = list[Polygon]


# --------------------------------------------------------------------------- warps


@dataclass(frozen=True)
class Fisheye:
    """Smooth local magnification: factor ``magnification`` at ``center``, none beyond ``radius``.

    Radial map ``r -> R h(r/R)`` with ``h(u) = m u + (2 - 2m) u^2 + (m - 1) u^3``: h(0) = 0,
    h'(0) = m, h(1) = 1, h'(1) = 1, so the warp is C1 and the outside is untouched. It is
    monotonic (a homeomorphism) for ``1 <= m < 4``; the ring near the rim is squeezed.
    """

    center: Point
    radius: float
    magnification: float

    def __post_init__(self) -> None:
        if not 1.0 <= self.magnification < 4.0:
            raise ValueError("fisheye magnification must be in [1, 4)")
        if self.radius <= 0:
            raise ValueError("fisheye radius must be positive")

    def _h(self, u: float) -> float:
        m = self.magnification
        return m * u + (2 - 2 * m) * u * u + (m - 1) * u ** 3

    def apply(self, p: Point) -> Point:
        dx, dy = p[0] - self.center[0], p[1] - self.center[1]
        r = math.hypot(dx, dy)
        if r >= self.radius or r == 0.0:
            return p
        s = self.radius * self._h(r / self.radius) / r
        return (self.center[0] + dx * s, self.center[1] + dy * s)

    def invert(self, p: Point) -> Point:
        dx, dy = p[0] - self.center[0], p[1] - self.center[1]
        r = math.hypot(dx, dy)
        if r >= self.radius or r == 0.0:
            return p
        target = r / self.radius
        lo, hi = 0.0, 1.0
        for _ in range(60):  # h is monotonic: bisection
            mid = (lo + hi) / 2
            if self._h(mid) < target:
                lo = mid
            else:
                hi = mid
        s = (lo + hi) / 2 * self.radius / r
        return (self.center[0] + dx * s, self.center[1] + dy * s)


@dataclass(frozen=True)
class Squeeze:
    """Smoothly compress one axis: scale 1 before ``start``, ``factor`` after ``start + width``.

    ``axis`` 0 squeezes x (east of ``start``), 1 squeezes y (south of ``start``). The scale
    ramps with a smoothstep, whose integral ``S(t) = t^3 - t^4 / 2`` gives the closed form.
    """

    axis: int
    start: float
    width: float
    factor: float

    def _f(self, v: float) -> float:
        t = (v - self.start) / self.width
        if t <= 0:
            return v
        s = t ** 3 - t ** 4 / 2 if t < 1 else t - 0.5
        return v - (1 - self.factor) * self.width * s

    def apply(self, p: Point) -> Point:
        q = list(p)
        q[self.axis] = self._f(p[self.axis])
        return (q[0], q[1])

    def invert(self, p: Point) -> Point:
        v = p[self.axis]
        lo, hi = v - 1e-9, v + abs(v) + 1e4  # f(v) <= v; f is increasing
        for _ in range(80):
            mid = (lo + hi) / 2
            if self._f(mid) < v:
                lo = mid
            else:
                hi = mid
        q = list(p)
        q[self.axis] = (lo + hi) / 2
        return (q[0], q[1])


@dataclass(frozen=True)
class Warp:
    """A chain of :class:`Fisheye` and :class:`Squeeze` steps, applied in order."""

    steps: tuple[Fisheye | Squeeze, ...] = ()

    def apply(self, p: Point) -> Point:
        for step in self.steps:
            p = step.apply(p)
        return p

    def invert(self, p: Point) -> Point:
        for step in reversed(self.steps):
            p = step.invert(p)
        return p

    def to_dict(self) -> list[dict]:
        out: list[dict] = []
        for s in self.steps:
            if isinstance(s, Fisheye):
                out.append({"fisheye": {"center": list(s.center), "radius": s.radius,
                                        "magnification": s.magnification}})
            else:
                out.append({"squeeze": {"axis": s.axis, "start": s.start, "width": s.width,
                                        "factor": s.factor}})
        return out

    @classmethod
    def from_dict(cls, data: Iterable[dict]) -> Warp:
        steps: list[Fisheye | Squeeze] = []
        for item in data:
            if "fisheye" in item:
                f = item["fisheye"]
                steps.append(Fisheye((float(f["center"][0]), float(f["center"][1])),
                                     float(f["radius"]), float(f["magnification"])))
            elif "squeeze" in item:
                s = item["squeeze"]
                steps.append(Squeeze(int(s["axis"]), float(s["start"]), float(s["width"]),
                                     float(s["factor"])))
            else:
                raise ValueError(f"unknown warp step {sorted(item)}")
        return cls(tuple(steps))


def densify(ring: Sequence[Point], step: float) -> Ring:
    """Insert points so no edge is longer than ``step`` (so a warp bends edges smoothly)."""
    out: Ring = []
    n = len(ring)
    for i in range(n):
        a, b = ring[i], ring[(i + 1) % n]
        out.append(a)
        d = math.dist(a, b)
        k = int(d // step)
        for j in range(1, k + 1):
            t = j / (k + 1)
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


# --------------------------------------------------------------------------- polygons


def ring_area(ring: Sequence[Point]) -> float:
    """Signed area (shoelace); positive for counter-clockwise in a y-up frame."""
    s = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def polygon_area(poly: Polygon) -> float:
    """Area of a polygon with holes (unsigned)."""
    return abs(ring_area(poly[0])) - sum(abs(ring_area(h)) for h in poly[1:])


def ring_centroid(ring: Sequence[Point]) -> Point:
    a = ring_area(ring)
    if abs(a) < 1e-12:
        xs, ys = zip(*ring, strict=True)
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    cx = cy = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        c = x1 * y2 - x2 * y1
        cx += (x1 + x2) * c
        cy += (y1 + y2) * c
    return (cx / (6 * a), cy / (6 * a))


def point_in_ring(p: Point, ring: Sequence[Point]) -> bool:
    """Even-odd ray test."""
    x, y = p
    inside = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def point_in_polygon(p: Point, poly: Polygon) -> bool:
    return point_in_ring(p, poly[0]) and not any(point_in_ring(p, h) for h in poly[1:])


def point_in_multipolygon(p: Point, mp: MultiPolygon) -> bool:
    return any(point_in_polygon(p, poly) for poly in mp)


def bbox(points: Iterable[Point]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys))


def clip_convex(ring: Sequence[Point], clip: Sequence[Point]) -> Ring:
    """Sutherland-Hodgman: ``ring`` clipped by the convex ring ``clip`` (any orientation)."""
    orient = 1.0 if ring_area(clip) > 0 else -1.0
    out = list(ring)
    n = len(clip)
    for i in range(n):
        if not out:
            break
        a, b = clip[i], clip[(i + 1) % n]
        out = _clip_half_plane(out, a, b, orient)
    return out


def _side(a: Point, b: Point, p: Point) -> float:
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _clip_half_plane(ring: Sequence[Point], a: Point, b: Point, orient: float) -> Ring:
    out: Ring = []
    n = len(ring)
    for i in range(n):
        p, q = ring[i], ring[(i + 1) % n]
        sp, sq = orient * _side(a, b, p), orient * _side(a, b, q)
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            t = sp / (sp - sq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def voronoi_cells(seeds: Sequence[Point], box: tuple[float, float, float, float]) -> list[Ring]:
    """The Voronoi cell of every seed, bounded by ``box`` = (xmin, ymin, xmax, ymax).

    Each cell is the box cut by the bisector half-plane towards every other seed
    (O(n^2); fine for the few hundred seeds of a game map). Duplicate seeds give
    identical cells.
    """
    x0, y0, x1, y1 = box
    frame: Ring = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    cells: list[Ring] = []
    for i, s in enumerate(seeds):
        cell = list(frame)
        # nearest seeds first: the cell shrinks fast and later cuts are cheap
        others = sorted((math.dist(s, t), j) for j, t in enumerate(seeds) if j != i)
        for d, j in others:
            if d == 0.0 or not cell:
                continue
            t = seeds[j]
            if max(math.dist(s, p) for p in cell) * 2 < d:
                break  # no bisector beyond this can touch the cell
            mx, my = (s[0] + t[0]) / 2, (s[1] + t[1]) / 2
            # half-plane of points closer to s: keep side where (p - m) . (t - s) <= 0
            nx, ny = t[0] - s[0], t[1] - s[1]
            a = (mx, my)
            b = (mx - ny, my + nx)  # direction perpendicular to s->t
            keep_sign = _side(a, b, s)
            cell = _clip_half_plane(cell, a, b, 1.0 if keep_sign > 0 else -1.0)
        cells.append(cell)
    return cells


# --------------------------------------------------------------------------- adjacency


def _segments(mp: MultiPolygon) -> list[tuple[Point, Point]]:
    segs = []
    for poly in mp:
        for ring in poly:
            n = len(ring)
            for i in range(n):
                segs.append((ring[i], ring[(i + 1) % n]))
    return segs


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    L = dx * dx + dy * dy
    if L == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _segment_grid(mp: MultiPolygon, cell: float) -> dict[tuple[int, int], list]:
    grid: dict[tuple[int, int], list[tuple[Point, Point]]] = {}
    for seg in _segments(mp):
        (xa, ya), (xb, yb) = seg
        for gx in range(int(math.floor(min(xa, xb) / cell)) - 1,
                        int(math.floor(max(xa, xb) / cell)) + 2):
            for gy in range(int(math.floor(min(ya, yb) / cell)) - 1,
                            int(math.floor(max(ya, yb) / cell)) + 2):
                grid.setdefault((gx, gy), []).append(seg)
    return grid


def _samples(mp: MultiPolygon, sample: float) -> list[tuple[Point, float]]:
    out = []
    for p0, p1 in _segments(mp):
        d = math.dist(p0, p1)
        k = max(1, int(d / sample))
        for i in range(k):
            t = (i + 0.5) / k
            out.append(((p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t), d / k))
    return out


def _shared(samples: list[tuple[Point, float]], grid: dict, cell: float, tolerance: float,
            box: tuple[float, float, float, float]) -> float:
    total = 0.0
    for p, w in samples:
        if not (box[0] - tolerance <= p[0] <= box[2] + tolerance
                and box[1] - tolerance <= p[1] <= box[3] + tolerance):
            continue
        key = (int(math.floor(p[0] / cell)), int(math.floor(p[1] / cell)))
        if any(_point_segment_distance(p, s0, s1) <= tolerance for s0, s1 in grid.get(key, ())):
            total += w
    return total


def shared_boundary(a: MultiPolygon, b: MultiPolygon, tolerance: float,
                    sample: float | None = None) -> float:
    """Length of ``a``'s boundary lying within ``tolerance`` of ``b``'s boundary.

    Measured by sampling ``a``'s edges every ``sample`` (default ``tolerance``) and
    testing against ``b``'s edges through a grid of cell size ``tolerance``.
    """
    sample = sample or tolerance
    return _shared(_samples(a, sample), _segment_grid(b, tolerance), tolerance, tolerance,
                   multipolygon_bbox(b))


def multipolygon_bbox(mp: MultiPolygon) -> tuple[float, float, float, float]:
    return bbox(p for poly in mp for p in poly[0])


def boxes_near(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
               margin: float) -> bool:
    return not (a[2] + margin < b[0] or b[2] + margin < a[0]
                or a[3] + margin < b[1] or b[3] + margin < a[1])


def touching_pairs(areas: dict[str, MultiPolygon], tolerance: float,
                   min_length: float, sample: float | None = None) -> set[frozenset[str]]:
    """Pairs of areas whose boundaries run together for at least ``min_length``.

    Boundaries are sampled every ``sample`` (default ``min_length / 4``).
    """
    sample = sample or max(tolerance, min_length / 4)
    ids = sorted(areas)
    boxes = {k: multipolygon_bbox(areas[k]) for k in ids}
    cell = max(tolerance, 2.0)
    grids = {k: _segment_grid(areas[k], cell) for k in ids}
    samples = {k: _samples(areas[k], sample) for k in ids}
    out: set[frozenset[str]] = set()
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if not boxes_near(boxes[a], boxes[b], tolerance):
                continue
            if _shared(samples[a], grids[b], cell, tolerance, boxes[b]) >= min_length:
                out.add(frozenset((a, b)))
    return out


# --------------------------------------------------------------------------- layout


def spread_points(points: dict[str, Point], min_distance: float,
                  inside: dict[str, Polygon | None] | None = None,
                  iterations: int = 200) -> dict[str, Point]:
    """Push points apart until every pair is ``min_distance`` apart (as far as possible).

    A point with a polygon in ``inside`` is pulled back towards its start whenever a move
    would leave that polygon. Deterministic (sorted ids, no randomness).
    """
    ids = sorted(points)
    pos = {k: points[k] for k in ids}
    inside = inside or {}
    for _ in range(iterations):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                (ax, ay), (bx, by) = pos[a], pos[b]
                d = math.hypot(bx - ax, by - ay)
                if d >= min_distance:
                    continue
                if d < 1e-9:
                    ux, uy = 1.0, 0.0
                else:
                    ux, uy = (bx - ax) / d, (by - ay) / d
                push = (min_distance - d) / 2 * 1.01
                na = (ax - ux * push, ay - uy * push)
                nb = (bx + ux * push, by + uy * push)
                for k, new in ((a, na), (b, nb)):
                    poly = inside.get(k)
                    if poly is None or point_in_polygon(new, poly):
                        pos[k] = new
                        moved = True
        if not moved:
            break
    return pos
