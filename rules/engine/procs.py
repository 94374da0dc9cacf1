"""Procedures: a game pauses on a stack of small named steps (The Sword of Rome,
Successors and Athens and Sparta run their turns on it).

``state["stack"]`` holds frames ``{"proc": name, ...}``; the top frame is the step being
played. A procedure either runs by itself (``auto`` returns True after changing the stack
or the state) or waits for a decision (``prompt``/``answer``). Each game keeps its own
:class:`Procedures` registry, so two games may use the same step names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .game import IllegalChoice, Prompt

State = dict[str, Any]
Frame = dict[str, Any]


class Proc:
    """One kind of step. Subclasses set ``name`` and override what they need."""

    name = ""

    def auto(self, st: State, fr: Frame) -> bool:
        """Run without a decision; True if something changed (run again), False: ask."""
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        raise NotImplementedError(self.name)

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        raise NotImplementedError(self.name)


class Procedures:
    """The steps of one game, and the loop that runs them."""

    def __init__(self, after: Callable[[State], None] | None = None) -> None:
        self.table: dict[str, Proc] = {}
        self.after = after            # run when a decision is reached (victory checks ...)

    def register(self, cls: type[Proc]) -> type[Proc]:
        """Class decorator: ``@PROCS.register``."""
        if cls.name in self.table:
            raise ValueError(f"procedure {cls.name!r} registered twice")
        self.table[cls.name] = cls()
        return cls

    @staticmethod
    def push(st: State, name: str, **data: Any) -> Frame:
        frame = {"proc": name, **data}
        st["stack"].append(frame)
        return frame

    @staticmethod
    def pop(st: State) -> Frame:
        return st["stack"].pop()

    @staticmethod
    def top(st: State) -> Frame | None:
        return st["stack"][-1] if st["stack"] else None

    def current(self, st: State) -> tuple[Proc, Frame] | None:
        """The step being played and its frame; None when nothing is pending or the game is
        over. A game that keeps its frames in keys of its own overrides this (Athens and
        Sparta: ``rules/athens_sparta/sequence.py``)."""
        fr = self.top(st)
        if fr is None or st.get("over"):
            return None
        return self.table[fr["proc"]], fr

    def advance(self, st: State) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        for _ in range(200_000):
            cur = self.current(st)
            if cur is None:
                return
            if not cur[0].auto(st, cur[1]):
                if self.after:
                    self.after(st)
                return
        raise RuntimeError("the procedures did not settle (a loop in the rules)")

    def prompt(self, st: State) -> Prompt | None:
        cur = self.current(st)
        return None if cur is None else cur[0].prompt(st, cur[1])

    def apply(self, st: State, cid: str) -> None:
        cur = self.current(st)
        if cur is None:
            raise IllegalChoice("the game is over")
        cur[0].answer(st, cur[1], cid)
        self.advance(st)
