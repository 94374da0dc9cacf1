"""14.4: after taking a city another power controlled, a Gallic force *may elect* to loot it
rather than convert it; the Transalpine Gauls (no player) always loot (ruling)."""

import pytest

from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import cu, current_prompt
from rules.sword_of_rome.sieges import siege_roll

from .helpers import bare, choose, ids, put


def _gauls_take_capua(dice, power="gauls", leader="brennus"):
    st = bare()
    sp = st["spaces"]["capua"]
    sp.update(ctl="rome", loy=1, siege=0, sieger=power, inside=1)
    put(st, "capua", "rome", 1)
    put(st, "capua", power, 4, leader)
    dice.queue = [5, 6]                                  # 11 - 1 (Gauls besieging) = 10
    siege_roll(st, "capua", power, [], "13.1.1")
    return st


@pytest.mark.rule("sword-of-rome", "14.4")
@pytest.mark.parametrize("choice,ctl,plunder", [("loot", INDEPENDENT, 5), ("keep", "gauls", 0)])
def test_the_gallic_player_elects_to_loot_or_keep_a_city(dice, choice, ctl, plunder):
    st = _gauls_take_capua(dice)
    p = current_prompt(st)
    assert p.rule == "14.4" and p.seat == "gauls" and set(ids(st)) == {"loot", "keep"}
    assert cu(st, "capua", "rome") == 0                  # the defenders are gone either way
    choose(st, choice)
    sp = st["spaces"]["capua"]
    assert sp["ctl"] == ctl and sp["loy"] == 1 and sp["siege"] is None
    assert st["plunder"]["gauls"] == plunder


@pytest.mark.rule("sword-of-rome", "14.4")
def test_the_transalpine_gauls_always_loot(dice):
    st = _gauls_take_capua(dice, "transalpine", "transalpine_minor")
    assert current_prompt(st) is None
    assert st["spaces"]["capua"]["ctl"] == INDEPENDENT and st["plunder"]["transalpine"] == 5
