"""Space names on a point-to-point map, placed by level of detail so that none overlaps
another name, a counter or another space.

Names keep their size on screen (``LabelLayer`` draws them in device pixels), so the closer
the player zooms, the more of them fit. For each zoom level (scales a quarter octave apart,
``level_of``) a greedy placement runs once, the most important names first (those shown a
level further out stay where they stood; then a target of the current choice, a victory
space, a major space, the rest): each name tries the positions around its space
(below, right, above, left, then the diagonals) and takes the first that is free of the
names placed before, every counter, every other space's marker and any fixed obstacle,
inside the map's frame; a name with no free position waits for a closer zoom. A level is
laid out at the lowest scale it is used at, so at any scale it is painted at each name lies
inside the rectangle it was given (the rectangle grows from an anchor beside the space):
nothing placed apart ever meets. Levels are kept until the pieces move
(:meth:`LabelLayer.invalidate`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

INK = QColor("#2b2118")
HALO = QColor(255, 250, 235, 235)
#: levels per doubling of the scale
STEPS = 4
#: free room kept round a name (device pixels)
PAD = 1.5
#: (x, y) of the anchor's side of the name's rectangle: where the rectangle hangs from a
#: point beside the space, in the order tried
POSITIONS = [(0.5, 0.0), (0.0, 0.5), (0.5, 1.0), (1.0, 0.5),
             (0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
#: each position near the space, then a little further out (device pixels)
CANDIDATES = [(pos, far) for far in (0.0, 7.0) for pos in POSITIONS]


@dataclass
class Label:
    """One space's name: where its space is, how far its marker reaches (scene units), its
    text and how important it is (lower first)."""

    key: str
    x: float
    y: float
    reach: float
    text: str
    rank: int
    bold: bool = False
    area: bool = False      # an area's name (italic capitals, brown) rather than a space's
    w: float = 0.0          # device pixels
    h: float = 0.0


@dataclass(frozen=True)
class Placed:
    """A name placed at one level: the anchor (scene units) and the side it hangs from."""

    key: str
    ax: float
    ay: float
    fx: float
    fy: float

    def rect(self, label: Label, scale: float) -> QRectF:
        """The name's rectangle (scene units) drawn at ``scale``."""
        w, h = label.w / scale, label.h / scale
        return QRectF(self.ax - self.fx * w, self.ay - self.fy * h, w, h)


def level_of(scale: float) -> int:
    """The level drawn at ``scale`` (device pixels per scene unit)."""
    return math.floor(STEPS * math.log2(max(scale, 1e-6)) + 1e-9)


def level_scale(level: int) -> float:
    """The lowest scale at which ``level`` is drawn."""
    return 2.0 ** (level / STEPS)


def label_font(bold: bool, area: bool = False) -> QFont:
    if area:
        f = QFont("DejaVu Serif")
        f.setPixelSize(12)
        f.setItalic(True)
        f.setBold(True)
        f.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 1.5)
        return f
    f = QFont("DejaVu Sans")
    f.setPixelSize(12 if bold else 11)
    f.setBold(bold)
    return f


AREA_INK = QColor(110, 66, 30)


_PIXMAPS: dict[tuple[str, bool, bool], QPixmap] = {}
#: after a move, the names of the zoom levels next to the one shown are placed once the
#: map has been this long without a repaint (ms); after a zoom, at once
AHEAD_AFTER_MOVE_MS = 400


def _measure(label: Label) -> None:
    fm = QFontMetricsF(label_font(label.bold, label.area))
    label.w = math.ceil(fm.horizontalAdvance(label.text) + 4)
    label.h = math.ceil(fm.height() + 1)


def _pixmap(label: Label) -> QPixmap:
    """The name's pixmap (dark ink in a pale halo), made when first drawn and shared."""
    key = (label.text, label.bold, label.area)
    pm = _PIXMAPS.get(key)
    if pm is None:
        font = label_font(label.bold, label.area)
        pm = QPixmap(int(label.w), int(label.h))
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setFont(font)
        rect = QRectF(0, 0, label.w, label.h)
        p.setPen(HALO)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            p.drawText(rect.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, label.text)
        p.setPen(AREA_INK if label.area else INK)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label.text)
        p.end()
        _PIXMAPS[key] = pm
    return pm


