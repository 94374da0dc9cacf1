"""Olympic Games dialog: both sides' dice and successes, the winner's choice of reward.

``prompt.context``: ``{"title", "<side> rolled", "success", "winner"}``, plain rows.
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from .base import PromptDialog
from .context_view import form_for


class OlympicsDialog(PromptDialog):
    title = "Olympic Games"

    def build_body(self, layout: QVBoxLayout) -> None:
        layout.addWidget(form_for(self.prompt.context))
