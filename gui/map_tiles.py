"""A map's static board as one scene item painted from pixmaps, cell by cell, so that a zoom
or a pan step costs a few blits rather than drawing the whole board again.

The board is cut into cells of a fixed size in scene units. Each cell keeps a pixmap of its
part of the board drawn at one scale (device pixels per scene unit). A paint at that scale
copies it; a paint at another scale (the player is zooming) draws the same pixmap scaled,
and asks for the cell to be drawn afresh at the new scale once the zoom has settled
(``SETTLE_MS``); those cells are then drawn one per turn of the event loop, so no frame waits
for more than one cell. A cell that has no pixmap yet (the first paint, or the board
changed: :meth:`BoardItem.invalidate`) is drawn straight from the vectors, and its pixmap is
made just after. Past ``MAX_CELL_PX`` device pixels a cell (deep zoom, where little of the
board is in view) the board is drawn straight from the vectors, where exposed.

Pixmaps are kept within ``BUDGET_BYTES``: the cells painted longest ago lose theirs first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

#: after the last zoom step, wait this long before drawing cells at the new scale (ms)
SETTLE_MS = 150
#: a cell is kept as a pixmap up to this many device pixels a side
MAX_CELL_PX = 2048
#: memory for the cells' pixmaps
BUDGET_BYTES = 160 * 1024 * 1024


class _Cell:
    """One cell: its scene rectangle, pixmap and the scale the pixmap was drawn at."""

    __slots__ = ("rect", "pixmap", "scale", "painted", "frac")

    def __init__(self, rect: QRectF) -> None:
        self.rect = rect
        self.pixmap: QPixmap | None = None
        self.scale = 0.0
        self.frac = (0.0, 0.0)      # where the cell's corner fell within a device pixel
        self.painted = 0.0          # when it was last painted (least recently painted first)

    def bytes(self) -> int:
        return 0 if self.pixmap is None else self.pixmap.width() * self.pixmap.height() * 4


class BoardItem(QGraphicsItem):
    """The board of ``rect`` (scene units) drawn by ``draw(painter, exposed)``, which paints
    the part of the board meeting ``exposed`` (scene units) on an opaque ground."""

    def __init__(self, rect: QRectF, draw: Callable[[QPainter, QRectF], None],
                 cell: float, ground: QColor) -> None:
        super().__init__()
        self._rect = QRectF(rect)
        self._draw = draw
        self._ground = QColor(ground)
        cols = max(1, math.ceil(rect.width() / cell))
        rows = max(1, math.ceil(rect.height() / cell))
        w, h = rect.width() / cols, rect.height() / rows
        self.cells = [_Cell(QRectF(rect.left() + i * w, rect.top() + j * h, w, h))
                      for j in range(rows) for i in range(cols)]
        self._pending: list[_Cell] = []
        self._scale = 0.0                   # the scale of the latest paint
        self._world = QTransform()          # and its transform
        self._settle = QTimer()
        self._settle.setSingleShot(True)
        self._settle.timeout.connect(self._draw_next)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(-1000)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def invalidate(self) -> None:
        """The board changed: every pixmap is dropped and the board drawn again."""
        for cell in self.cells:
            cell.pixmap, cell.scale = None, 0.0
        self._pending = []
        self.update()

    # --- painting --------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.deviceTransform())
        self._scale = scale
        self._world = QTransform(painter.worldTransform())
        now = time.monotonic()
        cells = [c for c in self.cells if c.rect.intersects(exposed)]
        if max(self._rect.width(), self._rect.height()) * scale <= 0 or not cells:
            return
        if max(cells[0].rect.width(), cells[0].rect.height()) * scale > MAX_CELL_PX:
            self._draw_direct(painter, exposed)     # deep zoom: the vectors, where exposed
            return
        direct = QRectF()
        stale = False
        world = painter.worldTransform()
        # a cell at this very scale is copied pixel for pixel at a whole device pixel
        blit = world.type().value <= QTransform.TransformationType.TxScale.value and \
            painter.device().devicePixelRatioF() == 1.0
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for cell in cells:
            cell.painted = now
            if cell.pixmap is None:
                direct = direct.united(cell.rect.intersected(exposed))
                self._want(cell)
                continue
            if blit and abs(cell.scale - scale) <= 1e-9 * scale:
                at = world.map(cell.rect.topLeft())
                x, y = math.floor(at.x()), math.floor(at.y())
                painter.resetTransform()
                painter.drawPixmap(QPoint(x, y), cell.pixmap)
                painter.setWorldTransform(world)
                if abs(at.x() - x - cell.frac[0]) + abs(at.y() - y - cell.frac[1]) > 0.02:
                    self._want(cell)        # shifted by part of a pixel: drawn again
                    stale = True
                continue
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawPixmap(cell.rect, cell.pixmap,
                               QRectF(0, 0, cell.rect.width() * cell.scale,
                                      cell.rect.height() * cell.scale))
            if abs(cell.scale - scale) > 1e-9 * scale:
                stale = True
                self._want(cell)
        painter.restore()
        if not direct.isEmpty():
            px = 1.0 / scale        # a device pixel more: the edge pixels a cell's pixmap has
            self._draw_direct(painter, direct.adjusted(-px, -px, px, px))
            self._schedule(0)
        elif stale:
            self._schedule(SETTLE_MS)

    def _draw_direct(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.setClipRect(rect)
        self._draw(painter, rect)
        painter.restore()

    def _want(self, cell: _Cell) -> None:
        if cell not in self._pending:
            self._pending.append(cell)

    def _schedule(self, ms: int) -> None:
        self._settle.start(ms)

    def _draw_next(self) -> None:
        """Draw one wanted cell at the latest scale, then come back for the next."""
        scale = self._scale
        while self._pending:
            cell = self._pending.pop(0)
            if cell.pixmap is not None and abs(cell.scale - scale) <= 1e-6 * scale:
                continue
            self._render(cell, scale)
            self.update(cell.rect)
            break
        if self._pending:
            self._settle.start(0)

    def _render(self, cell: _Cell, scale: float) -> None:
        """Draw ``cell`` into a pixmap at ``scale``."""
        w = math.ceil(cell.rect.width() * scale) + 1      # +1: no gap between cells
        h = math.ceil(cell.rect.height() * scale) + 1
        if max(w, h) > MAX_CELL_PX:
            return
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
        cell.pixmap, cell.scale, cell.frac = pixmap, scale, frac
        self._keep_budget()

    def _keep_budget(self) -> None:
        total = sum(c.bytes() for c in self.cells)
        if total <= BUDGET_BYTES:
            return
        for cell in sorted((c for c in self.cells if c.pixmap is not None),
                           key=lambda c: c.painted):
            total -= cell.bytes()
            cell.pixmap, cell.scale = None, 0.0
            if total <= BUDGET_BYTES:
                break

    def settle_now(self) -> None:
        """Draw every wanted cell now (tests, screenshots)."""
        self._settle.stop()
        while self._pending:
            self._draw_next()
        self._settle.stop()
