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
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.counters import Counter, CounterItem

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
COUNTER = 20.0                      # side of a counter


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


class Backdrop(QGraphicsItem):
    """Sea, land and the connections (drawn once; the pieces are other items)."""

    def __init__(self, board: dict[str, Any], proj: Projection, where: dict[str, QPointF],
                 rect: QRectF) -> None:
        super().__init__()
        self.rect = rect
        self.land = [QPolygonF([proj(x, y) for x, y in ring]) for ring in board["land"]]
        self.links = [(where[lk["a"]], where[lk["b"]], lk["kind"]) for lk in board["links"]
                      if lk["a"] in where and lk["b"] in where]
        appian = board.get("appian") or []
        self.appian = [(where[a], where[b]) for a, b in zip(appian, appian[1:], strict=False)]
        self.setZValue(-10)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self.rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.setClipRect(self.rect)
        p.fillRect(self.rect, SEA)
        p.setPen(QPen(COAST, 1.2))
        p.setBrush(LAND)
        for poly in self.land:
            p.drawPolygon(poly)
        for a, b, kind in self.links:
            colour, style, width = LINK_STYLE.get(kind, LINK_STYLE["clear"])
            pen = QPen(colour, width, style)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.drawLine(a, b)
        if self.appian:
            p.setPen(QPen(QColor("#c0392b"), 3.0))
            for a, b in self.appian:
                p.drawLine(a, b)


