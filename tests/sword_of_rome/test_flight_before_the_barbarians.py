"""21.3, Gallic card #15 Flight Before the Barbarians: the enemy force goes back to a friendly
space, taking the losses of a retreat; no battle, no support, and the Gallic army may keep
moving."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import advance, cu, current_prompt

from .helpers import bare, choose, ids, only_card, put


@pytest.mark.rule("sword-of-rome", "21.3")
def test_the_enemy_flees_and_the_gauls_move_on(dice):
    st = bare()
    card = only_card(st, "gauls", "Flight Before the Barbarians")
    st["spaces"]["veii"]["ctl"] = INDEPENDENT
    put(st, "roma", "gauls", 5, "brennus")
    put(st, "veii", "rome", 2, "valerius")
    st["active_side"] = "gauls"
    start_move(st, "gauls", "brennus", 3)
    advance(st)
    choose(st, "take:5")
    choose(st, "to:veii")
    while current_prompt(st).rule in ("10", "11"):
        choose(st, "stand" if "stand" in ids(st) else "no")
    assert current_prompt(st).rule == "7.1.1" and f"card:{card}" in ids(st)
    choose(st, f"card:{card}")
    assert not dice.queue                                # no dice were wanted
    assert cu(st, "veii", "rome") == 0 and st["leaders"]["valerius"] != "veii"
    assert cu(st, "veii", "gauls") == 5
    p = current_prompt(st)
    assert p.rule == "9" and p.context["mp"] == 4        # the Gauls may move on
    assert any(c.startswith("to:") for c in ids(st))
