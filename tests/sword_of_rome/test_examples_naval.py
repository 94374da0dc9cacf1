"""The worked examples of naval movement with five players: what a Carthaginian card
carries (9.6.3), Carthaginian ships lent to an ally (9.6.3), an avoidance (11.1.1) and a
retreat (12.4.3) by sea."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, current_prompt, ed

from .helpers import bare, choose, ids, put


def card_of_value(side, value):
    return next(c.id for c in ed().cards.values() if c.deck == side and c.value == value
                and not c.response and c.event["do"] != "revolt")


def five():
    st = bare("five-player")
    for side in st["hands"]:
        st["hands"][side] = []
    return st


def gisgo_in_lilybaeum(value, take):
    """Himilco and 10 CU in Lilybaeum. The example's Gisgo is not among our leaders: the
    five-player Hamilcar (initiative 1, reconstructed) plays him, activated by a card of
    ``value`` with ``take`` CU."""
    st = five()
    put(st, "lilybaeum", "carthage", 10, "himilco", "hamilcar5")
    start_move(st, "carthage", "hamilcar5", value)
    advance(st)
    choose(st, f"take:{take}")
    return st


@pytest.mark.example("sword-of-rome", "9.6.3/1")
@pytest.mark.rule("sword-of-rome", "9.6.3")
def test_example_a_one_op_card_sails_three_cu_a_three_op_card_ten():
    st = gisgo_in_lilybaeum(1, 4)
    assert "sail:messana" not in ids(st)             # a 1 OP card carries 3 CU, not 4
    st = gisgo_in_lilybaeum(1, 3)
    choose(st, "sail:messana")
    assert st["leaders"]["hamilcar5"] == "messana" and st["cu"]["messana"]["carthage"] == 3
    choose(st, "to:catina")
    assert st["leaders"]["hamilcar5"] == "catina" and st["cu"]["catina"]["carthage"] == 3
    st = gisgo_in_lilybaeum(3, 10)
    choose(st, "sail:messana")
    assert st["cu"]["messana"]["carthage"] == 10
    choose(st, "to:catina")
    assert st["cu"]["catina"]["carthage"] == 10 and st["leaders"]["himilco"] == "lilybaeum"


@pytest.mark.example("sword-of-rome", "9.6.3/2")
@pytest.mark.rule("sword-of-rome", "9.6.3")
def test_example_a_gallic_army_sails_to_roma_on_carthaginian_ships():
    """The Gauls, allied with Carthage, hold Pisae (set so here)."""
    st = five()
    st["alliances"].append(["gauls", "carthage"])
    st["spaces"]["pisae"]["ctl"] = "gauls"
    two = card_of_value("carthage", 2)
    st["hands"]["carthage"] = [two]
    put(st, "pisae", "gauls", 8, "gauls_minor")
    start_move(st, "gauls", "gauls_minor", 3)
    advance(st)
    p = current_prompt(st)
    assert p.seat == "carthage" and f"card:{two}" in ids(st)    # before the army moves
    choose(st, f"card:{two}")
    assert current_prompt(st).text.endswith("how many CU march?")
    choose(st, "take:6")
    assert st["stack"][-1]["mp"] == 5                # a 3-value card: 5 MP for the Gauls
    choose(st, "sail:roma")
    assert st["leaders"]["gauls_minor"] == "roma" and st["cu"]["roma"]["gauls"] == 6
    assert st["cu"]["pisae"]["gauls"] == 2
    assert st["stack"][-1]["mp"] == 2
    assert two not in st["hands"]["carthage"]


@pytest.mark.example("sword-of-rome", "11.1.1/1")
@pytest.mark.rule("sword-of-rome", "11.1.1")
def test_example_a_one_value_card_lets_three_cu_avoid_by_sea(dice):
    """Agathocles (10 CU) attacks 3 Carthaginian CU in Neapolis. Bomilcar is not in the
    five-player game here: Hasdrubal stands in for him."""
    st = five()
    one = card_of_value("carthage", 1)
    st["hands"]["carthage"] = [one]
    put(st, "cumae", "greeks", 10, "agathocles")
    put(st, "neapolis", "carthage", 3, "hasdrubal")
    start_move(st, "greeks", "agathocles", 3)
    advance(st)
    choose(st, "take:10")
    choose(st, "to:neapolis")
    p = current_prompt(st)
    assert p.seat == "carthage" and f"sea:{one}:lilybaeum" in ids(st)
    dice.queue = [1, 6]                              # avoids; Agathocles fails the pursuit
    choose(st, f"sea:{one}:lilybaeum")
    assert current_prompt(st).rule == "11.1" and ids(st) == ["to:lilybaeum"]
    choose(st, "to:lilybaeum")
    assert st["leaders"]["hasdrubal"] == "lilybaeum"
    assert st["cu"]["lilybaeum"]["carthage"] == 3 and "carthage" not in st["cu"]["neapolis"]
    assert one not in st["hands"]["carthage"]


@pytest.mark.example("sword-of-rome", "12.4.3/1")
@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_example_carthage_lends_ships_for_camillus_to_retreat_to_roma(dice):
    """Rome and Carthage allied; Dionysius (10 CU) attacks Camillus (10 CU) in Tarentum
    while the Greeks are active; Camillus loses 4 CU, and a Carthaginian 2-value card carries
    him and his 6 CU to Roma."""
    st = five()
    st["alliances"].append(["rome", "carthage"])
    two = card_of_value("carthage", 2)
    st["hands"]["carthage"] = [two]
    put(st, "tarentum", "rome", 10, "camillus")
    put(st, "metapontum", "greeks", 10, "dionysius")
    st["active_side"] = "greeks"
    start_move(st, "greeks", "dionysius", 3)
    advance(st)
    choose(st, "take:10")
    choose(st, "to:tarentum")
    assert current_prompt(st).rule == "11.1.1"       # ships to avoid: not now
    choose(st, "no")
    choose(st, "stand")
    dice.queue = [5, 5, 1, 2, 2, 3]                  # Greek hits 2 + 2; no Roman hits
    while current_prompt(st).rule == "7.1.1":
        choose(st, "pass")
    assert "the Romans lose 4 CU" in current_prompt(st).text
    choose(st, "ok")
    p = current_prompt(st)
    assert p.seat == "carthage" and f"card:{two}" in ids(st)   # up to 6 CU
    choose(st, f"card:{two}")
    assert current_prompt(st).rule == "12.4" and "ships:roma" in ids(st)
    choose(st, "ships:roma")
    assert st["leaders"]["camillus"] == "roma" and st["cu"]["roma"]["rome"] == 6
    assert two not in st["hands"]["carthage"]
