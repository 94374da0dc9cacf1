"""The rulebook's worked examples of battle (force ratio 12.2.1, losses 12.3) and of Gallic
plunder (raids 14.3, Gallic Solidarity 14.6)."""

import pytest

from rules.sword_of_rome import combat
from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import advance, cu, current_prompt, ed

from .helpers import bare, choose, ids, pass_responses, put, run


def _battle(dice, greek_cu, roman_cu, greek_dice, roman_dice, *, greek="dionysius",
            roman="valerius"):
    """A Greek army (``greek_cu`` from Roma) attacks a Roman army (``roman_cu``) at Veii, an
    independent space (no friendly-ground bonus); both commanders rate 3 unless given.
    Returns at the battle's report."""
    st = bare()
    for side in st["hands"]:
        st["hands"][side] = []
    st["spaces"]["veii"]["ctl"] = INDEPENDENT
    put(st, "roma", "greeks", greek_cu, greek)
    put(st, "veii", "rome", roman_cu, roman)
    st["active_side"] = "greeks"
    start_move(st, "greeks", greek, 3)
    advance(st)
    choose(st, f"take:{greek_cu}")
    choose(st, "to:veii")
    while current_prompt(st).rule in ("10", "11"):
        choose(st, "stand" if "stand" in ids(st) else "no")
    dice.queue = list(greek_dice) + list(roman_dice)
    pass_responses(st)
    assert not dice.queue
    return st


@pytest.mark.example("sword-of-rome", "12.2.1/1")
@pytest.mark.rule("sword-of-rome", "12.2.1")
def test_example_12_2_1_eight_cu_against_four_is_plus_three(dice):
    assert combat.force_ratio(8, 4) == 3
    st = _battle(dice, 8, 4, [2, 2, 2], [2, 2, 2])
    rep = current_prompt(st).context
    greek, roman = rep["sides"]
    assert greek["strength"] == 8 and roman["strength"] == 4
    assert [(m["label"], m["value"]) for m in greek["modifiers"]] == [("Force ratio", 3)]
    assert roman["modifiers"] == []
    assert greek["total"] == 9 and roman["total"] == 6


@pytest.mark.example("sword-of-rome", "12.3/1")
@pytest.mark.rule("sword-of-rome", "12.3")
def test_example_12_3_the_greeks_win_fourteen_to_eleven_rome_loses_five_greece_two(dice):
    assert combat.losses([6, 5, 3], [5, 5, 1], 6, 6) == (2, 5)
    st = _battle(dice, 6, 6, [6, 5, 3], [5, 5, 1])
    p = current_prompt(st)
    greek, roman = p.context["sides"]
    assert greek["total"] == 14 and roman["total"] == 11 and "Greeks win" in p.text
    assert roman["hits"] == 5 and greek["hits"] == 2
    assert cu(st, "veii", "greeks") == 4 and cu(st, "veii", "rome") == 1


@pytest.mark.example("sword-of-rome", "12.3/2")
@pytest.mark.rule("sword-of-rome", "12.3")
def test_example_12_3_a_one_cu_winner_s_five_does_nothing_a_two_cu_loser_s_fives_do():
    # winner 1 CU: the 6 inflicts 2, the 5 nothing; the loser's own 1 costs him 1: 3 in all.
    # loser 2 CU: each 5 still inflicts 1: 2.
    assert combat.losses([6, 5, 3], [5, 5, 1], 1, 2) == (2, 3)
    assert combat.losses([5], [], 1, 2) == (0, 0)
    assert combat.losses([], [5], 1, 2) == (1, 0)
    assert combat.losses([], [5], 1, 1) == (0, 0)             # a 1-CU loser's 5: nothing


