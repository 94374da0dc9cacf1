"""A point-to-point map scene (The Sword of Rome, Successors): spaces at their real
latitude/longitude drawn by kind, connections by type, the coastline, control, loyalty,
sieges and stacks with their leaders; the current prompt's targets lit and clickable.

The game supplies plain data: ``game.point_map(state)`` (spaces, links, land rings, colours)
and ``game.point_pieces(state)`` (per space: control colour, loyalty, siege, stacks). A board
that gives ``counter_size`` (scene units) has its stacks drawn as the shared counters of
:mod:`gui.counters` (items a readability check can measure); otherwise as small tabs.
"""

from __future__ import annotations

import math
from functools import cache, cached_property
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
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
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.counters import Counter, CounterItem, counter_bounds
from gui.map_labels import Label, LabelLayer
from gui.map_regions import Area, areas
from gui.map_tiles import BoardTiles
from gui.scale_cache import ScaleCache

SCALE = 150.0                       # scene units per degree of latitude
SEA, LAND, COAST = QColor("#a9c7d6"), QColor("#efe4c8"), QColor("#7c6a4a")
INK, GOLD = QColor("#2b2118"), QColor("#f1b500")
LINK_STYLE = {"clear": (QColor("#4a3b2a"), Qt.PenStyle.SolidLine, 1.6),
              "rough": (QColor("#8a5a2b"), Qt.PenStyle.DashLine, 1.8),
              "strait": (QColor("#1f6fb2"), Qt.PenStyle.DotLine, 2.4),
              "one-way": (QColor("#6b6b6b"), Qt.PenStyle.DashDotLine, 1.8),
              # Successors' path types (rule 8.2)
              "land": (QColor("#4a3b2a"), Qt.PenStyle.SolidLine, 1.4),
              "mountain": (QColor("#8a5a2b"), Qt.PenStyle.DashLine, 1.8),
              "sea": (QColor("#3d7fb8"), Qt.PenStyle.DashLine, 1.1),
              "trans": (QColor("#1f4e79"), Qt.PenStyle.DashDotDotLine, 1.3)}
R = 8.0                             # radius of a space marker
#: where an area's name may stand: on its most inland point, else around it
AREA_CANDIDATES = [((0.5, 0.5), 0.0)] + [(pos, far) for far in (4.0, 16.0, 30.0)
                                         for pos in ((0.5, 1.0), (0.5, 0.0), (1.0, 0.5),
                                                     (0.0, 0.5))]
#: the tints of a map's areas (provinces, regions), taken in turn
AREA_TINTS = ["#d9a66b", "#8fb77a", "#c98fb0", "#7fa6c9", "#d6c25a", "#a98fd0", "#6fb8a8",
              "#d98b6b"]


COUNTER = 20.0                      # side of a counter
#: where a space's row of counters may stand, in the order tried
ROW_SIDES = ("on", "right", "left", "above", "below")


