"""The display warp of the Hubris map: smooth local magnifications and squeezes.

A point is ``(x, y)`` in map kilometres (:mod:`hexmap.geo`). ``tools/build_hubris_geo.py``
warps the coastline, seeds and places with a :class:`Warp` and stores it in
``assets/hubris/geo.json`` (``warp``), so a lon/lat still maps to one point of the drawn map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]


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


def densify(ring: Sequence[Point], step: float) -> list[Point]:
    """Insert points so no edge is longer than ``step`` (so a warp bends edges smoothly)."""
    out: list[Point] = []
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
