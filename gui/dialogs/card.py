"""Card dialog: the card with its title, effect and rule reference.

``prompt.context["card"]``: ``{"title"|"name", "text"|"effect", "rule", "source", ...}``;
optional ``subtitle`` (under the title: the card's kind) and ``footnote`` (small print under
the text: e.g. whether the card is reconstructed, and why).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from .base import PromptDialog
from .context_view import form_for

PAPER, EDGE, INK = "#f3ead7", "#8a6d3b", "#2b2118"


class CardFrame(QFrame):
    """The card: parchment with a rounded brown edge, painted directly (a style sheet would
    build a style-sheet style for the whole dialog)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CardFrame")
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.WindowText, QColor(INK))
        self.setPalette(pal)
        self.setContentsMargins(4, 4, 4, 4)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(EDGE), 2))
        painter.setBrush(QColor(PAPER))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 8, 8)
        painter.end()


class CardDialog(PromptDialog):
    title = "Card"

    def build_body(self, layout: QVBoxLayout) -> None:
        ctx = self.prompt.context
        card = ctx.get("card") if isinstance(ctx.get("card"), dict) else {}
        if card:
            frame = CardFrame()
            inner = QVBoxLayout(frame)
            title = QLabel(str(card.get("title") or card.get("name") or card.get("id", "")))
            font = title.font()
            font.setPointSizeF(15)
            font.setBold(True)
            title.setFont(font)
            inner.addWidget(title)
            if card.get("subtitle"):
                sub = QLabel(f"<i>{card['subtitle']}</i>")
                sub.setWordWrap(True)
                inner.addWidget(sub)
            text = QLabel(str(card.get("text") or card.get("effect") or ""))
            text.setWordWrap(True)
            inner.addWidget(text)
            if card.get("footnote"):
                foot = QLabel(f"<small style='color:{EDGE}'>{card['footnote']}</small>")
                foot.setWordWrap(True)
                inner.addWidget(foot)
            extra = {k: v for k, v in card.items()
                     if k not in ("title", "name", "id", "text", "effect", "subtitle",
                                  "footnote")}
            if extra:
                inner.addWidget(form_for(extra))
            frame.setMinimumWidth(320)
            layout.addWidget(frame)
        rest = {k: v for k, v in ctx.items() if k != "card"}
        if rest:
            layout.addWidget(form_for(rest))