def font(px: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def draw_counter(p: QPainter, rect: QRectF, colour: QColor, text: str, tab: str = "") -> None:
    """One counter: the power's colour with a dark edge, the CU count, a leader tab.
    (Kept in one function so a shared counter drawing can replace it.)"""
    p.setPen(QPen(QColor("#1b1410"), 1.2))
    p.setBrush(colour)
    p.drawRoundedRect(rect, 2.5, 2.5)
    light = colour.lightnessF() > 0.55
    p.setPen(QColor("#111111") if light else QColor("#ffffff"))
    p.setFont(font(rect.height() * 0.62, bold=True))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    if tab:
        t = QRectF(rect.left(), rect.top() - rect.height() * 0.55, rect.width(),
                   rect.height() * 0.55)
        p.setPen(QPen(QColor("#1b1410"), 0.8))
        p.setBrush(QColor("#fff6d6"))
        p.drawRect(t)
        p.setPen(INK)
        p.setFont(font(t.height() * 0.8, bold=True))
        p.drawText(t, Qt.AlignmentFlag.AlignCenter, tab)


class Projection:
    """lon/lat to scene units: equirectangular about the map's mean latitude, then a display
    warp that magnifies crowded regions (each ``(lon, lat, radius, strength)``: a point at
    distance d < radius moves out by the factor 1 + strength * (1 - d/radius)^2; for a
    strength below 3 the order of points along any ray is kept, so no link crosses anew)."""

    def __init__(self, lat0: float, warp: list[list[float]] | None = None,
                 scale: float = SCALE) -> None:
        self.k = math.cos(math.radians(lat0))
        self.scale = scale
        self.warp = [(lon * self.k, lat, r, s) for lon, lat, r, s in (warp or [])]

    def __call__(self, lon: float, lat: float) -> QPointF:
        x, y = lon * self.k, lat
        for cx, cy, r, s in self.warp:
            d = math.hypot(x - cx, y - cy)
            if 0 < d < r:
                f = 1 + s * (1 - d / r) ** 2
                x, y = cx + (x - cx) * f, cy + (y - cy) * f
        return QPointF(x * self.scale, -y * self.scale)


def _past_the_edges(rings: list[list[list[float]]], far: float = 8.0
                    ) -> list[list[tuple[float, float]]]:
    """The land rings with every point on the edge of the coast data (where the data was
    cut off, inland) moved ``far`` degrees outward: the land runs on past the view's edge
    instead of ending in a straight line."""
    xs = [p[0] for r in rings for p in r]
    ys = [p[1] for r in rings for p in r]
    if not xs:
        return []
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    out = []
    for ring in rings:
        pts = []
        for x, y in ring:
            x = x - far if abs(x - x0) < 1e-6 else (x + far if abs(x - x1) < 1e-6 else x)
            y = y - far if abs(y - y0) < 1e-6 else (y + far if abs(y - y1) < 1e-6 else y)
            pts.append((x, y))
        out.append(pts)
    return out


class Backdrop(QGraphicsItem):
    """Sea, land and the connections (drawn once; the pieces are other items)."""

    def __init__(self, board: dict[str, Any], proj: Projection, where: dict[str, QPointF],
                 rect: QRectF, land: list[QPolygonF], regions: list[Area] | None = None
                 ) -> None:
        super().__init__()
        self.rect = rect
        self.land = land
        self.regions = regions or []
        self._bounds: tuple[list[QRectF], list[QRectF], list[QRectF]] | None = None
        self.links = [(where[lk["a"]], where[lk["b"]], lk["kind"]) for lk in board["links"]
                      if lk["a"] in where and lk["b"] in where]
        appian = board.get("appian") or []
        self.appian = [(where[a], where[b]) for a, b in zip(appian, appian[1:], strict=False)]
        self.setZValue(-10)
        # painted by the scene's background from pixmap cells (gui/map_tiles.py)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self.rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pass

    def paint_board(self, p: QPainter, exposed: QRectF) -> None:
        """Sea, land, areas and connections, those that meet ``exposed`` (a cell of the
        board's pixmaps draws only its own part)."""
        if self._bounds is None:
            self._bounds = ([poly.boundingRect() for poly in self.land],
                            [area.path.boundingRect() for area in self.regions],
                            [QRectF(a, b).normalized().adjusted(-3, -3, 3, 3)
                             for a, b, _ in self.links])
        lands, areas_, links = self._bounds
        p.fillRect(exposed, SEA)
        p.setPen(QPen(COAST, 1.2))
        p.setBrush(LAND)
        for poly, r in zip(self.land, lands, strict=True):
            if r.intersects(exposed):
                p.drawPolygon(poly)
        border = QPen(QColor(110, 80, 50, 150), 1.2)          # solid: a dash costs a zoom step
        p.setPen(border)
        for area, r in zip(self.regions, areas_, strict=True):
            if r.intersects(exposed):
                tint = QColor(AREA_TINTS[area.tint % len(AREA_TINTS)])
                tint.setAlpha(70)
                p.setBrush(tint)
                p.drawPath(area.path)
        for (a, b, kind), r in zip(self.links, links, strict=True):
            if not r.intersects(exposed):
                continue
            colour, style, width = LINK_STYLE.get(kind, LINK_STYLE["clear"])
            pen = QPen(colour, width, style)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.drawLine(a, b)
        if self.appian:
            p.setPen(QPen(QColor("#c0392b"), 3.0))
            for a, b in self.appian:
                p.drawLine(a, b)



#: a Tribe's marker
_HEXAGON = QPolygonF([QPointF(R * 1.1 * math.cos(math.pi / 3 * i),
                              R * 1.1 * math.sin(math.pi / 3 * i)) for i in range(7)])


@cache
def _colour(name: str) -> QColor:
    """A colour by name, parsed once (a space's fill is asked for at every paint)."""
    return QColor(name)


@cache
def _edge(vp: bool) -> QPen:
    """A space's outline: red and thick for a VP space."""
    return QPen(QColor("#b0221a"), 2.6) if vp else QPen(INK, 1.2)


class SpaceItem(QGraphicsItem):
    """One space: its shape by kind, control colour, loyalty, siege, label and stacks."""

    def __init__(self, space: dict[str, Any], pos: QPointF,
                 counter_size: float | None = None) -> None:
        super().__init__()
        self.space = space
        self.counter_size = counter_size
        self.counters: list[CounterItem] = []
        self.offsets: list[float] = []
        self.side = "on"
        self.sid = space["id"]
        self.setPos(pos)
        self.setData(0, self.sid)
        self.pieces: dict[str, Any] = {}
        self._mark_rects: list[QRectF] = []     # worked out when the pieces change
        self.lit = False
        self.major = space.get("major") or space["vp"] or space["reinf"] \
            or space["kind"] in ("walled", "box")
        self.setAcceptHoverEvents(True)
        self.setZValue(1)
        # as a device cache, kept through a zoom burst: one for the space unlit, one lit
        # (a highlight comes and goes at most decisions: neither is drawn again for it)
        self._caches = (ScaleCache(), ScaleCache())
        self._bounds = self._bounding()
        self._ink = self._inked()

    def set_pieces(self, pieces: dict[str, Any]) -> None:
        self.prepareGeometryChange()
        self.pieces = pieces
        self._mark_rects = self._marked()
        self._bounds = self._bounding()
        self._ink = self._inked()
        for kept in self._caches:
            kept.clear()
        if self.counter_size:
            self._place_counters(pieces.get("stacks", []), self.counter_size)
        self.update()

    def _place_counters(self, stacks: list[dict[str, Any]], size: float) -> None:
        """The stacks as shared counters in a row (right of the space until the scene
        arranges them): an army's CU on a square, its leader on a round token beside it
        (``+``: more than one leader)."""
        for item in self.counters:
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.counters, self.offsets = [], []
        x = 0.0
        for st in stacks:
            leaders, colour = st["leaders"], QColor(st["colour"])
            who = st.get("name") or st["power"]
            pieces = []
            if st["cu"]:
                tip = st.get("cu_tip") or f"{st['cu']} CU"
                pieces.append((Counter(colour, str(st["cu"])), f"{who}: {tip}", "cu"))
            if leaders:
                short = (st.get("short") or [leaders[0][:2]])[0]    # a game's own label
                tab = short + ("+" if len(leaders) > 1 else "")
                pieces.append((Counter(colour, tab, shape="round"),
                               f"{who}: {', '.join(leaders)}", "leaders"))
            for counter, tip, part in pieces:
                item = CounterItem(counter, size, f"{self.sid}:{st['power']}:{part}", tip)
                item.setParentItem(self)
                self.counters.append(item)
                self.offsets.append(x)
                x += size * (0.8 if part == "cu" and leaders else 1.12)
        self.place_row("right")

    def row_rect(self, side: str) -> QRectF:
        """Where the row of counters stands (scene units, relative to the space) on
        ``side``: right, left, above or below the space."""
        size = self.counter_size or COUNTER
        width = (self.offsets[-1] if self.offsets else 0.0) + size
        half = 2.2 * R if self.space["kind"] == "box" else R     # a box is wide
        if side == "on":                                # on the space, centred
            left, top = -width / 2, -size / 2
        elif side == "right":
            left, top = half + 2, -0.7 * size
        elif side == "left":
            left, top = -half - 2 - width, -0.7 * size
        elif side == "above":
            left, top = -width / 2, -R - 3 - size
        else:                                           # below the name
            left, top = -width / 2, R + 15
        return QRectF(left, top, width, size)

    def place_row(self, side: str) -> None:
        self.side = side
        row = self.row_rect(side)
        size = self.counter_size or COUNTER
        for item, dx in zip(self.counters, self.offsets, strict=True):
            item.setPos(row.left() + dx + size / 2, row.top() + size / 2)

    def mark_rects(self) -> list[QRectF]:
        """The scene rectangles of what this space draws beside itself (royals, siege)."""
        return self._mark_rects

    def _marked(self) -> list[QRectF]:
        pc, out = self.pieces, []
        if pc.get("royals"):
            w = QFontMetricsF(font(11, bold=True)).horizontalAdvance(" ".join(pc["royals"]))
            out.append(QRectF(R - w, -R - 15, w, 13))
        if pc.get("siege") is not None:
            out.append(QRectF(-R * 0.3 - 14, -R * 1.9, 14, 8))
        return [r.translated(self.pos()) for r in out]

    def set_lit(self, lit: bool) -> None:
        if lit != self.lit:
            self.lit = lit
            self.setZValue(3 if lit else (2 if self.pieces.get("stacks") else 1))
            self.setCursor(Qt.CursorShape.PointingHandCursor if lit
                           else Qt.CursorShape.ArrowCursor)
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._bounds

    def _bounding(self) -> QRectF:
        n = len(self.pieces.get("stacks", []))
        right = R + 4 + n * (COUNTER + 3) + 40
        left = 160 if self.pieces.get("royals") else 60
        return QRectF(-R - left, -R - 30, right + R + left, 2 * R + 50)

    def _inked(self) -> QRectF:
        """Where :meth:`_draw` draws (the marker, its glow and marks, the royals, the
        siege, counters drawn on it), with room for pens and antialiasing: all that the
        cached pixmap need hold (the bounding rectangle has room for the name as well)."""
        pc = self.pieces
        half = 2.2 * R if self.space["kind"] == "box" else R
        ink = QRectF(-half - 8, -R - 8, 2 * half + 16, 2 * R + 16)
        if pc.get("royals"):
            ink |= QRectF(-162, -R - 17, 164 + R, 17)
        if pc.get("siege") is not None:
            ink |= QRectF(-R * 0.3 - 16, -R * 1.9 - 2, 18, 12)
        n = 0 if self.counter_size else len(pc.get("stacks", []))
        if n:
            ink |= QRectF(R + 1, -COUNTER * 1.05 - 2, n * (COUNTER + 3) + 4, COUNTER * 1.55 + 4)
        return ink

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), R + 5, R + 5)
        return path

    def _draw_marker(self, p: QPainter) -> None:
        """The space's marker by its kind, with the painter's own primitive for each shape
        (an ellipse drawn as such fills several times quicker than as a path)."""
        kind = self.space["kind"]
        if kind == "walled":
            p.drawRect(QRectF(-R, -R, 2 * R, 2 * R))
        elif kind == "tribe":
            p.drawPolygon(_HEXAGON)
        elif kind == "box":
            p.drawRoundedRect(QRectF(-2.2 * R, -1.4 * R, 4.4 * R, 2.8 * R), 4, 4)
        elif kind == "transit":
            p.drawEllipse(QPointF(0, 0), R * 0.45, R * 0.45)
        else:
            p.drawEllipse(QPointF(0, 0), R * 0.85, R * 0.85)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self._caches[self.lit].paint(self, p, widget, self._draw, self._ink)

    def _draw(self, p: QPainter) -> None:
        pc = self.pieces
        fill = _colour(pc.get("control", self.space["home"] or "#d8c49a"))
        if self.lit:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(241, 181, 0, 140))
            p.drawEllipse(QPointF(0, 0), R + 7, R + 7)
        p.setPen(_edge(bool(self.space["vp"])))
        p.setBrush(fill)
        self._draw_marker(p)
        if pc.get("loyalty"):
            p.setPen(QColor("#111111") if fill.lightnessF() > 0.55 else QColor("#ffffff"))
            text = str(pc["loyalty"])       # a number, or a short text such as "2/3"
            p.setFont(font(R * (1.3 if len(text) < 2 else 0.95), bold=True))
            p.drawText(QRectF(-R - 4, -R, 2 * R + 8, 2 * R), Qt.AlignmentFlag.AlignCenter,
                       text)
        elif pc.get("tribe"):
            p.setPen(INK)
            p.setFont(font(R * 1.1, bold=True))
            p.drawText(QRectF(-R, -R, 2 * R, 2 * R), Qt.AlignmentFlag.AlignCenter,
                       str(pc["tribe"]))
        if self.space["port"]:
            p.setPen(QPen(QColor("#1f4e79"), 1.2))
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(QPointF(-R * 0.95, R * 0.95), 2.6, 2.6)
        if self.space["reinf"]:
            c = QPointF(-R * 1.05, -R * 1.05)
            p.setPen(QPen(INK, 0.8))
            p.setBrush(QColor("#f5d000"))
            p.drawEllipse(c, 4.2, 4.2)
            p.setFont(font(6.2, bold=True))
            p.drawText(QRectF(c.x() - 4, c.y() - 4, 8, 8), Qt.AlignmentFlag.AlignCenter,
                       str(self.space["reinf"]))
        if self.space.get("hellespont"):
            p.setPen(QPen(QColor("#1f6fb2"), 1.6))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), R + 2.5, R + 2.5)
        if pc.get("royals"):
            text = " ".join(pc["royals"])
            r = QRectF(-160, -R - 15, 160 + R, 13)  # above left: clear of the counters
            p.setFont(font(11, bold=True))
            p.setPen(QColor(255, 250, 235, 230))
            for dx, dy in ((-0.7, 0), (0.7, 0), (0, -0.7), (0, 0.7)):
                p.drawText(r.translated(dx, dy), Qt.AlignmentFlag.AlignRight, text)
            p.setPen(QColor("#6a1b9a"))
            p.drawText(r, Qt.AlignmentFlag.AlignRight, text)
        if pc.get("siege") is not None:
            r = QRectF(-R * 0.3 - 14, -R * 1.9, 14, 8)      # above left: clear of counters
            p.setPen(QPen(QColor("#1b1410"), 0.8))
            p.setBrush(QColor(pc.get("sieger") or "#000000"))
            p.drawRect(r)
            p.setPen(QColor("#ffffff"))
            p.setFont(font(6.5, bold=True))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter,
                       pc.get("siege_label") or f"S{pc['siege']}")
        x = R + 3
        for st in [] if self.counter_size else pc.get("stacks", []):
            rect = QRectF(x, -COUNTER / 2, COUNTER, COUNTER)
            leaders = st["leaders"]
            tab = leaders[0][:2] + ("+" if len(leaders) > 1 else "") if leaders else ""
            draw_counter(p, rect, QColor(st["colour"]), str(st["cu"]) if st["cu"] else "L", tab)
            x += COUNTER + 3
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        scene = self.scene()
        if isinstance(scene, PointMapScene) and self.shape().contains(event.pos()):
            scene.elementClicked.emit(self.sid)


