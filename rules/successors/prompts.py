"""Prompts addressed to a faction: labels made unique, the faction named."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt

from .model import NAMES, State


def ask(st: State, seat: str, text: str, choices: list[Choice], *, kind: str = "choose",
        rule: str = "", context: dict[str, Any] | None = None, secret: bool = False) -> Prompt:
    """A prompt for ``seat``; two choices never read the same (a number is added)."""
    seen: dict[str, int] = {}
    fixed = []
    for c in choices:
        k = seen.get(c.label, 0)
        seen[c.label] = k + 1
        fixed.append(c if k == 0 else Choice(c.id, f"{c.label} ({k + 1})", c.target, c.detail,
                                             c.group))
    ctx = dict(context or {})
    if secret:
        ctx["secret"] = True
    return Prompt(seat, f"{NAMES[seat]}: {text}", fixed, kind=kind, rule=rule, context=ctx)
