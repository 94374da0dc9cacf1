"""A map's static board painted from pixmaps, cell by cell, so that a zoom or a pan step
costs a few blits rather than drawing the whole board again.

The board is cut into square cells, by level of detail: at level 0 a cell is ``cell`` scene
units a side, and each level halves it, so that a cell never takes more than ``CELL_PX``
device pixels a side at the scale it is painted at (the deeper the zoom, the smaller the
cells; only the cells in view are ever made). Each cell keeps a pixmap of its part of the
board drawn at one scale (device pixels per scene unit). A paint at that scale copies it to
the device pixel where the vectors would fall (the same pixels); a paint at another scale
(the player is zooming) draws the pixmap scaled (nearest pixel: quick, and only for the
moment of the zoom), or the part of a bigger cell of the level above that has one, and asks
for the cell to be drawn afresh once the zoom has settled (``SETTLE_MS``); those cells are
then drawn one per turn of the event loop, so no frame waits for more than one cell. Where
no pixmap covers a cell yet (the first paint, or the board changed everywhere:
:meth:`BoardTiles.invalidate` without a rectangle) the board is drawn straight from the
vectors, and the cell's pixmap is made just after. Where the board changed in one place (an
Area's fill, a highlight outline: :meth:`BoardTiles.invalidate` with its rectangle) each
pixmap keeps the rest and has that part drawn again when next painted, into the pixmap, so
the view repaints once with no cell left to draw afterwards.

Pixmaps are kept within ``BUDGET_BYTES``: the cells painted longest ago lose theirs first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRectF, QTimer
from PySide6.QtGui import QColor, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

#: after the last zoom step, wait this long before drawing cells at the new scale (ms)
SETTLE_MS = 150
#: a cell takes at most this many device pixels a side (then the next level's cells)
CELL_PX = 512
#: memory for the cells' pixmaps
BUDGET_BYTES = 160 * 1024 * 1024
#: levels of detail at most (a cell of level 12 is 1/4096 of one of level 0)
MAX_LEVEL = 12


class _Cell:
    """One cell: its level and scene rectangle, its pixmap and the scale it was drawn at."""

    __slots__ = ("level", "key", "rect", "pixmap", "scale", "painted", "frac", "dirty")

    def __init__(self, level: int, key: tuple[int, int], rect: QRectF) -> None:
        self.level, self.key, self.rect = level, key, rect
        self.pixmap: QPixmap | None = None
        self.scale = 0.0
        self.frac = (0.0, 0.0)      # where the cell's corner fell within a device pixel
        self.painted = 0.0          # when it was last painted (least recently painted first)
        self.dirty: list[QRectF] | None = None   # the parts of the pixmap to draw again

    def bytes(self) -> int:
        return 0 if self.pixmap is None else self.pixmap.width() * self.pixmap.height() * 4


class BoardTiles:
    """The board of ``rect`` (scene units) drawn by ``draw(painter, exposed)``, which paints
    the part of the board meeting ``exposed`` (scene units) on an opaque ``ground``; cells
    of level 0 are ``cell`` scene units a side. A scene paints it from ``drawBackground``
    (:meth:`paint`), so that the view's cached background keeps what it painted; when a cell
    has been drawn afresh, ``changed(rect)`` is called (the scene invalidates that part of
    its background). ``ahead``: the cells within that fraction of the exposed part's size
    round it are made too, in idle moments (0: only the cells painted)."""

    def __init__(self, rect: QRectF, draw: Callable[[QPainter, QRectF], None],
                 cell: float, ground: QColor, changed: Callable[[QRectF], None],
                 ahead: float = 0.0) -> None:
        self._rect = QRectF(rect)
        self._ahead = ahead
        self._changed = changed
        self._draw = draw
        self._ground = QColor(ground)
        self._base = cell
        self._levels: dict[int, dict[tuple[int, int], _Cell]] = {}
        self._pending: list[_Cell] = []
        self._scale = 0.0                   # the scale of the latest paint
        self._world = QTransform()          # and its transform
        self._settle = QTimer()
        self._settle.setSingleShot(True)
        self._settle.timeout.connect(self._draw_next)

    @property
    def cells(self) -> list[_Cell]:
        """Every cell made so far, of every level."""
        return [c for level in self._levels.values() for c in level.values()]

    def invalidate(self, rect: QRectF | None = None) -> None:
        """The board changed within ``rect`` (scene units; everywhere if None). Everywhere:
        every pixmap is dropped and the board drawn again. Within ``rect``: the pixmaps
        meeting it have that part drawn again when next painted (:meth:`_patch`)."""
        if rect is None:
            self._levels.clear()
            self._pending = []
            self._changed(self._rect)
            return
        rect = QRectF(rect)
        for grid in self._levels.values():
            for cell in grid.values():
                if cell.pixmap is not None and cell.rect.intersects(rect):
                    cell.dirty = [rect] if cell.dirty is None else [*cell.dirty, rect]
        self._changed(rect)

    # --- cells -----------------------------------------------------------------------------
    def level_for(self, scale: float) -> int:
        """The level whose cells take at most ``CELL_PX`` device pixels at ``scale``."""
        level = 0
        while level < MAX_LEVEL and self._base / 2 ** level * scale > CELL_PX:
            level += 1
        return level

    def _cells(self, level: int, area: QRectF) -> list[_Cell]:
        """The cells of ``level`` meeting ``area`` (made when first needed)."""
        size = self._base / 2 ** level
        area = area.intersected(self._rect)
        if area.isEmpty():
            return []
        left, top = self._rect.left(), self._rect.top()
        i0, i1 = int((area.left() - left) // size), int((area.right() - left) // size)
        j0, j1 = int((area.top() - top) // size), int((area.bottom() - top) // size)
        grid = self._levels.setdefault(level, {})
        out = []
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                cell = grid.get((i, j))
                if cell is None:
                    rect = QRectF(left + i * size, top + j * size, size, size)
                    cell = grid[(i, j)] = _Cell(level, (i, j), rect.intersected(self._rect))
                if not cell.rect.isEmpty():
                    out.append(cell)
        return out

    def _cover(self, cell: _Cell) -> _Cell | None:
        """The nearest cell of a level above with a pixmap, holding ``cell``'s area."""
        i, j = cell.key
        for level in range(cell.level - 1, -1, -1):
            i, j = i // 2, j // 2
            above = self._levels.get(level, {}).get((i, j))
            if above is not None and above.pixmap is not None:
                return above
        return None

    # --- painting --------------------------------------------------------------------------
    def paint(self, painter: QPainter, exposed: QRectF) -> None:
        """Paint the board where it meets ``exposed`` (scene units), and the ground
        round it."""
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.deviceTransform())
        if scale <= 0:
            return
        self._scale = scale
        world = self._world = QTransform(painter.worldTransform())
        cells = self._cells(self.level_for(scale), exposed)
        now = time.monotonic()
        # a cell at this very scale is copied pixel for pixel at a whole device pixel
        blit = world.type().value <= QTransform.TransformationType.TxScale.value and \
            painter.device().devicePixelRatioF() == 1.0
        direct = QRectF()
        stale = False
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if not self._rect.contains(exposed):
            # the ground round the board (not antialiased: a plain fill, several times
            # quicker); within the board the cells cover every pixel
            painter.fillRect(exposed, self._ground)
        for cell in cells:
            cell.painted = now
            if cell.dirty is not None:
                self._patch(cell)
            same = cell.pixmap is not None and abs(cell.scale - scale) <= 1e-9 * scale
            if same and blit:
                at = world.map(cell.rect.topLeft())
                x, y = math.floor(at.x()), math.floor(at.y())
                painter.resetTransform()
                painter.drawPixmap(QPoint(x, y), cell.pixmap)
                painter.setWorldTransform(world)
                if abs(at.x() - x - cell.frac[0]) + abs(at.y() - y - cell.frac[1]) > 0.02:
                    self._want(cell)        # shifted by part of a pixel: drawn again
                    stale = True
                continue
            source = cell if cell.pixmap is not None else self._cover(cell)
            if source is not None and source.dirty is not None:
                self._patch(source)
            if source is None:
                direct = direct.united(cell.rect.intersected(exposed))
                self._want(cell)
                continue
            # scaled without smoothing: a smooth scale of the whole view is farmed out to
            # Qt's threads and the frame waits for them (about as long again as the rest
            # of a zoom step); the cell is drawn afresh at this scale once the zoom settles
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            k = source.scale
            part = QRectF((cell.rect.left() - source.rect.left()) * k + source.frac[0],
                          (cell.rect.top() - source.rect.top()) * k + source.frac[1],
                          cell.rect.width() * k, cell.rect.height() * k)
            painter.drawPixmap(cell.rect, source.pixmap, part)
            if not same:
                stale = True
                self._want(cell)
        painter.restore()
        if self._ahead and direct.isEmpty() and not stale:
            # the cells round the exposed part, drawn in idle moments at this scale: the
            # next zoom step or pan (which may show them) finds their pixmaps made
            dx, dy = exposed.width() * self._ahead, exposed.height() * self._ahead
            level = self.level_for(scale)
            around = [c for c in self._cells(level, exposed.adjusted(-dx, -dy, dx, dy))
                      if c.pixmap is None]
            for cell in around:
                self._want(cell)
            if around and not self._settle.isActive():
                self._settle.start(0)
        if not direct.isEmpty():
            px = 1.0 / scale        # a device pixel more: the edge pixels a cell's pixmap has
            self._draw_direct(painter, direct.adjusted(-px, -px, px, px))
            self._settle.start(0)
        elif stale:
            self._settle.start(SETTLE_MS)

    def _draw_direct(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.setClipRect(rect)
        self._draw(painter, rect)
        painter.restore()

    def _want(self, cell: _Cell) -> None:
        if cell not in self._pending:
            self._pending.append(cell)

    def _draw_next(self) -> None:
        """Draw one wanted cell at the latest scale, then come back for the next."""
        scale = self._scale
        level = self.level_for(scale)
        while self._pending:
            cell = self._pending.pop(0)
            if cell.level != level or self._levels.get(level, {}).get(cell.key) is not cell:
                continue                    # of another level by now, or dropped
            if cell.pixmap is not None and abs(cell.scale - scale) <= 1e-9 * scale:
                continue
            self._render(cell, scale)
            self._changed(cell.rect)
            break
        if self._pending:
            self._settle.start(0)

    def _render(self, cell: _Cell, scale: float) -> None:
        """Draw ``cell`` into a pixmap at ``scale``."""
        w = math.ceil(cell.rect.width() * scale) + 1      # +1: no gap between cells
        h = math.ceil(cell.rect.height() * scale) + 1
        pixmap = QPixmap(w, h)
        pixmap.fill(self._ground)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        # the cell's corner falls where it fell in the latest paint, within its device
        # pixel: copied to that pixel, the cell gives the very pixels the vectors give
        at = self._world.map(cell.rect.topLeft())
        frac = (at.x() - math.floor(at.x()), at.y() - math.floor(at.y()))
        p.translate(*frac)
        p.scale(scale, scale)
        p.translate(-cell.rect.left(), -cell.rect.top())
        drawn = QRectF(cell.rect.left() - frac[0] / scale, cell.rect.top() - frac[1] / scale,
                       w / scale, h / scale)      # the whole pixmap, in scene units
        self._draw(p, drawn)
        p.end()
        cell.pixmap, cell.scale, cell.frac, cell.dirty = pixmap, scale, frac, None
        self._keep_budget()

    def _patch(self, cell: _Cell) -> None:
        """Draw the dirty part of ``cell``'s pixmap again, at the pixmap's own scale (the
        same whole device pixels a full :meth:`_render` gives them)."""
        dirty, cell.dirty = cell.dirty, None
        pixmap = cell.pixmap
        if dirty is None or pixmap is None:
            return
        to_pixmap = QTransform().translate(*cell.frac).scale(cell.scale, cell.scale) \
            .translate(-cell.rect.left(), -cell.rect.top())
        from_pixmap = to_pixmap.inverted()[0]
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        for rect in _merged(dirty):
            pixels = to_pixmap.mapRect(rect).toAlignedRect().adjusted(-1, -1, 1, 1) \
                .intersected(pixmap.rect())
            if pixels.isEmpty():
                continue
            p.resetTransform()
            p.setClipRect(pixels)
            p.setTransform(to_pixmap)
            self._draw(p, from_pixmap.mapRect(QRectF(pixels)))
        p.end()

    def _keep_budget(self) -> None:
        cells = self.cells
        total = sum(c.bytes() for c in cells)
        if total <= BUDGET_BYTES:
            return
        for cell in sorted((c for c in cells if c.pixmap is not None), key=lambda c: c.painted):
            total -= cell.bytes()
            cell.pixmap, cell.scale, cell.dirty = None, 0.0, None
            if total <= BUDGET_BYTES:
                break

    def settle_now(self) -> None:
        """Draw every wanted cell now (tests, screenshots)."""
        self._settle.stop()
        while self._pending:
            self._draw_next()
        self._settle.stop()


def _merged(rects: list[QRectF]) -> list[QRectF]:
    """``rects`` with those that overlap joined (each part drawn again once)."""
    out: list[QRectF] = []
    for rect in rects:
        while True:
            hit = next((i for i, r in enumerate(out) if r.intersects(rect)), None)
            if hit is None:
                break
            rect = rect.united(out.pop(hit))
        out.append(rect)
    return out
