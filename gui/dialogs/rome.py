"""Rome's dialog: a declaration of war, a surrender, a Roman campaign: what happened and why.

``prompt.context``: ``{"title", "what", "why", "rule"}`` (rules.hubris.rome.news).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout

from rules.engine.game import Prompt

from .base import PromptDialog
from .card import CardFrame


class RomeDialog(PromptDialog):
    title = "Rome"

    def body_shape(self, prompt: Prompt) -> object:
        return ()                       # always the same three lines on the card

    def build_body(self, layout: QVBoxLayout) -> None:
        frame = CardFrame()
        inner = QVBoxLayout(frame)
        self.eagle = QLabel()
        font = self.eagle.font()
        font.setPointSizeF(15)
        font.setBold(True)
        self.eagle.setFont(font)
        self.eagle.setWordWrap(True)
        inner.addWidget(self.eagle)
        self.lines = {}
        for key in ("what", "why"):
            label = QLabel()
            label.setWordWrap(True)
            label.setObjectName(f"rome-{key}")
            inner.addWidget(label)
            self.lines[key] = label
        self.rule = QLabel()
        inner.addWidget(self.rule)
        frame.setMinimumWidth(380)
        layout.addWidget(frame)
        self.fill_body()

    def fill_body(self) -> None:
        ctx = self.prompt.context
        self.eagle.setText(f"SPQR · {ctx.get('title', '')}")
        for head, key in (("What happened", "what"), ("Why", "why")):
            self.lines[key].setText(f"<b>{head}</b><br>{ctx.get(key, '')}")
        self.rule.setText(f"<span style='color:#6b5d4f'>Rule {ctx.get('rule', '')}</span>")