class SpaceItem(QGraphicsItem):
    """One space: its shape by kind, control colour, loyalty, siege, label and stacks."""

    def __init__(self, space: dict[str, Any], pos: QPointF,
                 counter_size: float | None = None) -> None:
        super().__init__()
        self.space = space
        self.counter_size = counter_size
        self.counters: list[CounterItem] = []
        self.offsets: list[float] = []
        self.sid = space["id"]
        self.setPos(pos)
        self.setData(0, self.sid)
        self.pieces: dict[str, Any] = {}
        self.lit = False
        self.major = space.get("major") or space["vp"] or space["reinf"] \
            or space["kind"] in ("walled", "box")
        self.setAcceptHoverEvents(True)
        self.setZValue(1)

    def set_pieces(self, pieces: dict[str, Any]) -> None:
        self.prepareGeometryChange()
        self.pieces = pieces
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
                pieces.append((Counter(colour, str(st["cu"])), f"{who}: {st['cu']} CU", "cu"))
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
        if side == "right":
            left, top = half + 2, -0.7 * size
        elif side == "left":
            left, top = -half - 2 - width, -0.7 * size
        elif side == "above":
            left, top = -width / 2, -R - 3 - size
        else:                                           # below the name
            left, top = -width / 2, R + 15
        return QRectF(left, top, width, size)

    def place_row(self, side: str) -> None:
        row = self.row_rect(side)
        size = self.counter_size or COUNTER
        for item, dx in zip(self.counters, self.offsets, strict=True):
            item.setPos(row.left() + dx + size / 2, row.top() + size / 2)

    def set_lit(self, lit: bool) -> None:
        if lit != self.lit:
            self.lit = lit
            self.setZValue(3 if lit else (2 if self.pieces.get("stacks") else 1))
            self.setCursor(Qt.CursorShape.PointingHandCursor if lit
                           else Qt.CursorShape.ArrowCursor)
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        n = len(self.pieces.get("stacks", []))
        right = R + 4 + n * (COUNTER + 3) + 40
        return QRectF(-R - 60, -R - 30, right + R + 60, 2 * R + 50)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), R + 5, R + 5)
        return path

    def _outline(self) -> QPainterPath:
        path = QPainterPath()
        kind = self.space["kind"]
        if kind == "walled":
            path.addRect(QRectF(-R, -R, 2 * R, 2 * R))
        elif kind == "tribe":
            path.addPolygon(QPolygonF([QPointF(R * 1.1 * math.cos(a), R * 1.1 * math.sin(a))
                                       for a in (math.pi / 3 * i for i in range(7))]))
        elif kind == "box":
            path.addRoundedRect(QRectF(-2.2 * R, -1.4 * R, 4.4 * R, 2.8 * R), 4, 4)
        elif kind == "transit":
            path.addEllipse(QPointF(0, 0), R * 0.45, R * 0.45)
        else:
            path.addEllipse(QPointF(0, 0), R * 0.85, R * 0.85)
        return path

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        pc = self.pieces
        fill = QColor(pc.get("control", self.space["home"] or "#d8c49a"))
        if self.lit:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(241, 181, 0, 140))
            p.drawEllipse(QPointF(0, 0), R + 7, R + 7)
        p.setPen(QPen(QColor("#b0221a") if self.space["vp"] else INK,
                      2.6 if self.space["vp"] else 1.2))
        p.setBrush(fill)
        p.drawPath(self._outline())
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
            r = QRectF(-60, -R - 15, 60 + R, 13)   # above left: clear of the counters
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
        if self.major or lod >= 1.5 or self.lit:
            p.setFont(font(10.0 if self.major else 8.5, bold=bool(self.space["vp"])))
            text = self.space["name"]
            rect = QRectF(-60, R + 1, 120, 13)
            p.setPen(QColor(255, 250, 235, 230))
            for dx, dy in ((-0.7, 0), (0.7, 0), (0, -0.7), (0, 0.7)):
                p.drawText(rect.translated(dx, dy), Qt.AlignmentFlag.AlignHCenter, text)
            p.setPen(INK)
            p.drawText(rect, Qt.AlignmentFlag.AlignHCenter, text)

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

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return QRectF(0, 0, 210, 18 * len(self.rows) + 30)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
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
                p.drawText(QRectF(6, y - 8, 30, 16), Qt.AlignmentFlag.AlignVCenter, "Al")
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
        self.backdrop = Backdrop(board, self.proj, self.where, rect)
        self.addItem(self.backdrop)
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
        self.state = state
        self.update_state(state, None)

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
        if changed:
            self._arrange_counters()
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
        """Each space's row of counters goes right of it unless that covers another
        space, its name or counters already placed; then left, above or below, whichever
        covers least (spaces from the top of the map down)."""
        taken: list[QRectF] = []
        marks = [QRectF(p.x() - R - 2, p.y() - R - 2, 2 * R + 4, 2 * R + 4)
                 for p in self.where.values()]
        names = [QRectF(it.pos().x() - 28, it.pos().y() + R + 1, 56, 12)
                 for it in self.items_by_id.values() if it.major]

        def covered(r: QRectF, rects: list[QRectF]) -> float:
            return sum(r.intersected(o).width() * r.intersected(o).height()
                       for o in rects if r.intersects(o))

        rows = sorted((it for it in self.items_by_id.values() if it.counters),
                      key=lambda it: (it.pos().y(), it.pos().x()))
        for item in rows:
            own = item.pos()
            best, best_cost = "right", None
            for side in ("right", "left", "above", "below"):
                r = item.row_rect(side).translated(own)
                cost = covered(r, taken) * 4 + covered(r, marks) * 2 + covered(r, names)
                if best_cost is None or cost < best_cost - 1e-6:
                    best, best_cost = side, cost
            item.place_row(best)
            taken.append(item.row_rect(best).translated(own))

    def counter_items(self) -> list[CounterItem]:
        """Every shared counter on the map (boards with ``counter_size``; :mod:`gui.map_check`)."""
        return [c for item in self.items_by_id.values() for c in item.counters]

    def highlight(self, targets: set[str]) -> None:
        for sid, item in self.items_by_id.items():
            item.set_lit(sid in targets)

    def element_rect(self, element_id: str) -> QRectF | None:
        item = self.items_by_id.get(element_id)
        if item is None:
            return None
        return QRectF(item.pos() - QPointF(R + 4, R + 4), item.pos() + QPointF(R + 4, R + 4))
