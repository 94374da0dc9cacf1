"""Response windows (7.1.1): a response may answer a response, so a side that passed is
asked again after a later card; a side outside the battle may play a card aimed at a power
fighting in it (the Obesus Etruscus example)."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, current_prompt, ed

from .helpers import bare, choose, ids, put


def card(title):
    return next(c.id for c in ed().cards.values() if c.title == title)


def attack(st, side, lid, take, to):
    start_move(st, side, lid, 3)
    advance(st)
    choose(st, f"take:{take}")
    choose(st, f"to:{to}")
    assert current_prompt(st).rule == "7.1.1"


def empty_hands(st):
    for side in st["hands"]:
        st["hands"][side] = []


def answer_window(st, plays, dice=None):
    """Answer the open window: ``plays`` maps a seat to the cards it plays, one each time it
    is asked, then it passes. Returns the seats asked, in order."""
    asked = []
    if dice is not None:
        dice.queue = [3] * 6                         # the battle that follows
    while current_prompt(st) and current_prompt(st).rule == "7.1.1":
        seat = current_prompt(st).seat
        asked.append(seat)
        todo = plays.get(seat, [])
        if todo:
            choose(st, f"card:{todo.pop(0)}")
        else:
            choose(st, "pass")
    return asked


@pytest.mark.rule("sword-of-rome", "7.1.1")
def test_a_side_that_passed_may_answer_a_later_response(dice):
    """Error 7: once Rome had passed, the Etruscan-Samnite response closed the window
    without Rome being asked again."""
    st = bare()
    empty_hands(st)
    aulius, camp = card("Death of Aulius"), card("Fortified Camp")
    st["hands"]["etruscans-samnites"] = [aulius]
    st["hands"]["rome"] = [camp]
    put(st, "roma", "rome", 5, "valerius")
    put(st, "veii", "etruscans", 3)
    attack(st, "rome", "valerius", 5, "veii")
    asked = answer_window(st, {"rome": [], "etruscans-samnites": [aulius]}, dice)
    # Rome passes first (keeping its card), the Etruscan-Samnite player plays, and the
    # window goes round again: Rome is asked once more
    assert asked[:5] == ["rome", "gauls", "etruscans-samnites", "etruscans-samnites", "greeks"]
    assert asked[5] == "rome"


@pytest.mark.rule("sword-of-rome", "7.1.1")
def test_rome_answers_with_its_own_card_after_the_etruscan_response(dice):
    st = bare()
    empty_hands(st)
    aulius, camp = card("Death of Aulius"), card("Fortified Camp")
    st["hands"]["etruscans-samnites"] = [aulius]
    st["hands"]["rome"] = [camp]
    put(st, "roma", "rome", 5, "valerius")
    put(st, "veii", "etruscans", 3)
    attack(st, "rome", "valerius", 5, "veii")
    choose(st, "pass")                               # Rome
    choose(st, "pass")                               # Gauls
    choose(st, f"card:{aulius}")                     # Etruscan-Samnite
    choose(st, "pass")
    choose(st, "pass")                               # Greeks
    assert current_prompt(st).seat == "rome" and f"card:{camp}" in ids(st)
    choose(st, f"card:{camp}")
    dice.queue = [3] * 6
    while current_prompt(st).rule == "7.1.1":
        choose(st, "pass")
    mods = current_prompt(st).context["sides"][0]["modifiers"]
    labels = {m["label"]: m["value"] for m in mods}
    assert labels["Death of Aulius"] == -2 and labels["Fortified Camp"] == 1


def gauls_attack_etruscans():
    st = bare()
    empty_hands(st)
    st["hands"]["rome"] = [card("Obesus Etruscus")]
    put(st, "luna", "gauls", 5, "brennus")
    put(st, "apuani", "etruscans", 2)
    return st


@pytest.mark.rule("sword-of-rome", "7.1.1")
def test_a_side_out_of_the_battle_may_play_obesus_etruscus(dice):
    """Error 7: Rome could not play Obesus Etruscus when the Gauls attacked the Etruscans."""
    st = gauls_attack_etruscans()
    obesus = card("Obesus Etruscus")
    attack(st, "gauls", "brennus", 5, "apuani")
    asked = answer_window(st, {"rome": [obesus]}, dice)
    assert asked == ["gauls", "etruscans-samnites", "greeks", "rome", "rome", "gauls",
                     "etruscans-samnites", "greeks"]
    rep = current_prompt(st).context
    etruscans = next(s for s in rep["sides"] if "Etrusc" in s.get("name", s.get("power", "")))
    assert {"label": "Obesus Etruscus", "value": -2, "rule": "7.1.1"} in etruscans["modifiers"]


@pytest.mark.example("sword-of-rome", "7.1.1/1")
@pytest.mark.rule("sword-of-rome", "7.1.1")
def test_example_when_rome_may_play_obesus_etruscus():
    obesus = f"card:{card('Obesus Etruscus')}"
    # Rome, active, attacks an Etruscan army: before the battle is resolved
    st = bare()
    empty_hands(st)
    st["hands"]["rome"] = [card("Obesus Etruscus")]
    put(st, "roma", "rome", 5, "valerius")
    put(st, "veii", "etruscans", 3)
    attack(st, "rome", "valerius", 5, "veii")
    assert current_prompt(st).seat == "rome" and obesus in ids(st)
    # the Etruscans, active, attack another force (a Greek army)
    st = bare()
    empty_hands(st)
    st["hands"]["rome"] = [card("Obesus Etruscus")]
    put(st, "apuani", "etruscans", 5, "spurinna")
    put(st, "luna", "greeks", 2)
    attack(st, "etruscans-samnites", "spurinna", 5, "luna")
    while current_prompt(st).seat != "rome":
        choose(st, "pass")
    assert obesus in ids(st)
    # the Gauls or the Greeks attack an Etruscan army
    st = gauls_attack_etruscans()
    attack(st, "gauls", "brennus", 5, "apuani")
    while current_prompt(st).seat != "rome":
        choose(st, "pass")
    assert obesus in ids(st)
    st = bare()
    empty_hands(st)
    st["hands"]["rome"] = [card("Obesus Etruscus")]
    put(st, "luna", "greeks", 5, "dionysius")
    put(st, "apuani", "etruscans", 2)
    attack(st, "greeks", "dionysius", 5, "apuani")
    while current_prompt(st).seat != "rome":
        choose(st, "pass")
    assert obesus in ids(st)
    # not in a battle without the Etruscans
    st = bare()
    empty_hands(st)
    st["hands"]["rome"] = [card("Obesus Etruscus")]
    put(st, "luna", "gauls", 5, "brennus")
    put(st, "apuani", "greeks", 2)
    attack(st, "gauls", "brennus", 5, "apuani")
    while current_prompt(st).seat != "rome":
        choose(st, "pass")
    assert obesus not in ids(st)
