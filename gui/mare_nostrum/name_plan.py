"""Where Mare Nostrum's names go: sea names, province and island names, then city names
below their hex, each kept off the names before it and off the counters.

Every spot a name may take depends on the board alone, so :class:`NameSpots` measures them
once (fonts, ink rectangles, the names as drawn there); laying the names out again after a
move (:meth:`NameSpots.plan`) only tests those rectangles against the counters and the names
placed before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF

from hexmap.geo import MEDITERRANEAN
from hexmap.hexgrid import hex_id, neighbour, parse_hex_id
from rules.mare_nostrum.board import Board

from ..display_list import Text
from .style import SEA_NAMES, board_font

INK, HALO = QColor(60, 40, 25, 235), QColor(255, 250, 235, 190)
SEA_INK = QColor(40, 80, 110, 150)


@dataclass
class Spot:
    """One place a name may go: the ink rectangle tested there (scene units) and the name as
    drawn there (kept on the board's edge) with its ink rectangle."""

    test: QRectF
    text: Text
    rect: QRectF


@dataclass
class Plan:
    """One layout of the names. ``name_rects``: (label, scene rectangle) of the names drawn
    at every zoom; ``crowded``: (name, font, centre) of the city names that would touch
    another name or a counter (shown only when zoomed in)."""

    sea_texts: list[Text] = field(default_factory=list)
    area_texts: list[Text] = field(default_factory=list)
    city_texts: list[Text] = field(default_factory=list)
    crowded: list[tuple[str, QFont, QPointF]] = field(default_factory=list)
    name_rects: list[tuple[str, QRectF]] = field(default_factory=list)


class NameSpots:
    """Every spot each name of ``board`` may take, measured once (``geo_labels``: each
    area's label point and whether it is busy; ``bounds``: the board's rectangle)."""

    def __init__(self, board: Board, geo_labels: dict, bounds: QRectF) -> None:
        self.board = board
        self.R = r = board.layout.size
        self._edge = bounds.adjusted(0.2 * r, 0.2 * r, -0.2 * r, -0.2 * r)
        self._inks: dict[tuple[int, str], QRectF] = {}
        fonts = {"big": board_font(0.8 * r, bold=True), "small": board_font(0.6 * r, bold=True),
                 "island": board_font(0.6 * r, italic=True)}
        for key in ("big", "small"):
            fonts[key].setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 0.04 * r)
        sea = board_font(0.6 * r, italic=True)
        sea.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 0.15 * r)
        self._fonts = [*fonts.values(), sea]          # kept alive: measured by id
        #: (label, the sea's name drawn, its rectangle), placed whatever else is there
        self.seas: list[tuple[str, Text, QRectF]] = []
        for name, ll in SEA_NAMES:          # the seas' Latin names, faint
            x, y = MEDITERRANEAN.to_xy(*ll)
            if bounds.contains(QPointF(x, y)):
                centre = self._inside(sea, name, QPointF(x, y))
                t = Text(sea, self._centred(sea, name, centre), name, SEA_INK)
                self.seas.append((f"sea {name}", t, self._rect(sea, name, t.at)))
        #: (label, the spots in the order tried) of each area's name
        self.areas: list[tuple[str, list[Spot]]] = [
            (f"area {aid}", [self._spot(font, text, centre) for font, text, centre
                             in self._area_tries(aid, geo_labels[aid], fonts)])
            for aid in sorted(board.areas)]
        #: (label, name, font, centre, its spot) of each city's name, below its hex
        self.cities: list[tuple[str, str, QFont, QPointF, Spot]] = []
        plain, capital = board_font(0.66 * r), board_font(0.66 * r, bold=True)
        self._fonts += [plain, capital]
        for _, h in sorted(board.hexes.items()):
            if not h.city:
                continue
            city = board.cities[h.city]
            cx, cy = board.layout.to_pixel(h.axial)
            font = capital if city.capital_of else plain
            centre = QPointF(cx, cy + 0.62 * r)
            spot = self._spot(font, city.name, centre)
            spot.test = spot.test.adjusted(-0.1 * r, 0, 0.1 * r, 0)
            self.cities.append((f"city {city.name}", city.name, font, centre, spot))

    def _area_tries(self, aid: str, label: tuple, fonts: dict[str, QFont]
                    ) -> list[tuple[QFont, str, QPointF]]:
        """The spots an area's name tries, in order: islands over or under the island's
        top; provinces at their label point (busy ones above their cities), above, below, in
        the smaller font, then the province's other hexes and, if it is full, the hexes
        around it, nearest first, in the smaller font."""
        r, board = self.R, self.board
        x, y, busy = label
        area = board.areas[aid]
        if area.kind == "island":
            return [(fonts["island"], area.name, QPointF(x, y + dy))
                    for dy in (-0.8 * r, 0.9 * r, -1.5 * r)]
        n = len(board.hexes_of(aid))
        font = fonts["big" if n > 4 and not busy else "small"]
        text, dy = area.name.upper(), (-0.84 * r if busy else -0.05 * r)
        tries = [(font, QPointF(x, y + dy)), (font, QPointF(x, y + dy - 0.9 * r)),
                 (font, QPointF(x, y + dy + 0.9 * r)), (fonts["small"], QPointF(x, y))]
        own = set(board.hexes_of(aid))
        around = {hex_id(neighbour(parse_hex_id(h), d)) for h in own for d in range(6)} - own
        for ring in (own, around & set(board.hexes)):
            tries += [(fonts["small"], QPointF(*p)) for p in sorted(
                (board.layout.to_pixel(parse_hex_id(h)) for h in ring),
                key=lambda p: math.dist(p, (x, y)))]
        return [(f, text, c) for f, c in tries]

    def _spot(self, font: QFont, text: str, centre: QPointF) -> Spot:
        test = self._rect(font, text, self._centred(font, text, centre))
        at = self._centred(font, text, self._inside(font, text, centre))
        return Spot(test, Text(font, at, text, INK, HALO, 0.1 * self.R),
                    self._rect(font, text, at))

    def plan(self, avoid: list[QRectF]) -> Plan:
        """The names laid out off the scene rectangles ``avoid`` (the counters): the seas'
        where they are; each area's at the first spot it tries that meets nothing placed
        before (else where it covers least); each city's below its hex if that meets
        nothing, else it is crowded."""
        out = Plan()
        taken: list[QRectF] = list(avoid)
        for label, text, rect in self.seas:
            out.sea_texts.append(text)
            out.name_rects.append((label, rect))
            taken.append(rect)
        for label, spots in self.areas:
            best: tuple[float, Spot] | None = None
            for spot in spots:
                rect = spot.test
                cover = sum(_area(rect.intersected(o)) for o in taken if rect.intersects(o))
                if best is None or cover < best[0]:
                    best = (cover, spot)
                if cover == 0:
                    break
            spot = best[1]
            out.area_texts.append(spot.text)
            out.name_rects.append((label, spot.rect))
            taken.append(spot.rect)
        for label, name, font, centre, spot in self.cities:
            test = spot.test
            if any(test.intersects(o) for o in taken):
                out.crowded.append((name, font, centre))
                continue
            out.city_texts.append(spot.text)
            out.name_rects.append((label, spot.rect))
            taken.append(spot.rect)
        return out

    # --- measuring ------------------------------------------------------------------------
    def _ink(self, font: QFont, text: str) -> QRectF:
        """The tight ink rectangle of ``text`` in ``font`` at the origin."""
        key = (id(font), text)
        ink = self._inks.get(key)
        if ink is None:
            ink = self._inks[key] = QFontMetricsF(font).tightBoundingRect(text)
        return ink

    def _rect(self, font: QFont, text: str, at: QPointF) -> QRectF:
        """The ink of ``text`` drawn from baseline start ``at``, in scene units."""
        return self._ink(font, text).translated(at)

    def _centred(self, font: QFont, text: str, centre: QPointF) -> QPointF:
        """The baseline start that centres the ink of ``text`` on ``centre``."""
        ink = self._ink(font, text)
        return QPointF(centre.x() - ink.center().x(), centre.y() - ink.center().y())

    def _inside(self, font: QFont, text: str, centre: QPointF) -> QPointF:
        """``centre`` moved so that ``text`` centred there stays on the board."""
        ink, edge = self._rect(font, text, self._centred(font, text, centre)), self._edge
        dx = max(0.0, edge.left() - ink.left()) - max(0.0, ink.right() - edge.right())
        dy = max(0.0, edge.top() - ink.top()) - max(0.0, ink.bottom() - edge.bottom())
        return QPointF(centre.x() + dx, centre.y() + dy)


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height()
