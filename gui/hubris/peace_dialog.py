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
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from gui.dialogs.base import PromptDialog
from gui.dialogs.card import CardFrame

ROLE = Qt.ItemDataRole.UserRole
KIND_ROWS = ("talents", "garrison", "squadron", "unalign")


class PeaceDialog(PromptDialog):
    title = "Peace"

    def build_body(self, layout: QVBoxLayout) -> None:
        ctx = self.prompt.context or {}
        frame = CardFrame()
        inner = QVBoxLayout(frame)
        head = QLabel(str(ctx.get("title", "Peace")))
        font = head.font()
        font.setPointSizeF(14)
        font.setBold(True)
        head.setFont(font)
        head.setWordWrap(True)
        inner.addWidget(head)
        terms = list(ctx.get("terms") or ["status quo"])
        self.heading = str(ctx.get("terms_label", "Terms"))
        self.terms = QLabel(f"<b>{self.heading}</b><ul style='margin-left:-20px'>"
                            + "".join(f"<li>{t[:1].upper() + t[1:]}</li>" for t in terms)
                            + "</ul>")
        self.terms.setObjectName("peace-terms")
        self.terms.setWordWrap(True)
        inner.addWidget(self.terms)
        for key, head_text in (("treasuries", "Treasuries"),
                               ("effect", ctx.get("effect_label", "If sworn"))):
            if ctx.get(key):
                label = QLabel(f"<b>{head_text}</b>: {ctx[key]}")
                label.setWordWrap(True)
                inner.addWidget(label)
        frame.setMinimumWidth(440)
        layout.addWidget(frame)

    def build_choices(self) -> QVBoxLayout:
        box = QVBoxLayout()
        adds = [c for c in self.prompt.choices if c.id.startswith("add:")]
        items = [c for c in self.prompt.choices if c.group and c not in adds]
        rest = [c for c in self.prompt.choices if c not in adds and c not in items]
        if adds:
            box.addWidget(QLabel("<b>Add a term</b>"))
            grid = QGridLayout()
            grid.addWidget(QLabel("<i>We give</i>"), 0, 0)
            grid.addWidget(QLabel("<i>They give</i>"), 0, 1)
            for choice in adds:             # add:<kind>:us|them, one row per kind
                _, kind, who = choice.id.split(":")
                row = 1 + (KIND_ROWS.index(kind) if kind in KIND_ROWS else len(KIND_ROWS))
                grid.addWidget(self._button(choice), row, 0 if who == "us" else 1)
            box.addLayout(grid)
        if items:
            box.addWidget(QLabel(f"<b>{items[0].group or 'Choose'}</b>"))
            self.items = QListWidget()
            self.items.setObjectName("items")
            for choice in items:
                entry = QListWidgetItem(choice.label)
                entry.setData(ROLE, choice.id)
                self.items.addItem(entry)
            self.items.setCurrentRow(0)
            self.items.setMaximumHeight(200)
            self.items.itemDoubleClicked.connect(lambda it: self.pick(it.data(ROLE)))
            box.addWidget(self.items)
            self.add = QPushButton(f"Add to the {self.heading.lower()}")
            self.add.setObjectName("add")
            self.add.setDefault(True)
            self.add.clicked.connect(lambda: self.pick(self.items.currentItem().data(ROLE)))
        row = QVBoxLayout() if len(rest) > 3 else QHBoxLayout()  # many: one under another
        if isinstance(row, QHBoxLayout):
            row.addStretch(1)
        for choice in rest:
            row.addWidget(self._button(choice))
        if items:
            row.addWidget(self.add)
        box.addLayout(row)
        return box

    def _button(self, choice) -> QPushButton:
        button = QPushButton(choice.label)
        button.setObjectName(f"choice:{choice.id}")
        button.setToolTip(choice.detail)
        button.clicked.connect(lambda _=False, cid=choice.id: self.pick(cid))
        self.buttons[choice.id] = button
        return button
