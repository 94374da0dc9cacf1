"""The sequence of play (ch.5) on the engine's procedure stack (``rules/engine/procs.py``).

A turn: income and the armistice tracks (6, 9.8), the turn order (7; the 17.6 draft), the
action cycle (8, 9), the victory check (15), fleet maintenance and supply (10), each a
:class:`~rules.engine.procs.Step` driven ask first with the game's :class:`.GameData`.

Mare Nostrum keeps no frames: the keys its saves have always held say which procedure is
due (``queue``: an armistice offer to answer; ``phase``: ``draft``, ``supply`` or
``actions``; ``action``: the action being played, else the Action Cycle Table's empire
chooses one), so :meth:`TurnSequence.due` reads them and every frame is the procedure's
name only. A decision with nothing else to choose is taken by itself (:func:`forced`,
ruling R-8e); revolutions end the game ahead of every step (:func:`revolutions`).
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Prompt
from rules.engine.procs import Frame, Procedures, Step

from . import (
    action_cycle,
    armistice,
    attack,
    build,
    develop,
    move,
    stability,
    supply,
    trade,
    turn_order,
)
from .action_cycle import LABELS, RULES
from .context import GameData, State, log, opt
from .income import collect_income
from .refresh import refresh
from .victory import check_revolutions, check_vp

#: the actions of ch.9 by the name the Action Cycle Table gives them
ACTION_MODULES: dict[str, Any] = {
    "move": move, "attack": attack, "build": build, "trade": trade, "stability": stability,
    "develop": develop, "armistice": armistice}


# ---- the turn's bookkeeping (ch.5) -----------------------------------------------------
def start_turn(g: GameData, state: State) -> None:
    """ch.5: income (and armistice tracks), turn order, a fresh action cycle."""
    state["turn"] += 1
    log(state, f"Turn {state['turn']} begins.", "5")
    refresh(g, state)
    collect_income(g, state)
    if state["turn"] > 1:
        armistice.advance_tracks(g, state)
    turn_order.determine(g, state)
    if state.get("draft"):
        state["phase"] = "draft"
    else:
        state["phase"] = "actions"
        action_cycle.new_cycle(g, state)


def after_action(g: GameData, state: State) -> None:
    """An action (or PASS) is over: the next empire, or the end of the cycle."""
    if action_cycle.finish_action(g, state):
        end_cycle(g, state)


def end_cycle(g: GameData, state: State) -> None:
    """ch.5: victory check, then fleet maintenance and supply (ruling R-5)."""
    state["action"] = None
    if not opt(state, "victory_after_upkeep") and check_vp(g, state):
        return
    supply.pay_maintenance(g, state)
    refresh(g, state)
    if check_revolutions(g, state):
        return
    state["phase"] = "supply"


# ---- the procedures --------------------------------------------------------------------
class AnswerArmistice(Step):
    """9.8: the empire offered an armistice accepts or refuses (out of turn)."""

    name = "answer-armistice"

    def prompt(self, data: GameData, st: State, fr: Frame) -> Prompt | None:
        return armistice.answer_prompt(data, st)

    def apply(self, data: GameData, st: State, fr: Frame, choice: str) -> None:
        armistice.answer_apply(data, st, choice)
        refresh(data, st)


class TurnOrderDraft(Step):
    """17.6: in the ch.7 ranking each empire picks its place; then the action cycle."""

    name = "turn-order-draft"

    def prompt(self, data: GameData, st: State, fr: Frame) -> Prompt | None:
        return turn_order.draft_prompt(data, st)

    def apply(self, data: GameData, st: State, fr: Frame, choice: str) -> None:
        turn_order.draft_apply(data, st, choice)
        if st["draft"] is None:
            st["phase"] = "actions"
            action_cycle.new_cycle(data, st)
        refresh(data, st)


class ChooseAction(Step):
    """ch.8: the empire whose turn it is puts its cube on the Action Cycle Table; an empire
    in revolution is passed over; with nobody left to act the cycle ends."""

    name = "choose-action"

    def prompt(self, data: GameData, st: State, fr: Frame) -> Prompt | None:
        who = action_cycle.current(st)
        if who is None or st["empires"][who]["revolted"]:
            return None
        return action_cycle.prompt(data, st)

    def run(self, data: GameData, st: State, fr: Frame) -> None:
        cyc = st["cycle"]
        if action_cycle.current(st) is None:
            end_cycle(data, st)
            return
        cyc["next"] = action_cycle._first_to_act(data, st, cyc["next"])
        if cyc["next"] < 0:
            end_cycle(data, st)

    def apply(self, data: GameData, st: State, fr: Frame, choice: str) -> None:
        action_cycle.choose(data, st, choice.split(":", 1)[1])
        if st["action"] is None:
            after_action(data, st)
        refresh(data, st)


class PlayAction(Step):
    """ch.9: the chosen action, played to its end (it stops if its empire fell)."""

    name = "play-action"

    def prompt(self, data: GameData, st: State, fr: Frame) -> Prompt | None:
        act = st["action"]
        if st["empires"][act["seat"]]["revolted"]:
            return None
        return ACTION_MODULES[act["kind"]].prompt(data, st)

    def run(self, data: GameData, st: State, fr: Frame) -> None:
        st["action"] = None
        after_action(data, st)

    def apply(self, data: GameData, st: State, fr: Frame, choice: str) -> None:
        # the action modules change the board; derived values follow here, once
        ACTION_MODULES[st["action"]["kind"]].apply(data, st, choice)
        refresh(data, st)
        if st["action"] is None:
            after_action(data, st)


class Supply(Step):
    """ch.10 (after the victory check of ch.15): an empire over its supply disbands
    legions; then (ruling switch: the victory check) the next turn begins."""

    name = "supply"

    def prompt(self, data: GameData, st: State, fr: Frame) -> Prompt | None:
        return supply.prompt(data, st) if supply.over_supply(st) else None

    def run(self, data: GameData, st: State, fr: Frame) -> None:
        if opt(st, "victory_after_upkeep") and check_vp(data, st):
            return
        start_turn(data, st)

    def apply(self, data: GameData, st: State, fr: Frame, choice: str) -> None:
        supply.apply(data, st, choice)
        refresh(data, st)


class TurnSequence(Procedures):
    """The procedures of a turn, the one due read from the state's own keys."""

    def due(self, st: State) -> tuple[Frame, bool]:  # type: ignore[override]
        if st["queue"]:
            return ANSWER, False        # answered (and dequeued) by armistice.answer_apply
        phase = st["phase"]
        if phase == "draft":
            return DRAFT, False
        if phase == "supply":
            return SUPPLY, False
        return (CHOOSE, False) if st["action"] is None else (PLAY, False)


