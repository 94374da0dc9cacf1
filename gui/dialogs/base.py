"""A dialog that shows a prompt's context and offers its choices as buttons."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rules.engine.game import Prompt

from ..prompt_dock import seat_name


class PromptDialog(QDialog):
    """Header (seat, text, rule), a body from :meth:`build_body`, choice buttons.

    Emits ``chosen(choice_id)`` and closes. Closing without a choice leaves the decision to
    the prompt dock, which shows the same choices.
    """

    chosen = Signal(str)
    title = "Decision"

    def __init__(self, prompt: Prompt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = prompt
        self.setWindowTitle(str(prompt.context.get("title") or self.title))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.buttons: dict[str, QPushButton] = {}
        layout = QVBoxLayout(self)
        who = f"<b>{seat_name(prompt.seat)}</b>: " if prompt.seat else ""     # a read-only card
        head = QLabel(f"{who}{prompt.text}"
                      + (f" <span style='color:#6b5d4f'>(rule {prompt.rule})</span>"
                         if prompt.rule else ""))
        head.setWordWrap(True)
        layout.addWidget(head)
        self.build_body(layout)
        layout.addLayout(self.build_choices())

    def build_body(self, layout: QVBoxLayout) -> None:
        """Subclasses add what the moment needs to show."""

    def build_choices(self) -> QHBoxLayout | QVBoxLayout:
        """The choices as buttons: in a row, or one under another when there are many."""
        row = QVBoxLayout() if len(self.prompt.choices) > 4 else QHBoxLayout()
        row.addStretch(1)
        for choice in self.prompt.choices:
            button = QPushButton(choice.label)
            button.setObjectName(f"choice:{choice.id}")
            button.setToolTip(choice.detail)
            button.clicked.connect(lambda _=False, cid=choice.id: self.pick(cid))
            self.buttons[choice.id] = button
            row.addWidget(button)
        return row

    def pick(self, choice_id: str) -> None:
        self.accept()
        self.chosen.emit(choice_id)
