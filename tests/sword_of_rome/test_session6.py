"""Rules written in session 6 of issue 15: retreat by sea (12.4.3), the flanking force
intercepted (9.5.9), coordinated attacks moving on (9.5.7) and with an ally (9.5.8), the
five-player mercenaries (5.10.1, 16.4)."""

import pytest

from rules.sword_of_rome.model import INDEPENDENT, cu, ed
from rules.sword_of_rome.procs import current_prompt

from .helpers import bare, choose, ids, pass_responses, put


def _card(st, side, value, avoid=()):
    deck = st["decks"][side]
    pool = deck["draw"] + deck["discard"] + st["hands"][side]
    return next(c for c in pool if ed().cards[c].value == value and c not in avoid)


def _neapolis_battle(dice, greek_hand, power="greeks", leader="dionysius", n=4):
    """The Romans (Camillus, 5 CU, from Capua) beat an army at Neapolis, a port."""
    from rules.sword_of_rome.movement import start_move
    from rules.sword_of_rome.procs import advance

    st = bare()
    for sp in st["spaces"].values():
        sp["ctl"] = INDEPENDENT
    for sid in ("neapolis", "syracuse", "tarentum"):
        st["spaces"][sid]["ctl"] = power
    st["spaces"]["capua"]["ctl"] = "rome"
    st["spaces"]["neapolis"]["loy"] = 0                 # no walls to fall back into
    for side in st["hands"]:
        st["hands"][side] = []
    st["hands"]["greeks"] = list(greek_hand(st))
    st["active_side"] = "rome"
    put(st, "capua", "rome", 5, "camillus")
    put(st, "neapolis", power, n, leader)
    start_move(st, "rome", "camillus", 3)
    advance(st)
    choose(st, "take:5")
    choose(st, "to:neapolis")
    while current_prompt(st).rule in ("10", "11"):
        choose(st, "no" if "no" in ids(st) else "stand")
    dice.queue = [4, 3, 3, 2, 2, 3]                   # the Romans win, the loser loses 1
    pass_responses(st)
    assert "Romans win" in current_prompt(st).text
    choose(st, "ok")
    return st


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_greeks_beaten_in_a_port_retreat_by_sea_paying_a_three_value_card(dice):
    three = []
    st = _neapolis_battle(dice, lambda st: three.append(_card(st, "greeks", 3)) or
                          [three[0], _card(st, "greeks", 1)])
    p = current_prompt(st)
    assert p.rule == "12.4" and p.seat == "greeks"
    sea = [c.id for c in p.choices if c.id.startswith("sea:")]
    # only the 3-value card (or a Desperate Times, 7.4.6) buys ships; to friendly ports
    assert {c.split(":")[1] for c in sea} == {three[0], "dt"}
    assert {c.split(":")[2] for c in sea} == {"syracuse", "tarentum"}
    assert all("Dionysius" not in c.label and "greeks-" not in c.label for c in p.choices)
    left = cu(st, "neapolis", "greeks")
    choose(st, f"sea:{three[0]}:tarentum")
    assert cu(st, "tarentum", "greeks") == left and cu(st, "neapolis", "greeks") == 0
    assert st["leaders"]["dionysius"] == "tarentum"
    assert three[0] in st["decks"]["greeks"]["discard"]


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_no_retreat_by_sea_without_a_card_that_buys_ships_or_for_too_many_cu(dice):
    st = _neapolis_battle(dice, lambda st: [_card(st, "greeks", 2), _card(st, "greeks", 1)]
                          + (st["dt"].update(greeks=0) or []))
    assert not [c for c in ids(st) if c.startswith("sea:")]
    # 4-6 CU may sail only to Syracuse (9.6.3, 12.4.3); more may not sail at all
    st = _neapolis_battle(dice, lambda st: [_card(st, "greeks", 3)], n=6)
    assert cu(st, "neapolis", "greeks") == 5
    assert {c.split(":")[2] for c in ids(st) if c.startswith("sea:")} == {"syracuse"}
    st = _neapolis_battle(dice, lambda st: [_card(st, "greeks", 3)], n=9)
    assert not [c for c in ids(st) if c.startswith("sea:")]
    assert cu(st, "neapolis", "greeks") == 0                 # gone by land


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_carthage_retreats_by_sea_without_a_card(dice):
    st = _neapolis_battle(dice, lambda st: [], power="carthage", leader="hamilcar", n=4)
    sea = [c for c in ids(st) if c.startswith("sea:")]
    assert sea and all(c.split(":")[1] == "-" for c in sea)       # no card needed
    assert {c.split(":")[2] for c in sea} == {"syracuse"}            # 16.3: not in Italy
    choose(st, "sea:-:syracuse")
    assert cu(st, "syracuse", "carthage") == 3 and st["leaders"]["hamilcar"] == "syracuse"
