"""The Mare Nostrum board's look: colours of the sea, provinces, empires and merchandise,
its fonts, and the small glyphs (capital star, merchandise token) the backdrop records."""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainterPath, QPen, QPolygonF

from rules.mare_nostrum.names import SEAS

from ..display_list import DisplayList, Text

PARCHMENT = QColor("#e6dcc3")
SEA_OPEN = QColor("#8fb8d3")
SEA_SHORE = QColor("#a9cde2")
SEA_GRID = QColor(70, 110, 140, 70)
COAST = QColor("#35556b")
INK = QColor("#2b2118")
GOLD = QColor("#e0a800")
EMPIRE_COLOURS = {"rome": QColor("#c0392b"), "carthage": QColor("#7b3f98"),
                  "greece": QColor("#2a6cc0"), "persia": QColor("#2e7d32"),
                  "egypt": QColor("#e5b81b")}
EMPIRE_BANDS = EMPIRE_COLOURS
PROVINCE_TINTS = [QColor(c) for c in ("#e9d9a6", "#cfdca2", "#e5c29b", "#d6c7e0", "#b9d3b0",
                                      "#efcfb2", "#d9d0a8")]
ISLAND_TINT = QColor("#ecd6a0")
MERCH_COLOURS = {   # yellow = supply goods (ch.10), purple/gold = luxury (9.5)
    "GRAIN": "#e7c12e", "FISH": "#e2b53a", "OLIVES": "#b9b33a", "CATTLE": "#d7a35a",
    "WINE": "#c9a23a", "SALT": "#f2f2f2", "GLASS": "#5ec7c0", "GOLD": "#f5c400",
    "WOOL": "#efe6d2", "WOOD": "#7a5a35", "STONE": "#a8a29a", "COPPER": "#c46a2f",
    "IRON": "#5b5f66", "SILVER": "#c9d1d9"}
MERCH_CODES = {"GRAIN": "Gr", "FISH": "Fi", "OLIVES": "Ol", "CATTLE": "Ca", "WINE": "Wi",
               "SALT": "Sa", "GLASS": "Gl", "GOLD": "Au", "WOOL": "Wo", "WOOD": "Wd",
               "STONE": "St", "COPPER": "Cu", "IRON": "Fe", "SILVER": "Ag"}
LUXURY = ("SALT", "GLASS", "GOLD")
#: the seas lettered on the map (their Latin names, lon/lat), as the rules name sea hexes
SEA_NAMES = [(name.upper(), lonlat) for name, lonlat in SEAS]
ATTRIBUTION = ("Coastline: Natural Earth (public domain). Places: Digital Atlas of the Roman "
               "Empire (DARE), J. Åhlfeldt, CC BY-SA 3.0. Hex map reconstructed from geography.")


def board_font(px: float, bold: bool = False, italic: bool = False, serif: bool = True) -> QFont:
    f = QFont("DejaVu Serif" if serif else "DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def star(c: QPointF, r: float) -> QPainterPath:
    path = QPainterPath()
    for i in range(10):
        rad = r if i % 2 == 0 else 0.45 * r
        a = math.radians(-90 + 36 * i)
        pt = QPointF(c.x() + rad * math.cos(a), c.y() + rad * math.sin(a))
        if i == 0:
            path.moveTo(pt)
        else:
            path.lineTo(pt)
    path.closeSubpath()
    return path


@cache
def _merch_style(merch: str, r: float) -> tuple[QPen, QBrush, QFont, QColor, QPointF]:
    """Pen, brush, font and ink of a merchandise token, and the ink centre of its code
    (measured once per kind and size, so a repaint never measures the text again)."""
    col = QColor(MERCH_COLOURS.get(merch, "#cccccc"))
    ink = QColor("#ffffff") if col.lightness() < 120 else INK
    font = board_font(0.95 * r, bold=True, serif=False)
    code = MERCH_CODES.get(merch, merch[:2])
    return (QPen(INK, 0.18 * r), QBrush(col), font, ink,
            QFontMetricsF(font).tightBoundingRect(code).center())


def merch_glyph(d: DisplayList, merch: str, c: QPointF, r: float) -> None:
    """A small coloured token with the merchandise's two-letter code (luxuries: a diamond)."""
    pen, brush, font, ink, mid = _merch_style(merch, r)
    if merch in LUXURY:
        dd = 1.25 * r
        d.polygon(pen, brush, QPolygonF([QPointF(c.x(), c.y() - dd), QPointF(c.x() + dd, c.y()),
                                         QPointF(c.x(), c.y() + dd), QPointF(c.x() - dd, c.y())]))
    else:
        d.ellipse(pen, brush, QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
    code = MERCH_CODES.get(merch, merch[:2])
    d.text(Text(font, QPointF(c.x() - mid.x(), c.y() - mid.y()), code, ink))


