"""Sealed-bid dialog: the bid is entered privately and only revealed by the rules later.

Choices are the legal bids; ``prompt.context`` may hold ``{"what", "treasury", ...}``.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from .base import PromptDialog
from .context_view import form_for


class BidDialog(PromptDialog):
    title = "Sealed bid"

    def build_body(self, layout: QVBoxLayout) -> None:
        note = QLabel("Your bid is sealed: the others see it only when every bid is in.")
        note.setWordWrap(True)
        layout.addWidget(note)
        if self.prompt.context:
            layout.addWidget(form_for(self.prompt.context))

    def build_choices(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.combo = QComboBox()
        for choice in self.prompt.choices:
            self.combo.addItem(choice.label, choice.id)
        self.seal = QPushButton("Seal bid")
        self.seal.setObjectName("seal")
        self.seal.setDefault(True)
        self.seal.clicked.connect(lambda: self.pick(self.combo.currentData()))
        row.addWidget(self.combo, 1)
        row.addWidget(self.seal)
        return row
