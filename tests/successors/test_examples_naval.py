"""The rulebook's worked examples of naval movement (8.4.5, 8.4.6), naval interception in
turn order (8.5.3) and further interceptions after a won naval battle (8.6.4)."""

import pytest

from rules.successors.interception import interceptions
from rules.successors.model import count, units
from tests.dice import rig

from .helpers import activate, bare, choose, give, ids, prompt, put


def act(st):
    return next(fr for fr in reversed(st["stack"]) if fr["proc"] == "activation")


def coast_of_syria(st):
    """8.4.5's board: Ptolemaios (White) at Pelousion; Antigonos (Yellow) at Gaza; a Yellow
    army besieging White's Tyros, where a White Minor General holds 1 CU inside the walls."""
    give(st, "ptolemaios", "white", "pelousion")
    put(st, "pelousion", "white", mercenary=6)
    st["pc"]["pelousion"] = "white"
    give(st, "antigonos", "yellow", "gaza")
    put(st, "gaza", "yellow", mercenary=5)
    st["pc"]["gaza"] = "yellow"
    give(st, "yellow-minor-1", "yellow", "tyros")
    put(st, "tyros", "yellow", mercenary=3)
    give(st, "white-minor-1", "white", "tyros")
    put(st, "tyros", "white", mercenary=1)
    st["pc"]["tyros"] = "white"
    st["inside"]["tyros"] = 1


@pytest.mark.example("successors", "8.4.5/1")
@pytest.mark.rule("successors", "8.4.5")
def test_example_ptolemaios_sails_past_gaza_and_debarks_at_tyros():
    st = bare()
    coast_of_syria(st)
    activate(st, "ptolemaios", 3)
    st = choose(st, "sail:gaza")                           # 1 MP
    assert act(st)["mp"] == 2 and act(st)["naval"] == "sea"
    assert "land" in ids(st) and "sail:ake" in ids(st)     # no stop for Antigonos' CUs
    st = choose(st, "sail:ake")
    st = choose(st, "sail:tyros")                          # 2 more MP: he must land here
    assert count(st, "gaza", "yellow") == 5 and count(st, "gaza", "white") == 0
    assert count(st, "tyros", "white") == 7 and act(st)["mp"] == 0
    react = next(fr for fr in reversed(st["stack"]) if fr["proc"] == "react")
    assert react["space"] == "tyros" and react["naval"]
    assert interceptions(st, react, "yellow") == []        # Gaza is too far to intercept
    while prompt(st) and prompt(st).rule == "10.1":        # the besiegers stand
        st = choose(st, "stay")
    # a battle at the Debarkation Port: first White's garrison may sally (12.1.2)
    assert prompt(st).rule == "12.1.2" and prompt(st).seat == "white"
    st = choose(st, "inside")
    assert prompt(st).rule == "4.31.1"                     # the battle's card window


@pytest.mark.example("successors", "8.4.5/2")
@pytest.mark.rule("successors", "8.4.6")
def test_example_the_minor_general_sails_out_of_besieged_tyros_to_pelousion():
    st = bare()
    coast_of_syria(st)
    activate(st, "white-minor-1", 3)
    assert act(st)["army"] == {"mercenary": 1}
    assert not any(c.startswith("go:") for c in ids(st))   # shut in by land (13.2.6)
    assert "sail:ake" in ids(st)                           # but the port is open to him
    st = choose(st, "sail:ake")
    st = choose(st, "sail:pelousion")
    st = choose(st, "land")
    assert st["gen"]["white-minor-1"]["loc"] == "pelousion"
    assert units(st, "pelousion", "white") == {"mercenary": 7}   # he joins Ptolemaios
    assert count(st, "tyros", "white") == 0 and st["inside"].get("tyros", 0) == 0
    assert prompt(st) is None or prompt(st).rule != "4.31.1"


def two_interceptors(st, *, mover_fleet: bool):
    """Yellow sails from Pelousion to Gaza; Red (earlier in the turn order) and Blue each
    have a PC and a fleet within reach and declare a Naval Interception."""
    st["order"] = ["red", "blue", "yellow", "white", "black"]
    give(st, "ptolemaios", "yellow", "pelousion")
    put(st, "pelousion", "yellow", mercenary=4)
    st["pc"].update(ake="red", gaza="blue")
    st["fleets"]["kilikia_pirates"]["owner"] = "red"
    st["fleets"]["pontic"]["owner"] = "blue"
    if mover_fleet:
        st["pc"]["athenai"] = "yellow"                     # the Athenian fleet escorts
    for s in st["players"]:
        st["status"][s] = "champion"
    activate(st, "ptolemaios", 3)
    return choose(st, "sail:gaza")


@pytest.mark.example("successors", "8.5.3/1")
@pytest.mark.rule("successors", "8.5.3")
def test_example_red_intercepts_first_wins_and_blue_never_fights():
    st = bare("five-player")
    st = two_interceptors(st, mover_fleet=False)
    assert prompt(st).seat == "red"                        # earlier in the turn order
    assert sorted(ids(st)) == ["intercept", "pass"]
    rig(st, 6, 6, 3)                # Red's battle roll (Yellow has no fleet: 0), attrition
    st = choose(st, "intercept")
    assert st["status"]["red"] == "successor"              # Red's battle happened
    assert st["gen"]["ptolemaios"]["loc"] == "pelousion"   # turned back, the move over
    assert count(st, "pelousion", "yellow") == 3           # a 3 on the 3-4 column: 1 CU
    assert prompt(st) is None or prompt(st).seat != "blue"  # Blue's interception never occurs
    assert st["status"]["blue"] == "champion"
    assert not st["fleets"]["kilikia_pirates"]["dispersed"]


@pytest.mark.example("successors", "8.6.4/1")
@pytest.mark.rule("successors", "8.6.4")
def test_example_red_loses_and_blue_may_then_intercept():
    st = bare("five-player")
    st = two_interceptors(st, mover_fleet=True)
    rig(st, 6, 6, 1, 1)             # Yellow's fleet rolls 12, Red's rolls 2
    st = choose(st, "intercept")
    assert st["fleets"]["kilikia_pirates"]["dispersed"]    # Red's fleet lost
    assert not st["fleets"]["athenai"]["dispersed"]
    assert st["gen"]["ptolemaios"]["loc"] == "gaza"        # Yellow sails on
    assert prompt(st).seat == "blue" and sorted(ids(st)) == ["intercept", "pass"]
    assert st["status"]["red"] == "successor" and st["status"]["blue"] == "champion"
