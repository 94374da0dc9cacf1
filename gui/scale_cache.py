"""An item's picture kept as a pixmap at one device scale, and kept through a zoom burst.

Qt's ``DeviceCoordinateCache`` draws an item into a pixmap at the view's scale and copies
it while the scale stays; at any new scale it draws the item again, so a zoom step draws
every item in view from its vectors (text laid out and its glyphs rasterised at the new
size). :class:`ScaleCache` does the same while the view is settled, and while the view is
in a zoom burst (:func:`gui.map_view.is_zooming`) draws the pixmap it has, scaled, instead:
a step costs one small copy per item. When the burst settles the view repaints and each
item is drawn afresh at the new scale: the map then looks exactly as before.

An item using it calls :meth:`ScaleCache.paint` from its ``paint`` with a function drawing
it, and :meth:`ScaleCache.clear` whenever what it draws changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QWidget

from .map_view import is_zooming

#: an item taking more device pixels than this is drawn directly (a deep zoom: few items
#: are in view, and a pixmap of each would be large)
MAX_PIXELS = 512 * 512
_SCALING = QTransform.TransformationType.TxScale.value
_SMOOTH = QPainter.RenderHint.SmoothPixmapTransform


class ScaleCache:
    """One item's pixmap: drawn at ``scale`` device pixels per item unit, with the item's
    bounding rectangle's corner ``frac`` of a device pixel into the pixmap's first pixel
    (plus a pixel of margin)."""

    __slots__ = ("pixmap", "scale", "frac")

    def __init__(self) -> None:
        self.pixmap: QPixmap | None = None
        self.scale = 0.0
        self.frac = (0.0, 0.0)

    def clear(self) -> None:
        """What the item draws changed: drawn afresh when next painted."""
        self.pixmap = None

    def paint(self, item: QGraphicsItem, painter: QPainter, widget: QWidget | None,
              draw: Callable[[QPainter], None]) -> None:
        """Paint ``item`` (``draw`` draws it in item units) from the pixmap."""
        t = painter.worldTransform()
        device = painter.device()
        if t.type().value > _SCALING or device is None or device.devicePixelRatioF() != 1.0 \
                or abs(t.m11() - t.m22()) > 1e-9 * abs(t.m11()) or t.m11() <= 0:
            draw(painter)                   # rotated, mirrored, high-dpi: as it is
            return
        scale = t.m11()
        rect = item.boundingRect()
        pixmap = self.pixmap
        if pixmap is not None and abs(self.scale - scale) > 1e-9 * scale \
                and is_zooming(widget):
            # a zoom burst: the picture of the scale before it, scaled (nearest pixel,
            # quick), until the burst settles and the view is drawn again
            k = self.scale
            target = QRectF(rect.left() - (self.frac[0] + 1) / k,
                            rect.top() - (self.frac[1] + 1) / k,
                            pixmap.width() / k, pixmap.height() / k)
            smooth = painter.testRenderHint(_SMOOTH)
            painter.setRenderHint(_SMOOTH, False)
            painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
            painter.setRenderHint(_SMOOTH, smooth)
            return
        at = t.map(rect.topLeft())
        x, y = math.floor(at.x()), math.floor(at.y())
        frac = (at.x() - x, at.y() - y)
        if pixmap is None or abs(self.scale - scale) > 1e-9 * scale \
                or abs(frac[0] - self.frac[0]) + abs(frac[1] - self.frac[1]) > 0.02:
            w = math.ceil(rect.width() * scale + frac[0]) + 2       # a pixel of margin
            h = math.ceil(rect.height() * scale + frac[1]) + 2
            if w * h > MAX_PIXELS:
                self.pixmap = None
                draw(painter)
                return
            pixmap = self._render(rect, scale, frac, w, h, painter.renderHints(), draw)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(QPoint(x - 1, y - 1), pixmap)
        painter.restore()

    def _render(self, rect: QRectF, scale: float, frac: tuple[float, float], w: int, h: int,
                hints: QPainter.RenderHint, draw: Callable[[QPainter], None]) -> QPixmap:
        pixmap = QPixmap(w, h)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHints(hints)
        p.translate(frac[0] + 1, frac[1] + 1)
        p.scale(scale, scale)
        p.translate(-rect.left(), -rect.top())
        draw(p)
        p.end()
        self.pixmap, self.scale, self.frac = pixmap, scale, frac
        return pixmap
