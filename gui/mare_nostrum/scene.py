"""The Mare Nostrum board: hexes over the real Mediterranean, cities, merchandise, pieces.

Scene units are map kilometres (``hexmap.geo.MEDITERRANEAN``). The static board is one cached
item (:class:`Backdrop`); pieces are redrawn from the state (docs/mare-nostrum-state.md);
``highlight`` outlines the hexes a prompt's choices target; the tracks (turn, order, Action
Cycle Table, empires) are in the side panel (:mod:`.panel`). A click on a hex emits
``elementClicked("q,r")``; the scene decides nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QGraphicsSceneMouseEvent,
    QToolTip,
)

from hexmap.hexgrid import hex_id
from rules.mare_nostrum.board import Board, load_board, load_map_data

from ..counters import Counter, CounterItem
from ..map_tiles import BoardTiles
from .backdrop import Backdrop, LodName
from .style import (
    ATTRIBUTION,
    EMPIRE_COLOURS,
    GOLD,
    ISLAND_TINT,
    MERCH_COLOURS,
    PARCHMENT,
    PROVINCE_TINTS,
    SEA_OPEN,
    SEA_SHORE,
)

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
