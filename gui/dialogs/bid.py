"""Bid dialog: one bidder's turn in an auction (open rounds, or a sealed first round).

Shows the standing bid and whose it is, the bidder's own bid and limit, and the auction's
history. Choices whose id ends in a positive amount (``bid:5``) go in a list with one button
(raise / seal); the others (pass, hold, match, no bid) are buttons of their own. The context
is the engine auction's (``rules/engine/auction.py``): ``what``, ``round``, ``standing_bid``,
``history`` ...
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
)

from .base import PromptDialog
from .context_view import SKIP, form_for

SEALED = "sealed first round"


def _is_amount(choice_id: str) -> bool:
    tail = choice_id.rsplit(":", 1)[-1]
    return tail.isdigit() and int(tail) > 0


class BidDialog(PromptDialog):
    title = "Auction"

    def build_body(self, layout: QVBoxLayout) -> None:
        context = self.prompt.context or {}
        sealed = context.get("round") == SEALED or "history" not in context
        self.setWindowTitle(f"Auction: {context['what']}" if context.get("what")
                            else self.title)
        note = QLabel("Sealed round: the others see your bid only when every bid is in."
                      if sealed else
                      "Open bidding: raise, match or pass (passing leaves this auction). "
                      "It ends when nobody raises or matches in a whole round; the highest "
                      "bid wins, ties by a die roll, and only the winner pays.")
        note.setWordWrap(True)
        layout.addWidget(note)
        if context:
            layout.addWidget(form_for(context, SKIP | {"history", "round", "what"}))
        if "history" in context:
            layout.addWidget(QLabel("<b>Bids so far</b>"))
            self.history = QListWidget()
            self.history.setObjectName("history")
            self.history.setSelectionMode(QListWidget.SelectionMode.NoSelection)
            self.history.addItems(list(context["history"]) or ["(no bid yet)"])
            self.history.setMaximumHeight(140)
            self.history.scrollToBottom()
            layout.addWidget(self.history)

    def build_choices(self) -> QHBoxLayout:
        context = self.prompt.context or {}
        row = QHBoxLayout()
        for choice in self.prompt.choices:
            if _is_amount(choice.id):
                continue
            button = QPushButton(choice.label)
            button.setObjectName(f"choice:{choice.id}")
            button.clicked.connect(lambda _=False, cid=choice.id: self.pick(cid))
            self.buttons[choice.id] = button
            row.addWidget(button)
        row.addStretch(1)
        self.combo = QComboBox()
        for choice in self.prompt.choices:
            if _is_amount(choice.id):
                self.combo.addItem(choice.label, choice.id)
        sealed = context.get("round") == SEALED or "history" not in context
        self.seal = QPushButton("Seal bid" if sealed else "Bid")
        self.seal.setObjectName("seal")
        self.seal.setDefault(True)
        self.seal.clicked.connect(lambda: self.pick(self.combo.currentData()))
        if self.combo.count():
            row.addWidget(self.combo, 1)
            row.addWidget(self.seal)
        return row
