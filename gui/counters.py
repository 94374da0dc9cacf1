"""Counters as on a wargame map: a square in the owner's colour with a dark edge, the unit's
symbol in the middle, its strength in a corner, and a stack drawn as its top counter with the
edges of the ones under it and a count.

Shared by every map scene (Hubris, Mare Nostrum, and the point-to-point scenes to come):
:func:`paint_counter` draws one on any painter, :class:`CounterItem` is a scene item holding
one (clickable through its ``element_id``, tooltip, cached in device pixels:
:mod:`gui.scale_cache`). Sizes are in the scene's own units: a counter scales with the map
like any printed piece.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from .scale_cache import ScaleCache

#: the dark edge of every counter: pale owners (white, yellow) still show on pale land
EDGE = QColor("#1e1812")
#: the paper of a count badge
BADGE = QColor("#fffaf0")
#: how far each counter under the top one shows, as a fraction of the counter's edge
STACK_STEP = 0.09
#: at most this many counters are drawn under the top one (the count says the rest)
STACK_SHOWN = 2


@dataclass(frozen=True)
class Counter:
    """What one counter (or stack) shows.

    ``colour``: the owner's; ``symbol``: a short text or sign (``RA``, ``⚓``, ``♛``);
    ``strength``: printed small in the lower right (``""``: none); ``count``: how many
    counters the stack holds (2+: edges under it and a badge); ``shape``: ``"square"``
    (a unit) or ``"round"`` (a marker or token).
    """

    colour: QColor
    symbol: str
    strength: str = ""
    count: int = 1
    shape: str = "square"

    @property
    def ink(self) -> QColor:
        """Dark or white ink, whichever reads better on ``colour``."""
        return ink_on(self.colour)


def ink_on(colour: QColor) -> QColor:
    """Dark ink on a light fill, white on a dark one (perceived lightness)."""
    lum = 0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue()
    return EDGE if lum > 150 else QColor("white")


def stack_extent(size: float, count: int) -> float:
    """How far a stack of ``count`` counters of edge ``size`` reaches beyond its top one."""
    return size * STACK_STEP * min(max(count, 1) - 1, STACK_SHOWN)


def counter_bounds(size: float, count: int = 1) -> QRectF:
    """The rectangle a counter of edge ``size`` centred on (0, 0) paints in, stack edges and
    count badge included."""
    h = size / 2
    extra = stack_extent(size, count)
    badge = 0.22 * size if count > 1 else 0.0
    return QRectF(-h - badge, -h - badge, size + extra + 2 * badge, size + extra + badge)


@cache
def _font(px: int, bold: bool = True) -> QFont:
    """The counters' font at ``px`` pixels of a 100-unit counter (shared; not modified)."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(px)
    font.setBold(bold)
    return font


@cache
def _fitting_font(text: str, width: float, px: int) -> QFont:
    """The largest font up to ``px`` in which ``text`` is at most ``width`` wide."""
    while px > 10 and QFontMetricsF(_font(px)).horizontalAdvance(text) > width:
        px -= 2
    return _font(px)


def paint_counter(painter: QPainter, centre: QPointF, size: float, counter: Counter,
                  lit: bool = False) -> None:
    """Draw ``counter`` with edge ``size`` centred on ``centre`` (the painter's units); ``lit``
    rings it in gold (a target of the current choice)."""
    painter.save()
    painter.translate(centre)
    painter.scale(size / 100.0, size / 100.0)      # drawn on a 100-unit counter
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    body = QRectF(-50, -50, 100, 100)
    shown = min(max(counter.count, 1) - 1, STACK_SHOWN)
    edge = QPen(EDGE, 7)
    edge.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    under = QBrush(counter.colour.darker(135))
    for k in range(shown, 0, -1):                  # the counters under the top one
        step = 100 * STACK_STEP * k
        _shape(painter, body.translated(step, step), counter.shape, edge, under)
    if lit:
        _shape(painter, body.adjusted(-9, -9, 9, 9), counter.shape, QPen(QColor("#f2b705"), 10),
               QBrush(Qt.BrushStyle.NoBrush))
    _shape(painter, body, counter.shape, edge, QBrush(counter.colour))
    ink = counter.ink
    painter.setPen(ink)
    symbol_box = body.adjusted(8, 6, -8, -22 if counter.strength else -6)
    painter.setFont(_fitting_font(counter.symbol, symbol_box.width(), 52))
    painter.drawText(symbol_box, Qt.AlignmentFlag.AlignCenter, counter.symbol)
    if counter.strength:
        painter.setFont(_font(30))
        painter.drawText(body.adjusted(6, 0, -8, -3),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                         counter.strength)
    if counter.count > 1:                          # the stack's count, top left
        text = str(counter.count)
        font = _font(32)
        w = max(40.0, QFontMetricsF(font).horizontalAdvance(text) + 16)
        badge = QRectF(-50 - 18, -50 - 18, w, 40)
        painter.setPen(QPen(EDGE, 4))
        painter.setBrush(BADGE)
        painter.drawRoundedRect(badge, 20, 20)
        painter.setPen(EDGE)
        painter.setFont(font)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def _shape(painter: QPainter, rect: QRectF, shape: str, pen: QPen, brush: QBrush) -> None:
    painter.setPen(pen)
    painter.setBrush(brush)
    if shape == "round":
        painter.drawEllipse(rect)
    else:
        painter.drawRoundedRect(rect, 10, 10)


class CounterItem(QGraphicsItem):
    """One counter or stack in a scene, centred on its position; ``element_id`` (if any) is
    its ``data(0)``, so a click or a lookup by id finds it."""

    def __init__(self, counter: Counter, size: float, element_id: str | None = None,
                 tip: str = "") -> None:
        super().__init__()
        self.counter = counter
        self.size = size
        self.lit = False
        self._bounds = counter_bounds(size, counter.count).adjusted(
            -0.1 * size, -0.1 * size, 0.1 * size, 0.1 * size)      # room for the gold ring
        if element_id is not None:
            self.setData(0, element_id)
        if tip:
            self.setToolTip(tip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._cache = ScaleCache()      # as a device cache, kept through a zoom burst

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(counter_bounds(self.size, self.counter.count))
        return path

    def body_rect(self) -> QRectF:
        """The top counter's square, in scene coordinates (what a player reads)."""
        h = self.size / 2
        return self.mapRectToScene(QRectF(-h, -h, self.size, self.size))

    def set_lit(self, lit: bool) -> None:
        if lit != self.lit:
            self.lit = lit
            self._cache.clear()
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self._cache.paint(self, painter, widget, self._draw)

    def _draw(self, painter: QPainter) -> None:
        paint_counter(painter, QPointF(0, 0), self.size, self.counter, self.lit)
