"""A game being played: state, seats and their controllers, choice list, undo/redo, saves.

Both the GUI and the headless runner drive games through a :class:`Session`; humans and bots
answer the same prompts.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import registry
from .bots import CONTROLLERS, make_bot
from .game import Game, IllegalChoice, Prompt, Result, State
from .saves import FORMAT, VERSION, SaveError, read_save, write_json_atomic
from .state import state_hash

#: how many decisions undo remembers (undo also stops at commit points)
UNDO_DEPTH = 200


@dataclass
class _Step:
    before: State
    choice: str
    seat: str
    committed: bool      # a die roll, draw or reveal happened while applying it


class Session:
    """One game in progress. See DESIGN.md "State, randomness, saves, undo"."""

    def __init__(self, game: Game, state: State, controllers: dict[str, str]):
        for seat, kind in controllers.items():
            if kind not in CONTROLLERS:
                raise ValueError(f"seat {seat}: unknown controller '{kind}' "
                                 f"(one of {', '.join(CONTROLLERS)})")
        self.game = game
        self.state = state
        self.controllers = dict(controllers)
        self.choices: list[str] = []
        self.autosave_path: Path | None = None
        self.curtain = game.hidden_information
        self._history: list[_Step] = []
        self._redo: list[str] = []
        self._prompt: Prompt | None = None
        self._prompt_for: State | None = None     # the state object the cached prompt is for

    # --- creation ----------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, scenario: str, controllers: dict[str, str],
            options: dict[str, str] | None = None, seed: int | None = None) -> Session:
        game = registry.get(game_id)
        info = game.scenario(scenario)
        unknown = set(controllers) - set(info.seats)
        if unknown:
            raise ValueError(f"{scenario} has no seat(s) {', '.join(sorted(unknown))} "
                             f"(seats: {', '.join(info.seats)})")
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        seats = [s for s in info.seats if s in controllers]
        state = game.new_game(scenario, seats, dict(options or {}), seed)
        return cls(game, state, {s: controllers[s] for s in seats})

    # --- the seam ----------------------------------------------------------------------
    def prompt(self) -> Prompt | None:
        if self._prompt_for is not self.state:   # identity, not id(): ids of freed states recur
            self._prompt = self.game.prompt(self.state)
            self._prompt_for = self.state
        return self._prompt

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def view(self, seat: str | None) -> State:
        return self.game.view(self.state, seat)

    def seat_to_move(self) -> str | None:
        p = self.prompt()
        return p.seat if p else None

    def choose(self, choice_id: str) -> None:
        """Apply a legal choice (IllegalChoice otherwise), record it, autosave."""
        self._apply(choice_id)
        self._redo.clear()
        self._autosave()

    def _apply(self, choice_id: str) -> None:
        prompt = self.prompt()
        if prompt is None:
            raise IllegalChoice("the game is over")
        prompt.choice(choice_id)
        before = self.state
        self.state = self.game.apply(before, choice_id)
        self.choices.append(choice_id)
        committed = self.state.get("commit", 0) != before.get("commit", 0)
        self._history.append(_Step(before, choice_id, prompt.seat, committed))
        del self._history[:-UNDO_DEPTH]

    # --- bots --------------------------------------------------------------------------
    def is_bot_turn(self) -> bool:
        seat = self.seat_to_move()
        return seat is not None and self.controllers.get(seat, "human") != "human"

    def bot_step(self) -> str:
        """Let the bot whose turn it is make one decision; returns the choice id."""
        prompt = self.prompt()
        if prompt is None:
            raise IllegalChoice("the game is over")
        kind = self.controllers.get(prompt.seat, "human")
        if kind == "human":
            raise IllegalChoice(f"{prompt.seat} is played by a human")
        bot = make_bot(kind, self.state["meta"]["seed"], prompt.seat, self.game)
        choice = bot.choose(self.view(prompt.seat), prompt, len(self.choices))
        self.choose(choice)
        return choice

    # --- undo / redo -------------------------------------------------------------------
    def _undo_span(self) -> int:
        """How many trailing steps one undo removes (0: none).

        Trailing bot decisions are taken back together with the human decision before
        them. Undo stops at a commit point (roll, draw, reveal) and, while the curtain is
        on, at a hand-over: the human decision must be the seat now to move.
        """
        now = self.seat_to_move()
        span = 0
        for step in reversed(self._history):
            span += 1
            if step.committed:
                return 0
            if self.controllers.get(step.seat, "human") == "human":
                if self.curtain and now is not None and step.seat != now:
                    return 0
                return span
        return 0

    def can_undo(self) -> bool:
        return self._undo_span() > 0

    def undo(self) -> None:
        span = self._undo_span()
        if not span:
            raise IllegalChoice("nothing to undo back to (a die roll, card or hand-over)")
        for _ in range(span):
            step = self._history.pop()
            self.state = step.before
            self._redo.append(self.choices.pop())
        self._autosave()

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> None:
        """Re-apply undone choices up to and including the next human decision."""
        if not self._redo:
            raise IllegalChoice("nothing to redo")
        while self._redo:
            choice = self._redo.pop()
            seat = self.seat_to_move()
            self._apply(choice)
            if self.controllers.get(seat or "", "human") == "human":
                break
        self._autosave()

    # --- curtain -----------------------------------------------------------------------
    def needs_curtain(self, prev_seat: str | None, next_seat: str | None) -> bool:
        """A hand-over between two different human seats of a hidden-information game."""
        if not (self.curtain and self.game.hidden_information):
            return False
        if prev_seat is None or next_seat is None or prev_seat == next_seat:
            return False
        human = [s for s, k in self.controllers.items() if k == "human"]
        return next_seat in human and len(human) > 1

    # --- saves -------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        meta = self.state["meta"]
        return {"format": FORMAT, "version": VERSION, "game": meta["game"],
                "scenario": meta["scenario"], "options": dict(meta["options"]),
                "seats": dict(self.controllers), "seed": meta["seed"],
                "choices": list(self.choices), "hash": state_hash(self.state)}

    def save(self, path: str | Path) -> None:
        write_json_atomic(path, self.to_save())

    def _autosave(self) -> None:
        if self.autosave_path is not None:
            self.save(self.autosave_path)

    @classmethod
    def from_save(cls, data: dict[str, Any], name: str = "save") -> Session:
        """Replay a checked save record; SaveError names the first thing wrong."""
        try:
            game = registry.get(data["game"])
        except (KeyError, ImportError) as exc:
            raise SaveError(f"{name}: unknown game '{data['game']}'") from exc
        try:
            session = cls.new(data["game"], data["scenario"], data["seats"], data["options"],
                              data["seed"])
        except (KeyError, ValueError) as exc:
            raise SaveError(f"{name}: cannot set up {game.id}/{data['scenario']}: "
                            f"{exc.args[0] if exc.args else exc}") from None
        for n, choice in enumerate(data["choices"], 1):
            try:
                session._apply(choice)
            except IllegalChoice:
                raise SaveError(f"{name}: choice {n} ('{choice[:40]}') is not legal there; "
                                "the file was edited or comes from other rules") from None
            except Exception as exc:  # a rules bug must not lose the player's file
                raise SaveError(f"{name}: replay failed at choice {n} ('{choice[:40]}'): "
                                f"{type(exc).__name__}: {exc}") from None
        if state_hash(session.state) != data["hash"]:
            raise SaveError(f"{name}: replay does not reach the saved position "
                            "(hash differs): edited file or changed rules")
        return session

    @classmethod
    def load(cls, path: str | Path) -> Session:
        data = read_save(path)
        return cls.from_save(data, Path(path).name)
