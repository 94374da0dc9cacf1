"""The Mare Nostrum board: hexes over the real Mediterranean, cities, merchandise, pieces.

Scene units are map kilometres (``hexmap.geo.MEDITERRANEAN``). The static board is one cached
item (:class:`Backdrop`); pieces are redrawn from the state (docs/mare-nostrum-state.md);
``highlight`` outlines the hexes a prompt's choices target; the tracks (turn, order, Action
Cycle Table, empires) are in the side panel (:mod:`.panel`). A click on a hex emits
``elementClicked("q,r")``; the scene decides nothing.
"""

from __future__ import annotations

import functools
import math
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
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
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QToolTip,
    QWidget,
)

from hexmap import hexgrid
from hexmap.geo import MEDITERRANEAN
from hexmap.hexgrid import hex_id, neighbour, parse_hex_id
from rules.engine.data import cached_derived
from rules.engine.registry import asset_dir
from rules.mare_nostrum.board import Board, load_board, load_map_data
from rules.mare_nostrum.names import SEAS

from ..counters import Counter, CounterItem
from ..display_list import NO_PEN, DisplayList, Text
from ..map_tiles import BoardTiles
from ..polygons import pack_points, packed_polygon_f

# --- style -----------------------------------------------------------------------------------
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


def _font(px: float, bold: bool = False, italic: bool = False, serif: bool = True) -> QFont:
    f = QFont("DejaVu Serif" if serif else "DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def _text_path(text: str, font: QFont, centre: QPointF, spacing: float = 0.0) -> QPainterPath:
    if spacing:
        font = QFont(font)
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    r = path.boundingRect()
    path.translate(centre.x() - r.center().x(), centre.y() - r.center().y())
    return path


def _halo_text(p: QPainter, path: QPainterPath, fill: QColor, halo: QColor, width: float) -> None:
    p.setPen(QPen(halo, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(fill)
    p.drawPath(path)


@cache
def load_coast() -> dict[str, Any]:
    """The coastline rings in map km (assets/mare-nostrum/map-coast.json)."""
    import json  # only when the coastline runs are not cached (Backdrop._coast_runs)

    return json.loads((asset_dir("mare-nostrum") / "map-coast.json").read_text())


def province_colours(board: Board) -> dict[str, QColor]:
    """A pale tint per area, neighbouring provinces in different tints (greedy colouring)."""
    return {aid: ISLAND_TINT if i < 0 else PROVINCE_TINTS[i]
            for aid, i in _tint_indices(board).items()}


def _tint_indices(board: Board) -> dict[str, int]:
    """:func:`province_colours` as indices into ``PROVINCE_TINTS`` (-1: an island)."""
    touch: dict[str, set[str]] = {a: set() for a in board.areas}
    for a in board.hexes:
        for b in board.neighbours(a):
            x, y = board.hexes[a].area, board.hexes[b].area
            if x and y and x != y:
                touch[x].add(y)
    out: dict[str, int] = {}
    for aid in board.areas:
        if board.areas[aid].kind == "island":
            out[aid] = -1
            continue
        used = {out[n] for n in touch[aid] if n in out and out[n] >= 0}
        out[aid] = next(i for i in range(len(PROVINCE_TINTS)) if i not in used)
    return out


class Backdrop(QGraphicsItem):
    """Everything that never changes: recorded once (:class:`DisplayList`) and replayed, only
    where exposed, by :meth:`MareNostrumScene.drawBackground` into the view's cached
    background (a viewport-sized pixmap, scrolled when panning). The item itself paints
    nothing; it holds the hex shapes and the board's bounds."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        lay = board.layout
        self.R = lay.size
        self._corners = [lay.corner_offset(i) for i in range(6)]
        hexagon = QPolygonF([QPointF(dx, dy) for dx, dy in self._corners])
        centres = {hid: lay.to_pixel(h.axial) for hid, h in board.hexes.items()}
        self.polys = {hid: hexagon.translated(cx, cy) for hid, (cx, cy) in centres.items()}
        self._on_board = {h.axial for h in board.hexes.values()}
        self._on_land = {h.axial for h in board.hexes.values() if h.terrain != "sea"}
        ext = hexagon.boundingRect()
        xs = [x for x, _ in centres.values()]
        ys = [y for _, y in centres.values()]
        m = 0.4 * self.R
        left, top = min(xs) + ext.left() - m, min(ys) + ext.top() - m
        self._rect = QRectF(left, top, max(xs) + ext.right() + m - left,
                            max(ys) + ext.bottom() + 2.5 * m - top)
        self._geo = self._geometry()
        self.colours = {aid: ISLAND_TINT if i < 0 else PROVINCE_TINTS[i]
                        for aid, i in self._geo["tints"].items()}
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(0)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    @functools.cached_property
    def display(self) -> DisplayList:
        """The board's drawing operations but its names, recorded when first needed."""
        display = DisplayList()
        for layer in (self._hexes, self._borders, self._coast, self._mountains, self._cities):
            layer(display)
        return display

    @functools.cached_property
    def names_display(self) -> DisplayList:
        """The names' drawing operations (recorded again when the names move: :meth:`plan`)."""
        if not hasattr(self, "name_rects"):
            self._name_plan([])
        display = DisplayList()
        for layer in (self._sea_names, self._area_names, self._city_names, self._attribution):
            layer(display)
        return display

    def plan(self, avoid: list[QRectF]) -> QRectF:
        """Lay the names out again, off the scene rectangles ``avoid`` (the counters);
        where the names that moved, or were hidden or shown, were and are (halo and all;
        empty if none did)."""
        before = self._plan_key()
        self._name_plan(avoid)
        after = self._plan_key()
        if after == before:
            return QRectF()
        vars(self).pop("names_display", None)
        pad = 0.2 * self.R
        changed = QRectF()
        for _label, x, y, w, h in set(before) ^ set(after):
            changed = changed.united(QRectF(x - pad, y - pad, w + 2 * pad, h + 2 * pad))
        return changed

    def _plan_key(self) -> tuple:
        return tuple((label, r.x(), r.y(), r.width(), r.height())
                     for label, r in getattr(self, "name_rects", ()))

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        """Nothing: the scene's background draws the board (:meth:`paint_exposed`)."""

    def paint_exposed(self, p: QPainter, exposed: QRectF | None = None) -> None:
        """The board, where it meets ``exposed`` (scene units; all of it if None)."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.display.paint(p, exposed)
        self.names_display.paint(p, exposed)

    # --- layers (recorded once) -----------------------------------------------------------
    def _hexes(self, d: DisplayList) -> None:
        b = self.board
        sea_pen = QPen(SEA_GRID, 0)
        shore_brush, open_brush = QBrush(SEA_SHORE), QBrush(SEA_OPEN)
        land: dict[str, tuple[QPen, QBrush]] = {}
        shores = set(self._geo["shores"])
        for hid, h in b.hexes.items():
            if h.terrain == "sea":
                d.polygon(sea_pen, shore_brush if hid in shores else open_brush,
                          self.polys[hid])
            else:
                if h.area not in land:
                    c = self.colours[h.area]
                    land[h.area] = (QPen(c.darker(125), 0), QBrush(c))
                d.polygon(*land[h.area], self.polys[hid])

    def _borders(self, d: DisplayList) -> None:
        """Province borders: a dark line on the shared side, a tinted band inside each area
        (the empire's colour for a starting territory). Bands first, then the lines."""
        b = self.board
        band = 0.16 * self.R
        for aid, flat in self._geo["bands"].items():
            tint = QColor(EMPIRE_BANDS.get(b.areas[aid].home or "",
                                           self.colours[aid].darker(150)))
            tint.setAlpha(200)
            d.lines(QPen(tint, band, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap),
                    _qlines(flat))
        side_pen = QPen(QColor(70, 50, 30, 200), 0.07 * self.R)
        for flat in self._geo["sides"].values():
            d.lines(side_pen, _qlines(flat))

    def _geometry(self) -> dict[str, Any]:
        """What the layers compute from the board alone (plain numbers: shore hexes, border
        segments, label spots, tints), cached under the SHA-256 of the map file and the code
        that reads it and computes these (:func:`rules.engine.data.cached_derived`)."""
        from rules.mare_nostrum import board as board_mod

        lay = self.board.layout
        key = repr((lay.origin, lay.size, lay.orientation))
        return cached_derived(
            "mare-nostrum-geometry",
            [Path(self.board.path), Path(board_mod.__file__), Path(hexgrid.__file__),
             Path(__file__)],
            lambda: board_geometry(self.board), key.encode())

    def _coast(self, d: DisplayList) -> None:
        """The coastline, only where it crosses a land hex (cut exactly at its edge: it
        never runs through a sea hex)."""
        pen = QPen(COAST, 1.3 * self.R / 40, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap,
                   Qt.PenJoinStyle.BevelJoin)
        for packed in self._coast_packed():
            d.polyline(pen, packed_polygon_f(packed))

    def _coast_packed(self) -> list[bytes]:
        """:meth:`_coast_runs` packed as ``QPolygonF`` streams them (:func:`pack_points`),
        cached under the SHA-256 of the coastline file, the map file the board was read
        from and the code that reads it and cuts the runs (the hexes on the board come from
        that file alone: no need to list them in the key)."""
        from rules.mare_nostrum import board as board_mod

        lay = self.board.layout
        key = repr((tuple(lay.origin), lay.size, lay.orientation, self.R / 2))
        return cached_derived(
            "mare-nostrum-packed-coast",
            [asset_dir("mare-nostrum") / "map-coast.json", Path(self.board.path),
             Path(board_mod.__file__), Path(hexgrid.__file__), Path(__file__)],
            lambda: [pack_points(run) for run in self._coast_runs()], key.encode())

    def _coast_runs(self) -> list[list[tuple]]:
        """:func:`coast_runs` of the coastline on this board, cached under the SHA-256 of the
        coastline file, this module's code and the board's hexes and layout (the same
        inputs give the same runs; any change computes them again)."""
        lay = self.board.layout
        step = self.R / 2
        key = repr((sorted(self._on_land), tuple(lay.origin), lay.size, lay.orientation, step))
        return cached_derived(
            "mare-nostrum-coast", [asset_dir("mare-nostrum") / "map-coast.json", Path(__file__)],
            lambda: coast_runs(load_coast()["rings"], self._land_test, step), key.encode())

    def on_board(self, x: float, y: float) -> bool:
        """Whether a scene point lies on a hex of the board."""
        return self._board_test(x, y)

    @functools.cached_property
    def _board_test(self):
        """``on_board`` as one closure (the coastline asks it some thousands of times)."""
        from_pixel, hexes = self.board.layout.from_pixel, self._on_board
        return lambda x, y: from_pixel(x, y) in hexes

    @functools.cached_property
    def _land_test(self):
        """Whether a scene point lies on a land hex (where the coastline is drawn)."""
        from_pixel, hexes = self.board.layout.from_pixel, self._on_land
        return lambda x, y: from_pixel(x, y) in hexes

    def _mountains(self, d: DisplayList) -> None:
        r = self.R
        dark, light = QColor("#7c6650"), QColor("#b59c7e")
        pen, brush, shade_brush = QPen(dark, 0.03 * r), QBrush(light), QBrush(dark)
        peaks = {}          # busy hex or not -> three (peak, shade) about the hex centre
        for busy, (oy, k) in ((True, (0.12 * r, 0.7)), (False, (0.1 * r, 1.0))):
            peaks[busy] = []
            for dx, s in ((-0.30, 0.30), (0.05, 0.40), (0.36, 0.26)):
                x, y, w = dx * r * k, oy, s * r * k
                peaks[busy].append((
                    QPolygonF([QPointF(x - w, y + 0.4 * w), QPointF(x, y - 0.8 * w),
                               QPointF(x + w, y + 0.4 * w)]),
                    QPolygonF([QPointF(x, y - 0.8 * w), QPointF(x + w, y + 0.4 * w),
                               QPointF(x + 0.1 * w, y + 0.4 * w)])))
        for h in self.board.hexes.values():
            if not h.mountain:
                continue
            cx, cy = self.board.layout.to_pixel(h.axial)
            for peak, shade in peaks[bool(h.city or h.merchandise)]:
                d.polygon(pen, brush, peak.translated(cx, cy))
                d.polygon(NO_PEN, shade_brush, shade.translated(cx, cy))

    def _sea_names(self, d: DisplayList) -> None:
        for t in self.sea_texts:
            d.text(t)

    def _name_plan(self, avoid: list[QRectF]) -> None:
        """Every name on the board and where it goes: sea names, province and island names,
        then city names below their hex, each kept off the names before it and off
        ``avoid`` (the counters); a city name that would touch one is *crowded*: shown only
        when zoomed in (the scene's :class:`LodName` items). ``name_rects``: (label, scene
        rectangle) of the names drawn at every zoom (tests check them in view pixels)."""
        r = self.R
        ink, halo = QColor(60, 40, 25, 235), QColor(255, 250, 235, 190)
        self.area_texts: list[Text] = []
        self.city_texts: list[Text] = []
        self.crowded: list[tuple[str, QFont, QPointF]] = []     # name, font, centre
        self.name_rects: list[tuple[str, QRectF]] = []
        fonts = {"big": _font(0.8 * r, bold=True), "small": _font(0.6 * r, bold=True),
                 "island": _font(0.6 * r, italic=True)}
        for key in ("big", "small"):
            fonts[key].setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 0.04 * r)
        taken: list[QRectF] = list(avoid)
        m = self._measure = getattr(self, "_measure", None) or _Measure()

        def place(label: str, font: QFont, text: str, centre: QPointF) -> Text:
            centre = self._inside(font, text, centre)
            t = Text(font, m.centred(font, text, centre), text, ink, halo, 0.1 * r)
            rect = m.rect(font, text, t.at)
            self.name_rects.append((label, rect))
            taken.append(rect)
            return t

        sea = _font(0.6 * r, italic=True)
        sea.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 0.15 * r)
        self.sea_texts: list[Text] = []
        for name, ll in SEA_NAMES:          # the seas' Latin names, faint
            x, y = MEDITERRANEAN.to_xy(*ll)
            if self._rect.contains(QPointF(x, y)):
                centre = self._inside(sea, name, QPointF(x, y))
                t = Text(sea, m.centred(sea, name, centre), name, QColor(40, 80, 110, 150))
                rect = m.rect(sea, name, t.at)
                self.name_rects.append((f"sea {name}", rect))
                taken.append(rect)
                self.sea_texts.append(t)
        for aid, area in sorted(self.board.areas.items()):
            x, y, busy = self._geo["labels"][aid]
            n = len(self.board.hexes_of(aid))
            if area.kind == "island":
                text = area.name
                tries = [(fonts["island"], QPointF(x, y + dy))
                         for dy in (-0.8 * r, 0.9 * r, -1.5 * r)]
            else:
                font = fonts["big" if n > 4 and not busy else "small"]
                text, dy = area.name.upper(), (-0.84 * r if busy else -0.05 * r)
                tries = [(font, QPointF(x, y + dy)), (font, QPointF(x, y + dy - 0.9 * r)),
                         (font, QPointF(x, y + dy + 0.9 * r)), (fonts["small"], QPointF(x, y))]
                # then the province's other hexes and, if it is full, the hexes around it,
                # nearest first, in the smaller font
                own = set(self.board.hexes_of(aid))
                around = {hex_id(neighbour(parse_hex_id(h), d)) for h in own
                          for d in range(6)} - own
                for ring in (own, around & set(self.board.hexes)):
                    tries += [(fonts["small"], QPointF(*p)) for p in sorted(
                        (self.board.layout.to_pixel(parse_hex_id(h)) for h in ring),
                        key=lambda p: math.dist(p, (x, y)))]
            best = None
            for font, centre in tries:  # the first spot off the names and counters before
                rect = m.rect(font, text, m.centred(font, text, centre))
                cover = sum(_area(rect.intersected(o)) for o in taken if rect.intersects(o))
                if best is None or cover < best[0]:
                    best = (cover, font, centre)
                if cover == 0:
                    break
            _, font, centre = best
            self.area_texts.append(place(f"area {aid}", font, text, centre))
        plain, capital = _font(0.66 * r), _font(0.66 * r, bold=True)
        b = self.board
        for _, h in sorted(b.hexes.items()):
            if not h.city:
                continue
            city = b.cities[h.city]
            cx, cy = b.layout.to_pixel(h.axial)
            font = capital if city.capital_of else plain
            centre = QPointF(cx, cy + 0.62 * r)
            at = m.centred(font, city.name, centre)
            rect = m.rect(font, city.name, at).adjusted(-0.1 * r, 0, 0.1 * r, 0)
            if any(rect.intersects(o) for o in taken):
                self.crowded.append((city.name, font, centre))
                continue
            self.city_texts.append(place(f"city {city.name}", font, city.name, centre))

    def _inside(self, font: QFont, text: str, centre: QPointF) -> QPointF:
        """``centre`` moved so that ``text`` centred there stays on the board."""
        m = self._measure
        ink = m.rect(font, text, m.centred(font, text, centre))
        edge = self._rect.adjusted(0.2 * self.R, 0.2 * self.R, -0.2 * self.R, -0.2 * self.R)
        dx = max(0.0, edge.left() - ink.left()) - max(0.0, ink.right() - edge.right())
        dy = max(0.0, edge.top() - ink.top()) - max(0.0, ink.bottom() - edge.bottom())
        return QPointF(centre.x() + dx, centre.y() + dy)

    def _area_names(self, d: DisplayList) -> None:
        """Province names in capitals at a free hex (small provinces: smaller, above their
        cities); island names in italics over the island's top."""
        for t in self.area_texts:
            d.text(t)

    def _cities(self, d: DisplayList) -> None:
        """City squares (capitals: a star in the empire's colour) and merchandise tokens
        (their names come after the province names: all the haloed texts in one run)."""
        r = self.R
        b = self.board
        ink_pen, paper = QPen(INK, 0.045 * r), QBrush(QColor("#fbf7ee"))
        for h in b.hexes.values():
            if not h.merchandise:
                continue
            cx, cy = b.layout.to_pixel(h.axial)
            if h.city:
                city = b.cities[h.city]
                s = 0.17 * r
                if city.capital_of:
                    d.path(ink_pen, QBrush(EMPIRE_COLOURS[city.capital_of]),
                           _star(QPointF(cx - 0.2 * r, cy - 0.45 * r), 0.27 * r))
                else:
                    d.rect(ink_pen, paper, QRectF(cx - 0.2 * r - s, cy - 0.45 * r - s,
                                                  2 * s, 2 * s))
                _merch_glyph(d, h.merchandise, QPointF(cx + 0.2 * r, cy - 0.45 * r), 0.2 * r)
            else:
                _merch_glyph(d, h.merchandise, QPointF(cx, cy - 0.45 * r), 0.22 * r)

    def _city_names(self, d: DisplayList) -> None:
        for t in self.city_texts:
            d.text(t)

    def _attribution(self, d: DisplayList) -> None:
        font = _font(0.22 * self.R, italic=True, serif=False)
        rect = self._rect
        d.text(Text(font, QPointF(rect.left() + 0.6 * self.R, rect.bottom() - 0.35 * self.R),
                    ATTRIBUTION, QColor(70, 60, 50)))


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height()


class _Measure:
    """The ink rectangles of texts, each text measured once (for one name plan)."""

    def __init__(self) -> None:
        # (font, text) -> (font, ink): the plan's few fonts, kept alive here while measured
        self._inks: dict[tuple[int, str], tuple[QFont, QRectF]] = {}

    def ink(self, font: QFont, text: str) -> QRectF:
        """The tight ink rectangle of ``text`` in ``font`` at the origin."""
        key = (id(font), text)
        seen = self._inks.get(key)
        if seen is None:
            seen = self._inks[key] = (font, QFontMetricsF(font).tightBoundingRect(text))
        return seen[1]

    def rect(self, font: QFont, text: str, at: QPointF) -> QRectF:
        """The ink of ``text`` drawn from baseline start ``at``, in scene units."""
        return self.ink(font, text).translated(at)

    def centred(self, font: QFont, text: str, centre: QPointF) -> QPointF:
        """The baseline start that centres the ink of ``text`` on ``centre``."""
        ink = self.ink(font, text)
        return QPointF(centre.x() - ink.center().x(), centre.y() - ink.center().y())


class LodName(QGraphicsSimpleTextItem):
    """A crowded city name: painted only from ``min_lod`` view pixels per km (zoomed in)."""

    def __init__(self, text: str, font: QFont, centre: QPointF, min_lod: float) -> None:
        super().__init__()
        self.setFont(font)
        self.setText(text)
        self.setBrush(QBrush(INK))
        r = self.boundingRect()
        self.setPos(centre.x() - r.width() / 2, centre.y() - r.height() / 2)
        self.min_lod = min_lod
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if QStyleOptionGraphicsItem.levelOfDetailFromTransform(
                painter.worldTransform()) >= self.min_lod:
            super().paint(painter, option, widget)


def _qlines(flat: list[float]) -> list[QLineF]:
    return [QLineF(flat[i], flat[i + 1], flat[i + 2], flat[i + 3])
            for i in range(0, len(flat), 4)]


def board_geometry(board: Board) -> dict[str, Any]:
    """The board's static layout as plain data: sea hexes on the shore, the border band
    and side segments of each area (x1, y1, x2, y2 flattened), each area's label spot
    (x, y, whether a merchandise hex is there) and tint index (:func:`_tint_indices`)."""
    lay = board.layout
    r = lay.size
    shores = [hid for hid, h in board.hexes.items() if h.terrain == "sea"
              and any(board.hexes[n].terrain != "sea" for n in board.neighbours(hid))]
    k = 0.16 * r / 2 / r
    corners = [lay.corner_offset(i) for i in range(6)]
    sides_of = [sorted(range(6), key=lambda i, d=d: _dist2(corners[i], _half(lay, d)))[:2]
                for d in range(6)]       # the two corners of each side (as Layout.edge)
    bands: dict[str, list[float]] = {}
    sides: dict[str, list[float]] = {}
    for h in board.hexes.values():
        if h.terrain == "sea":
            continue
        cx, cy = lay.to_pixel(h.axial)
        for dr in range(6):
            other = board.hexes.get(hex_id(neighbour(h.axial, dr)))
            if other is not None and other.area == h.area:
                continue
            i, j = sides_of[dr]
            ax, ay = cx + corners[i][0], cy + corners[i][1]
            bx, by = cx + corners[j][0], cy + corners[j][1]
            bands.setdefault(h.area, []).extend(
                (ax + (cx - ax) * k, ay + (cy - ay) * k, bx + (cx - bx) * k, by + (cy - by) * k))
            if other is not None and other.terrain != "sea":
                sides.setdefault(h.area, []).extend((ax, ay, bx, by))
    labels = {}
    for aid in board.areas:
        x, y = _label_hex(board, aid)
        hid = hex_id(lay.from_pixel(x, y))
        labels[aid] = (x, y, bool(board.hexes[hid].merchandise))
    return {"shores": shores, "bands": bands, "sides": sides, "labels": labels,
            "tints": _tint_indices(board)}


def _label_hex(board: Board, aid: str) -> tuple[float, float]:
    """Where an area's name goes: its hex nearest the centroid, free hexes first."""
    lay, big = board.layout, board.layout.size
    hs = board.hexes_of(aid)
    pts = {h: lay.to_pixel(parse_hex_id(h)) for h in hs}
    mx = sum(x for x, _ in pts.values()) / len(pts)
    my = sum(y for _, y in pts.values()) / len(pts)

    def crowded_above(h: str) -> bool:
        q, r = parse_hex_id(h)
        return any((n := board.hexes.get(hex_id((q + dq, r - 1)))) is not None
                   and n.merchandise for dq in (0, 1))

    best = min(hs, key=lambda h: (bool(board.hexes[h].merchandise) * 3 * big
                                  + crowded_above(h) * 2 * big
                                  + bool(board.hexes[h].mountain) * big
                                  + math.dist(pts[h], (mx, my)), h))
    return pts[best]


def _half(lay, d: int) -> tuple[float, float]:
    """Halfway from the centre of hex (0, 0) to its neighbour in direction ``d``."""
    x, y = lay.to_pixel(neighbour((0, 0), d))
    ox, oy = lay.to_pixel((0, 0))
    return (x + ox) / 2 - ox, (y + oy) / 2 - oy


def _dist2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def coast_runs(rings: list[list[list[float]]], inside, step: float) -> list[list[tuple]]:
    """The parts of closed ``rings`` where ``inside(x, y)`` holds, as open polylines, each
    cut where it crosses out (found by bisection; a side longer than ``step`` is probed
    every ``step`` on the way)."""

    def crossing(a: tuple, b: tuple, a_in: bool) -> tuple:
        for _ in range(10):
            m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            if inside(*m) == a_in:
                a = m
            else:
                b = m
        return a if a_in else b

    runs: list[list[tuple]] = []
    for ring in rings:
        pts = [tuple(pt) for pt in ring]
        if len(pts) < 2:
            continue
        pts.append(pts[0])
        ins = [inside(x, y) for x, y in pts]
        first = len(runs)
        cur: list[tuple] = [pts[0]] if ins[0] else []
        for i in range(1, len(pts)):
            prev, pt = pts[i - 1], pts[i]
            a, a_in = prev, ins[i - 1]
            length = math.dist(prev, pt)
            n = math.ceil(length / step) if length > step else 1
            for k in range(1, n + 1):
                if k == n:
                    s, s_in = pt, ins[i]
                else:
                    s = (prev[0] + (pt[0] - prev[0]) * k / n, prev[1] + (pt[1] - prev[1]) * k / n)
                    s_in = inside(*s)
                if s_in != a_in:
                    x = crossing(a, s, a_in)
                    if a_in:
                        cur.append(x)
                        runs.append(cur)
                        cur = []
                    else:
                        cur = [x]
                a, a_in = s, s_in
            if a_in:
                cur.append(pt)
        if cur:
            if len(runs) > first and cur[-1] == pts[0] and runs[first][0] == pts[0]:
                runs[first] = cur + runs[first][1:]     # the ring's start is mid-run
            else:
                runs.append(cur)
    return [run for run in runs if len(run) > 1]


def _star(c: QPointF, r: float) -> QPainterPath:
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
    (measured once per kind and size: :func:`centred_text` without measuring again)."""
    col = QColor(MERCH_COLOURS.get(merch, "#cccccc"))
    ink = QColor("#ffffff") if col.lightness() < 120 else INK
    font = _font(0.95 * r, bold=True, serif=False)
    code = MERCH_CODES.get(merch, merch[:2])
    return (QPen(INK, 0.18 * r), QBrush(col), font, ink,
            QFontMetricsF(font).tightBoundingRect(code).center())


def _merch_glyph(d: DisplayList, merch: str, c: QPointF, r: float) -> None:
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


#: the board is kept as pixmaps of cells this size, km (:mod:`gui.map_tiles`)
BOARD_CELL = 600.0
#: a counter's edge, in hex sizes (corner to centre): at least 14 px at the overview
COUNTER = 1.15
#: crowded city names appear from this many view pixels per km (about twice the overview)
CROWDED_LOD = 0.45


def hex_stack(rec: dict[str, Any]) -> tuple[Counter, list[str]] | None:
    """The stack of a hex's pieces (its top counter, with the number of counters under it)
    and a line per piece, or None if the hex holds none (docs/mare-nostrum-state.md).
    On top: an army or a legion, then a fleet or a ship, a fortress, a trade post, and a
    monument last."""
    pieces: list[tuple[int, Counter, str]] = []
    for empire, u in sorted((rec.get("units") or {}).items()):
        col = EMPIRE_COLOURS.get(empire, QColor("#999"))
        name = empire.capitalize()
        if u.get("legions"):
            n = int(u["legions"])
            pieces.append((0, Counter(col, "L", str(n) if n > 1 else ""),
                           f"{name}: {n} legion{'s' if n > 1 else ''}"
                           + (" (an army)" if n > 1 else "")))
        if u.get("ships"):
            n, aboard = int(u["ships"]), int(u.get("carried", 0))
            pieces.append((1, Counter(col, "⚓", str(n) if n > 1 else ""),
                           f"{name}: {n} ship{'s' if n > 1 else ''}"
                           + (f", {aboard} legion{'s' if aboard > 1 else ''} aboard"
                              if aboard else "")))
    post = rec.get("post")
    if post:
        owner = str(post.get("owner", ""))
        col = EMPIRE_COLOURS.get(owner, QColor("#999"))
        fortress = post.get("kind") == "fortress"
        pieces.append((2 if fortress else 3,
                       Counter(col, "F" if fortress else "TP", shape="round"),
                       f"{owner.capitalize()}: {'fortress' if fortress else 'trade post'}"))
    if rec.get("monument"):
        col = EMPIRE_COLOURS.get(rec["monument"], QColor("#999"))
        pieces.append((4, Counter(col, "M", shape="round"),
                       f"{str(rec['monument']).capitalize()}: monument"))
    if not pieces:
        return None
    pieces.sort(key=lambda p: p[0])
    top = pieces[0][1]
    if rec.get("contested"):
        top = Counter(top.colour, top.symbol, "⚔", top.count, top.shape)
    stack = Counter(top.colour, top.symbol, top.strength, len(pieces), top.shape)
    return stack, [line for *_, line in pieces] + (["contested"] if rec.get("contested")
                                                    else [])


class MareNostrumScene(QGraphicsScene):
    """The Mare Nostrum board. ``highlight`` lights the hex ids a prompt's choices target."""

    elementClicked = Signal(str)  # noqa: N815 (Qt signal name)
    elementHovered = Signal(str)  # noqa: N815 (Qt signal name)
    #: ``update_state``'s prompt only chooses what ``highlight`` lights (gui.main_window)
    PROMPT_ONLY_HIGHLIGHTS = True

    def __init__(self, game: Any, state: dict[str, Any], board: Board | None = None) -> None:
        super().__init__()
        self.game = game
        self.board = board or load_board()
        self.state: dict[str, Any] = {}
        self.backdrop = Backdrop(self.board)
        self.addItem(self.backdrop)
        board_rect = self.backdrop.boundingRect()
        self.setSceneRect(board_rect)
        self.board_item = BoardTiles(board_rect, self.draw_board, BOARD_CELL, PARCHMENT,
                                     self._board_changed)
        self.setBackgroundBrush(QBrush(PARCHMENT))
        self._lit: set[str] = set()
        self._glow = QGraphicsPathItem()
        glow = QColor(GOLD)
        self._glow.setPen(QPen(glow, 0.12 * self.board.layout.size))
        glow.setAlpha(70)
        self._glow.setBrush(QBrush(glow))
        self._glow.setZValue(3)
        self._glow.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(self._glow)
        self._pieces: list[CounterItem] = []
        self._hovered: str | None = None
        self._crowded: list[LodName] = []
        self._avoiding: tuple | None = None      # the hexes the names were laid out around
        self.update_state(state, None)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        """Parchment, and the board from the pixmaps of :attr:`board_item`
        (:mod:`gui.map_tiles`)."""
        painter.fillRect(rect, PARCHMENT)
        self.board_item.paint(painter, rect)

    def _board_changed(self, rect: QRectF) -> None:
        self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)

    def draw_board(self, painter: QPainter, rect: QRectF) -> None:
        """Parchment, then the static board where it meets ``rect``."""
        painter.fillRect(rect, PARCHMENT)
        if self.backdrop.isVisible():
            self.backdrop.paint_exposed(painter, rect)

    # --- the scene interface -----------------------------------------------------------------
    def update_state(self, state: dict[str, Any] | None, prompt: Any) -> None:
        """Redraw the pieces of ``state`` and light the targets of ``prompt``'s choices."""
        self.state = state or {}
        r = self.board.layout.size
        old = {it.data(0): it for it in self._pieces}     # a counter that stays keeps its item
        pieces = []
        for hid, rec in sorted((self.state.get("hexes") or {}).items()):
            if hid not in self.board.hexes or not isinstance(rec, dict):
                continue
            stack = hex_stack(rec)
            if stack is None:
                continue
            item = old.get(hid)
            if item is not None and item.counter == stack[0]:
                del old[hid]
                pieces.append(item)
                continue
            item = CounterItem(stack[0], COUNTER * r, hid)
            x, y = self.board.to_pixel(hid)
            item.setPos(x, y - 0.3 * r)
            item.setZValue(5)
            self.addItem(item)
            pieces.append(item)
        for item in old.values():
            self.removeItem(item)
        self._pieces = pieces
        self._lay_out_names()
        targets = ({c.target for c in prompt.choices if getattr(c, "target", None)}
                   if prompt is not None else set())
        self.highlight(targets)

    def _lay_out_names(self) -> None:
        """Names off the counters: laid out again when the hexes holding counters change
        (then the board is drawn again: :mod:`gui.map_tiles`)."""
        avoiding = tuple(sorted(it.data(0) for it in self._pieces))
        if avoiding == self._avoiding:
            return
        first = self._avoiding is None
        self._avoiding = avoiding
        moved = self.backdrop.plan([it.sceneBoundingRect() for it in self._pieces])
        if moved.isEmpty() and not first:
            return
        for item in self._crowded:
            self.removeItem(item)
        self._crowded = [LodName(name, font, centre, CROWDED_LOD)
                         for name, font, centre in self.backdrop.crowded]
        for item in self._crowded:
            self.addItem(item)
        if not moved.isEmpty():      # only where names moved (all of it the first time)
            self.board_item.invalidate(None if first else moved)

    def highlight(self, targets: set[str]) -> None:
        """Outline the hexes among ``targets`` (other ids are ignored)."""
        self._lit = {t for t in targets if t in self.board.hexes}
        path = QPainterPath()
        for hid in sorted(self._lit):
            path.addPolygon(self.backdrop.polys[hid])
            path.closeSubpath()
        self._glow.setPath(path)

    def element_rect(self, element_id: str) -> QRectF | None:
        poly = self.backdrop.polys.get(element_id)
        return poly.boundingRect() if poly is not None else None

    def hex_at(self, pos: QPointF) -> str | None:
        """The id of the hex under a scene point, or None off the board."""
        hid = hex_id(self.board.layout.from_pixel(pos.x(), pos.y()))
        return hid if hid in self.board.hexes else None

    def tooltip(self, hid: str) -> str:
        """Province, terrain, city and merchandise of a hex, and what stands there."""
        h = self.board.hex(hid)
        terrain = h.terrain + (", mountains" if h.mountain else "")
        lines = [f"<b>{load_map_data().label(hid)}</b> &mdash; {terrain}"]
        if h.area:
            area = self.board.areas[h.area]
            lines.append(f"{'Island' if area.kind == 'island' else 'Province'}: {area.name}")
        if h.city:
            city = self.board.cities[h.city]
            cap = f" (capital of {city.capital_of.title()})" if city.capital_of else ""
            lines.append(f"City: {city.name}{cap}")
        if h.merchandise:
            lines.append(f"Merchandise: {h.merchandise.title()}")
        if h.home:
            lines.append(f"Home of {h.home.title()}")
        rec = (self.state.get("hexes") or {}).get(hid) or {}
        post = rec.get("post")
        if post:
            lines.append(f"{post.get('kind', 'trade_post').replace('_', ' ').title()} of "
                         f"{str(post.get('owner', '?')).title()}")
        for empire, u in sorted((rec.get("units") or {}).items()):
            bits = [f"{u[k]} {k}" for k in ("legions", "ships", "carried") if u.get(k)]
            if bits:
                lines.append(f"{empire.title()}: {', '.join(bits)}")
        if rec.get("contested"):
            lines.append("<i>contested</i>")
        return "<br>".join(lines)

    def pieces_text(self, hid: str) -> str:
        """The pieces in a hex as the map stacks them (the Info panel)."""
        rec = (self.state.get("hexes") or {}).get(hid)
        stack = hex_stack(rec) if isinstance(rec, dict) else None
        if stack is None:
            return "No pieces here."
        return "Pieces here (top of the stack first):\n" + "\n".join(stack[1])

    def legend(self) -> list[tuple[str, list[tuple[Any, str]]]]:
        """What the map's colours, shades and symbols mean (View > Legend)."""
        empires = [(EMPIRE_COLOURS[e], f"{e.capitalize()}: counters, home border, capital star")
                   for e in ("rome", "carthage", "greece", "persia", "egypt")]
        rome = EMPIRE_COLOURS["rome"]
        counters = [(Counter(rome, "L"), "Legion"), (Counter(rome, "L", "3"), "Army of 3 legions"),
                    (Counter(rome, "⚓"), "Ship"), (Counter(rome, "⚓", "2"), "Fleet of 2 ships"),
                    (Counter(rome, "TP", shape="round"), "Trade post"),
                    (Counter(rome, "F", shape="round"), "Fortress"),
                    (Counter(rome, "M", shape="round"), "Monument"),
                    (Counter(rome, "L", "⚔", 2), "Contested hex; a stack of 2 counters")]
        board = [(SEA_OPEN, "Open sea"), (SEA_SHORE, "Coastal sea"),
                 (PROVINCE_TINTS[0], "Province"),
                 (PROVINCE_TINTS[1], "A neighbouring province (tints tell them apart)"),
                 (ISLAND_TINT, "Island"),
                 (QColor(MERCH_COLOURS["GRAIN"]), "Merchandise (two-letter code; a diamond: "
                                                  "luxury goods, 9.5)"),
                 (QColor("#fbf7ee"), "City (square); a star: an empire's capital")]
        return [("Empires", empires), ("Pieces", counters), ("Board", board),
                ("Sources", [(PARCHMENT, ATTRIBUTION)])]

    def drawn_names(self, scale: float) -> list[tuple[str, QRectF]]:
        """Scene rectangles of the names drawn at ``scale`` (:mod:`gui.map_check`)."""
        out = list(self.backdrop.name_rects)
        out += [(f"city {it.text()}", it.sceneBoundingRect()) for it in self._crowded
                if it.min_lod <= scale]
        return out

    def counter_items(self) -> list[CounterItem]:
        return list(self._pieces)

    def drawn_markers(self) -> list[tuple[str, QRectF]]:
        """Scene rectangles of what a name must not cover: the counters."""
        return [(f"counter {it.data(0)}", it.body_rect()) for it in self._pieces]

    # --- events --------------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mousePressEvent(event)
        event.ignore()          # let the view pan on drag; a click is decided on release

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton:
            return
        moved = event.screenPos() - event.buttonDownScreenPos(Qt.MouseButton.LeftButton)
        if moved.manhattanLength() > 6:
            return                                  # a drag, not a click
        hid = self.hex_at(event.scenePos())
        if hid is not None:
            self.elementClicked.emit(hid)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseMoveEvent(event)
        if event.buttons() == Qt.MouseButton.NoButton:
            hid = self.hex_at(event.scenePos())
            if hid is not None and hid != self._hovered:
                self._hovered = hid
                self.elementHovered.emit(hid)

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:  # noqa: N802
        hid = self.hex_at(event.scenePos())
        if hid is None:
            QToolTip.hideText()
            return
        QToolTip.showText(event.screenPos(), self.tooltip(hid))
        event.accept()
