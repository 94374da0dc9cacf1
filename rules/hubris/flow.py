"""The sequence of play's driver (3.0, shortened per scenario as in 12.3) on the engine's
procedure stack (:mod:`rules.engine.procs`, ask first).

``state["stack"]`` holds frames ``{"proc": name, ...}``; the top frame is the procedure now
running. ``state["queue"]`` holds out-of-turn decisions, served first. Each procedure class
registers itself with ``@proc("name")`` on :data:`PROCS` when its module is imported (the
modules are imported normally: :mod:`rules.hubris.play` imports every one of them) and offers
``prompt`` (None = nothing to ask, call ``run``), ``run`` (automatic progress) and ``apply``
(one choice). Before every step the rules' "as soon as" checks run (:data:`SETTLE`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from rules.engine.game import Prompt
from rules.engine.procs import Procedures, Step

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


#: the registered procedures of Hubris by name (the game ends when ``result`` is set)
PROCS = Procedures(over="result", max_steps=MAX_AUTO_STEPS)
#: class decorator: ``@proc("name")`` registers a procedure under ``name`` (one instance)
proc = PROCS.named
#: base for procedures that never ask
Auto = Step


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
               "rome_surrender.settle", "solitaire.settle", "victory.all_conquered",
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


push, pop, top, due_frame = (Procedures.push, Procedures.pop, Procedures.top,
                            Procedures.due)


def current(data: RulesData, state: State) -> tuple[dict[str, Any], bool, Prompt | None]:
    """(frame, from_queue, prompt) of the decision now due; prompt None = automatic step."""
    return PROCS.asked(data, state)


def _left_queue(state: State) -> None:
    """A question left the queue: the watched checks run again."""
    tables.wrote(state, "queue")


def _before() -> Callable[[RulesData, State], None]:
    """The hook run ahead of every step: the checks that apply in this game (:func:`applying`,
    found at the first step)."""
    checks: list[Check] = []
    found = False

    def before(data: RulesData, state: State) -> None:
        nonlocal checks, found
        if not found:
            checks, found = applying(state), True
        run_checks(data, state, checks)
    return before


def drive(data: RulesData, state: State) -> Prompt | None:
    """Run automatic steps until a player must decide (return that prompt) or the game is
    over (return None)."""
    if "stack" not in state:
        state["stack"] = []
        push(state, "game")
    prompt = PROCS.drive(data, state, _before(), _left_queue)
    if prompt is None:
        tables.wrote(state, "result")   # a finished game: nothing is left to check
    return prompt


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


def apply_choice(data: RulesData, state: State, choice: str,
                 prompt: Prompt | None = None) -> Prompt | None:
    """Apply ``choice`` and drive on; returns the next prompt (None: game over).

    ``prompt`` is the due prompt when the caller already has it (computed on this state or
    an identical one) and has found ``choice`` among its choices: it is not computed or
    searched again. Without it, an illegal ``choice`` raises ``IllegalChoice``.
    """
    prompt = PROCS.choose(data, state, choice, prompt, _before(), _left_queue)
    if prompt is None:
        tables.wrote(state, "result")   # a finished game: nothing is left to check
    return prompt
