"""Olympic Games dialog: both sides' dice and successes, the winner's choice of reward.

``prompt.context``: ``{"title", "<side> rolled", "success", "winner"}``, plain rows.
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from rules.engine.game import Prompt

from .base import PromptDialog
from .context_view import form_for


class OlympicsDialog(PromptDialog):
    title = "Olympic Games"

    def body_shape(self, prompt: Prompt) -> object:
        return ()                       # a form, whatever its rows

    def build_body(self, layout: QVBoxLayout) -> None:
        self.form = form_for(self.prompt.context)
        layout.addWidget(self.form)

    def fill_body(self) -> None:
        self.form.fill(self.prompt.context)
