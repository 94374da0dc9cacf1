"""Card dialog: the card with its title, effect and rule reference.

``prompt.context["card"]``: ``{"title"|"name", "text"|"effect", "rule", "source", ...}``.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

from .base import PromptDialog
from .context_view import form_for


class CardDialog(PromptDialog):
    title = "Card"

    def build_body(self, layout: QVBoxLayout) -> None:
        ctx = self.prompt.context
        card = ctx.get("card") if isinstance(ctx.get("card"), dict) else {}
        if card:
            frame = QFrame()
            frame.setObjectName("CardFrame")
            frame.setStyleSheet("#CardFrame { background: #f3ead7; border: 2px solid #8a6d3b;"
                                " border-radius: 8px; } QLabel { color: #2b2118; }")
            inner = QVBoxLayout(frame)
            title = QLabel(str(card.get("title") or card.get("name") or card.get("id", "")))
            title.setStyleSheet("font-size: 15pt; font-weight: bold;")
            inner.addWidget(title)
            text = QLabel(str(card.get("text") or card.get("effect") or ""))
            text.setWordWrap(True)
            inner.addWidget(text)
            extra = {k: v for k, v in card.items()
                     if k not in ("title", "name", "id", "text", "effect")}
            if extra:
                inner.addWidget(form_for(extra))
            frame.setMinimumWidth(320)
            layout.addWidget(frame)
        rest = {k: v for k, v in ctx.items() if k != "card"}
        if rest:
            layout.addWidget(form_for(rest))
