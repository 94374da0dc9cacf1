"""A game being played: state, seats and their controllers, choice list, undo/redo, saves.

Both the GUI and the headless runner drive games through a :class:`Session`; humans and bots
answer the same prompts.

Loading (docs/SAVES.md): ``Session.load(path)`` replays every choice and compares the hash
before it returns. ``Session.load(path, verify="background")`` opens a version-2 save on its
snapshot at once and leaves the replay to :meth:`Session.verify_for` /
:meth:`Session.verify_steps`, run in slices by the caller; until it has passed the session
cannot undo and does not write anything (autosave waits, ``save`` finishes the replay
first), and if it fails the session is read-only.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

from . import registry
from .bots import CONTROLLERS, Bot, is_controller, make_bot
from .game import Game, IllegalChoice, Prompt, Result, State
from .saves import (
    FORMAT,
    VERSION,
    WRITES,
    SaveError,
    check_sum,
    encode_save,
    read_save,
    write_text_atomic,
)
from .state import canonical, state_hash

#: how many decisions undo remembers (undo also stops at commit points)
UNDO_DEPTH = 200


class _Step:
    """One applied choice, for undo/redo."""

    __slots__ = ("before", "choice", "seat", "committed")

    def __init__(self, before: State, choice: str, seat: str, committed: bool) -> None:
        self.before, self.choice, self.seat = before, choice, seat
        self.committed = committed    # a die roll, draw or reveal happened while applying it


class Session:
    """One game in progress. See docs/ARCHITECTURE.md "State, randomness, undo", docs/SAVES.md."""

    def __init__(self, game: Game, state: State, controllers: dict[str, str], *,
                 undo: bool = True):
        for seat, kind in controllers.items():
            if not is_controller(kind):
                raise ValueError(f"seat {seat}: unknown controller '{kind}' "
                                 f"(one of {', '.join(CONTROLLERS)})")
        self.game = game
        self.state = state
        self.controllers = dict(controllers)
        self.choices: list[str] = []
        self.autosave_path: Path | None = None
        #: the autosave is written in the background (``saves.WRITES``: the GUI, so that a
        #: click does not wait for the disk); each is on disk before the next choice applies
        self.autosave_behind = False
        self.curtain = game.hidden_information
        self._history: list[_Step] = []
        self._redo: list[str] = []
        #: why the loaded save failed verification (the session is then read-only)
        self.verify_error: str | None = None
        self._verifier: Iterator[tuple[int, int]] | None = None
        self._progress = (0, 0)
        self._autosave_due = False                 # a choice was made while verifying
        #: False for a headless game nobody takes back (``hegemon play``, fuzzing): each
        #: choice then changes the state in place (:meth:`Game.apply_in_place`), no copy, no undo
        self.keeps_undo = undo
        self._bots: dict[tuple[str, str], Bot] = {}     # (seat, kind) -> its bot

    # --- creation ----------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, scenario: str, controllers: dict[str, str],
            options: dict[str, str] | None = None, seed: int | None = None, *,
            undo: bool = True) -> Session:
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
        return cls(game, state, {s: controllers[s] for s in seats}, undo=undo)

    # --- the seam ----------------------------------------------------------------------
    def prompt(self) -> Prompt | None:
        """The decision due now, asked of the game each time: no memo on the session (a
        repeated call costs well under a millisecond in every game; Hubris and Mare Nostrum
        keep theirs in the state, docs/ARCHITECTURE.md "The cache contract")."""
        return self.game.prompt(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def view(self, seat: str | None) -> State:
        return self.game.view(self.state, seat)

    def shown_view(self, seat: str | None) -> State:
        """What a screen shows ``seat`` and what a bot reads: :meth:`view` of the position
        the prompt is asked in (:meth:`Game.shown_state`). Before a Hubris game's automatic
        start (its first Event drawn) :meth:`view` is of the set-up, which does not yet hold
        what the prompt shows; a search drawing the hidden part from it would draw again
        what is already drawn."""
        return self.game.view(self.game.shown_state(self.state), seat)

    def seat_to_move(self) -> str | None:
        p = self.prompt()
        return p.seat if p else None

    def choose(self, choice_id: str) -> None:
        """Apply a legal choice (IllegalChoice otherwise), record it, autosave."""
        self._apply(choice_id)
        self._redo.clear()
        self._autosave()

    def _apply(self, choice_id: str) -> None:
        if self.autosave_behind:
            WRITES.done()                  # the last choice is on disk before this one
        if self.verify_error is not None:
            raise IllegalChoice("this game is read-only: its save did not verify")
        prompt = self.prompt()
        if prompt is None:
            raise IllegalChoice("the game is over")
        if not self.keeps_undo:
            self._apply_in_place(choice_id)
            return
        before = self.state
        self.state = self.game.apply(before, choice_id)
        self.choices.append(choice_id)
        committed = self.state.get("commit", 0) != before.get("commit", 0)
        self._history.append(_Step(before, choice_id, prompt.seat, committed))
        del self._history[:-UNDO_DEPTH]

    def _apply_in_place(self, choice_id: str) -> None:
        """Apply a legal choice in place (a session without undo). Should the rules fail
        half-way, the state is rebuilt from the choices before this one, so the session
        still holds (and saves) the position the failing choice was made in."""
        try:
            self.state = self.game.apply_in_place(self.state, choice_id)
        except IllegalChoice:
            raise                          # refused before anything changed
        except Exception:
            self.state = self._replayed_state()
            raise
        self.choices.append(choice_id)

    def _replayed_state(self) -> State:
        """The state the recorded choices lead to, replayed from the set-up (copying)."""
        meta = self.state["meta"]
        replay = type(self).new(meta["game"], meta["scenario"], self.controllers,
                                meta["options"], meta["seed"])
        for choice in self.choices:
            replay._apply(choice)
        return replay.state

    # --- bots --------------------------------------------------------------------------
    def is_bot_turn(self) -> bool:
        if all(kind == "human" for kind in self.controllers.values()):
            return False            # no bot at the table: no need to work the prompt out
        return self.bot_answers(self.prompt())

    def bot_answers(self, prompt: Prompt | None) -> bool:
        """Whether a bot answers ``prompt`` (the decision due now, asked of :meth:`prompt`
        by a caller that holds it already: asking the game again costs as much again)."""
        return prompt is not None and self.controllers.get(prompt.seat, "human") != "human"

    def bot_step(self) -> str:
        """Let the bot whose turn it is make one decision; returns the choice id."""
        choice = self.bot_decision()()
        self.choose(choice)
        return choice

    def bot_step_info(self) -> dict[str, Any]:
        """:meth:`bot_step`, returning what the bot says of its search (``steps`` ...)."""
        bot, decide = self._decision()
        choice = decide()
        self.choose(choice)
        return dict(getattr(bot, "last", {}), choice=choice)

    def bot_decision(self) -> Callable[[], str]:
        """The decision of the bot whose turn it is, to be worked out later (the GUI runs it
        in a worker thread, then :meth:`choose`): what it reads is taken now, and working
        it out changes nothing."""
        return self._decision()[1]

    def _decision(self) -> tuple[Bot, Callable[[], str]]:
        bot = self._bot()
        prompt = self.prompt()
        view = self.shown_view(prompt.seat) if bot.reads_view else {}
        ply = len(self.choices)
        return bot, lambda: bot.choose(view, prompt, ply)

    def _bot(self) -> Bot:
        prompt = self.prompt()
        if prompt is None:
            raise IllegalChoice("the game is over")
        kind = self.controllers.get(prompt.seat, "human")
        if kind == "human":
            raise IllegalChoice(f"{prompt.seat} is played by a human")
        key = (prompt.seat, kind)
        bot = self._bots.get(key)
        if bot is None:          # bots are stateless between decisions: one per seat will do
            bot = self._bots[key] = make_bot(kind, self.state["meta"]["seed"], prompt.seat,
                                             self.game)
        return bot

    # --- undo / redo -------------------------------------------------------------------
    def _undo_span(self) -> int:
        """How many trailing steps one undo removes (0: none).

        Trailing bot decisions are taken back together with the human decision before
        them. Undo stops at a commit point (roll, draw, reveal) and, while the curtain is
        on, at a hand-over: the human decision must be the seat now to move.
        """
        if not self.verified:
            return 0          # the undo history comes with the verification replay
        span = 0
        for step in reversed(self._history):
            span += 1
            if step.committed:
                return 0
            if self.controllers.get(step.seat, "human") == "human":
                if self.curtain:            # behind the curtain: only the seat to move's
                    now = self.seat_to_move()
                    if now is not None and step.seat != now:
                        return 0
                return span
        return 0

    def can_undo(self) -> bool:
        return self._undo_span() > 0

    def undo(self) -> None:
        span = self._undo_span()
        if not span:
            if self._verifier is not None:
                raise IllegalChoice("undo is available once the save is verified")
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

    # --- saves ----------------------------------------------------------------------
    def _record(self, state_sha: str) -> dict[str, Any]:
        """The save's fields except ``state``, with their ``check``."""
        meta = self.state["meta"]
        record = {"format": FORMAT, "version": VERSION, "game": meta["game"],
                  "scenario": meta["scenario"], "options": dict(meta["options"]),
                  "seats": dict(self.controllers), "seed": meta["seed"],
                  "choices": list(self.choices), "hash": state_sha}
        record["check"] = check_sum(record)
        return record

    def to_save(self) -> dict[str, Any]:
        """The save record (its ``state`` is the live state: serialise, do not mutate)."""
        return {**self._record(state_hash(self.state)), "state": self.state}

    def save(self, path: str | Path) -> None:
        """Write the save atomically. A loaded game still being verified is verified first
        (SaveError if it fails): nothing is written from an unverified position."""
        text = self._save_text()
        WRITES.done()                      # after any write of the same file still going
        write_text_atomic(path, text)

    def _save_text(self) -> str:
        """The save file's text (a loaded game still being verified is verified first)."""
        if self._verifier is not None:
            self.verify_all()
        if self.verify_error is not None:
            raise SaveError(f"not saved: {self.verify_error}")
        state_json = canonical(self.state)
        record = self._record(hashlib.sha256(state_json).hexdigest())
        return encode_save(record, state_json)

    def _autosave(self) -> None:
        if self.autosave_path is None:
            return
        if not self.verified:
            self._autosave_due = self.verify_error is None   # written once verified
            return
        if self.autosave_behind:
            WRITES.write(self.autosave_path, self._save_text())
        else:
            self.save(self.autosave_path)

    # --- loading -----------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path, verify: str = "full") -> Session:
        """Load a save file; SaveError (one line) names the first thing wrong.

        ``verify="full"``: replay every choice now and compare the hash (any version).
        ``verify="background"``: a version-2 save opens on its snapshot after the check sum,
        hash and invariants pass; the replay is left to :meth:`verify_for`. A version-1
        save, or a snapshot that fails a sanity check, is replayed now as with "full".
        """
        if verify not in ("full", "background"):
            raise ValueError(f"verify is 'full' or 'background', not {verify!r}")
        data = read_save(path)
        name = Path(path).name
        if verify == "background" and "state" in data:
            session = cls._from_snapshot(data, name)
            if session is not None:
                return session
        return cls.from_save(data, name)

    @classmethod
    def _setup(cls, data: dict[str, Any], name: str) -> Session:
        """A new session at the save's start (no choice applied yet)."""
        try:
            game = registry.get(data["game"])
        except (KeyError, ImportError) as exc:
            raise SaveError(f"{name}: unknown game '{data['game']}'") from exc
        try:
            return cls.new(data["game"], data["scenario"], data["seats"], data["options"],
                           data["seed"])
        except (KeyError, ValueError) as exc:
            raise SaveError(f"{name}: cannot set up {game.id}/{data['scenario']}: "
                            f"{exc.args[0] if exc.args else exc}") from None

    def _replay_one(self, n: int, choice: str, name: str) -> None:
        try:
            self._apply(choice)
        except IllegalChoice:
            raise SaveError(f"{name}: choice {n} ('{choice[:40]}') is not legal there; "
                            "the file was edited or comes from other rules") from None
        except Exception as exc:  # a rules bug must not lose the player's file
            raise SaveError(f"{name}: replay failed at choice {n} ('{choice[:40]}'): "
                            f"{type(exc).__name__}: {exc}") from None

    @classmethod
    def from_save(cls, data: dict[str, Any], name: str = "save") -> Session:
        """Replay a checked save record; SaveError names the first thing wrong."""
        steps = cls._replaying(data, name)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    @classmethod
    def _replaying(cls, data: dict[str, Any], name: str
                   ) -> Generator[tuple[int, int], None, Session]:
        """Replay the save's choices on a fresh session, one a step, yielding (done, total);
        its value is the replayed session, once it reaches the saved hash. The one replay of
        a full load (:meth:`from_save`) and of a background verification. SaveError on the
        first thing wrong."""
        total = len(data["choices"])
        replay = cls._setup(data, name)
        yield 0, total
        for n, choice in enumerate(data["choices"], 1):
            replay._replay_one(n, choice, name)
            yield n, total
        if state_hash(replay.state) != data["hash"]:
            raise SaveError(f"{name}: replay of the {total} choices does not reach the saved "
                            "position (hash differs after the last choice): edited file or "
                            "changed rules")
        return replay

    @classmethod
    def _from_snapshot(cls, data: dict[str, Any], name: str) -> Session | None:
        """A session on the save's snapshot, still to be verified; None if the snapshot
        fails a sanity check (then the choice list alone decides, by full replay)."""
        try:
            game = registry.get(data["game"])
            game.scenario(data["scenario"])
        except (KeyError, ImportError):
            return None        # from_save gives the message
        state = data["state"]
        meta = state.get("meta")
        if not (isinstance(meta, dict) and meta.get("game") == data["game"]
                and meta.get("scenario") == data["scenario"]
                and meta.get("seed") == data["seed"] and meta.get("options") == data["options"]
                and isinstance(meta.get("seats"), list)
                and sorted(meta["seats"]) == sorted(data["seats"])):
            return None
        try:
            session = cls(game, state, data["seats"])
            if game.invariants(state):
                return None
            session.prompt()
            session.result()
        except Exception:  # noqa: BLE001 (a snapshot the rules cannot read: replay instead)
            return None
        session.choices = list(data["choices"])
        session._progress = (0, len(data["choices"]))
        session._verifier = session._verification(data, name)
        return session

    # --- verification of a snapshot-loaded session -------------------------------------
    @property
    def verified(self) -> bool:
        """True unless a background verification is running or has failed."""
        return self._verifier is None and self.verify_error is None

    @property
    def verifying(self) -> bool:
        return self._verifier is not None

    @property
    def verify_progress(self) -> tuple[int, int]:
        """(choices replayed, choices in the save) of the background verification."""
        return self._progress

    def _verification(self, data: dict[str, Any], name: str) -> Iterator[tuple[int, int]]:
        """The replay of :meth:`_replaying`, one choice a step, then the choices played on the
        snapshot meanwhile; the replay's undo history is taken over. SaveError on any
        failure."""
        total = len(data["choices"])
        replay = yield from type(self)._replaying(data, name)
        more = self.choices[total:]            # played on the snapshot while verifying
        for n, choice in enumerate(more, total + 1):
            replay._replay_one(n, choice, name)
        if more and state_hash(replay.state) != state_hash(self.state):
            raise SaveError(f"{name}: choices {total + 1}-{total + len(more)}, played while "
                            "verifying, lead elsewhere on the replayed game (a rules bug)")
        self._history = replay._history

    def verify_for(self, seconds: float) -> bool:
        """Run the background verification for about ``seconds``; True once it is over.

        SaveError if it fails (``verify_error`` is then set and the session read-only), or
        if the autosave of choices made meanwhile fails (``verify_error`` stays None).
        """
        if self._verifier is None:
            return True
        end = time.perf_counter() + seconds
        try:
            while True:
                self._progress = next(self._verifier)
                if time.perf_counter() >= end or self._progress[0] == self._progress[1]:
                    return False          # (the final hash compare gets a slice of its own)
        except StopIteration:
            pass
        except SaveError as exc:
            self._verifier = None
            self.verify_error = str(exc)
            raise
        except Exception as exc:  # noqa: BLE001 (never leave a half-verified session)
            self._verifier = None
            self.verify_error = f"verification failed: {type(exc).__name__}: {exc}"
            raise SaveError(self.verify_error) from None
        self._verifier = None
        if self._autosave_due:
            self._autosave_due = False
            self._autosave()
        return True

    def verify_all(self) -> None:
        """Finish the background verification now (SaveError if it fails)."""
        while not self.verify_for(float("inf")):
            pass

    def verify_steps(self) -> Iterator[tuple[int, int]]:
        """The background verification as a generator of (done, total), one choice a step."""
        while self._verifier is not None:
            if not self.verify_for(0.0):
                yield self._progress
