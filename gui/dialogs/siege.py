"""Siege dialog: the besieged place, the besiegers, modifiers with rules, dice, outcome.

``prompt.context``: ``{"title", "place", "attacker", "defender", "need", "modifiers",
"dice", ...}`` — plain values shown as rows, anything missing is skipped.
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from rules.engine.game import Prompt

from .base import PromptDialog
from .context_view import form_for


class SiegeDialog(PromptDialog):
    title = "Siege"

    def body_shape(self, prompt: Prompt) -> object:
        return ()                       # a form, whatever its rows

    def build_body(self, layout: QVBoxLayout) -> None:
        self.form = form_for(self.prompt.context)
        layout.addWidget(self.form)

    def fill_body(self) -> None:
        self.form.fill(self.prompt.context)
