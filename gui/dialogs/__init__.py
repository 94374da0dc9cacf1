"""Dialogs for the big moments, chosen by ``prompt.kind``; other kinds use the prompt dock."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from rules.engine.game import Prompt

from .base import PromptDialog


def dialog_for(prompt: Prompt, parent: QWidget | None = None) -> PromptDialog | None:
    """The dialog for ``prompt.kind``, or None when the prompt dock is enough."""
    from .battle import BattleDialog
    from .bid import BidDialog
    from .card import CardDialog
    from .siege import SiegeDialog

    kinds: dict[str, type[PromptDialog]] = {
        "battle": BattleDialog, "siege": SiegeDialog, "bid": BidDialog, "card": CardDialog,
        "play-card": CardDialog,
    }
    cls = kinds.get(prompt.kind)
    return cls(prompt, parent) if cls else None
