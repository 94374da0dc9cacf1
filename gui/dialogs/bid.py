"""Bid dialog: one bidder's turn in an auction (open rounds, or a sealed first round).

Shows the standing bid and whose it is, the bidder's own bid and limit, and the auction's
history. Choices whose id ends in a positive amount (``bid:5``) go in a list with one button
(raise / seal); the others (pass, hold, match, no bid) are buttons of their own. The context
is the engine auction's (``rules/engine/auction.py``): ``what``, ``round``, ``standing_bid``,
``history`` ...

Every part is made once and hidden when a prompt has none, so each bid of an auction (and
of the next) is shown in the same widgets, their texts set anew.
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

from rules.engine.game import Prompt

from .base import PromptDialog
from .context_view import SKIP, form_for

SEALED = "sealed first round"
SEALED_NOTE = "Sealed round: the others see your bid only when every bid is in."
OPEN_NOTE = ("Open bidding: raise, match or pass (passing leaves this auction). It ends when "
             "nobody raises or matches in a whole round; the highest bid wins, ties by a die "
             "roll, and only the winner pays.")
FORM_SKIP = SKIP | {"history", "round", "what"}


def _is_amount(choice_id: str) -> bool:
    tail = choice_id.rsplit(":", 1)[-1]
    return tail.isdigit() and int(tail) > 0


def _sealed(context: dict) -> bool:
    return context.get("round") == SEALED or "history" not in context


class BidDialog(PromptDialog):
    title = "Auction"

    def body_shape(self, prompt: Prompt) -> object:
        return ()

    def choices_shape(self, prompt: Prompt) -> object:
        return ()                       # every choice row is filled in place (fill_choices)

    def build_body(self, layout: QVBoxLayout) -> None:
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.form = form_for({}, FORM_SKIP)
        layout.addWidget(self.form)
        self.history_head = QLabel("<b>Bids so far</b>")
        layout.addWidget(self.history_head)
        self.history = QListWidget()
        self.history.setObjectName("history")
        self.history.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.history.setMaximumHeight(140)
        layout.addWidget(self.history)
        self.fill_body()

    def fill_body(self) -> None:
        context = self.prompt.context or {}
        self.setWindowTitle(f"Auction: {context['what']}" if context.get("what")
                            else self.title)
        self.note.setText(SEALED_NOTE if _sealed(context) else OPEN_NOTE)
        self.form.fill(context)
        self.form.setVisible(bool(context))
        has_history = "history" in context
        self.history_head.setVisible(has_history)
        self.history.setVisible(has_history)
        self.history.clear()
        if has_history:
            self.history.addItems(list(context["history"]) or ["(no bid yet)"])
            self.history.scrollToBottom()

    def build_choices(self) -> QHBoxLayout:
        self._choice_row = row = QHBoxLayout()
        self._choice_buttons: list[QPushButton] = []
        row.addStretch(1)
        self.combo = QComboBox()
        self.seal = QPushButton()
        self.seal.setObjectName("seal")
        self.seal.clicked.connect(lambda: self.pick(self.combo.currentData()))
        row.addWidget(self.combo, 1)
        row.addWidget(self.seal)
        self.fill_choices()
        return row

    def fill_choices(self) -> None:
        """The other choices on the row's buttons (kept, added, or hidden), the amounts in
        the list; the list and its button hidden when there is no amount to bid."""
        plain = [c for c in self.prompt.choices if not _is_amount(c.id)]
        buttons = self._choice_buttons
        while len(buttons) < len(plain):
            button = QPushButton()
            button.clicked.connect(lambda _=False, b=button: self.pick(b.choice_id))
            self._choice_row.insertWidget(len(buttons), button)
            buttons.append(button)
        self.buttons = {}
        for i, button in enumerate(buttons):
            if i < len(plain):
                choice = plain[i]
                button.choice_id = choice.id
                if button.text() != choice.label:
                    button.setText(choice.label)
                button.setObjectName(f"choice:{choice.id}")
                self.buttons[choice.id] = button
            button.setHidden(i >= len(plain))
        self.combo.clear()
        for choice in self.prompt.choices:
            if _is_amount(choice.id):
                self.combo.addItem(choice.label, choice.id)
        self.seal.setText("Seal bid" if _sealed(self.prompt.context or {}) else "Bid")
        amounts = self.combo.count() > 0
        self.seal.setDefault(amounts)
        self.combo.setVisible(amounts)
        self.seal.setVisible(amounts)
