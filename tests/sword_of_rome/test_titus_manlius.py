"""21.3, Gallic card #11 Titus Manlius: a normal battle in all respects except that the
combat rolls inflict no damage (retreat penalties still count)."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import advance, cu, current_prompt

from .helpers import bare, choose, ids, only_card, pass_responses, put


@pytest.mark.rule("sword-of-rome", "21.3")
def test_titus_manlius_a_battle_whose_dice_hit_no_one(dice):
    st = bare()
    card = only_card(st, "gauls", "Titus Manlius")
    st["spaces"]["veii"]["ctl"] = INDEPENDENT
    put(st, "roma", "gauls", 5, "brennus")
    put(st, "veii", "rome", 5, "valerius")
    st["active_side"] = "gauls"
    start_move(st, "gauls", "brennus", 3)
    advance(st)
    choose(st, "take:5")
    choose(st, "to:veii")
    while current_prompt(st).rule in ("10", "11"):
        choose(st, "stand" if "stand" in ids(st) else "no")
    assert current_prompt(st).seat == "gauls" and f"card:{card}" in ids(st)
    choose(st, f"card:{card}")
    dice.queue = [6, 6, 6, 1, 1, 4]                      # 18 against 6: the Gauls win
    pass_responses(st)
    rep = current_prompt(st).context
    assert [s["hits"] for s in rep["sides"]] == [0, 0]
    assert cu(st, "veii", "gauls") == 5
    choose(st, "ok")
    while current_prompt(st) and current_prompt(st).rule == "12.4":
        choose(st, ids(st)[0])
    assert cu(st, "veii", "rome") == 0                   # the loser still retreats
