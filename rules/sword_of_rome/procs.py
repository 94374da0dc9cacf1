"""Procedures: the game pauses on a stack of small named steps (Rally the Troops style).

``state["stack"]`` holds frames ``{"proc": name, ...}``. The top frame is the step being
played. A procedure either runs by itself (``auto`` returns True after changing the stack or
the state) or waits for a decision (``prompt``/``answer``). :func:`advance` runs automatic
steps until a decision is needed or the game is over.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.state import log

from .model import SIDE_NAMES, State, seat_of

Frame = dict[str, Any]


class Proc:
    name = ""

    def auto(self, st: State, fr: Frame) -> bool:
        """Run without a decision; True if something changed (run again), False: ask."""
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        raise NotImplementedError(self.name)

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        raise NotImplementedError(self.name)


PROCS: dict[str, Proc] = {}


def proc(cls: type[Proc]) -> type[Proc]:
    PROCS[cls.name] = cls()
    return cls


def push(st: State, name: str, **data: Any) -> Frame:
    frame = {"proc": name, **data}
    st["stack"].append(frame)
    return frame


def pop(st: State) -> Frame:
    return st["stack"].pop()


def top(st: State) -> Frame | None:
    return st["stack"][-1] if st["stack"] else None


def advance(st: State) -> None:
    """Run automatic steps until a decision is pending or the stack is empty."""
    for _ in range(100_000):
        fr = top(st)
        if fr is None or st.get("over"):
            return
        if not PROCS[fr["proc"]].auto(st, fr):
            return
    raise RuntimeError("the procedures did not settle (a loop in the rules)")


def current_prompt(st: State) -> Prompt | None:
    fr = top(st)
    if fr is None or st.get("over"):
        return None
    return PROCS[fr["proc"]].prompt(st, fr)


def apply_choice(st: State, cid: str) -> None:
    fr = top(st)
    if fr is None:
        raise IllegalChoice("the game is over")
    PROCS[fr["proc"]].answer(st, fr, cid)
    advance(st)


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
