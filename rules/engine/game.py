"""The seam every game offers: scenarios, new_game, prompt, apply, view, result.

A game is a :class:`Game` subclass. State is a plain JSON-able ``dict``; the engine owns
a few top-level keys (see :mod:`rules.engine.state`), the game owns the rest. ``apply``
receives a deep copy it may mutate and returns it, so callers keep the old state for undo.

Out-of-turn decisions (reactions, interceptions, bids) are prompts addressed to another
seat: a game pushes them on ``state["queue"]`` with :func:`rules.engine.state.ask` and its
``prompt`` serves the queue first (the default :meth:`Game.prompt` does this for games that
use procedures).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, NamedTuple

from .plain import copy_state
from .rng import randbelow, seed_state

State = dict[str, Any]


class IllegalChoice(ValueError):
    """The engine refuses a choice that the current prompt does not offer."""


@dataclass(frozen=True)
class Scenario:
    """What the New Game menu lists."""

    id: str
    title: str
    year: str
    seats: tuple[str, ...]
    blurb: str = ""
    lengths: tuple[str, ...] = ()        # values of the ``turns`` option, if the game has it
    recommended: tuple[str, ...] = ()    # the lengths the rules recommend, when others are offered
    min_seats: int = 0                    # 0 = all of ``seats`` must be filled
    options: tuple[Option, ...] = ()     # scenario-specific New Game options
    playable: bool = True                 # False: set-up shown, play not implemented yet

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["seats"] = list(self.seats)
        out["lengths"] = list(self.lengths)
        out["recommended"] = list(self.recommended)
        out["options"] = [o.as_dict() for o in self.options]
        return out


@dataclass(frozen=True)
class Option:
    """A New Game switch or choice; ``choices`` empty means a yes/no switch."""

    key: str
    label: str
    default: str = "no"
    choices: tuple[str, ...] = ()
    help: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Choice(NamedTuple):
    """One legal answer to a prompt. ``id`` is stable so a list of ids replays a game.

    A named tuple: immutable once the prompt is made, and cheap to build (a prompt may
    offer dozens; docs/PERFORMANCE.md, "Rules throughput")."""

    id: str
    label: str
    target: str | None = None           # a map element to highlight/click (space, hex, place id)
    detail: str = ""                    # tooltip / longer text
    group: str = ""                     # optional heading for grouped lists


@dataclass
class Prompt:
    """Who must decide now, what to tell them, and the legal choices.

    ``kind`` tells the GUI which dialog fits: ``choose``, ``choose-space``, ``choose-card``,
    ``battle``, ``siege``, ``bid``, ``allocate-losses``, ``yes-no``, ``number``, ``confirm``.
    ``context`` carries what that dialog shows (battle sides, modifiers, dice ...), plain data.
    """

    seat: str
    text: str
    choices: list[Choice]
    kind: str = "choose"
    rule: str = ""
    context: dict[str, Any] = field(default_factory=dict)

    def choice(self, choice_id: str) -> Choice:
        for c in self.choices:
            if c.id == choice_id:
                return c
        raise IllegalChoice(f"'{choice_id}' is not a legal choice now ({self.text})")


@dataclass
class Result:
    """How a game ended. ``winners`` empty means a draw."""

    winners: list[str]
    reason: str
    scores: dict[str, float] = field(default_factory=dict)
    level: str = ""                      # e.g. "Major Victory" where a game grades wins

    def as_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": dict(self.scores), "level": self.level}


def recorded_result(state: dict[str, Any]) -> Result | None:
    """The end a game wrote into ``state["over"]`` (``winners``, ``reason``, ``scores``) as a
    :class:`Result`; None while the game runs."""
    over = state.get("over")
    if not over:
        return None
    return Result(list(over["winners"]), over["reason"],
                  {k: float(v) for k, v in over["scores"].items()})


class Game:
    """Base class of a game module. Subclasses set ``id``/``title`` and implement the hooks."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    hidden_information: ClassVar[bool] = False   # True => hot-seat curtain between humans
    map_kind: ClassVar[str] = ""                 # "areas", "hexes" or "points" (GUI scene)
    #: how many decisions a search playout runs before :meth:`evaluate` scores it
    search_horizon: ClassVar[int] = 30

    # --- what the menus list -------------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        raise NotImplementedError

    def scenario(self, scenario_id: str) -> Scenario:
        for s in self.scenarios():
            if s.id == scenario_id:
                return s
        known = ", ".join(s.id for s in self.scenarios())
        raise KeyError(f"{self.id} has no scenario '{scenario_id}' (known: {known})")

    def options(self) -> list[Option]:
        """Game-wide New Game options (optional rules, rulings)."""
        return []

    def seats_for(self, scenario: Scenario, options: dict[str, str]) -> tuple[str, ...]:
        """The seats a game of ``scenario`` has with ``options`` (an option may leave a
        seat to the rules, e.g. Hubris ``players=2``); by default the scenario's seats."""
        return scenario.seats

    # --- the seam --------------------------------------------------------------------------
    def new_game(self, scenario: str, seats: list[str], options: dict[str, str],
                 seed: int) -> State:
        raise NotImplementedError

    def prompt(self, state: State) -> Prompt | None:
        """The pending decision, or None when the game is over."""
        raise NotImplementedError

    def apply(self, state: State, choice_id: str) -> State:
        """Apply a legal choice to a copy of ``state`` and return the copy.

        The default checks legality against :meth:`prompt`, copies (:func:`.plain.copy_state`:
        a fast deep copy of plain data that shares the log's entries, which are never changed
        once written) and calls :meth:`do_apply` on the copy. Illegal choices raise
        :class:`IllegalChoice`.
        """
        prompt = self.prompt_offering(state, choice_id)
        new = copy_state(state)
        self.do_apply(new, prompt, choice_id)
        return new

    def prompt_offering(self, state: State, choice_id: str) -> Prompt:
        """The prompt due in ``state``, found to offer ``choice_id`` (the legality check of
        :meth:`apply`); :class:`IllegalChoice` if the game is over or it offers no such
        choice."""
        prompt = self.prompt(state)
        if prompt is None:
            raise IllegalChoice("the game is over")
        prompt.choice(choice_id)
        return prompt

    def apply_in_place(self, state: State, choice_id: str) -> State:
        """:meth:`apply` for a caller that gives ``state`` up (a headless game, a search
        playout): the rules may change ``state`` itself and return it, sparing the copy.
        Pass only a state nobody else holds (one :meth:`apply` or :meth:`apply_in_place` returned).
        An illegal choice raises :class:`IllegalChoice` before anything changes; any other
        error may leave ``state`` half-changed. The default copies, as :meth:`apply` does."""
        return self.apply(state, choice_id)

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        raise NotImplementedError

    def view(self, state: State, seat: str | None) -> State:
        """What ``seat`` may see (None: a spectator). Default: everything is open."""
        return state

    def shown_state(self, state: State) -> State:
        """The position a screen shows for ``state``: the state its prompt is found on.
        Default ``state`` itself; a game that finds the prompt on a prepared copy (automatic
        steps run first, as Hubris at the start of a game) returns that copy, so the screen
        shows the phase and pieces of the decision asked, not the set-up before it."""
        return state

    def result(self, state: State) -> Result | None:
        raise NotImplementedError

    def bot_weights(self, view: State, prompt: Prompt) -> list[float] | None:
        """The game's strategy for a ``bot`` seat: a weight >= 0 per choice of ``prompt``.

        ``view`` is what the seat may see. The bot picks at random in proportion to the
        weights (so a strategy can be sharp or merely leaning); None means uniform.
        """
        return None

    # --- for the search bot (rules/engine/search.py, docs/BOTS.md) ------------------------
    def determinize(self, view: State, seat: str, rng: dict[str, int]) -> State:
        """One full state that ``seat``, seeing ``view``, cannot tell from the real one,
        drawn with ``rng`` (:mod:`.rng`); never changes ``view``. Default, for a game whose
        only hidden part is the generator: ``view`` with a fresh generator, so the search
        does not know the dice to come. Games with hidden hands or decks fill them in."""
        return {**view, "rng": seed_state(randbelow(rng, 1 << 62))}

    def evaluate(self, state: State, seat: str) -> float:
        """How good ``state`` looks for ``seat``, in [0, 1] (0.5: even), where a playout is
        cut before the end. Default: no opinion."""
        return 0.5

    def evaluate_seats(self, state: State, seats: list[str]) -> dict[str, float]:
        """:meth:`evaluate` of each of ``seats`` (the search scores every seat at a playout's
        end). A game whose evaluation shares work between seats overrides it to do that
        work once; it must return what :meth:`evaluate` would, seat by seat."""
        return {s: self.evaluate(state, s) for s in seats}

    def search_prior_weights(self, view: State, prompt: Prompt) -> list[float] | None:
        """The weights the search seat's prior is drawn from (PUCT, docs/BOTS.md), and its
        "sure" shortcut, on what the deciding seat may see. Default: the ``bot`` strategy
        (:meth:`bot_weights`). A game overrides it to give the search a sharper prior while
        its ``bot`` seat (and the search's playouts) stay as they are."""
        return self.bot_weights(view, prompt)

    def playout_weights(self, state: State, prompt: Prompt) -> list[float] | None:
        """The weights a search playout draws ``prompt``'s choices with (None: uniform), on
        the simulated full ``state`` (already a guess at what is hidden). Default: the
        ``bot`` strategy on the deciding seat's view. A game overrides it for a cheaper or
        sharper playout policy that leaves its ``bot`` seat as it is."""
        return self.bot_weights(self.view(state, prompt.seat), prompt)

    def in_opening(self, state: State) -> bool:
        """True while the pending decision belongs to the set-up before the pieces are on the
        map (a deal of generals ...); ``hegemon screenshot`` lets seeded bots make these so
        that its picture shows the pieces. Default: no such decisions."""
        return False

    # --- checks ---------------------------------------------------------------------------
    def invariants(self, state: State) -> list[str]:
        """Broken invariants of ``state`` (pieces conserved, money >= 0 ...); empty if sound."""
        return []

    def check_data(self) -> dict[str, int]:
        """Validate every data file of the game; counts of records by ``source:`` kind.

        Raises :class:`rules.engine.data.DataError` (file, line, key) on the first problem.
        """
        return {}

    # --- helpers for the GUI ---------------------------------------------------------------
    def status(self, state: State) -> list[tuple[str, str]]:
        """Rows for the status dock: (label, value)."""
        return []

    def describe(self, state: State, element: str) -> str:
        """Details of a map element (space, hex, card ...) for the info panel, with sources."""
        return element

    def names(self, state: State) -> dict[str, str]:
        """Every id the game's labels might mention (spaces, pieces, cards, seats), with the
        name a player reads on the map or card. ``tests/test_player_labels.py`` flags an id
        that shows where its name should; the default (no ids known) checks only the
        patterns that look like ids."""
        return {}
