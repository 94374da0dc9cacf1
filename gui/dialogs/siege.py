"""Siege dialog: the besieged place, the besiegers, modifiers with rules, dice, outcome.

``prompt.context``: ``{"title", "place", "attacker", "defender", "need", "modifiers",
"dice", ...}`` — plain values shown as rows, anything missing is skipped.
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from .base import PromptDialog
from .context_view import form_for


class SiegeDialog(PromptDialog):
    title = "Siege"

    def build_body(self, layout: QVBoxLayout) -> None:
        layout.addWidget(form_for(self.prompt.context))
