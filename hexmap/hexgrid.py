"""Hexagonal grids in axial coordinates (after Red Blob Games' "Hexagonal Grids" guide).

A hex is a plain tuple ``(q, r)``; the third cube coordinate is ``s = -q - r``. Pixel
geometry lives in :class:`Layout` (pointy- or flat-topped, any size and origin). Paths with
movement costs run on a networkx graph whose nodes are hexes (:func:`grid_graph`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # only the graph functions import networkx (start-up does not need it)
    import networkx as nx  # late: heavy, optional; start-up never loads it

Hex = tuple[int, int]

#: the six axial directions, counter-clockwise starting east (pointy) / south-east (flat)
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_id(h: Hex) -> str:
    """The stable text id of a hex: ``"q,r"``."""
    return f"{h[0]},{h[1]}"


@lru_cache(maxsize=100_000)      # boards and rules parse the same ids often
def parse_hex_id(text: str) -> Hex:
    """``"q,r"`` -> ``(q, r)``; ValueError with the offending text otherwise."""
    parts = str(text).split(",")
    if len(parts) != 2:
        raise ValueError(f"hex id must be 'q,r', got {text!r}")
    try:
        h = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError(f"hex id must be two whole numbers 'q,r', got {text!r}") from None
    return h


def add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def scale(h: Hex, k: int) -> Hex:
    return h[0] * k, h[1] * k


def neighbour(h: Hex, direction: int) -> Hex:
    """The neighbour of ``h`` in direction 0..5 (see :data:`DIRECTIONS`)."""
    dq, dr = DIRECTIONS[direction % 6]
    return h[0] + dq, h[1] + dr


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes around ``h``, in direction order."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an unbounded grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes exactly ``radius`` steps from ``center`` (``[center]`` for radius 0)."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = add(center, scale(DIRECTIONS[4], radius))
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def hex_range(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` steps of ``center`` (a filled hexagon), rings outwards."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def cube_round(qf: float, rf: float) -> Hex:
    """The hex containing fractional axial coordinates ``(qf, rf)``."""
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b`` inclusive (nudged off ties)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a[0] + 1e-6, a[1] + 1e-6
    bq, br = b[0] + 1e-6, b[1] + 1e-6
    return [cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


# --- offset coordinates (for importing row/column numbered boards) -----------------------

def axial_to_oddr(h: Hex) -> tuple[int, int]:
    """Axial -> (col, row) with odd rows shoved right (pointy tops)."""
    q, r = h
    return q + (r - (r & 1)) // 2, r


def oddr_to_axial(col: int, row: int) -> Hex:
    return col - (row - (row & 1)) // 2, row


def axial_to_oddq(h: Hex) -> tuple[int, int]:
    """Axial -> (col, row) with odd columns shoved down (flat tops)."""
    q, r = h
    return q, r + (q - (q & 1)) // 2


def oddq_to_axial(col: int, row: int) -> Hex:
    return col, row - (col - (col & 1)) // 2


# --- pixel geometry -------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Layout:
    """Hex <-> pixel mapping. ``size`` is the centre-to-corner radius; y grows downwards."""

    orientation: str = "pointy"       # "pointy" or "flat"
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.orientation not in ("pointy", "flat"):
            raise ValueError(f"orientation must be 'pointy' or 'flat', got {self.orientation!r}")
        if self.size <= 0:
            raise ValueError("size must be positive")

    @property
    def spacing(self) -> float:
        """Distance between the centres of two neighbouring hexes."""
        return SQRT3 * self.size

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        q, r = h
        if self.orientation == "pointy":
            x = self.size * (SQRT3 * q + SQRT3 / 2 * r)
            y = self.size * 1.5 * r
        else:
            x = self.size * 1.5 * q
            y = self.size * (SQRT3 / 2 * q + SQRT3 * r)
        return x + self.origin[0], y + self.origin[1]

    def fractional(self, x: float, y: float) -> tuple[float, float]:
        """Fractional axial coordinates of a pixel."""
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        if self.orientation == "pointy":
            return SQRT3 / 3 * px - py / 3, 2 / 3 * py
        return 2 / 3 * px, -px / 3 + SQRT3 / 3 * py

    def from_pixel(self, x: float, y: float) -> Hex:
        """The hex containing pixel ``(x, y)``."""
        return cube_round(*self.fractional(x, y))

    def corner_offset(self, i: int) -> tuple[float, float]:
        angle = math.radians(60 * i - (30 if self.orientation == "pointy" else 0))
        return self.size * math.cos(angle), self.size * math.sin(angle)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h``, clockwise on screen (y down), first near east."""
        cx, cy = self.to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]

    def edge(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners of the side of ``h`` shared with ``neighbour(h, direction)``."""
        a, b = self.to_pixel(h), self.to_pixel(neighbour(h, direction))
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        cs = self.corners(h)
        # the two corners closest to the midpoint of the two centres
        cs.sort(key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
        return cs[0], cs[1]


# --- graphs and paths -----------------------------------------------------------------------

def grid_graph(hexes: Iterable[Hex]) -> nx.Graph:
    """The graph of the given hexes, an edge between each pair of neighbours present."""
    import networkx as nx  # late: heavy, optional; start-up never loads it

    nodes = set(hexes)
    g = nx.Graph()
    g.add_nodes_from(nodes)
    for h in nodes:
        for n in neighbours(h):
            if n in nodes:
                g.add_edge(h, n)
    return g


EnterCost = Callable[[Hex], float | None] | Mapping[Hex, float]


def _weight(cost: EnterCost | None) -> Callable[[Hex, Hex, dict], float | None]:
    """A networkx weight function charging the cost of *entering* the target hex."""
    if cost is None:
        return lambda _u, _v, _d: 1
    if isinstance(cost, Mapping):
        return lambda _u, v, _d: cost.get(v)
    return lambda _u, v, _d: cost(v)


def shortest_path(graph: nx.Graph, start: Hex, goal: Hex,
                  cost: EnterCost | None = None) -> list[Hex] | None:
    """Cheapest path (list of hexes, both ends included) or None if unreachable.

    ``cost(h)`` is the price of entering ``h`` (None = impassable); default 1 per hex.
    """
    import networkx as nx  # late: heavy, optional; start-up never loads it

    try:
        return nx.dijkstra_path(graph, start, goal, weight=_weight(cost))
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return None


def path_cost(path: list[Hex], cost: EnterCost | None = None) -> float:
    """Total price of walking ``path`` (entering every hex after the first)."""
    w = _weight(cost)
    total = 0.0
    for a, b in zip(path, path[1:], strict=False):
        c = w(a, b, {})
        if c is None:
            return math.inf
        total += c
    return total


def reachable(graph: nx.Graph, start: Hex, budget: float,
              cost: EnterCost | None = None) -> dict[Hex, float]:
    """Every hex reachable from ``start`` for at most ``budget``, with its cheapest cost."""
    import networkx as nx  # late: heavy, optional; start-up never loads it

    return dict(nx.single_source_dijkstra_path_length(graph, start, cutoff=budget,
                                                      weight=_weight(cost)))


def bfs_steps(graph: nx.Graph, start: Hex) -> Mapping[Hex, int]:
    """Breadth-first step counts from ``start`` over ``graph``."""
    import networkx as nx  # late: heavy, optional; start-up never loads it

    return nx.single_source_shortest_path_length(graph, start)


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """Like :func:`hex_range`, lazily."""
    for k in range(radius + 1):
        yield from ring(center, k)
