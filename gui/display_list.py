"""A recorded list of drawing operations, replayed with only what is exposed.

A static map layer (the Mare Nostrum board) is described once, when its scene is built, as
a list of shapes with their pens and brushes and scene-unit bounds; painting replays the
list, skipping every operation outside the exposed rectangle. A repaint at a new zoom then
costs the rasterising alone: no Python geometry, no glyph outlines, no path stroking.

Text is drawn with ``drawText`` (Qt's glyph cache) rather than as glyph outlines, and a halo
is the same text drawn in the halo colour around its place, on a transparent layer that is
then laid over the map once (so the halo keeps its own opacity where the copies overlap).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)

NO_PEN = QPen(Qt.PenStyle.NoPen)
NO_BRUSH = QBrush(Qt.BrushStyle.NoBrush)


class Text:
    """One line of text: ``at`` is its baseline start; ``halo`` a colour and its width."""

    __slots__ = ("font", "at", "text", "colour", "halo", "halo_width", "outline")

    def __init__(self, font: QFont, at: QPointF, text: str, colour: QColor,
                 halo: QColor | None = None, halo_width: float = 0.0,
                 outline: QPainterPath | None = None) -> None:
        self.font, self.at, self.text, self.colour = font, at, text, colour
        self.halo, self.halo_width = halo, halo_width
        self.outline = outline        # made when first needed


class DisplayList:
    """Operations in drawing order, each ``(kind, bounds, pen, brush, shape)``."""

    def __init__(self) -> None:
        self.ops: list[tuple[str, tuple[float, float, float, float], QPen, QBrush, object]] = []

    # --- recording ----------------------------------------------------------------------
    def _add(self, kind: str, rect: QRectF, pen: QPen, brush: QBrush, shape: object) -> None:
        m = pen.widthF() / 2 + 1 if pen.style() != Qt.PenStyle.NoPen else 0.0   # ink outside
        self.ops.append((kind, (rect.left() - m, rect.top() - m, rect.right() + m,
                                rect.bottom() + m), pen, brush, shape))

    def polygon(self, pen: QPen, brush: QBrush, poly: QPolygonF) -> None:
        self._add("polygon", poly.boundingRect(), pen, brush, poly)

    def polyline(self, pen: QPen, poly: QPolygonF) -> None:
        self._add("polyline", poly.boundingRect(), pen, NO_BRUSH, poly)

    def path(self, pen: QPen, brush: QBrush, path: QPainterPath) -> None:
        self._add("path", path.boundingRect(), pen, brush, path)

    def lines(self, pen: QPen, lines: list[QLineF]) -> None:
        if not lines:
            return
        xs = [v for ln in lines for v in (ln.x1(), ln.x2())]
        ys = [v for ln in lines for v in (ln.y1(), ln.y2())]
        self._add("lines", QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)),
                  pen, NO_BRUSH, lines)

    def rect(self, pen: QPen, brush: QBrush, rect: QRectF) -> None:
        self._add("rect", rect, pen, brush, rect)

    def ellipse(self, pen: QPen, brush: QBrush, rect: QRectF) -> None:
        self._add("ellipse", rect, pen, brush, rect)

    def text(self, t: Text) -> None:
        ink = QFontMetricsF(t.font).boundingRect(t.text).translated(t.at)
        m = t.halo_width
        self.ops.append(("text", (ink.left() - m, ink.top() - m, ink.right() + m,
                                  ink.bottom() + m), NO_PEN, NO_BRUSH, t))

    # --- replay -------------------------------------------------------------------------
    def paint(self, p: QPainter, exposed: QRectF | None = None) -> None:
        """Draw every operation that meets ``exposed`` (all of them if None)."""
        if exposed is None or exposed.isEmpty():
            ex0 = ey0 = -math.inf
            ex1 = ey1 = math.inf
        else:
            ex0, ey0, ex1, ey1 = exposed.left(), exposed.top(), exposed.right(), exposed.bottom()
        pen = brush = None
        halos: list[Text] = []
        for kind, (x0, y0, x1, y1), op_pen, op_brush, shape in self.ops:
            haloed = kind == "text" and shape.halo is not None   # type: ignore[union-attr]
            if halos and not haloed:
                # a run of haloed texts ends here whether or not this operation is drawn,
                # so what is exposed stacks exactly as in a full replay
                self._flush_halos(p, halos, exposed)
            if x1 < ex0 or x0 > ex1 or y1 < ey0 or y0 > ey1:
                continue
            if kind == "text":
                if haloed:
                    halos.append(shape)          # type: ignore[arg-type]
                    continue
                p.setFont(shape.font)            # type: ignore[union-attr]
                p.setPen(shape.colour)           # type: ignore[union-attr]
                p.drawText(shape.at, shape.text)  # type: ignore[union-attr]
                pen = None
                continue
            if op_pen is not pen:
                p.setPen(op_pen)
                pen = op_pen
            if op_brush is not brush:
                p.setBrush(op_brush)
                brush = op_brush
            if kind == "polygon":
                p.drawPolygon(shape)
            elif kind == "lines":
                p.drawLines(shape)
            elif kind == "polyline":
                p.drawPolyline(shape)
            elif kind == "path":
                p.drawPath(shape)
            elif kind == "rect":
                p.drawRect(shape)
            elif kind == "ellipse":
                p.drawEllipse(shape)
        self._flush_halos(p, halos, exposed)

    @staticmethod
    def _flush_halos(p: QPainter, halos: list[Text], exposed: QRectF | None) -> None:
        """Draw a run of haloed texts: their halos on one layer laid over the map, then the
        texts."""
        if not halos:
            return
        _halo_layer(p, halos, exposed)
        for t in halos:
            p.setFont(t.font)
            p.setPen(t.colour)
            p.drawText(t.at, t.text)
        halos.clear()


def _halo_layer(p: QPainter, texts: list[Text], exposed: QRectF | None) -> None:
    """The halos of ``texts``: each text drawn around its place (``halo_width`` across) on a
    transparent layer over the texts' part of the device, each copy replacing what is under
    it (so the copies do not add up: every halo keeps its colour's opacity, as a stroked
    outline would), then the layer laid over the map once."""
    transform = p.transform()
    device_scale = math.hypot(p.deviceTransform().m11(), p.deviceTransform().m12())
    offsets: dict[float, list[QPointF]] = {}
    bounds = QRectF()
    for t in texts:
        w = t.halo_width
        if w not in offsets:
            offsets[w] = _halo_offsets(w / 2, device_scale)
        bounds |= QFontMetricsF(t.font).boundingRect(t.text).translated(t.at).adjusted(
            -w, -w, w, w)
    if exposed is not None and not exposed.isEmpty():
        # keep whole letters around the edge: a text cut by the layer's edge is drawn
        # slightly differently inside it too
        pad = 2 * max(max(t.font.pixelSize(), t.font.pointSize()) for t in texts)
        bounds &= exposed.adjusted(-pad, -pad, pad, pad)
    area = transform.mapRect(bounds).toAlignedRect()
    if area.isEmpty():
        return
    device = p.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    layer = QImage(math.ceil(area.width() * dpr), math.ceil(area.height() * dpr),
                   QImage.Format.Format_ARGB32_Premultiplied)
    layer.setDevicePixelRatio(dpr)
    layer.fill(0)
    lp = QPainter(layer)
    lp.setRenderHints(p.renderHints())
    lp.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
    lp.setTransform(transform * QTransform.fromTranslate(-area.left(), -area.top()))
    for t in texts:
        if t.halo_width / 2 * device_scale > STROKED_HALO_PX:     # large: the exact outline
            outline = _outline(t)
            lp.strokePath(outline, QPen(t.halo, t.halo_width, Qt.PenStyle.SolidLine,
                                        Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            lp.fillPath(outline, t.halo)
            continue
        lp.setFont(t.font)
        lp.setPen(t.halo)
        for off in offsets[t.halo_width]:
            lp.drawText(t.at + off, t.text)
        lp.drawText(t.at, t.text)
    lp.end()
    p.save()
    p.resetTransform()
    p.drawImage(area.topLeft(), layer)
    p.restore()


#: a halo wider than this (device pixels from the letters) is stroked along the letters'
#: outline, as copies of the text would show their scallops
STROKED_HALO_PX = 4.0


def _outline(t: Text) -> QPainterPath:
    """The letters of ``t`` as a path in scene units (made once per text)."""
    if t.outline is None:
        t.outline = QPainterPath()
        t.outline.addText(t.at, t.font, t.text)
    return t.outline


def _halo_offsets(radius: float, device_scale: float) -> list[QPointF]:
    """Where to draw the copies of a text that make its halo: up to three rings out to
    ``radius``, about 2 device pixels apart (no gap opens between the letters and the halo's
    edge: a halo is a fixed fraction of the letters' size, so three rings are enough at any
    zoom), each with a copy about every 2.5 device pixels of its circumference."""
    r_dev = radius * device_scale
    rings = max(1, min(3, math.ceil(r_dev / 2.0)))
    out: list[QPointF] = []
    for i in range(1, rings + 1):
        rr = radius * i / rings
        n = max(4, min(16, math.ceil(2 * math.pi * rr * device_scale / 2.5)))
        out += [QPointF(rr * math.cos(2 * math.pi * (k + 0.5 * i) / n),
                        rr * math.sin(2 * math.pi * (k + 0.5 * i) / n)) for k in range(n)]
    return out
