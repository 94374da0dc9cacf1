"""Point-in-polygon tests for the map builders (no dependencies beyond the standard library).

A polygon is a list of rings of ``(x, y)`` points; ring 0 is the shell, the others are holes
(the GeoJSON convention). :class:`PolygonIndex` answers many queries quickly by bucketing
the edges of each polygon into horizontal bands.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
Ring = Sequence[Point]


def point_in_ring(pt: Point, ring: Ring) -> bool:
    """Even-odd ray casting; a closing point equal to the first is optional."""
    x, y = pt
    inside = False
    n = len(ring)
    j = n - 1
    for i in range(n):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def point_in_polygon(pt: Point, rings: Sequence[Ring]) -> bool:
    """Inside the shell and outside every hole."""
    if not rings or not point_in_ring(pt, rings[0]):
        return False
    return not any(point_in_ring(pt, hole) for hole in rings[1:])


def ring_area(ring: Ring) -> float:
    """Signed shoelace area (positive when counter-clockwise in y-up axes)."""
    s = 0.0
    for (x1, y1), (x2, y2) in zip(ring, list(ring[1:]) + [ring[0]], strict=False):
        s += x1 * y2 - x2 * y1
    return s / 2


def centroid(ring: Ring) -> Point:
    """Area centroid of a simple ring (vertex mean if degenerate)."""
    a = ring_area(ring)
    if abs(a) < 1e-12:
        return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))
    cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(ring, list(ring[1:]) + [ring[0]], strict=False):
        f = x1 * y2 - x2 * y1
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    return cx / (6 * a), cy / (6 * a)


class PolygonIndex:
    """Which of many polygons contains a point; edges bucketed in ``bands`` horizontal bands."""

    def __init__(self, polygons: Sequence[Sequence[Ring]], band: float = 0.1):
        self.band = band
        self._polys: list[tuple[tuple[float, float, float, float], dict[int, list]]] = []
        for rings in polygons:
            xs = [p[0] for p in rings[0]]
            ys = [p[1] for p in rings[0]]
            buckets: dict[int, list[tuple[float, float, float, float]]] = {}
            for ring in rings:
                n = len(ring)
                for i in range(n):
                    (x1, y1), (x2, y2) = ring[i - 1], ring[i]
                    if y1 == y2:
                        continue
                    lo, hi = min(y1, y2), max(y1, y2)
                    for b in range(math.floor(lo / band), math.floor(hi / band) + 1):
                        buckets.setdefault(b, []).append((x1, y1, x2, y2))
            self._polys.append(((min(xs), min(ys), max(xs), max(ys)), buckets))

    def __len__(self) -> int:
        return len(self._polys)

    def contains(self, index: int, pt: Point) -> bool:
        (x0, y0, x1, y1), buckets = self._polys[index]
        x, y = pt
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        inside = False
        for ax, ay, bx, by in buckets.get(math.floor(y / self.band), ()):
            if (ay > y) != (by > y) and x < (bx - ax) * (y - ay) / (by - ay) + ax:
                inside = not inside
        return inside

    def locate(self, pt: Point) -> int | None:
        """Index of the first polygon containing ``pt``, or None (water)."""
        for i in range(len(self._polys)):
            if self.contains(i, pt):
                return i
        return None


def simplify(line: Sequence[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker simplification keeping both ends (iterative, no recursion limit)."""
    pts = list(line)
    if len(pts) < 3:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = pts[i], pts[j]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        best, idx = -1.0, -1
        for k in range(i + 1, j):
            px, py = pts[k]
            d = (abs(dy * px - dx * py + bx * ay - by * ax) / norm if norm
                 else math.hypot(px - ax, py - ay))
            if d > best:
                best, idx = d, k
        if idx > 0 and best > tolerance:
            keep[idx] = True
            stack += [(i, idx), (idx, j)]
    return [p for p, k in zip(pts, keep, strict=True) if k]
