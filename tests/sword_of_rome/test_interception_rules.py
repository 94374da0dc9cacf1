"""Interception (10.2-10.4): the +1 into an enemy space makes the roll harder; no
interception into a space holding the mover's own stationary CU; several sides, several
armies; the worked examples 10.2 and 10.3."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, current_prompt

from .helpers import bare, choose, ids, put


def march(st, side, lid, take, to):
    start_move(st, side, lid, 3)
    advance(st)
    choose(st, f"take:{take}")
    for sid in to:
        choose(st, f"to:{sid}")


def claudius_watches_falerii():
    """Spurinna (3 CU) marches from Volsinii into Falerii, Etruscan land; Claudius (tactics
    3) and 4 CU wait in Narnia next to it."""
    st = bare()
    put(st, "narnia", "rome", 4, "claudius")
    put(st, "volsinii", "etruscans", 3, "spurinna")
    march(st, "etruscans-samnites", "spurinna", 3, ["falerii"])
    p = current_prompt(st)
    assert p.rule == "10" and p.seat == "rome"
    return st


@pytest.mark.rule("sword-of-rome", "10.3")
def test_the_plus_one_into_an_enemy_space_makes_interception_harder(dice):
    """Error 4: the +1 was subtracted, so tactics 3 intercepted into Falerii on a 3 or 4;
    with the +1 only a 1 or 2 succeeds."""
    st = claudius_watches_falerii()
    label = current_prompt(st).choice("icpt:narnia|rome").label
    assert "needs 2 or less" in label
    dice.queue = [3]
    choose(st, "icpt:narnia|rome")
    assert st["leaders"]["claudius"] == "narnia" and st["cu"]["narnia"]["rome"] == 4


@pytest.mark.rule("sword-of-rome", "10.4")
def test_a_two_intercepts_into_an_enemy_space_with_tactics_three_and_the_plus_one(dice):
    st = claudius_watches_falerii()
    dice.queue = [2]
    choose(st, "icpt:narnia|rome")
    assert st["leaders"]["claudius"] == "falerii" and st["cu"]["falerii"]["rome"] == 4


@pytest.mark.rule("sword-of-rome", "10.2")
def test_no_interception_into_the_mover_s_own_stationary_cu():
    """Error 5: an army entering a space where its own CU already stood could be
    intercepted there."""
    st = bare()
    put(st, "narnia", "rome", 4, "claudius")
    put(st, "volsinii", "etruscans", 3, "spurinna")
    put(st, "falerii", "etruscans", 2)
    march(st, "etruscans-samnites", "spurinna", 3, ["falerii"])
    p = current_prompt(st)
    assert p is None or p.rule != "10"


def pyrrhus_goes_round_claudius():
    """The 10.2 example on our reconstructed map: Claudius in Perusia; A = Camerinum (a
    rough link from Perusia), B = Spoletium (Greek CU already there), C = Tuder (Roman);
    Pyrrhus and 4 CU march from Picentes through A and B into C."""
    st = bare()
    put(st, "perusia", "rome", 5, "claudius")
    put(st, "picentes", "greeks", 4, "pyrrhus")
    put(st, "spoletium", "greeks", 2)
    for sid in ("perusia", "tuder"):
        st["spaces"][sid]["ctl"] = "rome"
    for sid in ("picentes", "camerinum", "spoletium"):
        st["spaces"][sid].update(ctl="independent", tribe=0)
    return st


@pytest.mark.example("sword-of-rome", "10.2/1")
@pytest.mark.rule("sword-of-rome", "10.2")
def test_example_claudius_may_intercept_only_into_c(dice):
    st = pyrrhus_goes_round_claudius()
    march(st, "greeks", "pyrrhus", 4, ["camerinum"])
    assert current_prompt(st).rule == "9"            # A: rough from Perusia, no question
    choose(st, "to:spoletium")
    assert current_prompt(st).rule == "9"            # B: non-moving Greek CU there
    choose(st, "to:tuder")
    p = current_prompt(st)
    assert p.rule == "10" and p.seat == "rome"
    assert ids(st) == ["no", "icpt:perusia|rome"]
    assert "needs 3 or less" in p.choice("icpt:perusia|rome").label
    dice.queue = [3]
    choose(st, "icpt:perusia|rome")
    assert st["leaders"]["claudius"] == "tuder" and st["cu"]["tuder"]["rome"] == 5


def gauls_and_greeks_watch_tuder():
    """The 10.3 example: Claudius (5 CU) enters Tuder from Narnia; two Gallic armies
    (Britomaris in Perusia, the Gallic minor leader in Clusium, 3 CU each, tactics 2) and a
    Greek army (Dionysius, 3 CU, tactics 3, in Spoletium) are next to it."""
    st = bare()
    put(st, "narnia", "rome", 5, "claudius")
    put(st, "perusia", "gauls", 3, "britomaris")
    put(st, "clusium", "gauls", 3, "gauls_minor")
    put(st, "spoletium", "greeks", 3, "dionysius")
    for sid in ("tuder", "perusia", "clusium", "spoletium"):
        st["spaces"][sid].update(ctl="independent", loy=0)
    march(st, "rome", "claudius", 5, ["tuder"])
    return st


@pytest.mark.example("sword-of-rome", "10.3/1")
@pytest.mark.rule("sword-of-rome", "10.3")
def test_example_the_gauls_win_the_tie_and_choose_who_goes_first(dice):
    st = gauls_and_greeks_watch_tuder()
    p = current_prompt(st)
    assert p.rule == "10.3" and p.seat == "gauls"    # the Gauls win ties against the Greeks
    assert set(ids(st)) == {"order:gauls,greeks", "order:greeks,gauls"}
    choose(st, "order:gauls,greeks")
    p = current_prompt(st)
    assert p.seat == "gauls" and set(ids(st)) == {"no", "icpt:perusia|gauls",
                                                  "icpt:clusium|gauls"}
    assert "needs 1 or less" in p.choice("icpt:perusia|gauls").label   # +1: not Gallic land
    dice.queue = [1]
    choose(st, "icpt:perusia|gauls")
    assert st["cu"]["tuder"]["gauls"] == 3
    p = current_prompt(st)                           # his second army may try as well
    assert p.seat == "gauls" and ids(st) == ["no", "icpt:clusium|gauls"]
    dice.queue = [1]
    choose(st, "icpt:clusium|gauls")
    assert st["cu"]["tuder"]["gauls"] == 6           # both armies combine (10.4)
    p = current_prompt(st)
    assert p.seat != "greeks" and p.rule != "10"     # the Greeks may not try after them
    assert "greeks" not in st["cu"].get("tuder", {})


@pytest.mark.example("sword-of-rome", "10.3/1")
@pytest.mark.rule("sword-of-rome", "10.3")
def test_example_the_gauls_may_let_the_greeks_go_first(dice):
    st = gauls_and_greeks_watch_tuder()
    choose(st, "order:greeks,gauls")
    assert current_prompt(st).seat == "greeks"
    dice.queue = [6]
    choose(st, "icpt:spoletium|greeks")             # fails: the Gauls may still try
    assert current_prompt(st).seat == "gauls" and "icpt:perusia|gauls" in ids(st)