class Legend(QGraphicsItem):
    """What the shapes and lines mean, in a corner of the sea."""

    ROWS = (("space", "Space"), ("walled", "Walled city (loyalty)"),
            ("tribe", "Tribe (subjugation)"), ("vp", "Victory space"),
            ("reinf", "Reinforcements"), ("port", "Port"), ("clear", "Clear link"),
            ("rough", "Rough link (2 MP)"), ("strait", "Strait (2 MP)"))

    def __init__(self, rows: list[list[str]] | None = None) -> None:
        super().__init__()
        self.rows = [tuple(r) for r in rows] if rows else list(self.ROWS)   # a game's own
        self.setZValue(5)
        if rows:                    # a game's own rows (board["legend"])
            self.ROWS = tuple((key, label) for key, label in rows)
        self._cache = ScaleCache()      # as a device cache, kept through a zoom burst

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return QRectF(0, 0, 210, 18 * len(self.rows) + 30)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self._cache.paint(self, p, widget, self._draw)

    def _draw(self, p: QPainter) -> None:
        p.setPen(QPen(COAST, 1))
        p.setBrush(QColor(255, 250, 235, 225))
        p.drawRoundedRect(self.boundingRect(), 6, 6)
        p.setPen(INK)
        p.setFont(font(12, bold=True))
        p.drawText(QRectF(10, 4, 170, 18), Qt.AlignmentFlag.AlignLeft, "Legend")
        for i, (key, label) in enumerate(self.rows):
            y = 32 + 18 * i
            c = QPointF(20, y)
            p.setPen(QPen(INK, 1.2))
            p.setBrush(QColor("#d8c49a"))
            if key == "space":
                p.drawEllipse(c, 6, 6)
            elif key == "walled":
                p.drawRect(QRectF(c.x() - 6, c.y() - 6, 12, 12))
            elif key == "tribe":
                p.drawPolygon(QPolygonF([QPointF(c.x() + 7 * math.cos(a), c.y() + 7 * math.sin(a))
                                         for a in (math.pi / 3 * k for k in range(7))]))
            elif key == "vp":
                p.setPen(QPen(QColor("#b0221a"), 2.6))
                p.drawEllipse(c, 6, 6)
            elif key == "reinf":
                p.setBrush(QColor("#f5d000"))
                p.drawEllipse(c, 5, 5)
            elif key == "port":
                p.setPen(QPen(QColor("#1f4e79"), 1.2))
                p.setBrush(QColor("#ffffff"))
                p.drawEllipse(c, 3, 3)
            elif key == "transit":
                p.drawEllipse(c, 3.5, 3.5)
            elif key == "ring":
                p.drawEllipse(c, 5, 5)
                p.setPen(QPen(QColor("#1f6fb2"), 1.6))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(c, 8, 8)
            elif key == "royal":
                p.setPen(QColor("#6a1b9a"))
                p.setFont(font(10, bold=True))
                p.drawText(QRectF(6, y - 8, 30, 16), Qt.AlignmentFlag.AlignVCenter, "Abc")
            else:
                colour, style, width = LINK_STYLE[key]
                p.setPen(QPen(colour, width + 0.6, style))
                p.drawLine(QPointF(8, y), QPointF(32, y))
            p.setPen(INK)
            p.setFont(font(11))
            p.drawText(QRectF(40, y - 8, 165, 16), Qt.AlignmentFlag.AlignVCenter, label)


