"""Label placement for the Hubris map: Satrapy name blocks and Place names that do not collide.

Satrapy blocks (name + banner) go first, as near their anchor as they can while staying inside
their Satrapy and off the Place markers (and, if possible, off the room under each marker that
its name wants). Place names then take the first free spot of eight around their marker; a name
with no free spot is marked *crowded* and is shown only when zoomed in (``LodText``).
"""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

#: one or more (width, height) variants (e.g. the name on one line or two), anchor, shape
Block = tuple[list[tuple[float, float]], tuple[float, float], QPainterPath]


class LabelLayout:
    """Where the labels go: Satrapy blocks (x, top, name variant), Place names (x, y,
    crowded)."""

    __slots__ = ("blocks", "names")

    def __init__(self, blocks: dict[str, tuple[float, float, int]] | None = None,
                 names: dict[str, tuple[float, float, bool]] | None = None) -> None:
        self.blocks = {} if blocks is None else blocks
        self.names = {} if names is None else names

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, LabelLayout)
                and (self.blocks, self.names) == (other.blocks, other.names))

    def __repr__(self) -> str:
        return f"LabelLayout(blocks={self.blocks!r}, names={self.names!r})"


#: a rectangle as plain floats (left, top, right, bottom): cheaper than QRectF in tight loops
Box = tuple[float, float, float, float]


def _box(rect: QRectF) -> Box:
    return (rect.left(), rect.top(), rect.right(), rect.bottom())


def _overlap(rect: QRectF, others: list[tuple[QRectF, float]]) -> float:
    total = 0.0
    for other, weight in others:
        if rect.intersects(other):
            r = rect.intersected(other)
            total += r.width() * r.height() * weight
    return total


def _band(top: float, bottom: float, others: list[tuple[Box, float]]
          ) -> list[tuple[float, float, float, float]]:
    """(left, right, height of the vertical overlap, weight) of the boxes meeting a band."""
    out = []
    for (l1, t1, r1, b1), weight in others:
        h = (bottom if bottom < b1 else b1) - (top if top > t1 else t1)
        if h > 0:
            out.append((l1, r1, h, weight))
    return out


def _overlap_row(left: float, right: float,
                 band: list[tuple[float, float, float, float]]) -> float:
    """:func:`_overlap_box` of a box in a band (same figures, fewer boxes to look at)."""
    total = 0.0
    for l1, r1, h, weight in band:
        w = (right if right < r1 else r1) - (left if left > l1 else l1)
        if w > 0:
            total += w * h * weight
    return total


def _outside(rect: QRectF, shape: QPainterPath) -> float:
    """Fraction of a 4 x 3 grid of sample points of ``rect`` that lies outside ``shape``."""
    if shape.contains(rect):
        return 0.0
    left, top, width, height = rect.left(), rect.top(), rect.width(), rect.height()
    xs = [left + width * (i + 0.5) / 4 for i in range(4)]
    ys = [top + height * (j + 0.5) / 3 for j in range(3)]
    contains = shape.contains
    inside = sum(contains(QPointF(x, y)) for x in xs for y in ys)
    return (12 - inside) / 12


@cache
def _offsets(reach: int) -> list[tuple[int, int]]:
    """Grid offsets (in steps) nearest first; ties keep the row-major order."""
    return sorted(((i, j) for i in range(-reach, reach + 1) for j in range(-reach, reach + 1)),
                  key=lambda d: math.hypot(*d))


def _place_block(width: float, height: float, anchor: tuple[float, float],
                 shape: QPainterPath, taken: list[tuple[QRectF, float]],
                 frame: QRectF | None = None) -> tuple[QRectF, float]:
    """The best spot near ``anchor``: least overlap, inside ``shape``, near (a weighted sum),
    among the spots where the middle of the name touches ``shape``.

    Branch and bound: a candidate's distance and overlap terms are cheap and its
    outside-the-shape term is never negative, so the costly shape test runs only for
    candidates that could still beat the best so far. The result is that of trying all.
    """
    ax, ay = anchor
    step = max(6.0, height / 6)
    reach = 28
    region = QRectF(ax - width / 2 - reach * step, ay - height / 2 - reach * step,
                    width + 2 * reach * step, height + 2 * reach * step)
    near = [(_box(r), w) for r, w in taken if r.intersects(region)]
    rows: dict[int, list[tuple[float, float, float, float]]] = {}
    best, best_score = None, math.inf
    area = width * height
    for i, j in _offsets(reach):
        dx, dy = i * step, j * step
        dist = math.hypot(dx, dy)
        pen = dist * 0.02 * area / step
        if pen >= best_score:
            break       # farther candidates cannot beat the best any more
        left, top = ax + dx - width / 2, ay + dy - height / 2
        band = rows.get(j)
        if band is None:    # the taken boxes that overlap this row of candidates vertically
            band = rows[j] = _band(top, top + height, near)
        overlap = _overlap_row(left, left + width, band)
        if overlap + pen >= best_score:
            continue
        if not shape.intersects(QRectF(ax + dx - 0.3 * height, top, 0.6 * height,
                                       0.4 * height)):
            continue    # the name's middle touches its Area: it is read as its own
        rect = QRectF(left, top, width, height)
        if frame is not None and not frame.contains(rect):
            continue    # off the edge of the map
        score = overlap + _outside(rect, shape) * area * 3.0 + pen
        if score < best_score:
            best, best_score = rect, score
    if best is None:    # no such spot within reach: the anchor
        best = QRectF(ax - width / 2, ay - height / 2, width, height)
        best_score = _overlap(best, taken)
    return best, best_score


