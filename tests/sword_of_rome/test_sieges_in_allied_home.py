"""13.5 exception: an enemy city in an ally's home territory that falls goes back to the ally
at loyalty 1; the besieger neither converts nor loots it."""

import pytest

from rules.sword_of_rome.model import cu
from rules.sword_of_rome.sieges import siege_roll

from .helpers import bare, put


@pytest.mark.rule("sword-of-rome", "13.5")
@pytest.mark.parametrize("besieger,leader", [("rome", "valerius"), ("gauls", "brennus")])
def test_an_allys_home_city_taken_from_an_enemy_returns_to_the_ally(dice, besieger, leader):
    st = bare()
    st["alliances"].append([besieger, "greeks"])
    sp = st["spaces"]["neapolis"]
    sp.update(ctl="samnites", loy=1, siege=0, sieger=besieger, inside=2)
    put(st, "neapolis", "samnites", 2)
    put(st, "neapolis", besieger, 4, leader)
    plunder = dict(st["plunder"])
    dice.queue = [5, 5]                                  # 10: one point, enough at loyalty 1
    siege_roll(st, "neapolis", besieger, [], "13.1.1")
    assert sp["ctl"] == "greeks" and sp["loy"] == 1 and sp["siege"] is None
    assert cu(st, "neapolis", "samnites") == 0
    assert st["plunder"] == plunder                      # never looted


@pytest.mark.rule("sword-of-rome", "13.5")
def test_an_enemy_home_city_still_falls_to_the_besieger(dice):
    st = bare()
    sp = st["spaces"]["neapolis"]
    sp.update(ctl="samnites", loy=1, siege=0, sieger="rome", inside=0)
    put(st, "neapolis", "rome", 4, "valerius")
    dice.queue = [5, 5]
    siege_roll(st, "neapolis", "rome", [], "13.1.1")
    assert sp["ctl"] == "rome" and sp["loy"] == 1
