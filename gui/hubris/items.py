"""The Hubris map's graphics items and drawing helpers: shared fonts, pens and brushes,
the clickable Areas and Place markers, names shown from a zoom level, Satrapy banners,
outlines stroked in runs and the land backdrop."""

from __future__ import annotations

from functools import cache
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from . import style as S
from .geo import fill_parts, rings_path_and_parts

# Qt enum members looked up once (each lookup is a Python -> Qt round trip)
_LEFT_BUTTON = Qt.MouseButton.LeftButton
_DEVICE_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache


@cache
def map_font(px: float, bold: bool = False, italic: bool = False, serif: bool = False) -> QFont:
    """The map's font of that size and style: one shared instance per style (a QFont is
    copied where it is set, and its resolved font engine is then looked up once, not per
    label). Callers must not modify it."""
    f = QFont("DejaVu Serif" if serif else "DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


_METRICS: dict[str, QFontMetricsF] = {}
_PENS: dict[tuple[int, float], QPen] = {}
_BRUSHES: dict[int, QBrush] = {}


def shared_pen(colour: QColor, width: float) -> QPen:
    """A solid pen, shared (Place markers repaint often and use a handful of pens)."""
    key = (colour.rgba(), width)
    pen = _PENS.get(key)
    if pen is None:
        pen = _PENS[key] = QPen(colour, width)
    return pen


def shared_brush(colour: QColor) -> QBrush:
    """A solid brush, shared like :func:`shared_pen`."""
    key = colour.rgba()
    brush = _BRUSHES.get(key)
    if brush is None:
        brush = _BRUSHES[key] = QBrush(colour)
    return brush


def _metrics(font: QFont) -> QFontMetricsF:
    """The metrics of ``font``, shared by every item with the same font."""
    key = font.key()
    m = _METRICS.get(key)
    if m is None:
        m = _METRICS[key] = QFontMetricsF(font)
    return m


def text_item(text: str, font: QFont, parent: QGraphicsItem | None = None
          ) -> QGraphicsSimpleTextItem:
    """A text item in ``font``: the font is set before the text, so the text is laid out
    once (set after, it is laid out again: ~40 % more to make a label)."""
    item = QGraphicsSimpleTextItem(parent)
    item.setFont(font)
    item.setText(text)
    return item


def frac(v: Any) -> str:
    s = str(v)
    if "/" in s:
        n, d = (int(x) for x in s.split("/"))
        whole, rest = divmod(n, d)
        if d == 2 and rest == 1:
            return f"{whole}½" if whole else "½"
    return s


def name_variants(name: str) -> list[str]:
    """A Satrapy name on one line, and split in two at a space or hyphen if it has one."""
    for sep, keep in ((" ", ""), ("-", "-")):
        if sep in name:
            head, _, tail = name.partition(sep)
            return [name, f"{head}{keep}\n{tail}"]
    return [name]


class _Clickable:
    """Mixin: a left click on the item emits ``elementClicked(element_id)``."""

    element_id: str

    def _init_click(self, element_id: str) -> None:
        self.element_id = element_id
        self.setData(0, element_id)  # type: ignore[attr-defined]
        self.setAcceptHoverEvents(True)  # type: ignore[attr-defined]
        self.setAcceptedMouseButtons(_LEFT_BUTTON)  # type: ignore[attr-defined]

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        scene = self.scene()  # type: ignore[attr-defined]   # a HubrisScene
        if hasattr(scene, "click_target") and self.contains(event.pos()):  # type: ignore
            scene.elementClicked.emit(scene.click_target(self.element_id))

    def hoverEnterEvent(self, event) -> None:  # noqa: N802
        scene = self.scene()  # type: ignore[attr-defined]
        if hasattr(scene, "elementHovered"):
            scene.elementHovered.emit(self.element_id)


class AreaItem(_Clickable, QGraphicsPathItem):
    """A Satrapy or Sea Area polygon."""

    def __init__(self, element_id: str, path: QPainterPath) -> None:
        super().__init__(path)
        self._init_click(element_id)
        self.setCacheMode(_DEVICE_CACHE)


#: Place marker colours (made once, not per paint)
_MARKER_FILL = QColor("#fbf6e8")
_BANNER_RED = QColor("#c0392b")
_WHITE = QColor("white")
_PORT_BLUE = QColor("#1f4e79")
_REVOLT_RED = QColor("#8b0000")
_SD_GREY = QColor("#9e9e9e")


class PlaceItem(_Clickable, QGraphicsItem):
    """A Place marker (2.5.4): square City or round Tribe, coloured by its Alignment (2.6.1)."""

    def __init__(self, element_id: str, tribe: bool) -> None:
        super().__init__()
        self._init_click(element_id)
        self.tribe = tribe
        self.power: str | None = None
        self.marker: str | None = None
        self.flags: dict[str, Any] = {}
        self.lit = False

    def boundingRect(self) -> QRectF:  # noqa: N802
        h = S.PLACE_SIZE
        return QRectF(-h, -h, 2 * h, 2 * h)

    def shape(self) -> QPainterPath:
        p = QPainterPath()
        h = S.PLACE_SIZE * 0.75
        p.addRect(QRectF(-h, -h, 2 * h, 2 * h))
        return p

    def set_state(self, power: str | None, marker: str | None, flags: dict[str, Any]) -> None:
        """(The scene's background paints the marker: the scene redraws it there.)"""
        self.power, self.marker, self.flags = power, marker, flags

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        h = S.PLACE_SIZE / 2
        rect = QRectF(-h, -h, 2 * h, 2 * h)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = S.POWER.get(self.power or "")
        if self.lit:
            painter.setPen(shared_pen(S.GOLD, 7))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            self._outline(painter, rect.adjusted(-5, -5, 5, 5))
        if colour is None:                                   # Unaligned
            painter.setPen(shared_pen(S.INK, 2.2))
            painter.setBrush(shared_brush(_MARKER_FILL))
            self._outline(painter, rect)
        elif self.marker == "garrison":                      # solid: a Garrison
            painter.setPen(shared_pen(S.INK, 2.2))
            painter.setBrush(shared_brush(colour))
            self._outline(painter, rect)
        else:                                                # ring: an Alliance
            painter.setPen(shared_pen(colour, 6.5))
            painter.setBrush(shared_brush(_MARKER_FILL))
            self._outline(painter, rect.adjusted(3, 3, -3, -3))
            painter.setPen(shared_pen(S.INK, 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            self._outline(painter, rect.adjusted(-0.5, -0.5, 0.5, 0.5))
        if self.flags.get("capital"):
            painter.setPen(shared_pen(S.GOLD, 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            self._outline(painter, rect.adjusted(-4, -4, 4, 4))
        strong = -int(self.flags.get("stronghold") or 0)
        for i in range(strong):                               # flying banners (2.5.7)
            x = h - 2 + i * 6
            painter.setPen(shared_pen(S.INK, 1.2))
            painter.drawLine(QPointF(x, -h), QPointF(x, -h - 12))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(shared_brush(_BANNER_RED))
            painter.drawPolygon(QPolygonF([QPointF(x, -h - 12), QPointF(x + 7, -h - 9.5),
                                           QPointF(x, -h - 7)]))
        port = self.flags.get("port_dir")
        if port is not None:                                  # naval base facing its sea
            dx, dy = port
            c = QPointF(dx * (h + 5), dy * (h + 5))
            painter.setPen(shared_pen(_WHITE, 1.5))
            painter.setBrush(shared_brush(_PORT_BLUE))
            painter.drawEllipse(c, 5.0, 5.0)
        if self.flags.get("revolt"):
            painter.setPen(shared_pen(_REVOLT_RED, 4))
            painter.drawLine(QPointF(-h, -h), QPointF(h, h))
            painter.drawLine(QPointF(-h, h), QPointF(h, -h))
        if self.flags.get("sd"):
            painter.setPen(shared_pen(S.INK, 1))
            painter.setBrush(shared_brush(_SD_GREY))
            painter.drawRect(QRectF(-h - 8, -h - 8, 8, 8))

    def _outline(self, painter: QPainter, rect: QRectF) -> None:
        if self.tribe:
            painter.drawEllipse(rect)
        else:
            painter.drawRect(rect)


class LodText(QGraphicsSimpleTextItem):
    """Text that is painted only from ``min_lod`` screen pixels per scene km up.

    Crowded Place names use it: hidden at the overview, shown once the player zooms in.
    """

    def __init__(self, text: str, font: QFont, min_lod: float = 0.0) -> None:
        super().__init__()
        self.setFont(font)       # before the text: laid out once (see text_item)
        self.setText(text)
        self.min_lod = min_lod

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.min_lod and QStyleOptionGraphicsItem.levelOfDetailFromTransform(
                painter.worldTransform()) < self.min_lod:
            return
        super().paint(painter, option, widget)


class BannerItem(QGraphicsItem):
    """A Satrapy banner line (2.5.1): VP per Kingdom in its colour, then Tax, Supply, icons."""

    def __init__(self, font: QFont) -> None:
        super().__init__()
        self._font = font
        self._metrics = _metrics(font)
        self._parts: list[tuple[str, QColor]] = []
        self._rect = QRectF()

    def set_parts(self, parts: list[tuple[str, QColor]]) -> None:
        if parts == self._parts:
            return
        self.prepareGeometryChange()
        self._parts = parts
        width = sum(self._metrics.horizontalAdvance(s) for s, _ in parts)
        self._rect = QRectF(-3, 0, width + 6, self._metrics.height())
        self.update()

    def text(self) -> str:
        return "".join(s for s, _ in self._parts)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(S.BANNER_PLATE)          # a light plate: legible on every fill
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setFont(self._font)
        x, base = 0.0, self._metrics.ascent()
        for s, colour in self._parts:
            painter.setPen(colour)
            painter.drawText(QPointF(x, base), s)
            x += self._metrics.horizontalAdvance(s)


#: points per run of an outline stroked on its own (:class:`OutlineRuns`)
RUN_POINTS = 48


class OutlineRuns:
    """A long outline cut into short runs, each with its bounds.

    An antialiased stroke costs as much off screen as on it (the stroker outlines every
    segment before clipping), and at 4x zoom the borders and coastline were three quarters
    of a background redraw. So when only part of the outline is exposed, only the runs that
    meet it are stroked; fills stay whole (the rasteriser clips them cheaply).
    """

    def __init__(self, path: QPainterPath, pen: QPen) -> None:
        self.path = path
        self.pen = pen
        self.run_pen = QPen(pen)
        self.run_pen.setCapStyle(Qt.PenCapStyle.RoundCap)    # runs meet without a notch
        self.run_pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        reach = pen.widthF()
        self.bounds = path.boundingRect().adjusted(-reach, -reach, reach, reach)
        self._runs: list[tuple[QRectF, QPolygonF]] | None = None

    @property
    def runs(self) -> list[tuple[QRectF, QPolygonF]]:
        """Made on first need (only a zoomed-in view needs them)."""
        if self._runs is None:
            reach = self.pen.widthF()
            self._runs = []
            for poly in self.path.toSubpathPolygons():
                points = list(poly)
                for i in range(0, max(1, len(points) - 1), RUN_POINTS):
                    part = QPolygonF(points[i:i + RUN_POINTS + 1])
                    self._runs.append(
                        (part.boundingRect().adjusted(-reach, -reach, reach, reach), part))
        return self._runs

    def stroke(self, painter: QPainter, exposed: QRectF) -> None:
        if exposed.contains(self.bounds):
            painter.strokePath(self.path, self.pen)
            return
        painter.setPen(self.run_pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for bounds, part in self.runs:
            if bounds.intersects(exposed):
                painter.drawPolyline(part)


class Backdrop(QGraphicsItem):
    """Neutral land and coastline (the water is the scene's background)."""

    def __init__(self, geo: dict[str, Any], land: list | None = None) -> None:
        super().__init__()
        x0, y0, x1, y1 = geo["frame"]
        self._rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        self._land, self._land_parts = rings_path_and_parts(geo["land"] if land is None
                                                             else land)
        # each ring's bounds (left, top, right, bottom): a part of the board fills only the
        # rings near it (of some 150, most of them islands)
        self._ring_bounds = [p.boundingRect().getCoords() for p in self._land_parts or ()]
        self.coast = OutlineRuns(self._land, QPen(QColor("#8aa3b3"), 1.2))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(0)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self._rect, S.WATER)
        self.paint_exposed(painter, self._rect)

    def paint_exposed(self, painter: QPainter, exposed: QRectF) -> None:
        """The land, and the coastline where it meets ``exposed``."""
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(S.NEUTRAL_LAND))
        if self._land_parts is None or exposed.contains(self._rect):
            fill_parts(painter, self._land, self._land_parts)
        else:
            # the rings within two device pixels of ``exposed`` (an antialiased edge
            # reaches a pixel beyond its ring): the others put no pixel there
            scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(
                painter.worldTransform())
            reach = 2.0 / scale if scale > 0 else 0.0
            left, top, right, bottom = exposed.adjusted(-reach, -reach, reach, reach) \
                .getCoords()
            for part, (x0, y0, x1, y1) in zip(self._land_parts, self._ring_bounds,
                                              strict=True):
                if x0 <= right and left <= x1 and y0 <= bottom and top <= y1:
                    painter.drawPolygon(part)
        self.coast.stroke(painter, exposed)


def rect_path(rect: QRectF) -> QPainterPath:
    """The path of ``rect``."""
    p = QPainterPath()
    p.addRect(rect)
    return p