def _nudge(rect: QRectF, taken: list[tuple[QRectF, float]], reach: float = 12.0
           ) -> QRectF:
    """``rect`` moved by at most ``reach`` if that clears what it overlaps (a block grazing
    a marker: the grid of :func:`_place_block` is coarser than the graze)."""
    near = [(r, w) for r, w in taken if r.intersects(rect.adjusted(-reach, -reach, reach,
                                                                   reach))]
    best, best_score = rect, _overlap(rect, near)
    if best_score == 0:
        return rect
    steps = [k * reach / 4 for k in range(-4, 5)]
    for dx, dy in sorted(((x, y) for x in steps for y in steps), key=lambda d: math.hypot(*d)):
        moved = rect.translated(dx, dy)
        score = _overlap(moved, near)
        if score < best_score:
            best, best_score = moved, score
            if score == 0:
                break
    return best


def layout_labels(blocks: dict[str, Block], names: dict[str, tuple[float, float]],
                  markers: dict[str, tuple[float, float]], marker_size: float,
                  obstacles: tuple[tuple[float, float, float, float], ...] = (),
                  frame: tuple[float, float, float, float] | None = None) -> LabelLayout:
    """Place every Satrapy block and every Place name (see the module docstring);
    ``obstacles`` (x, y, width, height) are kept clear like markers; blocks stay inside
    ``frame`` (x0, y0, x1, y1) if given."""
    edge = None if frame is None else QRectF(frame[0], frame[1], frame[2] - frame[0],
                                             frame[3] - frame[1])
    out = LabelLayout()
    h = marker_size / 2 + 3
    marker_rects = {pid: QRectF(x - h, y - h, 2 * h, 2 * h) for pid, (x, y) in markers.items()}
    taken: list[tuple[QRectF, float]] = [(r, 150.0) for r in marker_rects.values()]
    taken += [(QRectF(*box), 150.0) for box in obstacles]
    wish = [(QRectF(x - names[pid][0] / 2, y + h, names[pid][0], names[pid][1]), 0.6)
            for pid, (x, y) in markers.items() if pid in names]
    for sid in sorted(blocks, key=lambda s: -blocks[s][0][0][0] * blocks[s][0][0][1]):
        variants, anchor, shape = blocks[sid]
        best = None
        for i, (width, height) in enumerate(variants):
            rect, score = _place_block(width, height, anchor, shape, taken + wish, edge)
            score = score * (1.0 + 0.3 * i) + 0.05 * i * width * height  # prefer one line
            if best is None or score < best[0]:
                best = (score, rect, i)
        assert best is not None
        _, rect, variant = best
        rect = _nudge(rect, taken)
        out.blocks[sid] = (rect.center().x(), rect.top(), variant)
        taken.append((rect, 150.0))
    order = sorted(names, key=lambda pid: (markers[pid][1], markers[pid][0]))
    for pid in order:
        w, ht = names[pid]
        x, y = markers[pid]
        gap = h + 1
        spots = [(x - w / 2, y + gap - 2), (x + gap, y - ht / 2), (x - gap - w, y - ht / 2),
                 (x - w / 2, y - gap - ht + 2), (x + gap - 4, y + gap - 4),
                 (x - gap - w + 4, y + gap - 4), (x + gap - 4, y - gap - ht + 4),
                 (x - gap - w + 4, y - gap - ht + 4)]
        mine = marker_rects[pid]
        reach = QRectF(x - gap - w - 1, y - gap - ht - 1, 2 * (gap + w + 1), 2 * (gap + ht + 1))
        others = [(r, wt) for r, wt in taken if r is not mine and r.intersects(reach)]
        best, best_score = None, math.inf
        for sx, sy in spots:
            rect = QRectF(sx, sy, w, ht)
            score = _overlap(rect, others)
            if score < best_score:
                best, best_score = rect, score
            if score == 0:
                break
        assert best is not None
        out.names[pid] = (best.left(), best.top(), best_score > 0.08 * w * ht)
        taken.append((best, 1.0))
    return out
