"""Withdrawing into a walled city when an enemy army enters (9.3.1, 11.1): up to 3 CU go
inside whatever the army's size; the rest avoid battle or stay outside."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, current_prompt

from .helpers import bare, choose, ids, put


def brennus_enters_pisae(etruscan_cu, *leaders):
    """Brennus (10 CU) enters Pisae from Luna, where ``etruscan_cu`` Etruscan CU stand."""
    st = bare()
    put(st, "luna", "gauls", 10, "brennus")
    put(st, "pisae", "etruscans", etruscan_cu, *leaders)
    start_move(st, "gauls", "brennus", 3)
    advance(st)
    choose(st, "take:10")
    choose(st, "to:pisae")
    assert current_prompt(st).rule == "11"
    return st


@pytest.mark.rule("sword-of-rome", "9.3.1")
def test_three_of_a_larger_army_may_withdraw_inside_the_walls(dice):
    """Error 6: only a force of 3 CU or fewer could go inside, and then all of it."""
    st = brennus_enters_pisae(6, "spurinna")
    assert {"inside:1", "inside:2", "inside:3"} <= set(ids(st))
    assert "inside:4" not in ids(st)
    choose(st, "inside:3")
    assert st["spaces"]["pisae"]["inside"] == 3
    assert current_prompt(st).rule == "11"           # the 3 outside may still avoid or fight
    assert {"stand", "avoid"} <= set(ids(st)) and not any(c.startswith("inside")
                                                         for c in ids(st))


@pytest.mark.rule("sword-of-rome", "9.3.1")
def test_a_small_force_may_leave_some_cu_outside():
    st = brennus_enters_pisae(2, "spurinna")
    assert {"inside:1", "inside:2"} <= set(ids(st))
    choose(st, "inside:1")
    assert st["spaces"]["pisae"]["inside"] == 1


@pytest.mark.example("sword-of-rome", "11.1/1")
@pytest.mark.rule("sword-of-rome", "11.1")
def test_example_three_inside_ten_avoid_one_stuck_outside(dice):
    """The 11.1 example: 14 Etruscan CU and two minor leaders in Pisae; the Etruscans have
    only one minor leader counter here, so Spurinna (tactics 2) plays the second."""
    st = brennus_enters_pisae(14, "spurinna", "etruscans_minor")
    assert {"inside:3", "inside:3:etruscans_minor", "inside:3:spurinna"} <= set(ids(st))
    choose(st, "inside:3:etruscans_minor")
    assert st["spaces"]["pisae"]["inside"] == 3
    assert "avoid" in ids(st)
    assert "needs 2 or less" in current_prompt(st).choice("avoid").label   # Spurinna
    dice.queue = [2]
    choose(st, "avoid")
    assert "to:populonium" in ids(st)
    choose(st, "to:populonium")
    assert st["cu"]["populonium"]["etruscans"] == 10
    assert st["leaders"]["spurinna"] == "populonium"
    assert st["leaders"]["etruscans_minor"] == "pisae"
    # the last CU, stuck outside, must fight: 10 Gauls against 1 win automatically (12.2.1)
    assert any(e["rule"] == "11.1" and "1 Etruscans CU are left behind" in e["text"]
               for e in st["log"])
    assert any(e["rule"] == "12.2.1" and "1 CU of the Etruscans" in e["text"]
               for e in st["log"])
    assert st["cu"]["pisae"]["etruscans"] == 3 and st["spaces"]["pisae"]["inside"] == 3
