"""Battle dialog: both sides with strength, every modifier and its rule, dice and hits.

``prompt.context``: ``{"title", "where", "sides": [{"seat"|"name", "strength", "modifiers":
[{label, value, rule}], "dice": [..], "hits"}, ...], ...}`` — anything missing is skipped.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QVBoxLayout

from ..prompt_dock import seat_name
from .base import PromptDialog
from .context_view import SKIP, form_for


class BattleDialog(PromptDialog):
    title = "Battle"

    def build_body(self, layout: QVBoxLayout) -> None:
        ctx = self.prompt.context
        sides = ctx.get("sides")
        if not sides and ("attacker" in ctx or "defender" in ctx):
            sides = [dict(ctx[k], role=k) for k in ("attacker", "defender")
                     if isinstance(ctx.get(k), dict)]
        row = QHBoxLayout()
        for side in sides or []:
            name = side.get("name") or seat_name(str(side.get("seat", "?")))
            box = QGroupBox(name)
            inner = QVBoxLayout(box)
            inner.addWidget(form_for(side, skip=SKIP | {"name", "seat"}))
            row.addWidget(box)
        layout.addLayout(row)
        layout.addWidget(form_for({k: v for k, v in ctx.items()
                                   if k not in ("sides", "attacker", "defender")}))
