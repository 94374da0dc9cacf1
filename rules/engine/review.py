"""Reviewing a saved game: every position it went through, and the search's opinion of one
seat's decisions (the GUI's Review window, gui/review/; docs/BOTS.md "Analyse").

A save is a seed and a list of choices (docs/SAVES.md), so position ``k`` (after the first
``k`` choices) is rebuilt by replaying. :class:`Timeline` replays the game once, keeps a
snapshot every :data:`SNAPSHOT_EVERY` positions and replays from the nearest one on demand;
the states are its own (``Game.apply`` copies), nothing is cached on shared objects, and the
save record it was given is only read.

:func:`analyse` replays the game on its own (so it may run in a worker thread beside a
:class:`Timeline`) and, at each decision asked for, runs the ``search`` seat
(:class:`.search.SearchBot`) from what the deciding seat could see (``Game.view``; the
search determinizes the rest) to learn its preferred choice and the win chance of that
choice and of the one played.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from .game import Game, IllegalChoice, State
from .rng import seed_state
from .saves import SaveError
from .search import THINK, Budget, Node, SearchBot, can_search
from .session import Session
from .state import state_hash

#: a snapshot of the position every this many choices (replay at most this many to show one)
SNAPSHOT_EVERY = 32
#: a decision is marked when the search's preferred choice is worth this much more win
#: chance than the one played ("clearly more")
MARGIN = 0.10
#: the played choice is given at least this many search iterations of its own to be judged
MIN_VISITS = 12


@dataclass(frozen=True)
class Decision:
    """Choice number ``index + 1`` of the game: made at position ``index``."""

    index: int
    seat: str
    question: str          # the prompt's text
    choice: str            # the id played
    label: str             # its label
    options: int           # how many legal choices there were
    log_after: int         # the length of the log once it was applied
    target: str | None = None    # the map element the choice played names, if any


class Timeline:
    """Every position of a saved game. ``data`` is a save record (:func:`.saves.read_save`,
    or a session's fields): game, scenario, options, seats, seed, choices, hash."""

    def __init__(self, data: dict[str, Any], name: str = "save") -> None:
        self.data = data
        setup = Session._setup(data, name)
        self.game: Game = setup.game
        self.seats: list[str] = list(setup.state["meta"]["seats"])
        self.choices: list[str] = list(data["choices"])
        state = setup.state
        #: the log of the position the first decision is asked in (after a Hubris game's
        #: automatic start): its entries belong to position 0
        self.log_start = len(self.game.shown_state(state).get("log", []))
        self._snapshots: list[State] = [state]
        self.decisions: list[Decision] = []
        for n, choice in enumerate(self.choices, 1):
            prompt = self.game.prompt(state)
            try:
                if prompt is None:
                    raise IllegalChoice("the game is over")
                picked = prompt.choice(choice)
                state = self.game.apply(state, choice)
            except IllegalChoice:
                raise SaveError(f"{name}: choice {n} ('{choice[:40]}') is not legal there; "
                                "the file was edited or comes from other rules") from None
            self.decisions.append(Decision(n - 1, prompt.seat, prompt.text, choice,
                                           picked.label, len(prompt.choices),
                                           len(state.get("log", [])), picked.target))
            if n % SNAPSHOT_EVERY == 0:
                self._snapshots.append(state)
        if "hash" in data and state_hash(state) != data["hash"]:
            raise SaveError(f"{name}: the replay does not reach the saved position "
                            "(hash differs): edited file or changed rules")
        self.final = state
        self._log_ends = [d.log_after for d in self.decisions]

    def __len__(self) -> int:
        """The number of choices (positions run from 0 to this)."""
        return len(self.choices)

    def state_at(self, k: int) -> State:
        """The position after the first ``k`` choices (a state of this timeline's own: read
        it, do not change it)."""
        k = max(0, min(k, len(self.choices)))
        if k == len(self.choices):
            return self.final
        state = self._snapshots[k // SNAPSHOT_EVERY]
        for choice in self.choices[k // SNAPSHOT_EVERY * SNAPSHOT_EVERY:k]:
            state = self.game.apply(state, choice)
        return state

    def position_of_log_entry(self, i: int) -> int:
        """The position just after the choice that wrote log entry ``i`` (0-based; entries
        written at set-up give position 0)."""
        if i < self.log_start:
            return 0
        return min(bisect.bisect_right(self._log_ends, i) + 1, len(self.choices))

    def decisions_of(self, seat: str, start: int = 0) -> list[int]:
        """The indices of ``seat``'s decisions from position ``start`` on that had more than
        one legal choice (the ones worth analysing)."""
        return [d.index for d in self.decisions[start:] if d.seat == seat and d.options > 1]


@dataclass(frozen=True)
class Verdict:
    """The search's opinion of decision ``index`` (made by ``seat``): the win chance (0-1)
    of its preferred choice and of the one played, and every seat's win chance after the
    choice played, as ``seat`` could judge it (``chances[seat] == played_chance``)."""

    index: int
    seat: str
    played: str
    played_label: str
    best: str
    best_label: str
    played_chance: float
    best_chance: float
    chances: dict[str, float]
    iterations: int

    @property
    def loss(self) -> float:
        """How much win chance the played choice gave up against the preferred one."""
        return max(0.0, self.best_chance - self.played_chance)

    @property
    def marked(self) -> bool:
        """The preferred choice was worth clearly more (:data:`MARGIN`) than the one played."""
        return self.best != self.played and self.loss >= MARGIN


class Cancelled(Exception):
    """The analysis was cancelled (raised from inside a search)."""


class _Analyst(SearchBot):
    """The search seat, instrumented: every seat's summed reward over the iterations, and
    an optional choice the root is made to take (to judge the choice played)."""

    def __init__(self, seed: int, seat: str, game: Game, budget: Budget,
                 cancel: threading.Event | None) -> None:
        super().__init__(seed, seat, game, replace(budget, sure=2.0, seconds=None))
        self.cancel = cancel
        self.root: Node | None = None
        self.force: str | None = None
        #: per first choice at the root: every seat's summed reward, and how many iterations
        self.totals: dict[str, dict[str, float]] = {}
        self.counts: dict[str, int] = {}
        self._first: str | None = None
        self._last: dict[str, float] = {}

    def _iterate(self, root: Node, state: State, rng: dict[str, int]) -> int:
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled
        self._first = None
        steps = super()._iterate(root, state, rng)
        if self._first is not None:
            self.counts[self._first] = self.counts.get(self._first, 0) + 1
            totals = self.totals.setdefault(self._first, {})
            for seat, reward in self._last.items():
                totals[seat] = totals.get(seat, 0.0) + reward
        return steps

    def _rewards(self, state: State) -> dict[str, float]:
        self._last = super()._rewards(state)
        return self._last

    def _select(self, node, state, prompt, rng):
        if node is self.root and self.force is not None:
            child = node.children.get(self.force)
            fresh = child is None
            if fresh:
                child = node.children[self.force] = Node()
            self._first = self.force
            return child, self.force, fresh
        picked = super()._select(node, state, prompt, rng)
        if node is self.root:
            self._first = picked[1]
        return picked


def judge(game: Game, state: State, played: str, index: int, seed: int,
          budget: Budget | None = None, cancel: threading.Event | None = None) -> Verdict:
    """The search's verdict on playing ``played`` at ``state`` (decision ``index``), worked
    out from the deciding seat's view only; ``state`` is not changed."""
    budget = budget or THINK["normal"]
    prompt = game.prompt(state)
    if prompt is None:
        raise IllegalChoice("the game is over")
    seat = prompt.seat
    labels = {c.id: c.label for c in prompt.choices}
    if played not in labels:
        raise IllegalChoice(f"'{played}' is not legal at decision {index + 1}")
    view = game.view(game.shown_state(state), seat)     # what the seat saw when asked
    bot = _Analyst(seed, seat, game, budget, cancel)
    rng = seed_state(seed * 1_000_003 + bot.salt * 7919 + index * 104_729 + 31)
    root = bot.root = Node()
    steps = iterations = 0
    while steps < budget.steps:
        steps += bot._iterate(root, game.determinize(view, seat, rng), rng)
        iterations += 1
    best = max((c.id for c in prompt.choices if c.id in root.children),
               key=lambda cid: (root.children[cid].visits, root.children[cid].reward),
               default=played)
    bot.force = played
    extra = 0
    while (played not in root.children or root.children[played].visits < MIN_VISITS) \
            and extra < budget.steps:
        try:
            extra += bot._iterate(root, game.determinize(view, seat, rng), rng)
        except IllegalChoice:      # a guess at the hidden part where it is not legal
            extra += 1
            continue
        iterations += 1

    def chance(cid: str) -> float:
        node = root.children.get(cid)
        return node.reward / node.visits if node and node.visits else 0.0

    counted = max(bot.counts.get(played, 0), 1)
    totals = bot.totals.get(played, {})
    seats = state["meta"]["seats"]
    return Verdict(index, seat, played, labels[played], best, labels.get(best, best),
                   chance(played), chance(best),
                   {s: totals.get(s, 0.0) / counted for s in seats}, iterations)


def can_analyse(game: Game) -> bool:
    """Whether the search can judge ``game``'s decisions honestly (it can draw what a seat
    does not see: :func:`.search.can_search`)."""
    return can_search(game)


def analyse(data: dict[str, Any], indices: Iterable[int], budget: Budget | None = None,
            cancel: threading.Event | None = None) -> Iterator[Verdict]:
    """The verdicts on decisions ``indices`` of the saved game ``data``, in order. Replays
    the game itself (thread-safe beside a :class:`Timeline`: no shared state); stops early,
    raising :class:`Cancelled`, once ``cancel`` is set."""
    wanted = sorted(set(indices))
    setup = Session._setup(data, "save")
    game, state = setup.game, setup.state
    seed = int(data["seed"])
    k = 0
    for index in wanted:
        while k < index:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            state = game.apply(state, data["choices"][k])
            k += 1
        yield judge(game, state, data["choices"][index], index, seed, budget, cancel)
