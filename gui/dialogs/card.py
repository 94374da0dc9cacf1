"""Card dialog: the card with its title, effect and rule reference.

``prompt.context["card"]``: ``{"title"|"name", "text"|"effect", "rule", "source", ...}``;
optional ``subtitle`` (under the title: the card's kind) and ``footnote`` (small print under
the text: e.g. whether the card is reconstructed, and why).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from rules.engine.game import Prompt

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


#: a card's fields shown apart from the form of its other fields
CARD_FIELDS = ("title", "name", "id", "text", "effect", "subtitle", "footnote")


def _card(prompt: Prompt) -> dict:
    card = prompt.context.get("card")
    return card if isinstance(card, dict) else {}


def _extra(card: dict) -> dict:
    return {k: v for k, v in card.items() if k not in CARD_FIELDS}


def _rest(prompt: Prompt) -> dict:
    return {k: v for k, v in prompt.context.items() if k != "card"}


class CardDialog(PromptDialog):
    """The card (title, subtitle, text, footnote, its other fields) and the context's other
    fields; each part made once and hidden when a prompt has none, so that every prompt of
    the kind is shown in the same widgets."""

    title = "Card"

    def body_shape(self, prompt: Prompt) -> object:
        return ()

    def build_body(self, layout: QVBoxLayout) -> None:
        self.card_frame = CardFrame()
        inner = QVBoxLayout(self.card_frame)
        self.card_title = QLabel()
        font = self.card_title.font()
        font.setPointSizeF(15)
        font.setBold(True)
        self.card_title.setFont(font)
        inner.addWidget(self.card_title)
        self.card_subtitle = QLabel()
        self.card_subtitle.setWordWrap(True)
        inner.addWidget(self.card_subtitle)
        self.card_text = QLabel()
        self.card_text.setWordWrap(True)
        inner.addWidget(self.card_text)
        self.card_footnote = QLabel()
        self.card_footnote.setWordWrap(True)
        inner.addWidget(self.card_footnote)
        self.extra_form = form_for({})
        inner.addWidget(self.extra_form)
        self.card_frame.setMinimumWidth(320)
        layout.addWidget(self.card_frame)
        self.rest_form = form_for({})
        layout.addWidget(self.rest_form)
        self.fill_body()

    def fill_body(self) -> None:
        card, extra, rest = _card(self.prompt), _extra(_card(self.prompt)), _rest(self.prompt)
        self.card_frame.setVisible(bool(card))
        self.card_title.setText(str(card.get("title") or card.get("name")
                                    or card.get("id", "")))
        self.card_subtitle.setText(f"<i>{card['subtitle']}</i>" if card.get("subtitle")
                                   else "")
        self.card_subtitle.setVisible(bool(card.get("subtitle")))
        self.card_text.setText(str(card.get("text") or card.get("effect") or ""))
        self.card_footnote.setText(f"<small style='color:{EDGE}'>{card['footnote']}</small>"
                                   if card.get("footnote") else "")
        self.card_footnote.setVisible(bool(card.get("footnote")))
        self.extra_form.fill(extra)
        self.extra_form.setVisible(bool(extra))
        self.rest_form.fill(rest)
        self.rest_form.setVisible(bool(rest))
