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

import copy
from typing import Any, ClassVar

from .plain import copy_state
from .record import FieldRecord

State = dict[str, Any]


class IllegalChoice(ValueError):
    """The engine refuses a choice that the current prompt does not offer."""


#: "not given": a fresh empty dict (a dataclass field's ``default_factory=dict``)
_FRESH: Any = object()


class _Record(FieldRecord):
    """What ``@dataclass`` would generate for these records, written once by hand: the
    dataclass code generation cost ~2.5 ms at every start. ``__init__`` takes the fields in
    ``_FIELDS`` order; ``==`` compares them (same class only), ``repr`` lists them; a frozen
    record is hashable by them and refuses assignment like a frozen dataclass."""

    _FROZEN: ClassVar[bool] = False

    def _set(self, values: dict[str, Any]) -> None:
        object.__getattribute__(self, "__dict__").update(values)


class _Frozen(_Record):
    _FROZEN = True

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, f) for f in self._FIELDS))

    def __setattr__(self, name: str, value: Any) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")


class Scenario(_Frozen):
    """What the New Game menu lists."""

    _FIELDS = ("id", "title", "year", "seats", "blurb", "lengths", "min_seats", "options",
               "playable")
    id: str
    title: str
    year: str
    seats: tuple[str, ...]
    blurb: str
    lengths: tuple[str, ...]        # values of the ``turns`` option, if the game has it
    min_seats: int                  # 0 = all of ``seats`` must be filled
    options: tuple[Option, ...]     # scenario-specific New Game options
    playable: bool                  # False: set-up shown, play not implemented yet

    def __init__(self, id: str, title: str, year: str, seats: tuple[str, ...],  # noqa: A002
                 blurb: str = "", lengths: tuple[str, ...] = (), min_seats: int = 0,
                 options: tuple[Option, ...] = (), playable: bool = True) -> None:
        self._set({"id": id, "title": title, "year": year, "seats": seats, "blurb": blurb,
                   "lengths": lengths, "min_seats": min_seats, "options": options,
                   "playable": playable})

    def as_dict(self) -> dict[str, Any]:
        out = {f: copy.deepcopy(getattr(self, f)) for f in self._FIELDS}
        out["seats"] = list(self.seats)
        out["lengths"] = list(self.lengths)
        out["options"] = [o.as_dict() for o in self.options]
        return out


class Option(_Frozen):
    """A New Game switch or choice; ``choices`` empty means a yes/no switch."""

    _FIELDS = ("key", "label", "default", "choices", "help")
    key: str
    label: str
    default: str
    choices: tuple[str, ...]
    help: str

    def __init__(self, key: str, label: str, default: str = "no",
                 choices: tuple[str, ...] = (), help: str = "") -> None:  # noqa: A002
        self._set({"key": key, "label": label, "default": default, "choices": choices,
                   "help": help})

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict (values deep-copied, as ``dataclasses.asdict`` gave)."""
        return {f: copy.deepcopy(getattr(self, f)) for f in self._FIELDS}


class Choice(_Frozen):
    """One legal answer to a prompt. ``id`` is stable so a list of ids replays a game."""

    _FIELDS = ("id", "label", "target", "detail", "group")
    id: str
    label: str
    target: str | None      # a map element to highlight/click (space, hex, place id)
    detail: str             # tooltip / longer text
    group: str              # optional heading for grouped lists

    def __init__(self, id: str, label: str, target: str | None = None,  # noqa: A002
                 detail: str = "", group: str = "") -> None:
        self._set({"id": id, "label": label, "target": target, "detail": detail,
                   "group": group})


class Prompt(_Record):
    """Who must decide now, what to tell them, and the legal choices.

    ``kind`` tells the GUI which dialog fits: ``choose``, ``choose-space``, ``choose-card``,
    ``battle``, ``siege``, ``bid``, ``allocate-losses``, ``yes-no``, ``number``, ``confirm``.
    ``context`` carries what that dialog shows (battle sides, modifiers, dice ...), plain data.
    """

    _FIELDS = ("seat", "text", "choices", "kind", "rule", "context")
    seat: str
    text: str
    choices: list[Choice]
    kind: str
    rule: str
    context: dict[str, Any]

    def __init__(self, seat: str, text: str, choices: list[Choice], kind: str = "choose",
                 rule: str = "", context: dict[str, Any] = _FRESH) -> None:
        self.seat = seat
        self.text = text
        self.choices = choices
        self.kind = kind
        self.rule = rule
        self.context = {} if context is _FRESH else context

    def choice(self, choice_id: str) -> Choice:
        for c in self.choices:
            if c.id == choice_id:
                return c
        raise IllegalChoice(f"'{choice_id}' is not a legal choice now ({self.text})")


class Result(_Record):
    """How a game ended. ``winners`` empty means a draw."""

    _FIELDS = ("winners", "reason", "scores", "level")
    winners: list[str]
    reason: str
    scores: dict[str, float]
    level: str              # e.g. "Major Victory" where a game grades wins

    def __init__(self, winners: list[str], reason: str, scores: dict[str, float] = _FRESH,
                 level: str = "") -> None:
        self.winners = winners
        self.reason = reason
        self.scores = {} if scores is _FRESH else scores
        self.level = level

    def as_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": dict(self.scores), "level": self.level}


class Game:
    """Base class of a game module. Subclasses set ``id``/``title`` and implement the hooks."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    hidden_information: ClassVar[bool] = False   # True => hot-seat curtain between humans
    map_kind: ClassVar[str] = ""                 # "areas", "hexes" or "points" (GUI scene)

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
        prompt = self.prompt(state)
        if prompt is None:
            raise IllegalChoice("the game is over")
        prompt.choice(choice_id)
        new = copy_state(state)
        self.do_apply(new, prompt, choice_id)
        return new

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        raise NotImplementedError

    def view(self, state: State, seat: str | None) -> State:
        """What ``seat`` may see (None: a spectator). Default: everything is open."""
        return state

    def result(self, state: State) -> Result | None:
        raise NotImplementedError

    def bot_weights(self, view: State, prompt: Prompt) -> list[float] | None:
        """The game's strategy for a ``bot`` seat: a weight >= 0 per choice of ``prompt``.

        ``view`` is what the seat may see. The bot picks at random in proportion to the
        weights (so a strategy can be sharp or merely leaning); None means uniform.
        """
        return None

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