class _Grid:
    """Rectangles (x0, y0, x1, y1) bucketed in square cells, for quick overlap tests
    (the cell loops written out: a placement asks a few hundred thousand times)."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    def _keys(self, r: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        c = self.cell
        js = range(int(r[1] // c), int(r[3] // c) + 1)
        return [(i, j) for i in range(int(r[0] // c), int(r[2] // c) + 1) for j in js]

    def add(self, r: tuple[float, float, float, float]) -> None:
        cells = self.cells
        for k in self._keys(r):
            bucket = cells.get(k)
            if bucket is None:
                cells[k] = [r]
            else:
                bucket.append(r)

    def hits(self, r: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = r
        c, cells = self.cell, self.cells
        j0, j1 = int(y0 // c), int(y1 // c) + 1
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(j0, j1):
                bucket = cells.get((i, j))
                if bucket:
                    for o in bucket:
                        if o[0] < x1 and x0 < o[2] and o[1] < y1 and y0 < o[3]:
                            return True
        return False


Rect = tuple[float, float, float, float]


@dataclass
class Layout:
    """The names of one level as :func:`place` laid them out (``placed``) and what from:
    the obstacles, the names placed first, the boxes and the names kept from the level
    further out. The next layout of that level starts from it (see :func:`place`)."""

    obstacles: frozenset[Rect]
    first: frozenset[str]
    boxes: dict[str, Rect]
    keep: dict[str, Placed]
    placed: dict[str, Placed]
    marks: _Grid        # the spaces' markers (the same at every layout of a level)


def _box(r: QRectF) -> Rect:
    return (r.left(), r.top(), r.right(), r.bottom())


def place(labels: list[Label], scale: float, obstacles: list[QRectF], frame: QRectF,
          first: set[str] | None = None, boxes: dict[str, QRectF] | None = None,
          candidates: list | None = None, keep: dict[str, Placed] | None = None,
          before: Layout | None = None) -> Layout:
    """A greedy placement of ``labels`` at ``scale``: each takes the first free position
    of :data:`POSITIONS` (off the other names, ``obstacles`` and the other spaces' markers,
    inside ``frame``); ``first`` go before the rest of their rank. A name hangs off its
    space's marker, or off ``boxes[key]`` (the marker with the counters standing on it).

    ``before``: the last layout of this level (the pieces have moved since, or the names
    to place first changed). A name whose reach (every rectangle it could try) meets
    nothing that differs from then (an obstacle gone or new, a name placed before it that
    moved, a name that changed its turn) takes the place it had then without trying its
    positions: the greedy placement would find the same. The rest are placed as usual,
    so the layout is the one a placement from nothing gives."""
    first = first or set()
    boxes = boxes or {}
    keep = keep or {}
    candidates = candidates or CANDIDATES
    pad = PAD / scale
    cell = max(48.0 / scale, 24.0)
    if before is not None:
        marks = before.marks
    else:
        marks = _Grid(cell)
        for lb in labels:
            if not lb.area:
                marks.add((lb.x - lb.reach, lb.y - lb.reach, lb.x + lb.reach, lb.y + lb.reach))
    made = Layout(frozenset(_box(r) for r in obstacles), frozenset(first),
                  {k: _box(r) for k, r in boxes.items()}, keep, {}, marks)
    grid = _Grid(cell)
    for r in made.obstacles:
        grid.add(r)
    reach = (2.0 + max(far for _, far in candidates)) / scale

    def padded(lb: Label, pl: Placed) -> Rect:
        return _padded(lb, scale, pl.ax, pl.ay, pl.fx, pl.fy)

    def span(lb: Label) -> Rect:
        """Every rectangle ``lb`` may try (its positions round its box, where it was kept)."""
        bx0, by0, bx1, by1 = made.boxes.get(lb.key) or (
            lb.x - lb.reach, lb.y - lb.reach, lb.x + lb.reach, lb.y + lb.reach)
        w, h = lb.w / scale + pad + reach, lb.h / scale + pad + reach
        out = (bx0 - w, by0 - h, bx1 + w, by1 + h)
        kept = keep.get(lb.key)
        if kept is not None:
            k = padded(lb, kept)
            out = (min(out[0], k[0]), min(out[1], k[1]), max(out[2], k[2]), max(out[3], k[3]))
        return out

    changed = _Grid(cell)       # where the grid differs from the one ``before`` was made in
    turned: set[str] = set()    # names that go at another turn or hang off another box
    if before is not None:
        for r in made.obstacles ^ before.obstacles:
            changed.add(r)
        for lb in labels:
            key = lb.key
            if ((key in first) != (key in before.first) or keep.get(key) != before.keep.get(key)
                    or made.boxes.get(key) != before.boxes.get(key)):
                turned.add(key)     # placed again; where it was differs from now on
                if key in before.placed:
                    changed.add(padded(lb, before.placed[key]))
    fx0, fy0, fx1, fy1 = frame.left(), frame.top(), frame.right(), frame.bottom()
    out = made.placed
    for lb in sorted(labels, key=lambda b: (b.key not in keep, b.key not in first, b.rank)):
        if before is not None and lb.key not in turned and not changed.hits(span(lb)):
            was = before.placed.get(lb.key)     # nothing near it changed: where it was
            if was is not None:
                grid.add(padded(lb, was))
                out[lb.key] = was
            continue
        now = _place_one(lb, scale, keep.get(lb.key), boxes.get(lb.key), grid, marks,
                         (fx0, fy0, fx1, fy1), candidates)
        if now is not None:
            out[lb.key] = now
        was = before.placed.get(lb.key) if before is not None else None
        if was != now or lb.key in turned:  # (a name at another turn: the names between
            for pl in (was, now):           # its turns then and now meet it afresh)
                if pl is not None:
                    changed.add(padded(lb, pl))
    return made


def _padded(lb: Label, scale: float, ax: float, ay: float, fx: float, fy: float) -> Rect:
    """The rectangle ``lb`` takes (with its padding) hung at (``ax``, ``ay``) by the point
    (``fx``, ``fy``) of its box."""
    w, h, pad = lb.w / scale, lb.h / scale, PAD / scale
    x0, y0 = ax - fx * w, ay - fy * h
    return (x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad)


def _place_one(lb: Label, scale: float, kept: Placed | None, own: QRectF | None,
               grid: _Grid, marks: _Grid, frame: Rect, candidates: list) -> Placed | None:
    """Where ``lb`` goes (added to ``grid``): where it was ``kept`` if that is free, else
    its first free position round its marker or ``own`` box; None if none is free."""
    fx0, fy0, fx1, fy1 = frame
    if kept is not None:            # where it stood a level further out: it stays there
        r = _padded(lb, scale, kept.ax, kept.ay, kept.fx, kept.fy)
        if not grid.hits(r):
            grid.add(r)
            return kept
    if own is None:
        k = 0.72            # a diagonal name hangs off the round marker's edge
        bx0, by0, bx1, by1 = lb.x - lb.reach, lb.y - lb.reach, lb.x + lb.reach, \
            lb.y + lb.reach
    else:
        k = 1.0
        bx0, by0, bx1, by1 = own.left(), own.top(), own.right(), own.bottom()
    for (fx, fy), far in candidates:
        gap = (2.0 + far) / scale
        dx, dy = 1 - 2 * fx, 1 - 2 * fy           # away from the space
        if dx and dy:
            hx = (bx1 - lb.x if dx > 0 else lb.x - bx0) * k + gap
            hy = (by1 - lb.y if dy > 0 else lb.y - by0) * k + gap
            ax, ay = lb.x + dx * hx, lb.y + dy * hy
        else:
            ax = lb.x if not dx else (bx1 + gap if dx > 0 else bx0 - gap)
            ay = lb.y if not dy else (by1 + gap if dy > 0 else by0 - gap)
        r = _padded(lb, scale, ax, ay, fx, fy)
        if r[0] < fx0 or r[1] < fy0 or r[2] > fx1 or r[3] > fy1:
            continue
        if grid.hits(r) or (not lb.area and _hits_other_mark(marks, r, lb)):
            continue
        grid.add(r)
        return Placed(lb.key, ax, ay, fx, fy)
    return None


def _hits_other_mark(marks: _Grid, r: tuple[float, float, float, float], lb: Label) -> bool:
    x0, y0, x1, y1 = r
    for k in marks._keys(r):
        for o in marks.cells.get(k, ()):
            if o[0] < x1 and x0 < o[2] and o[1] < y1 and y0 < o[3] \
                    and abs((o[0] + o[2]) / 2 - lb.x) + abs((o[1] + o[3]) / 2 - lb.y) > 1e-6:
                return True
    return False


class LabelLayer(QGraphicsItem):
    """Every space's name, drawn in device pixels at the placement of the level the view's
    scale falls in. ``obstacles()`` gives what the names keep off (counters, markers, the
    legend; scene units), ``first()`` the names to place first (the current targets)."""

    def __init__(self, labels: list[Label], frame: QRectF,
                 obstacles: Callable[[float], list[QRectF]],
                 first: Callable[[], set[str]],
                 boxes: Callable[[], dict[str, QRectF]] | None = None,
                 candidates: list | None = None, z: float = 4) -> None:
        super().__init__()
        self.labels = {lb.key: lb for lb in labels}
        for lb in labels:
            _measure(lb)
        self.frame = QRectF(frame)
        self._obstacles = obstacles
        self._first = first
        self._boxes = boxes or dict
        self._candidates = candidates
        self._levels: dict[int, dict[str, Placed]] = {}
        #: the last layout made at each level (kept when the pieces move: the next layout
        #: of that level places again only the names near what changed, :func:`place`)
        self._layouts: dict[int, Layout] = {}
        self._near = 0                  # the level last drawn: its neighbours are made ahead
        self._ahead = QTimer()
        self._ahead.setSingleShot(True)
        self._moved = False             # pieces moved since the neighbours were last made
        self._ahead.timeout.connect(self._make_ahead)
        self._scale = 0.0               # the scale last drawn at
        self._before: dict[str, Placed] | None = None     # its names before the move
        self._redraw = QTimer()
        self._redraw.setSingleShot(True)
        self._redraw.timeout.connect(self._update_moved)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def retarget(self) -> None:
        """The names to place first changed (a new prompt's targets), nothing moved: a level
        that names every one of them already stays as it is; from the first that does not,
        every level is placed again when next drawn (a level keeps the names of the one
        further out where they stood, so the closer ones go with it)."""
        first = set(self._first())
        stale = [level for level, placed in self._levels.items()
                 if not first <= placed.keys()]
        if stale:
            self.invalidate(from_level=min(stale))

    def invalidate(self, from_level: int | None = None) -> None:
        """The pieces moved (or, ``from_level``, the levels from that one in need placing
        again): every level is placed again when next drawn; the neighbouring
        levels wait for :data:`AHEAD_AFTER_MOVE_MS` without a repaint (off the click's path:
        they are needed only once the player zooms). Only the names that moved are drawn
        again (:meth:`_update_moved`), not the whole view."""
        if self._before is None:
            self._before = self._levels.get(level_of(self._scale)) if self._scale else None
        for level in list(self._levels):
            if from_level is None or level >= from_level:
                del self._levels[level]
        self._ahead.stop()
        self._moved = True
        if self._before is None:
            self.update()
        elif not self._redraw.isActive():
            self._redraw.start(0)

    def hold_ahead(self) -> None:
        """The window shows a new decision: the neighbouring levels still to be placed wait
        until the map has been left alone for :data:`AHEAD_AFTER_MOVE_MS` again (so that
        they are placed while the player reads, not inside the next click)."""
        if self._ahead.isActive():
            self._moved = True
            self._ahead.start(AHEAD_AFTER_MOVE_MS)

    def redraw_moved(self) -> None:
        """The move's changes are all made (the scene says so): mark where the names moved
        now, not a turn of the event loop later, so that the view's next paint draws them
        with the pieces (one paint a move, not two)."""
        if self._redraw.isActive():
            self._redraw.stop()
            self._update_moved()

    def _update_moved(self) -> None:
        """Redraw where a name was or now is, for each name placed otherwise than before
        the move (a turn of the event loop after it: the move's changes all made)."""
        before, self._before = self._before, None
        scale = self._scale
        if before is None or not scale:
            self.update()
            return
        after = self.placed(scale)
        margin = 2.0 / scale                    # antialiased edges
        for key in before.keys() | after.keys():
            was, now = before.get(key), after.get(key)
            if was == now:
                continue
            for pl in (was, now):
                if pl is not None:
                    r = pl.rect(self.labels[key], scale)
                    self.update(r.adjusted(-margin, -margin, margin, margin))

    def _make_ahead(self) -> None:
        """Place one of the levels next to the one drawn last (an idle moment's work, so
        that the next wheel step finds its level made), then come back for the next."""
        self._moved = False
        for level in (self._near + 1, self._near - 1, self._near + 2, self._near - 2):
            if level not in self._levels:
                self.placed(level_scale(level))
                self._ahead.start(0)
                return

    def placed(self, scale: float) -> dict[str, Placed]:
        """The names shown at ``scale`` (placed when this level is first needed)."""
        level = level_of(scale)
        out = self._levels.get(level)
        if out is None and not self.labels:
            out = self._levels[level] = {}
        if out is None:
            if self._levels and level - 1 > min(self._levels) and level - 1 not in self._levels:
                self.placed(level_scale(level - 1))     # the names shown further out stay
            obstacles = self._obstacles(level_scale(level))
            made = place(list(self.labels.values()), level_scale(level), obstacles,
                         self.frame, set(self._first()), self._boxes(), self._candidates,
                         self._levels.get(level - 1), self._layouts.get(level))
            self._layouts[level] = made
            out = self._levels[level] = made.placed
        return out

    def drawn(self, scale: float) -> list[tuple[str, QRectF]]:
        """The names drawn at ``scale`` with their rectangles (scene units)."""
        return [(self.labels[k].text, p.rect(self.labels[k], scale))
                for k, p in self.placed(scale).items()]

    def shown_from(self, key: str, lowest: float = 0.05, highest: float = 64.0
                   ) -> float | None:
        """The lowest scale (of the levels from ``lowest`` to ``highest``) at which the name
        ``key`` is drawn, or None."""
        level = level_of(lowest)
        while level_scale(level) <= highest:
            if key in self.placed(level_scale(level)):
                return level_scale(level)
            level += 1
        return None

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self.frame

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        t = p.worldTransform()
        scale = math.hypot(t.m11(), t.m12())
        if scale <= 0:
            return
        exposed = option.exposedRect
        placed = self.placed(scale)
        self._near = level_of(scale)
        self._scale = scale
        if self._moved:             # after a move: once the map has been still that long
            self._ahead.start(AHEAD_AFTER_MOVE_MS)
        elif not self._ahead.isActive():
            self._ahead.start(0)
        # the rectangles and device positions worked out in floats (as Placed.rect and
        # QTransform.map would: the same pixels), not as Qt objects: a zoom step paints
        # every name in view
        ex0, ey0, ex1, ey1 = (exposed.left(), exposed.top(), exposed.right(),
                              exposed.bottom())
        m11, m21, m12, m22, dx, dy = t.m11(), t.m21(), t.m12(), t.m22(), t.dx(), t.dy()
        labels = self.labels
        p.save()
        p.resetTransform()
        for key, pl in placed.items():
            lb = labels[key]
            w, h = lb.w / scale, lb.h / scale
            x, y = pl.ax - pl.fx * w, pl.ay - pl.fy * h
            if x >= ex1 or x + w <= ex0 or y >= ey1 or y + h <= ey0:
                continue
            p.drawPixmap(QPointF(round(m11 * x + m21 * y + dx), round(m12 * x + m22 * y + dy)),
                         _pixmap(lb))
        p.restore()
