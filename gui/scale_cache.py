"""An item's picture kept as a pixmap at one device scale, and kept through a zoom burst.

Qt's ``DeviceCoordinateCache`` draws an item into a pixmap at the view's scale and copies
it while the scale stays; at any new scale it draws the item again, so a zoom step draws
every item in view from its vectors (text laid out and its glyphs rasterised at the new
size). :class:`ScaleCache` does the same while the view is settled, and while the view is
in a zoom burst (its ``zooming``: :class:`gui.map_view.MapView`) draws the pixmap it has,
scaled, instead: a step costs one small copy per item. When the burst settles the view
repaints and each item is drawn afresh at the new scale: the map then looks exactly as
before. That repaint draws afresh for at most ``FRESH_MS`` (:func:`frame`); the items left
keep their scaled pixmaps and the view paints again on the next turn of the event loop,
until every item is drawn at the new scale (no single frame draws all of a full map).

An item using it calls :meth:`ScaleCache.paint` from its ``paint`` with a function drawing
it, and :meth:`ScaleCache.clear` whenever what it draws changes. Pixmaps are in the
device's own pixels (a high-dpi screen's too), placed where the vectors' pixels would fall.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QWidget

#: an item taking more device pixels than this is drawn directly (a deep zoom: few items
#: are in view, and a pixmap of each would be large)
MAX_PIXELS = 256 * 256
#: a view's paint draws items afresh at a new scale for at most this long (ms)
FRESH_MS = 6.0


class _Frame:
    """The paint of a view under way (``active``): until when it may draw items afresh at a
    new scale (counted from the first it draws so), and whether some item was left scaled
    for a later paint."""

    active = False
    deadline = math.inf
    deferred = False


@contextmanager
def frame() -> Iterator[type[_Frame]]:
    """A view's paint (:meth:`gui.map_view.MapView.paintEvent`): items of a stale scale are
    drawn afresh for ``FRESH_MS`` from the first; the rest are left scaled, and
    ``deferred`` tells the view to paint again."""
    _Frame.active, _Frame.deadline, _Frame.deferred = True, math.inf, False
    try:
        yield _Frame
    finally:
        _Frame.active, _Frame.deadline = False, math.inf


def _zooming(widget: QWidget | None) -> bool:
    """Whether ``widget`` (the widget an item's ``paint`` is given) is the viewport of a
    view in a zoom burst (:class:`gui.map_view.MapView`)."""
    view = widget.parent() if widget is not None else None
    return getattr(view, "zooming", False) is True


class ScaleCache:
    """One item's pixmap: drawn at ``scale`` device pixels per item unit, its first pixel at
    device pixel ``origin`` (a pixel of margin round what it holds) when the item's
    transform to the device is ``at`` (its translation, device pixels); ``target`` is where
    the pixmap lies in item units."""

    __slots__ = ("pixmap", "scale", "at", "origin", "target", "source")

    def __init__(self) -> None:
        self.pixmap: QPixmap | None = None
        self.scale = 0.0
        self.at = (0.0, 0.0)
        self.origin = QPoint()
        self.target = QRectF()
        self.source = QRectF()

    def clear(self) -> None:
        """What the item draws changed: drawn afresh when next painted."""
        self.pixmap = None

    def paint(self, item: QGraphicsItem, painter: QPainter, widget: QWidget | None,
              draw: Callable[[QPainter], None], ink: QRectF | None = None) -> None:
        """Paint ``item`` (``draw`` draws it in item units) from the pixmap, which holds
        ``ink`` (item units; its bounding rectangle if None): all that ``draw`` draws. (Few
        calls into Qt: a zoom step paints every item in view this way.)"""
        t = painter.deviceTransform()       # item units to device pixels
        scale = t.m11()
        if scale <= 0 or t.m22() != scale or t.isRotating():
            draw(painter)                   # mirrored, stretched, rotated: as it is
            return
        pixmap = self.pixmap
        if pixmap is not None and scale != self.scale:
            if _zooming(widget):
                # a zoom burst: the picture of the scale before it, scaled (the view draws
                # pixmaps without smoothing meanwhile), until the burst settles and the
                # view is drawn again
                painter.drawPixmap(self.target, pixmap, self.source)
                return
            if _Frame.active:
                now = time.perf_counter()
                if now > _Frame.deadline:
                    # this paint has drawn afresh all it may: the next one will
                    _Frame.deferred = True
                    painter.drawPixmap(self.target, pixmap, self.source)
                    return
                if _Frame.deadline == math.inf:       # the first drawn afresh
                    _Frame.deadline = now + FRESH_MS / 1000
        dx, dy = t.dx(), t.dy()
        if pixmap is None or scale != self.scale \
                or abs(dx - self.at[0] - round(dx - self.at[0])) > 0.01 \
                or abs(dy - self.at[1] - round(dy - self.at[1])) > 0.01:
            # none yet, another scale, or moved by part of a pixel: drawn again
            if not self._render(ink or item.boundingRect(), scale, dx, dy,
                                painter.renderHints(), draw):
                self.pixmap = None
                draw(painter)
                return
        # copied pixel for pixel: through a world transform undoing the device's own scale
        # (its pixel ratio ``k``), which leaves the device's offset ``ox, oy`` (a widget
        # grabbed into a pixmap)
        w = painter.worldTransform()
        k = scale / w.m11()
        ox, oy = round(dx - k * w.dx()), round(dy - k * w.dy())
        painter.save()
        if k == 1.0:
            painter.resetTransform()
        else:
            painter.setWorldTransform(QTransform.fromScale(1 / k, 1 / k))
        painter.drawPixmap(self.origin + QPoint(round(dx - self.at[0]) - ox,
                                                round(dy - self.at[1]) - oy), self.pixmap)
        painter.restore()

    def _render(self, rect: QRectF, scale: float, dx: float, dy: float,
                hints: QPainter.RenderHint, draw: Callable[[QPainter], None]) -> bool:
        """Draw the item into a new pixmap (False: it would be too big)."""
        left, top = rect.left() * scale + dx, rect.top() * scale + dy      # device pixels
        x, y = math.floor(left) - 1, math.floor(top) - 1                    # a pixel of margin
        w = math.ceil(left + rect.width() * scale) + 1 - x
        h = math.ceil(top + rect.height() * scale) + 1 - y
        if w * h > MAX_PIXELS:
            return False
        pixmap = QPixmap(w, h)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHints(hints)
        p.setTransform(QTransform(scale, 0, 0, scale, dx - x, dy - y))
        draw(p)
        p.end()
        self.pixmap, self.scale, self.at, self.origin = pixmap, scale, (dx, dy), QPoint(x, y)
        self.target = QRectF((x - dx) / scale, (y - dy) / scale, w / scale, h / scale)
        self.source = QRectF(0, 0, w, h)
        return True
