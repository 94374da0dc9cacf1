"""Fallback map scene for games without their own: the state as text, targets as tiles."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
)

ENGINE_KEYS = {"meta", "rng", "log", "queue", "commit"}
TILE_W, TILE_H, GAP, COLUMNS = 170.0, 54.0, 14.0, 5
PAPER = QColor("#f3ead7")
INK = QColor("#2b2118")
GOLD = QColor("#d4a017")


class ElementTile(QGraphicsRectItem):
    """A clickable box standing for one map element (space, card, ...)."""

    def __init__(self, element_id: str, label: str) -> None:
        super().__init__(0, 0, TILE_W, TILE_H)
        self.element_id = element_id
        self.setData(0, element_id)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.text = QGraphicsSimpleTextItem(label, self)
        font = QFont()
        font.setPointSizeF(11)
        self.text.setFont(font)
        self._layout_label()
        self.set_lit(False)

    def _layout_label(self) -> None:
        r = self.text.boundingRect()
        scale = min(1.0, (TILE_W - 12) / max(r.width(), 1))
        self.text.setScale(scale)
        self.text.setPos((TILE_W - r.width() * scale) / 2, (TILE_H - r.height() * scale) / 2)

    def set_lit(self, lit: bool) -> None:
        self.lit = lit
        self.setPen(QPen(GOLD if lit else QColor("#9a8f7e"), 4 if lit else 1.5))
        self.setBrush(QBrush(QColor("#fff6d6") if lit else PAPER))
        self.setCursor(Qt.CursorShape.PointingHandCursor if lit else Qt.CursorShape.ArrowCursor)
        self.setZValue(2 if lit else 1)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        scene = self.scene()
        if isinstance(scene, GenericScene) and self.contains(event.pos()):
            scene.elementClicked.emit(self.element_id)


class GenericScene(QGraphicsScene):
    """Lists the game-owned keys of the state; each choice target becomes a clickable tile."""

    elementClicked = Signal(str)  # noqa: N815 (Qt signal name)

    def __init__(self, game: Any, state: dict[str, Any]) -> None:
        super().__init__()
        self.game = game
        self.setBackgroundBrush(QBrush(QColor("#e6dcc6")))
        self.tiles: dict[str, ElementTile] = {}
        self._labels: dict[str, str] = {}
        self._text: QGraphicsTextItem | None = None
        self._title = QGraphicsSimpleTextItem(getattr(game, "title", "") or getattr(game, "id", ""))
        font = QFont()
        font.setPointSizeF(20)
        font.setBold(True)
        self._title.setFont(font)
        self._title.setBrush(QBrush(INK))
        self.addItem(self._title)
        self.update_state(state, None)

    # --- the scene interface -------------------------------------------------------------
    def update_state(self, state: dict[str, Any], prompt: Any) -> None:
        """Tiles are the current prompt's targets only (nothing of a hidden hand lingers)."""
        self.state = state
        targets = [c.target for c in prompt.choices if c.target] if prompt is not None else []
        self._labels = {t: t for t in targets}
        for element_id in [e for e in self.tiles if e not in self._labels]:
            self.removeItem(self.tiles.pop(element_id))
        self._layout()
        self._show_state(state)
        self.highlight({c.target for c in prompt.choices if c.target} if prompt else set())

    def highlight(self, targets: set[str]) -> None:
        for element_id, tile in self.tiles.items():
            tile.set_lit(element_id in targets)

    def element_rect(self, element_id: str) -> QRectF | None:
        tile = self.tiles.get(element_id)
        return tile.sceneBoundingRect() if tile else None

    # --- drawing -------------------------------------------------------------------------
    def _layout(self) -> None:
        for i, element_id in enumerate(self._labels):
            tile = self.tiles.get(element_id)
            if tile is None:
                tile = ElementTile(element_id, self._labels[element_id])
                describe = getattr(self.game, "describe", None)
                if callable(describe):
                    tile.setToolTip(str(describe(self.state, element_id)))
                self.addItem(tile)
                self.tiles[element_id] = tile
            row, col = divmod(i, COLUMNS)
            tile.setPos(col * (TILE_W + GAP), 50 + row * (TILE_H + GAP))

    def _tiles_bottom(self) -> float:
        rows = (len(self.tiles) + COLUMNS - 1) // COLUMNS
        return 50 + rows * (TILE_H + GAP) + 10

    def _show_state(self, state: dict[str, Any]) -> None:
        lines = []
        for key, value in state.items():
            if key in ENGINE_KEYS:
                continue
            text = json.dumps(value, ensure_ascii=False, default=str)
            if len(text) > 300:
                text = text[:297] + "..."
            lines.append(f"<b>{_html(key)}</b>: {_html(text)}")
        if self._text is None:
            self._text = QGraphicsTextItem()
            self._text.setDefaultTextColor(INK)
            self._text.setTextWidth(COLUMNS * (TILE_W + GAP) - GAP)
            self._text.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
            font = QFont()
            font.setPointSizeF(11)
            self._text.setFont(font)
            self.addItem(self._text)
        self._text.setHtml("<br>".join(lines) or "<i>(no game data)</i>")
        self._text.setPos(0, self._tiles_bottom())
        rect = self.itemsBoundingRect()
        width = max(rect.width(), COLUMNS * (TILE_W + GAP))
        self.setSceneRect(QRectF(-20, -20, width + 40, rect.height() + 40))


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
