"""The procedure stack and the sequence of play (3.0, shortened per scenario as in 12.3).

``state["stack"]`` holds frames ``{"proc": name, ...}``; the top frame is the procedure now
running. ``state["queue"]`` (engine) holds out-of-turn decisions, served first. Each proc
(registered with :func:`proc`) offers ``prompt`` (None = nothing to ask, call ``run``),
``run`` (automatic progress) and ``apply`` (one choice).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from rules.engine.game import Prompt

from . import tables
from .rulesdata import RulesData
from .tables import APPLYING, SETTLED

State = dict[str, Any]
MAX_AUTO_STEPS = 10_000


class Proc(Protocol):
    def prompt(self, data: RulesData, state: State, frame: dict[str, Any]) -> Prompt | None: ...
    def run(self, data: RulesData, state: State, frame: dict[str, Any]) -> None: ...
    def apply(self, data: RulesData, state: State, frame: dict[str, Any],
              choice: str) -> None: ...


#: procedure name -> the module of this package that registers it: a module is imported the
#: first time one of its procedures is looked up (the first decision needs few of them, so
#: start-up imports few). tests/hubris checks this table against the modules.
PROC_MODULES: dict[str, str] = {
    "activation": "activation",
    "build-squadron": "admin_actions", "evergetism": "admin_actions",
    "raise-taxes": "admin_actions",
    "land-battle": "battles", "naval-battle": "battles",
    "show-card": "cards",
    "forestall": "rome", "rome-news": "rome", "rome-spoils": "rome", "surrender": "rome",
    "roman-activation": "roman_war", "roman-campaign": "roman_war",
    "free-passage": "roman_war",
    "temporary-capital": "capitals",
    "after-action": "defection",
    "envoy": "envoy",
    "lobby": "senate", "incite": "senate",
    "action-phase": "events", "decks": "events", "leader-bid": "events", "one-off": "events",
    "recurrent": "events",
    "event-ops": "event_effects", "event-choice": "event_effects",
    "campaign": "land_campaign", "give-battle": "land_campaign",
    "appoint-cm": "leaders", "emergency-appointment": "leaders",
    "return-replacement": "leaders",
    "naval": "naval_campaign",
    "mercenaries": "mercenaries", "merc-placement": "mercenaries",
    "kingdom-bid": "kingdom_bid",
    "peace-terms": "peace", "peace-answer": "peace", "winter-peace": "winter_peace",
    "np-action": "two_player", "np-naval": "two_player",
    "defence": "reactions", "emergency-strategos": "reactions", "intercept": "reactions",
    "interdict": "reactions",
    "sea-support": "reactions", "storm-losses": "reactions",
    "options": "sieges",
    "intrigues": "courts",
    "game": "turn", "placement": "turn", "winter": "turn",
    "solo-action": "solitaire", "solo-landing": "solitaire_landing", "solo-victory": "solitaire",
    "solo-ev39": "solitaire",
}


class _Procs(dict):
    """The registered procedures; looking up one not yet registered imports its module."""

    def __missing__(self, name: str) -> Any:
        module = PROC_MODULES.get(name)
        if module is None:
            raise KeyError(name)
        import_module(f"{__package__}.{module}")
        return dict.__getitem__(self, name)


PROCS: dict[str, Any] = _Procs()


@dataclass(frozen=True)
class Check:
    """A check run before every decision or automatic step (``SETTLE``). ``applies``, when
    given, tells whether the check can act at all in this game (the scenario's own rules,
    the Units it has: facts fixed at set-up); it is asked once per game (:func:`applying`).
    ``watched``: every change of what the check reads drops ``SETTLED`` (what it reads is
    named in ``tables.READS``: the Places, the Satrapies in play, the Kingdoms' records, the
    queue; the Rebel factions, and their Units and Leaders; the Minor Units and the Minors'
    Alliances), and so does every change it makes: run again on what it last ran on, it
    would do nothing, so :func:`drive` skips it while ``SETTLED`` is in the state."""

    run: Callable[[RulesData, State], None]
    applies: Callable[[State], bool] | None = None
    watched: bool = False

    def __call__(self, data: RulesData, state: State) -> None:
        self.run(data, state)


#: Checks run before every decision or automatic step: state changes the rules apply "as soon
#: as" they arise, e.g. a Rebel's elimination (2.9.3, :mod:`rules.hubris.rebels`); kept in
#: the order of :data:`CHECK_ORDER` by :func:`add_check`.
SETTLE: list[Check] = []
#: the order the checks run in (``module.function``), whatever order their modules were
#: imported in: one check may act on what another leaves, so the order is part of the rules
#: as played (the games, saves and digests recorded so far ran in this order)
CHECK_ORDER = ("solitaire.settle_eumenes",    # before the Minors move Eumenes off his Banner
               "capitals.settle", "courts.elite_swaps", "minors.settle", "rebels.settle",
               "rome.settle", "solitaire.settle", "victory.all_conquered",
               "two_player.settle")


def check_name(check: Check) -> str:
    """``module.function`` of a check, as :data:`CHECK_ORDER` names it."""
    return f"{check.run.__module__.rsplit('.', 1)[-1]}.{check.run.__name__}"


#: the registered checks by :func:`check_name`
CHECKS_BY_NAME: dict[str, Check] = {}


def add_check(check: Check) -> None:
    """Register a check before every step in its place of :data:`CHECK_ORDER`."""
    name = check_name(check)
    if name not in CHECK_ORDER:
        raise ValueError(f"check {name} has no place in flow.CHECK_ORDER")
    SETTLE.append(check)
    SETTLE.sort(key=lambda c: CHECK_ORDER.index(check_name(c)))
    CHECKS_BY_NAME[name] = check


def applying(state: State) -> list[Check]:
    """The checks of :data:`SETTLE` that apply in this game (``Check.applies``: facts fixed
    at set-up), asked once per game and named in the state under :data:`APPLYING`."""
    names = state.get(APPLYING)
    if names is None:
        names = state[APPLYING] = [check_name(c) for c in SETTLE
                                   if c.applies is None or c.applies(state)]
    return [CHECKS_BY_NAME[n] for n in names]


def proc(name: str):
    """Register a procedure class under ``name`` (instantiated once)."""
    def wrap(cls):
        PROCS[name] = cls()
        cls.name = name
        return cls
    return wrap


def push(state: State, name: str, **data: Any) -> dict[str, Any]:
    frame = {"proc": name, **data}
    state.setdefault("stack", []).append(frame)
    return frame


def pop(state: State, frame: dict[str, Any] | None = None) -> None:
    stack = state["stack"]
    if frame is None:
        stack.pop()
        return
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is frame:
            del stack[i]
            return
    raise RuntimeError(f"frame {frame.get('proc')} not on the stack")


def top(state: State) -> dict[str, Any] | None:
    stack = state.get("stack") or []
    return stack[-1] if stack else None


def current(data: RulesData, state: State) -> tuple[dict[str, Any], bool, Prompt | None]:
    """(frame, from_queue, prompt) of the decision now due; prompt None = automatic step."""
    frame, queued = due_frame(state)
    return frame, queued, PROCS[frame["proc"]].prompt(data, state, frame)


def drive(data: RulesData, state: State) -> Prompt | None:
    """Run automatic steps until a player must decide (return that prompt) or the game is
    over (return None)."""
    if "stack" not in state:
        state["stack"] = []
        push(state, "game")
    checks = applying(state)
    for _ in range(MAX_AUTO_STEPS):
        if state.get("result"):
            tables.wrote(state, "result")   # a finished game: nothing is left to check
            return None
        run_checks(data, state, checks)
        if state.get("result"):         # a check ended the game (9.2: no Kingdom left)
            tables.wrote(state, "result")
            return None
        frame, queued = due_frame(state)
        procedure = PROCS[frame["proc"]]
        prompt = procedure.prompt(data, state, frame)
        if prompt is not None:
            if not prompt.choices:
                raise RuntimeError(f"prompt without choices: {prompt.text}")
            return prompt
        if queued:      # an out-of-turn question that lapsed: nothing left to ask
            state["queue"].pop(0)
            tables.wrote(state, "queue")
            continue
        procedure.run(data, state, frame)
    raise RuntimeError("automatic steps did not settle")


def run_checks(data: RulesData, state: State, checks: list[Check]) -> None:
    """Run the checks before a step, in order; a watched one only when ``SETTLED`` does not
    say that nothing it reads changed since it last ran (then it would do nothing)."""
    settled = SETTLED in state
    if not settled:
        state[SETTLED] = True       # until a change of what the watched checks read
    for check in checks:
        if settled and check.watched and SETTLED in state:
            continue
        check.run(data, state)


def needs_drive(data: RulesData, state: State) -> bool:
    if state.get("result"):
        return False
    if not state.get("stack"):
        return True
    return current(data, state)[2] is None


def due_frame(state: State) -> tuple[dict[str, Any], bool]:
    """(frame, from_queue) of the decision now due: the first question of the queue, else
    the top of the stack."""
    queue = state.get("queue")
    if queue:
        return queue[0], True
    stack = state.get("stack")
    if not stack:
        raise RuntimeError("empty procedure stack")
    return stack[-1], False


def apply_choice(data: RulesData, state: State, choice: str,
                 prompt: Prompt | None = None) -> Prompt | None:
    """Apply ``choice`` and drive on; returns the next prompt (None: game over).

    ``prompt`` is the due prompt when the caller already has it (computed on this state or
    an identical one) and has found ``choice`` among its choices: it is not computed or
    searched again. Without it, an illegal ``choice`` raises ``IllegalChoice``.
    """
    if prompt is None:
        frame, queued, prompt = current(data, state)
        assert prompt is not None
        prompt.choice(choice)
    else:
        frame, queued = due_frame(state)
    if queued:          # a handler that must ask again re-inserts its frame at the front
        state["queue"].pop(0)
        tables.wrote(state, "queue")
    PROCS[frame["proc"]].apply(data, state, frame, choice)
    return drive(data, state)


class Auto:
    """Base for procs that never ask."""

    def prompt(self, data, state, frame):
        return None

    def apply(self, data, state, frame, choice):  # pragma: no cover - never asked
        raise RuntimeError(f"{frame['proc']} takes no choices")
