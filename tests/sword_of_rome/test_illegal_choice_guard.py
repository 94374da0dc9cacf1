"""An illegal choice is refused once, by the engine, before anything changes.

The steps of The Sword of Rome no longer check their own choice against their options: the
procedure driver (``Procedures.apply`` in rules/engine/procs.py) refuses any choice the pending
prompt does not offer, naming the choice and the prompt, and the Game seam (``apply``,
``apply_in_place``) hands it the prompt it has already checked, so the options of a decision
are worked out once, not twice. These tests reach many different steps by seeded play and
send each a choice it does not offer through every way in: the driver itself (what tests and
tools call), ``apply`` (the copying seam) and ``apply_in_place`` (``hegemon play``, a search
playout)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.game import IllegalChoice
from rules.engine.state import state_hash
from rules.sword_of_rome.model import PROCS, apply_choice, current_prompt
from tests.steps_reached import steps_reached

from .helpers import GAME, bare, choose, only_card, put, run

#: the steps the seeded play below must reach (each had a guard of its own before)
WANTED = {"active", "use", "dt_action", "dt_refresh", "dt_window", "break_cost", "alliance_answer",
          "renew", "defend", "avoid_to", "battle", "intercept", "refuse", "place", "support",
          "move", "npa", "first", "discard", "place_leader", "minor_adjust", "greek_upkeep",
          "reinforce_order", "respond", "attrition_pick"}


@pytest.fixture(scope="module")
def reached() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for scenario, seed in (("four-player", 1), ("five-player", 2), ("three-player", 3),
                           ("two-player", 9)):
        for name, st in steps_reached("sword-of-rome", scenario, seed, 400).items():
            found.setdefault(name, st)
    return found


def _not_offered(st: dict[str, Any]) -> list[str]:
    """Choice ids the pending prompt does not offer: nonsense, and ids shaped like its own
    (the same verb, another argument) or another step's."""
    offered = {c.id for c in current_prompt(st).choices}
    shaped = {f"{c.id.partition(':')[0]}:nowhere" for c in current_prompt(st).choices}
    others = {"yes", "no", "pass", "done", "keep", "ok", "end", "drop:nothing",
              "first:nobody", "cu:99"}
    return sorted(({"no-such-choice"} | shaped | others) - offered)


def _refused_unchanged(st: dict[str, Any], cid: str, how: str) -> None:
    before, text = state_hash(st), current_prompt(st).text
    with pytest.raises(IllegalChoice) as err:
        if how == "driver":
            apply_choice(st, cid)
        elif how == "apply":
            GAME.apply(st, cid)
        else:
            GAME.apply_in_place(st, cid)
    assert f"'{cid}'" in str(err.value) and text in str(err.value)   # which choice, which prompt
    assert state_hash(st) == before, f"{cid!r} by {how} changed the state"


def test_seeded_play_reaches_the_steps_tested(reached):
    assert WANTED <= set(reached), sorted(WANTED - set(reached))


@pytest.mark.parametrize("how", ["driver", "apply", "apply_in_place"])
def test_every_step_reached_refuses_a_choice_it_does_not_offer(reached, how):
    for _name, st in sorted(reached.items()):
        for cid in _not_offered(st):
            _refused_unchanged(st, cid, how)


def test_the_options_of_a_decision_are_worked_out_once(reached, monkeypatch):
    """Before, a step's ``answer`` worked its options out again after ``apply`` had found the
    choice in the prompt; now the prompt's check is the only one: once before the answer,
    never within it (the automatic steps after it may ask again, for the next decision)."""
    for name in ("use", "place", "support", "move", "npa", "dt_action", "defend", "intercept"):
        st, step = reached[name], PROCS[name]
        cid = current_prompt(st).choices[0].id
        calls: list[str] = []
        monkeypatch.setattr(step, "options", _logged(calls, step, "options"))
        monkeypatch.setattr(step, "answer", _logged(calls, step, "answer"))
        GAME.apply(st, cid)
        assert calls[:3] == ["options", "answer", "answered"], (name, calls)
        monkeypatch.undo()


def _logged(calls: list[str], step: Any, method: str) -> Any:
    """``step``'s own ``method``, writing its calls into ``calls`` (an answer also its end)."""
    real = getattr(type(step), method)

    def logged(*args: Any) -> Any:
        calls.append(method)
        out = real(step, *args)
        if method == "answer":
            calls.append("answered")
        return out
    return logged


def test_a_card_not_held_is_refused_at_the_discard_and_a_card_play():
    """Two guards of another shape that went too: a card not in hand to discard (5.2), and a
    card action the card does not allow (7.1)."""
    st = bare()
    card = only_card(st, "rome", "Appian Way")
    run(st, "discard", side="rome")
    other = next(c for c in st["decks"]["rome"]["draw"])
    for cid in (f"drop:{other}", "drop:", "first:rome"):
        _refused_unchanged(st, cid, "driver")
    choose(st, f"drop:{card}")
    assert card not in st["hands"]["rome"]

    st = bare()
    card = only_card(st, "rome", "Appian Way")
    put(st, "roma", "rome", 2, "camillus")
    run(st, "use", side="rome", card=card, parent=None)
    for cid in ("move:brennus", "siege:camillus", "colony:camillus", "back"):
        _refused_unchanged(st, cid, "driver")
