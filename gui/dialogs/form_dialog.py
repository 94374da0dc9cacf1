"""A prompt dialog whose body is the prompt's context as a form of plain rows."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from rules.engine.game import Prompt

from .base import PromptDialog
from .context_view import form_for


class FormDialog(PromptDialog):
    """The context shown as one form: the same body for every prompt, its rows filled anew."""

    def body_shape(self, prompt: Prompt) -> object:
        return ()                       # a form, whatever its rows

    def build_body(self, layout: QVBoxLayout) -> None:
        self.form = form_for(self.prompt.context)
        layout.addWidget(self.form)

    def fill_body(self) -> None:
        self.form.fill(self.prompt.context)
