"""The static Mare Nostrum board (hexes, borders, coast, mountains, cities, names), recorded
once as a display list and replayed where exposed; the name plan that keeps names off the
counters; crowded city names shown only when zoomed in."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from hexmap import hexgrid
from rules.engine.data import cached_derived
from rules.engine.registry import asset_dir
from rules.mare_nostrum import board as board_mod
from rules.mare_nostrum.board import Board

from ..display_list import NO_PEN, DisplayList, Text
from ..polygons import pack_points, packed_polygon_f
from . import geometry
from .geometry import board_geometry, coast_runs, load_coast
from .name_plan import NameSpots
from .style import (
    ATTRIBUTION,
    COAST,
    EMPIRE_BANDS,
    EMPIRE_COLOURS,
    INK,
    ISLAND_TINT,
    PROVINCE_TINTS,
    SEA_GRID,
    SEA_OPEN,
    SEA_SHORE,
    board_font,
    merch_glyph,
    star,
)


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
        lay = self.board.layout
        key = repr((lay.origin, lay.size, lay.orientation))
        return cached_derived(
            "mare-nostrum-geometry",
            [Path(self.board.path), Path(board_mod.__file__), Path(hexgrid.__file__),
             Path(geometry.__file__)],
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
        lay = self.board.layout
        key = repr((tuple(lay.origin), lay.size, lay.orientation, self.R / 2))
        return cached_derived(
            "mare-nostrum-packed-coast",
            [asset_dir("mare-nostrum") / "map-coast.json", Path(self.board.path),
             Path(board_mod.__file__), Path(hexgrid.__file__), Path(geometry.__file__),
             Path(__file__)],
            lambda: [pack_points(run) for run in self._coast_runs()], key.encode())

    def _coast_runs(self) -> list[list[tuple]]:
        """:func:`coast_runs` of the coastline on this board, cached under the SHA-256 of the
        coastline file, the code that cuts them and the board's hexes and layout (the same
        inputs give the same runs; any change computes them again)."""
        lay = self.board.layout
        step = self.R / 2
        key = repr((sorted(self._on_land), tuple(lay.origin), lay.size, lay.orientation, step))
        return cached_derived(
            "mare-nostrum-coast",
            [asset_dir("mare-nostrum") / "map-coast.json", Path(geometry.__file__)],
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

    @functools.cached_property
    def _spots(self) -> NameSpots:
        """Every spot a name may take, measured when the names are first laid out."""
        return NameSpots(self.board, self._geo["labels"], self._rect)

    def _name_plan(self, avoid: list[QRectF]) -> None:
        """Every name on the board and where it goes (:meth:`NameSpots.plan`), kept off the
        names before it and off ``avoid`` (the counters); a city name that would touch one
        is *crowded*: shown only when zoomed in (the scene's :class:`LodName` items).
        ``name_rects``: (label, scene rectangle) of the names drawn at every zoom (tests
        check them in view pixels)."""
        plan = self._spots.plan(avoid)
        self.sea_texts, self.area_texts, self.city_texts = (plan.sea_texts, plan.area_texts,
                                                            plan.city_texts)
        self.crowded, self.name_rects = plan.crowded, plan.name_rects

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
                           star(QPointF(cx - 0.2 * r, cy - 0.45 * r), 0.27 * r))
                else:
                    d.rect(ink_pen, paper, QRectF(cx - 0.2 * r - s, cy - 0.45 * r - s,
                                                  2 * s, 2 * s))
                merch_glyph(d, h.merchandise, QPointF(cx + 0.2 * r, cy - 0.45 * r), 0.2 * r)
            else:
                merch_glyph(d, h.merchandise, QPointF(cx, cy - 0.45 * r), 0.22 * r)

    def _city_names(self, d: DisplayList) -> None:
        for t in self.city_texts:
            d.text(t)

    def _attribution(self, d: DisplayList) -> None:
        font = board_font(0.22 * self.R, italic=True, serif=False)
        rect = self._rect
        d.text(Text(font, QPointF(rect.left() + 0.6 * self.R, rect.bottom() - 0.35 * self.R),
                    ATTRIBUTION, QColor(70, 60, 50)))


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