class PointMapScene(QGraphicsScene):
    """The scene interface (gui/scene_api.py) over a point-to-point board."""

    elementClicked = Signal(str)  # noqa: N815 (Qt signal name)
    PROMPT_ONLY_HIGHLIGHTS = True

    def __init__(self, game: Any, state: dict[str, Any]) -> None:
        super().__init__()
        self.game = game
        board = game.point_map(state)
        self.proj = Projection(board["lat0"], board.get("warp"), board.get("scale", SCALE))
        self.where = {s["id"]: self.proj(s["lon"], s["lat"]) for s in board["spaces"]}
        xs = [p.x() for p in self.where.values()]
        ys = [p.y() for p in self.where.values()]
        rect = QRectF(min(xs) - 45, min(ys) - 30, max(xs) - min(xs) + 90,
                      max(ys) - min(ys) + 60)
        self.setSceneRect(rect)
        self.setBackgroundBrush(QBrush(SEA))
        self.land = [QPolygonF([self.proj(x, y) for x, y in ring])
                     for ring in _past_the_edges(board["land"])]
        outer = QRectF(rect)
        for poly in self.land:          # the sea reaches as far as the coast data
            outer = outer.united(poly.boundingRect())
        self.regions = self._areas(board, outer)
        self.backdrop = Backdrop(board, self.proj, self.where, outer, self.land, self.regions)
        self.addItem(self.backdrop)
        self.board_tiles = BoardTiles(outer, self.backdrop.paint_board,
                                      max(outer.width(), outer.height()) / 4, SEA,
                                      self._board_changed, ahead=0.3)
        self.legend = Legend(board.get("legend"))
        corner = board.get("legend_corner")     # top-right, top-left, else half-way down the left
        if corner == "top-right":
            self.legend.setPos(rect.right() - self.legend.boundingRect().width() - 12,
                               rect.top() + 12)
        else:
            top = corner == "top-left"
            self.legend.setPos(rect.left() + 12,
                               rect.top() + (12 if top else rect.height() * 0.5))
        self.addItem(self.legend)
        self.items_by_id: dict[str, SpaceItem] = {}
        for s in board["spaces"]:
            item = SpaceItem(s, self.where[s["id"]], board.get("counter_size"))
            self.addItem(item)
            self.items_by_id[s["id"]] = item
        self._static_obstacles = [self.legend.sceneBoundingRect()]
        # the areas' names go first, each at its area's most inland point (under the
        # spaces' markers); the spaces' names keep off them
        self.area_labels = LabelLayer(
            [Label(f"area:{a.name}", a.centre.x(), a.centre.y(), 0.0, a.name.upper(), 0,
                   area=True) for a in self.regions], rect,
            self._area_obstacles, set, None, AREA_CANDIDATES, z=0.5)
        self.addItem(self.area_labels)
        self.labels = LabelLayer([self._label(s) for s in board["spaces"]], rect,
                                 self._obstacles, self._lit, self._boxes)
        self.addItem(self.labels)
        self.state = state
        self.update_state(state, None)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        """Sea, and the board from the pixmap cells of :attr:`board_tiles`: a zoom or pan
        step copies pixmaps instead of drawing the coast and the areas again."""
        self.board_tiles.paint(painter, rect)

    def _board_changed(self, rect: QRectF) -> None:
        self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)

    # --- areas and names -----------------------------------------------------------------
    def _areas(self, board: dict[str, Any], outer: QRectF) -> list[Area]:
        """The provinces or regions (a space's ``area``)."""
        area_of = {s["id"]: s.get("area") for s in board["spaces"] if s.get("area")}
        if not area_of:
            return []
        points = {sid: (p.x(), p.y()) for sid, p in self.where.items()}
        land = [[(q.x(), q.y()) for q in poly] for poly in self.land]
        pts = list(points.values())
        second = {sid: sorted(math.hypot(a[0] - b[0], a[1] - b[1]) for b in pts)[2]
                  for sid, a in points.items()}             # its second neighbour
        median = sorted(second.values())[len(second) // 2]
        reach = {sid: min(max(1.6 * d, 2.0 * median), 5.0 * median)
                 for sid, d in second.items()}
        key = (self.game.id, tuple(sorted(area_of.items())))
        return areas(key, points, area_of, land, outer, reach)

    def _label(self, space: dict[str, Any]) -> Label:
        """A space's name: most important the victory spaces, then the major ones, the
        rest, the transit points."""
        kind = space["kind"]
        rank = 0 if space["vp"] else (1 if kind in ("walled", "box") or space.get("major")
                                      else (3 if kind == "transit" else 2))
        reach = (2.2 * R if kind == "box" else R) + 1
        p = self.where[space["id"]]
        return Label(space["id"], p.x(), p.y(), reach, space["name"], rank, bold=rank == 0)

    def _boxes(self) -> dict[str, QRectF]:
        """The spaces with counters standing on them: their marker and those counters."""
        out = {}
        for sid, item in self.items_by_id.items():
            if item.counters and item.side == "on":
                p = item.pos()
                mark = QRectF(p.x() - R - 1, p.y() - R - 1, 2 * R + 2, 2 * R + 2)
                for c in item.counters:
                    mark = mark.united(c.mapRectToScene(counter_bounds(c.size,
                                                                       c.counter.count)))
                out[sid] = mark
        return out

    def _lit(self) -> set[str]:
        return {sid for sid, item in self.items_by_id.items() if item.lit}

    def _area_obstacles(self, scale: float) -> list[QRectF]:
        """What the areas' names keep off: every counter, every space's marker and what it
        draws beside itself, the legend."""
        out = list(self._static_obstacles)
        out += [QRectF(p.x() - R - 1, p.y() - R - 1, 2 * R + 2, 2 * R + 2)
                for p in self.where.values()]
        for item in self.items_by_id.values():
            out += item.mark_rects()
        for item in self.items_by_id.values():
            out += [c.mapRectToScene(counter_bounds(c.size, c.counter.count))
                    for c in item.counters]
        return out

    def _obstacles(self, scale: float) -> list[QRectF]:
        """What the names keep off: every counter, the marks drawn by a space (royals,
        sieges), the legend and the areas' names (as placed at ``scale``)."""
        out = list(self._static_obstacles) + [r for _, r in self.area_labels.drawn(scale)]
        for item in self.items_by_id.values():
            out += [c.mapRectToScene(counter_bounds(c.size, c.counter.count))
                    for c in item.counters]
            out += item.mark_rects()
        return out

    def drawn_names(self, scale: float) -> list[tuple[str, QRectF]]:
        """The space names drawn at ``scale`` with their rectangles (scene units)."""
        return self.labels.drawn(scale)

    # --- the scene interface -------------------------------------------------------------
    def update_state(self, state: dict[str, Any], prompt: Any) -> None:
        """Only the spaces whose pieces changed are drawn again (and the rows of counters
        arranged again when any did); a space's tooltip is worked out when asked for
        (:meth:`helpEvent`), not for every space at every change."""
        self.state = state
        pieces = self.game.point_pieces(state)
        changed = False
        for sid, item in self.items_by_id.items():
            now = pieces.get(sid, {})
            if now != item.pieces:
                item.set_pieces(now)
                changed = True
        if changed:                 # the names keep off the counters and marks: placed again
            self._arrange_counters()
            self.area_labels.invalidate()
            self.labels.invalidate()
        self.highlight({c.target for c in prompt.choices if c.target} if prompt else set())

    def space_tip(self, sid: str) -> str:
        """The tooltip of space ``sid``: the game's description of it now."""
        describe = getattr(self.game, "describe", None)
        return str(describe(self.state, sid)) if callable(describe) else ""

    def helpEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """Before Qt shows a space's tooltip, fill it in from the state now."""
        for item in self.items(event.scenePos()):
            if isinstance(item, SpaceItem):
                item.setToolTip(self.space_tip(item.sid))
                break
        super().helpEvent(event)

    def _arrange_counters(self) -> None:
        """Each space's row of counters stands on it unless that covers another space or
        counters already placed; then right, left, above or below, whichever covers least
        (spaces from the top of the map down). Only the marks and rows within reach of a
        space's five rows are measured against them (in their order: the same sums)."""
        taken: list[QRectF] = []
        marks = self._row_marks
        rows = sorted((it for it in self.items_by_id.values() if it.counters),
                      key=lambda it: (it.pos().y(), it.pos().x()))
        for item in rows:
            own = item.pos()
            tries = [(side, item.row_rect(side).translated(own)) for side in ROW_SIDES]
            reach = QRectF(tries[0][1])
            for _side, r in tries[1:]:
                reach = reach.united(r)
            others = [m for sid, m in marks if sid != item.sid and m.intersects(reach)]
            near = [t for t in taken if t.intersects(reach)]
            best, best_cost = "on", None
            for n, (side, r) in enumerate(tries):
                cost = _covered(r, near) * 4 + _covered(r, others) * 2 + n * 0.5
                if best_cost is None or cost < best_cost - 1e-6:
                    best, best_cost = side, cost
            item.place_row(best)
            taken.append(item.row_rect(best).translated(own))

    @cached_property
    def _row_marks(self) -> list[tuple[str, QRectF]]:
        """Each space's marker with a margin: what a row of counters should not cover."""
        return [(sid, QRectF(p.x() - R - 2, p.y() - R - 2, 2 * R + 4, 2 * R + 4))
                for sid, p in self.where.items()]

    def counter_items(self) -> list[CounterItem]:
        """Every shared counter on the map (boards with ``counter_size``; :mod:`gui.map_check`)."""
        return [c for item in self.items_by_id.values() for c in item.counters]

    def highlight(self, targets: set[str]) -> None:
        """Light ``targets`` (called at every decision the window shows)."""
        self.labels.hold_ahead()
        self.area_labels.hold_ahead()
        changed = False
        for sid, item in self.items_by_id.items():
            changed |= item.lit != (sid in targets)
            item.set_lit(sid in targets)
        if changed:
            self.labels.retarget()
        # the window highlights last, after the move (update_state): the names that moved
        # are marked for the same paint as the pieces
        self.area_labels.redraw_moved()
        self.labels.redraw_moved()

    def element_rect(self, element_id: str) -> QRectF | None:
        item = self.items_by_id.get(element_id)
        if item is None:
            return None
        return QRectF(item.pos() - QPointF(R + 4, R + 4), item.pos() + QPointF(R + 4, R + 4))


def _covered(r: QRectF, rects: list[QRectF]) -> float:
    """How much of ``r`` the ``rects`` cover (each overlap counted)."""
    return sum(_area(r.intersected(o)) for o in rects if r.intersects(o))


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height()
