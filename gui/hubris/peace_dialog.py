"""The Peace dialog of Hubris (2.12): write the terms of a proposal, or answer one.

One dialog for every prompt of kind ``peace`` (rules/hubris/peace.py): the terms written so
far and both Treasuries on a parchment card; the kinds of term to add as buttons; the items
of the kind chosen (Garrisons, Squadrons, Alliances, amounts) in a list with one "Add"
button (any choice with a group that is not a kind to add); send, withdraw, back, accept,
refuse and the Winter offers' own answers (3.7.2) as buttons of their own.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpacerItem,
    QVBoxLayout,
    QWidget,
)

from gui.dialogs.base import PromptDialog
from gui.dialogs.card import CardFrame
from rules.engine.game import Choice, Prompt

ROLE = Qt.ItemDataRole.UserRole
KIND_ROWS = ("talents", "garrison", "squadron", "unalign")
NOTES = ("treasuries", "effect")


def _parts(prompt: Prompt) -> tuple[list[Choice], list[Choice], list[Choice]]:
    """The prompt's choices: kinds of term to add, the items of a kind, the rest."""
    adds = [c for c in prompt.choices if c.id.startswith("add:")]
    items = [c for c in prompt.choices if c.group and c not in adds]
    rest = [c for c in prompt.choices if c not in adds and c not in items]
    return adds, items, rest


