"""Dialogs for the big moments, chosen by ``prompt.kind``; other kinds use the prompt dock."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from rules.engine.game import Prompt

if TYPE_CHECKING:   # imported with the first dialog: a prompt the dock shows needs none
    from PySide6.QtWidgets import QWidget

    from .base import PromptDialog

#: prompt kind -> (module in this package, dialog class); a module is imported when first
#: needed (each pulls in its own Qt widget classes); a dotted name is a game's own module
KINDS: dict[str, tuple[str, str]] = {
    "battle": ("battle", "BattleDialog"), "siege": ("siege", "SiegeDialog"),
    "bid": ("bid", "BidDialog"), "card": ("card", "CardDialog"),
    "play-card": ("card", "CardDialog"), "rome": ("rome", "RomeDialog"),
    "olympics": ("olympics", "OlympicsDialog"),
    "peace": ("gui.hubris.peace_dialog", "PeaceDialog"),
}


def dialog_for(prompt: Prompt, parent: QWidget | None = None,
               spare: dict[type, PromptDialog] | None = None) -> PromptDialog | None:
    """The dialog for ``prompt.kind``, or None when the prompt dock is enough; one of
    ``spare`` (dialogs by class, closed) shows it if there is one of its class."""
    spec = KINDS.get(prompt.kind)
    if spec is None:
        return None
    path = spec[0] if "." in spec[0] else f"{__name__}.{spec[0]}"
    module = importlib.import_module(path)
    cls: type[PromptDialog] = getattr(module, spec[1])
    dialog = (spare or {}).get(cls)
    if dialog is not None and not dialog.isVisible():
        dialog.show_prompt(prompt)
        return dialog
    return cls(prompt, parent)
