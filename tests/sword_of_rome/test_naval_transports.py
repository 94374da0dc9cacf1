"""Naval Transports (9.6.3, 11.1.1, 12.4.3): the Etruscans play the card for each naval
move, avoidance or retreat by sea of up to 3 CU; it is no lasting permission."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, current_prompt, ed

from .helpers import bare, choose, ids, put, run

TRANSPORTS = next(c.id for c in ed().cards.values() if c.title == "Naval Transports")


def etruscans_in_pisae(n, *, card=True):
    st = bare()
    for side in st["hands"]:
        st["hands"][side] = []
    if card:
        st["hands"]["etruscans-samnites"] = [TRANSPORTS]
    put(st, "pisae", "etruscans", n, "spurinna")
    return st


def activate(st, take):
    start_move(st, "etruscans-samnites", "spurinna", 3)
    advance(st)
    choose(st, f"take:{take}")


@pytest.mark.rule("sword-of-rome", "9.6.3")
def test_naval_transports_is_played_for_a_move_and_then_gone():
    """Error 9: the event set a lasting permission; 9.6.3 has the card played to move."""
    st = etruscans_in_pisae(3)
    activate(st, 3)
    sails = [c for c in current_prompt(st).choices if c.id.startswith("sail:")]
    assert sails and all("playing Naval Transports" in c.label for c in sails)
    choose(st, sails[0].id)
    assert TRANSPORTS not in st["hands"]["etruscans-samnites"]
    assert TRANSPORTS in st["decks"]["etruscans-samnites"]["removed"]   # 7.1.3
    assert not st["flags"].get("naval_transports")
    dest = sails[0].target
    assert st["leaders"]["spurinna"] == dest and st["cu"][dest]["etruscans"] == 3


@pytest.mark.rule("sword-of-rome", "9.6.3")
def test_without_the_card_in_hand_no_etruscan_army_sails():
    st = etruscans_in_pisae(3, card=False)
    st["flags"]["naval_transports"] = True             # an old lasting flag means nothing
    activate(st, 3)
    assert not [c for c in ids(st) if c.startswith("sail:")]


@pytest.mark.rule("sword-of-rome", "9.6.3")
def test_naval_transports_carries_at_most_three_cu():
    st = etruscans_in_pisae(5)
    activate(st, 4)
    assert not [c for c in ids(st) if c.startswith("sail:")]


@pytest.mark.rule("sword-of-rome", "7.1")
def test_naval_transports_is_no_event_of_its_own():
    st = etruscans_in_pisae(3)
    run(st, "use", side="etruscans-samnites", card=TRANSPORTS, parent=None)
    assert "event" not in ids(st)


@pytest.mark.rule("sword-of-rome", "11.1.1")
def test_naval_transports_pays_an_avoidance_by_sea():
    st = etruscans_in_pisae(3)
    put(st, "luna", "gauls", 6, "brennus")
    start_move(st, "gauls", "brennus", 3)
    advance(st)
    choose(st, "take:6")
    choose(st, "to:pisae")
    sea = [c for c in ids(st) if c.startswith(f"sea:{TRANSPORTS}:")]
    assert sea


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_naval_transports_pays_a_retreat_by_sea(dice):
    st = etruscans_in_pisae(3)
    put(st, "luna", "gauls", 6, "brennus")
    start_move(st, "gauls", "brennus", 3)
    advance(st)
    choose(st, "take:6")
    choose(st, "to:pisae")
    choose(st, "stand")
    dice.queue = [4, 3, 3, 2, 2, 2]                  # the Gauls win, the Etruscans lose 1
    while current_prompt(st).rule == "7.1.1":
        choose(st, "pass")
    choose(st, "ok")
    p = current_prompt(st)
    assert p.rule == "12.4"
    assert [c for c in ids(st) if c.startswith(f"sea:{TRANSPORTS}:")]