#: a turn's procedures in the order of ch.5 (income and the turn order open it in
#: :func:`start_turn`; the victory check and maintenance close the cycle in :func:`end_cycle`)
TURN = (TurnOrderDraft, ChooseAction, PlayAction, Supply)
#: out of turn, ahead of them: an armistice offer waiting for its answer (9.8)
OUT_OF_TURN = (AnswerArmistice,)

SEQUENCE = TurnSequence(over="result", max_steps=1000)
for _step in (*TURN, *OUT_OF_TURN):
    SEQUENCE.register(_step)
#: the frames: a procedure's name (its data lives in the state's keys)
ANSWER, DRAFT, CHOOSE, PLAY, SUPPLY = ({"proc": p.name} for p in (
    AnswerArmistice, TurnOrderDraft, ChooseAction, PlayAction, Supply))


def revolutions(data: GameData, st: State) -> None:
    """Ahead of every step: the last empire standing wins at once (15)."""
    check_revolutions(data, st)


def forced(data: GameData, st: State, prompt: Prompt) -> str | None:
    """The only choice of a decision that needs none (ruling R-8e): an action with nothing
    left to do but "done", a single legion to disband, PASS alone."""
    if len(prompt.choices) != 1 or st["queue"]:
        return None
    only = prompt.choices[0].id
    act = st["action"]
    if act is not None and st["phase"] == "actions" and only == "done":
        log(st, f"{act['seat'].capitalize()} has nothing (more) to do: "
            f"{LABELS[act['kind']]} ends.", RULES[act["kind"]], seat=act["seat"])
        return only
    if st["phase"] in ("supply", "actions") and act is None:
        return only
    return None


def drive(g: GameData, state: State) -> Prompt | None:
    """Run automatic steps until someone must decide (that prompt) or the game is over."""
    return SEQUENCE.drive(g, state, revolutions, None, forced)


def choose(g: GameData, state: State, choice: str, prompt: Prompt) -> Prompt | None:
    """Apply ``choice`` (found among ``prompt``'s choices) to the step due, drive on."""
    return SEQUENCE.choose(g, state, choice, prompt, revolutions, None, forced)


def prompt_of(g: GameData, state: State) -> Prompt | None:
    """The decision due in a state at rest (None: the game is over)."""
    if state.get("result"):
        return None
    return SEQUENCE.asked(g, state)[2]
