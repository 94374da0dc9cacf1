"""Procedures: every game pauses on a stack of small named steps.

``state["stack"]`` holds frames ``{"proc": name, ...}``; the top frame is the step being
played. Each game keeps its own :class:`Procedures` registry (so two games may use the same
step names), fills it with the procedure classes of the modules it imports (``@PROCS.register``
or ``@PROCS.named("name")``), and drives it in one of two ways:

* **auto first** (The Sword of Rome, Successors, Athens and Sparta): a :class:`Proc` either
  runs by itself (``auto`` returns True after changing the stack or the state) or waits for
  a decision (``prompt``/``answer``); :meth:`Procedures.advance`, :meth:`~Procedures.prompt`
  and :meth:`~Procedures.apply` (a game keeping its frames elsewhere overrides
  :meth:`~Procedures.current`).
* **ask first** (Hubris, Mare Nostrum): a :class:`Step` says whether it asks (``prompt``
  returns None when there is nothing to ask, then ``run`` makes automatic progress;
  ``apply`` takes one choice), and every method receives the game's static rules data
  first. ``state["queue"]`` holds out-of-turn questions (frames too), served before the top
  of the stack; a ``before`` hook runs ahead of every step (the game's "as soon as"
  checks), a ``forced`` hook takes a decision that needs none (Mare Nostrum);
  :meth:`Procedures.drive` and :meth:`~Procedures.choose`. A game keeping its frames
  elsewhere overrides :meth:`~Procedures.due` (Mare Nostrum: ``rules/mare_nostrum/sequence.py``).

Both ways share the registry and the stack helpers (:meth:`~Procedures.push`,
:meth:`~Procedures.pop`, :meth:`~Procedures.top`, :meth:`~Procedures.due`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .game import IllegalChoice, Prompt

State = dict[str, Any]
Frame = dict[str, Any]


class Proc:
    """One kind of step, auto first. Subclasses set ``name`` and override what they need."""

    name = ""

    def auto(self, st: State, fr: Frame) -> bool:
        """Run without a decision; True if something changed (run again), False: ask."""
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        raise NotImplementedError(self.name)

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        """Take ``cid``, one of the choices :meth:`prompt` offers (:meth:`Procedures.apply`
        has refused any other)."""
        raise NotImplementedError(self.name)


class Step:
    """One kind of step, ask first (:meth:`Procedures.drive`); ``data`` is the game's static
    rules data. The default asks nothing and has no automatic progress."""

    name = ""

    def prompt(self, data: Any, st: State, fr: Frame) -> Prompt | None:
        """The decision due (None: nothing to ask, :meth:`run` is called instead)."""
        return None

    def run(self, data: Any, st: State, fr: Frame) -> None:
        raise NotImplementedError(self.name)

    def apply(self, data: Any, st: State, fr: Frame, choice: str) -> None:
        raise RuntimeError(f"{fr['proc']} takes no choices")


class Procedures:
    """The steps of one game, and the loops that run them.

    ``after``: run when an auto-first game reaches a decision (victory checks ...).
    ``over``: the state key set when the game has ended (``over``; Hubris: ``result``).
    """

    def __init__(self, after: Callable[[State], None] | None = None, *,
                 over: str = "over", max_steps: int = 200_000) -> None:
        self.table: dict[str, Any] = {}
        self.after = after
        self.over = over
        self.max_steps = max_steps

    # -- the registry --------------------------------------------------------------------

    def register(self, cls: type) -> type:
        """Class decorator: ``@PROCS.register`` (the class sets ``name``)."""
        if cls.name in self.table:
            raise ValueError(f"procedure {cls.name!r} registered twice")
        self.table[cls.name] = cls()
        return cls

    def named(self, name: str) -> Callable[[type], type]:
        """Class decorator: ``@PROCS.named("name")`` sets the class's ``name`` and registers
        it (one instance)."""
        def wrap(cls: type) -> type:
            cls.name = name
            return self.register(cls)
        return wrap

    def __getitem__(self, name: str) -> Any:
        return self.table[name]

    def __contains__(self, name: object) -> bool:
        return name in self.table

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)

    # -- the stack -----------------------------------------------------------------------

    @staticmethod
    def push(st: State, name: str, **data: Any) -> Frame:
        frame = {"proc": name, **data}
        st.setdefault("stack", []).append(frame)
        return frame

    @staticmethod
    def pop(st: State, frame: Frame | None = None) -> Frame:
        """Take the top frame off the stack, or ``frame`` itself wherever it lies."""
        stack = st["stack"]
        if frame is None:
            return stack.pop()
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is frame:
                del stack[i]
                return frame
        raise RuntimeError(f"frame {frame.get('proc')} not on the stack")

    @staticmethod
    def top(st: State) -> Frame | None:
        stack = st.get("stack")
        return stack[-1] if stack else None

    @staticmethod
    def due(st: State) -> tuple[Frame, bool]:
        """(frame, from_queue) of the step now due: the first out-of-turn question of
        ``state["queue"]``, else the top of the stack."""
        queue = st.get("queue")
        if queue:
            return queue[0], True
        stack = st.get("stack")
        if not stack:
            raise RuntimeError("empty procedure stack")
        return stack[-1], False

    # -- auto first ----------------------------------------------------------------------

    def current(self, st: State) -> tuple[Proc, Frame] | None:
        """The step being played and its frame; None when nothing is pending or the game is
        over. A game that keeps its frames in keys of its own overrides this (Athens and
        Sparta: ``rules/athens_sparta/sequence.py``)."""
        fr = self.top(st)
        if fr is None or st.get(self.over):
            return None
        return self.table[fr["proc"]], fr

    def advance(self, st: State) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        for _ in range(self.max_steps):
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

    def apply(self, st: State, cid: str, prompt: Prompt | None = None) -> None:
        """Answer the decision pending with ``cid`` and run on to the next one.

        The one legality check of an auto-first game: ``prompt`` is the pending prompt when
        the caller already has it and has found ``cid`` among its choices (:meth:`Game.apply`
        and ``apply_in_place`` do, before they copy or change anything), and it is not
        computed or searched again; without it, a ``cid`` the step's prompt does not offer
        raises ``IllegalChoice`` (naming the choice and the prompt) before anything changes.
        A step's ``answer`` therefore receives only a choice its prompt offers."""
        cur = self.current(st)
        if cur is None:
            raise IllegalChoice("the game is over")
        step, frame = cur
        if prompt is None:
            step.prompt(st, frame).choice(cid)
        step.answer(st, frame, cid)
        self.advance(st)

    # -- ask first -----------------------------------------------------------------------

    def asked(self, data: Any, st: State) -> tuple[Frame, bool, Prompt | None]:
        """(frame, from_queue, prompt) of the step now due; prompt None = automatic step."""
        frame, queued = self.due(st)
        return frame, queued, self.table[frame["proc"]].prompt(data, st, frame)

    def drive(self, data: Any, st: State,
              before: Callable[[Any, State], None] | None = None,
              left_queue: Callable[[State], None] | None = None,
              forced: Callable[[Any, State, Prompt], str | None] | None = None,
              ) -> Prompt | None:
        """Run automatic steps until a player must decide (return that prompt) or the game
        is over (return None). ``before(data, st)`` runs ahead of every step;
        ``left_queue(st)`` after a question leaves the queue; ``forced(data, st, prompt)``
        names the choice a decision takes by itself (Mare Nostrum's ruling R-8e: a prompt
        with nothing else to choose), applied as the step's answer, or None: ask."""
        over, table = self.over, self.table
        for _ in range(self.max_steps):
            if st.get(over):
                return None
            if before is not None:
                before(data, st)
                if st.get(over):
                    return None
            frame, queued = self.due(st)
            step = table[frame["proc"]]
            prompt = step.prompt(data, st, frame)
            if prompt is not None:
                if not prompt.choices:
                    raise RuntimeError(f"prompt without choices: {prompt.text}")
                if forced is not None:
                    only = forced(data, st, prompt)
                    if only is not None:
                        if queued:
                            st["queue"].pop(0)
                            if left_queue is not None:
                                left_queue(st)
                        step.apply(data, st, frame, only)
                        continue
                return prompt
            if queued:      # an out-of-turn question that lapsed: nothing left to ask
                st["queue"].pop(0)
                if left_queue is not None:
                    left_queue(st)
                continue
            step.run(data, st, frame)
        raise RuntimeError("automatic steps did not settle")

    def choose(self, data: Any, st: State, choice: str, prompt: Prompt | None = None,
               before: Callable[[Any, State], None] | None = None,
               left_queue: Callable[[State], None] | None = None,
               forced: Callable[[Any, State, Prompt], str | None] | None = None,
               ) -> Prompt | None:
        """Apply ``choice`` to the step now due and drive on; the next prompt (None: game
        over). ``prompt`` is the due prompt when the caller already has it and has found
        ``choice`` among its choices; without it, an illegal ``choice`` raises
        ``IllegalChoice``."""
        if prompt is None:
            frame, queued, prompt = self.asked(data, st)
            if prompt is None:
                raise IllegalChoice("no decision is due")
            prompt.choice(choice)
        else:
            frame, queued = self.due(st)
        if queued:          # a handler that must ask again re-inserts its frame at the front
            st["queue"].pop(0)
            if left_queue is not None:
                left_queue(st)
        self.table[frame["proc"]].apply(data, st, frame, choice)
        return self.drive(data, st, before, left_queue, forced)
