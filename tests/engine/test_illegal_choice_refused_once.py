"""The auto-first procedure driver (``Procedures.apply``) refuses a choice its pending prompt
does not offer, once, before anything changes, and takes the prompt the Game seam has already
checked instead of working it out again. The games on it (Successors, Athens and Sparta, The
Sword of Rome: tests/sword_of_rome/test_illegal_choice_guard.py) refuse an illegal choice by
every way in: the driver, ``Game.apply`` and ``Game.apply_in_place``."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import registry
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Proc, Procedures
from rules.engine.state import state_hash
from tests.steps_reached import STEPS, steps_module, steps_reached


def _toy() -> tuple[Procedures, dict[str, int]]:
    """One step offering ``a`` and ``b``; counts its prompts and answers."""
    procs, calls = Procedures(), {"prompt": 0, "answer": 0}

    @procs.named("pick")
    class Pick(Proc):
        def prompt(self, st: dict, fr: dict) -> Prompt:
            calls["prompt"] += 1
            return Prompt("me", "pick a letter", [Choice("a", "A"), Choice("b", "B")])

        def answer(self, st: dict, fr: dict, cid: str) -> None:
            calls["answer"] += 1
            st["picked"] = cid

    return procs, calls


def test_the_driver_refuses_a_choice_not_offered_before_the_step_sees_it():
    procs, calls = _toy()
    st: dict[str, Any] = {"stack": [{"proc": "pick"}]}
    with pytest.raises(IllegalChoice, match=r"'c' is not a legal choice now \(pick a letter\)"):
        procs.apply(st, "c")
    assert calls == {"prompt": 1, "answer": 0} and st == {"stack": [{"proc": "pick"}]}


def test_the_driver_checks_once_and_trusts_a_prompt_already_checked():
    procs, calls = _toy()
    st: dict[str, Any] = {"stack": [{"proc": "pick"}]}
    procs.apply(st, "a")
    assert calls == {"prompt": 1, "answer": 1} and st["picked"] == "a"
    prompt = procs.prompt(st)
    prompt.choice("b")                      # the caller's own check (Game.apply does this)
    procs.apply(st, "b", prompt)
    assert calls == {"prompt": 2, "answer": 2} and st["picked"] == "b"


def test_a_game_over_refuses_every_choice():
    procs, _ = _toy()
    with pytest.raises(IllegalChoice, match="the game is over"):
        procs.apply({"stack": [{"proc": "pick"}], "over": {"winners": []}}, "a")


# --- the games on the auto-first driver ----------------------------------------------------

def _send(game_id: str, st: dict[str, Any], cid: str, way: str) -> None:
    game = registry.get(game_id)
    if way == "driver":
        steps_module(game_id).apply_choice(st, cid)
    elif way == "apply":
        game.apply(st, cid)
    else:
        game.apply_in_place(st, cid)


@pytest.mark.parametrize("way", ["driver", "apply", "apply_in_place"])
@pytest.mark.parametrize("game_id", sorted(STEPS))
def test_every_way_in_refuses_an_illegal_choice_with_nothing_changed(game_id, way):
    scenario = registry.get(game_id).scenarios()[0].id
    found = steps_reached(game_id, scenario, 3, 150)
    assert len(found) >= 4, sorted(found)
    for st in found.values():
        prompt = registry.get(game_id).prompt(st)
        offered = {c.id for c in prompt.choices}
        shaped = {f"{c.id.partition(':')[0]}:nowhere" for c in prompt.choices}
        for cid in sorted(({"no-such-choice", "yes", "no", "pass", "done"} | shaped) - offered):
            before = state_hash(st)
            with pytest.raises(IllegalChoice) as err:
                _send(game_id, st, cid, way)
            assert f"'{cid}'" in str(err.value) and prompt.text in str(err.value)
            assert state_hash(st) == before, f"{cid!r} by {way} changed the state"
