"""Battle dialog: both sides with strength, every modifier and its rule, dice and hits.

``prompt.context``: ``{"title", "where", "sides": [{"seat"|"name", "strength", "modifiers":
[{label, value, rule}], "dice": [..], "hits"}, ...], ...}`` — anything missing is skipped.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QVBoxLayout

from rules.engine.game import Prompt

from ..prompt_dock import seat_name
from .base import PromptDialog
from .context_view import SKIP, form_for

SIDE_SKIP = SKIP | {"name", "seat"}


def _sides(ctx: dict) -> list[dict]:
    sides = ctx.get("sides")
    if not sides and ("attacker" in ctx or "defender" in ctx):
        sides = [dict(ctx[k], role=k) for k in ("attacker", "defender")
                 if isinstance(ctx.get(k), dict)]
    return list(sides or [])


def _rest(ctx: dict) -> dict:
    return {k: v for k, v in ctx.items() if k not in ("sides", "attacker", "defender")}


class BattleDialog(PromptDialog):
    title = "Battle"

    def body_shape(self, prompt: Prompt) -> object:
        return len(_sides(prompt.context))

    def build_body(self, layout: QVBoxLayout) -> None:
        ctx = self.prompt.context
        row = QHBoxLayout()
        self.sides: list[tuple[QGroupBox, object]] = []
        for side in _sides(ctx):
            box = QGroupBox()
            inner = QVBoxLayout(box)
            form = form_for(side, skip=SIDE_SKIP)
            inner.addWidget(form)
            row.addWidget(box)
            self.sides.append((box, form))
        layout.addLayout(row)
        self.form = form_for(_rest(ctx))
        layout.addWidget(self.form)
        self.fill_body()

    def fill_body(self) -> None:
        ctx = self.prompt.context
        for (box, form), side in zip(self.sides, _sides(ctx), strict=True):
            box.setTitle(side.get("name") or seat_name(str(side.get("seat", "?"))))
            form.fill(side)
        self.form.fill(_rest(ctx))
