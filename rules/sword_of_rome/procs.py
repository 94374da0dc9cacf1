"""The Sword of Rome's procedures, on the engine's stack of small named steps
(:mod:`rules.engine.procs`): this module holds the game's registry and its helpers.

``state["stack"]`` holds frames ``{"proc": name, ...}``; the top frame is the step being
played. A procedure either runs by itself (``auto`` returns True after changing the stack or
the state) or waits for a decision (``prompt``/``answer``). :func:`advance` runs automatic
steps until a decision is needed or the game is over.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc, Procedures
from rules.engine.state import log

from .model import SIDE_NAMES, State, seat_of

__all__ = ["Frame", "PROCS", "Proc", "advance", "apply_choice", "ask", "current_prompt",
           "deciding", "note", "pop", "proc", "push", "top"]

PROCS = Procedures()
proc = PROCS.register
push, pop, top = Procedures.push, Procedures.pop, Procedures.top
advance = PROCS.advance
current_prompt = PROCS.prompt
apply_choice = PROCS.apply


def ask(st: State, side: str, text: str, choices: list[Choice], *, kind: str = "choose",
        rule: str = "", context: dict[str, Any] | None = None) -> Prompt:
    """A prompt addressed to the seat holding ``side``; labels must all differ."""
    labels = [c.label for c in choices]
    if len(set(labels)) != len(labels):
        seen: dict[str, int] = {}
        fixed = []
        for c in choices:
            k = seen.get(c.label, 0)
            seen[c.label] = k + 1
            label = c.label if k == 0 else f"{c.label} ({k + 1})"
            fixed.append(Choice(c.id, label, c.target, c.detail, c.group))
        choices = fixed
    ctx = dict(context or {})
    return Prompt(seat_of(st, side), f"{SIDE_NAMES.get(side, side)}: {text}", choices,
                  kind=kind, rule=rule, context=ctx)


def deciding(st: State) -> str | None:
    """The side the pending decision belongs to (the seat may hold two sides)."""
    from rules.engine import response

    fr = top(st)
    if fr is None or st.get("over"):
        return None
    name = fr["proc"]
    if name == "respond":
        return response.asked_seat(response.current(st))
    if name == "dt_window":
        return fr["holders"][fr["at"]]
    if name == "renew":
        from .model import side_of

        return side_of(st, fr["pair"][fr["at"]])
    if name == "battle":
        from .model import deciding_side

        return deciding_side(st, fr["attacker"]) or fr["side"]
    return fr.get("side")


def note(st: State, text: str, rule: str = "", where: str | None = None) -> None:
    log(st, text, rule=rule, where=where)