@pytest.mark.example("sword-of-rome", "14.3/1")
@pytest.mark.rule("sword-of-rome", "14.3")
def test_example_14_3_raids_at_sentinum_and_spoletium(dice):
    st = bare()
    for sid in ("sentinum", "spoletium"):
        st["spaces"][sid]["ctl"] = "rome"
    st["plunder"] = {"gauls": 0, "transalpine": 1}
    put(st, "sentinum", "gauls", 4, "gauls_minor")
    st["active_side"] = "gauls"
    start_move(st, "gauls", "gauls_minor", 3)
    advance(st)
    choose(st, "take:4")
    assert current_prompt(st).context["mp"] == 5              # a 3-value card: 5 MP
    assert "raid" in ids(st)
    dice.queue = [5, 5]                                       # 10: a siege point, no loss
    choose(st, "raid")
    assert st["spaces"]["sentinum"]["ctl"] == INDEPENDENT
    assert st["plunder"] == {"gauls": 0, "transalpine": 0}    # the two cancel
    assert "raid" not in ids(st)                              # independent: no raid
    choose(st, "to:spoletium")
    assert current_prompt(st).context["mp"] == 3
    dice.queue = [2, 3]                                       # 5: nothing
    choose(st, "raid")
    assert st["spaces"]["spoletium"]["ctl"] == "rome" and cu(st, "spoletium", "gauls") == 4
    dice.queue = [1, 2]                                       # 3: fails, 1 CU lost
    choose(st, "raid")
    assert st["spaces"]["spoletium"]["ctl"] == "rome" and cu(st, "spoletium", "gauls") == 3
    assert current_prompt(st).context["mp"] == 1 and "raid" in ids(st)
    dice.queue = [3, 4]                                       # 7: succeeds, 1 CU lost
    choose(st, "raid")
    assert not dice.queue
    assert st["spaces"]["spoletium"]["ctl"] == INDEPENDENT
    assert cu(st, "spoletium", "gauls") == 2
    assert st["plunder"] == {"gauls": 1, "transalpine": 0}
    assert current_prompt(st) is None                         # no MP left: the move ends


@pytest.mark.example("sword-of-rome", "14.6/1")
@pytest.mark.rule("sword-of-rome", "14.6")
def test_example_14_6_plunder_clears_an_etruscan_and_an_independent_pc(dice):
    """The Etruscan victory's two support points are set on the board directly."""
    st = bare()
    for side in st["hands"]:
        st["decks"][side]["draw"] += st["hands"][side]
        st["hands"][side] = []
    st["spaces"]["sena_gallica"]["ctl"] = "etruscans"
    st["spaces"]["patavium"]["ctl"] = INDEPENDENT
    for sid in ("sentinum", "spoletium"):
        st["spaces"][sid]["ctl"] = "rome"
    st["plunder"] = {"gauls": 1, "transalpine": 0}
    put(st, "sentinum", "gauls", 4, "gauls_minor")
    card = next(c for c in st["decks"]["gauls"]["draw"] if ed().cards[c].value == 3)
    st["decks"]["gauls"]["draw"].remove(card)
    st["hands"]["gauls"] = [card]
    st["active_side"] = "gauls"
    run(st, "active", side="gauls", played=False)
    assert {c for c in ids(st) if c.startswith("solidarity:")} == {
        "solidarity:sena_gallica", "solidarity:patavium"}
    choose(st, "solidarity:sena_gallica")
    assert st["spaces"]["sena_gallica"]["ctl"] == "gauls" and st["plunder"]["gauls"] == 0
    assert not any(c.startswith("solidarity:") for c in ids(st))
    choose(st, f"play:{card}")
    choose(st, "move:gauls_minor")
    choose(st, "take:4")
    dice.queue = [5, 5]
    choose(st, "raid")
    choose(st, "to:spoletium")
    dice.queue = [4, 4]
    choose(st, "raid")
    choose(st, "stop")
    assert st["plunder"]["gauls"] == 2
    assert {c for c in ids(st) if c.startswith("solidarity:")} == {"solidarity:patavium"}
    choose(st, "solidarity:patavium")
    assert st["spaces"]["patavium"]["ctl"] == "gauls" and st["plunder"]["gauls"] == 1


@pytest.mark.rule("sword-of-rome", "14.6")
def test_gallic_solidarity_never_clears_a_space_with_enemy_cu():
    st = bare()
    st["spaces"]["patavium"]["ctl"] = INDEPENDENT
    st["spaces"]["sena_gallica"]["ctl"] = "etruscans"
    put(st, "sena_gallica", "etruscans", 1)
    st["plunder"] = {"gauls": 1, "transalpine": 0}
    run(st, "active", side="gauls", played=False)
    assert {c for c in ids(st) if c.startswith("solidarity:")} == {"solidarity:patavium"}