class PeaceDialog(PromptDialog):
    """Every part (the card, the kinds to add, the items, the other answers) is made once
    and shown or hidden as the prompt needs: the negotiation's prompts, which go back and
    forth between kinds and items, are shown in the same widgets (:meth:`fill_choices`)."""

    title = "Peace"

    def body_shape(self, prompt: Prompt) -> object:
        return "peace"          # every prompt in the same widgets (notes and rows shown or
                                # hidden, the answers' row turned: :meth:`fill_choices`)

    def choices_shape(self, prompt: Prompt) -> object:
        return None             # the choices are laid out by :meth:`fill_choices`

    def build_body(self, layout: QVBoxLayout) -> None:
        frame = CardFrame()
        inner = QVBoxLayout(frame)
        self.card_head = QLabel()
        font = self.card_head.font()
        font.setPointSizeF(14)
        font.setBold(True)
        self.card_head.setFont(font)
        self.card_head.setWordWrap(True)
        inner.addWidget(self.card_head)
        self.terms = QLabel()
        self.terms.setObjectName("peace-terms")
        self.terms.setWordWrap(True)
        inner.addWidget(self.terms)
        self.notes: dict[str, QLabel] = {}
        for key in NOTES:               # each shown when the prompt has it
            label = QLabel()
            label.setWordWrap(True)
            inner.addWidget(label)
            self.notes[key] = label
        frame.setMinimumWidth(440)
        layout.addWidget(frame)
        self.fill_body()

    def fill_body(self) -> None:
        ctx = self.prompt.context or {}
        self.card_head.setText(str(ctx.get("title", "Peace")))
        terms = list(ctx.get("terms") or ["status quo"])
        self.heading = str(ctx.get("terms_label", "Terms"))
        self.terms.setText(f"<b>{self.heading}</b><ul style='margin-left:-20px'>"
                           + "".join(f"<li>{t[:1].upper() + t[1:]}</li>" for t in terms)
                           + "</ul>")
        heads = {"treasuries": "Treasuries", "effect": ctx.get("effect_label", "If sworn")}
        for key, label in self.notes.items():
            label.setText(f"<b>{heads[key]}</b>: {ctx[key]}" if ctx.get(key) else "")
            label.setVisible(bool(ctx.get(key)))

    def build_choices(self) -> QVBoxLayout:
        box = QVBoxLayout()
        self.adds_head = QLabel("<b>Add a term</b>")
        box.addWidget(self.adds_head)
        self.adds_box = QWidget()
        self._grid = QGridLayout(self.adds_box)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.addWidget(QLabel("<i>We give</i>"), 0, 0)
        self._grid.addWidget(QLabel("<i>They give</i>"), 0, 1)
        box.addWidget(self.adds_box)
        self._adds: dict[str, QPushButton] = {}
        self.items_head = QLabel()
        box.addWidget(self.items_head)
        self.items = QListWidget()
        self.items.setObjectName("items")
        self.items.setMaximumHeight(200)
        self.items.itemDoubleClicked.connect(lambda it: self.pick(it.data(ROLE)))
        box.addWidget(self.items)
        self.add = QPushButton()
        self.add.setObjectName("add")
        self.add.clicked.connect(lambda: self.pick(self.items.currentItem().data(ROLE)))
        self._row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self._stretch = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding)   # a row: at the right
        self._row.addWidget(self.add)
        self._rest: list[QPushButton] = []
        box.addLayout(self._row)
        self.fill_choices()
        return box

    def fill_choices(self) -> None:
        """Show the parts the prompt has, in the widgets made so far (and any missing)."""
        adds, items, rest = _parts(self.prompt)
        self._turn_row(many=len(rest) > 3)
        self.buttons = {}
        self.adds_head.setVisible(bool(adds))
        self.adds_box.setVisible(bool(adds))
        for choice in adds:                 # add:<kind>:us|them, one row per kind
            button = self._adds.get(choice.id)
            if button is None:
                _, kind, who = choice.id.split(":")
                row = 1 + (KIND_ROWS.index(kind) if kind in KIND_ROWS else len(KIND_ROWS))
                button = self._adds[choice.id] = self._button()
                self._grid.addWidget(button, row, 0 if who == "us" else 1)
            self._show(button, choice)
        for cid, button in self._adds.items():
            if cid not in self.buttons:
                button.setObjectName("")    # no choice of this prompt
            button.setVisible(cid in self.buttons)
        self.items_head.setVisible(bool(items))
        self.items.setVisible(bool(items))
        self.add.setVisible(bool(items))
        self.add.setDefault(bool(items))    # hidden, it must not stay the dialog's default
        if items:
            self.items_head.setText(f"<b>{items[0].group or 'Choose'}</b>")
            self.items.clear()
            for choice in items:
                entry = QListWidgetItem(choice.label)
                entry.setData(ROLE, choice.id)
                self.items.addItem(entry)
            self.items.setCurrentRow(0)
            self.add.setText(f"Add to the {self.heading.lower()}")
        while len(self._rest) < len(rest):
            button = self._button()
            self._row.insertWidget(self._row.count() - 1, button)   # before "Add"
            self._rest.append(button)
        for i, button in enumerate(self._rest):
            if i < len(rest):
                self._show(button, rest[i])
            else:
                button.setObjectName("")
            button.setVisible(i < len(rest))
        if self.adds_box.window() is self:     # shown before: Tab (and the first focus)
            order = [self._adds[c.id] for c in adds] + [self.items] + self._rest + [self.add]
            for before, after in zip(order, order[1:], strict=False):   # in the order shown
                QWidget.setTabOrder(before, after)      # (when new: the order made in)

    def _turn_row(self, many: bool) -> None:
        """The answers one under another when there are many, else in a row at the right."""
        row, stretch = self._row, self._stretch
        shown = row.indexOf(stretch) >= 0
        if many and shown:
            row.removeItem(stretch)
        row.setDirection(QBoxLayout.Direction.TopToBottom if many
                         else QBoxLayout.Direction.LeftToRight)
        if not many and not shown:
            stretch.changeSize(0, 0, QSizePolicy.Policy.Expanding)
            row.insertItem(0, stretch)
            row.setStretch(0, 1)

    def _button(self) -> QPushButton:
        button = QPushButton()
        button.clicked.connect(lambda _=False, b=button: self.pick(b.choice_id))
        return button

    def _show(self, button: QPushButton, choice: Choice) -> None:
        button.choice_id = choice.id
        button.setText(choice.label)
        button.setObjectName(f"choice:{choice.id}")
        button.setToolTip(choice.detail)
        self.buttons[choice.id] = button
