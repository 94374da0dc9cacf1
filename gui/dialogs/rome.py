"""Rome's dialog: a declaration of war, a surrender, a Roman campaign: what happened and why.

``prompt.context``: ``{"title", "what", "why", "rule"}`` (rules.hubris.rome.news).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout

from .base import PromptDialog
from .card import CardFrame


class RomeDialog(PromptDialog):
    title = "Rome"

    def build_body(self, layout: QVBoxLayout) -> None:
        ctx = self.prompt.context
        frame = CardFrame()
        inner = QVBoxLayout(frame)
        eagle = QLabel(f"SPQR · {ctx.get('title', '')}")
        font = eagle.font()
        font.setPointSizeF(15)
        font.setBold(True)
        eagle.setFont(font)
        eagle.setWordWrap(True)
        inner.addWidget(eagle)
        for head, key in (("What happened", "what"), ("Why", "why")):
            label = QLabel(f"<b>{head}</b><br>{ctx.get(key, '')}")
            label.setWordWrap(True)
            label.setObjectName(f"rome-{key}")
            inner.addWidget(label)
        rule = QLabel(f"<span style='color:#6b5d4f'>Rule {ctx.get('rule', '')}</span>")
        inner.addWidget(rule)
        frame.setMinimumWidth(380)
        layout.addWidget(frame)
