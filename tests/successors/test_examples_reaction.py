"""The rulebook's worked examples of the Reaction Step: where an army may intercept (11.8)
and optional 19.5's penalty for avoiding battle through a Transit Point. Dice are forced
through the state's generator (``tests.dice.rig``)."""

import pytest

from tests.dice import rig

from .helpers import activate, bare, choose, give, ids, prompt, put


@pytest.mark.example("successors", "11.8/1")
@pytest.mark.rule("successors", "11.8")
def test_example_11_8_where_red_may_intercept():
    """Blue's minor general marches four spaces around Red's minor general at Pelousion:
    from Alexandreia (1) to Naukratis (2, Blue's PC), Heliopolis (3, nobody's), Memphis (4,
    Red's PC) and the Sinai road (5, nobody's), each next to Pelousion by a Land path. Red
    may not intercept into 1 (Blue starts there: no Reaction Step) or 2 (enemy-held), and is
    asked at 3, 4 and 5. The figure's spaces are not named: these five are ours."""
    st = bare("five-player")
    st["gen"]["blue-minor-1"] = {"owner": "blue", "loc": "alexandreia"}
    put(st, "alexandreia", "blue", mercenary=1)
    st["gen"]["red-minor-1"] = {"owner": "red", "loc": "pelousion"}
    put(st, "pelousion", "red", mercenary=1)
    st["pc"]["naukratis"] = "blue"
    st["pc"]["memphis"] = "red"
    activate(st, "blue-minor-1", 4)
    assert prompt(st).seat == "blue"                   # 1: no reaction before the march
    asked = {}
    for space in ("naukratis", "heliopolis", "memphis", "sinai"):
        st = choose(st, f"go:{space}")
        p = prompt(st)
        asked[space] = p.seat == "red" and p.rule == "11.2"
        if asked[space]:
            assert ids(st) == ["pass", "pelousion"]
            st = choose(st, "pass")
        assert prompt(st).seat == "blue"
    assert asked == {"naukratis": False, "heliopolis": True, "memphis": True, "sinai": True}


@pytest.mark.example("successors", "19.5/1")
@pytest.mark.rule("successors", "19.5")
def test_example_19_5_avoiding_through_the_minor_city_not_the_transit_point():
    """Blue (Krateros, from Sippar) enters Arbela, where Black's Lysimachos (Initiative 3)
    stands. Black may avoid by Gaugamela, a Transit Point, or by Opis, a Minor City of his.
    He rolls 4: enough (above 3) through Opis, not through Gaugamela (4 - 1 = 3). So Opis
    and the space beyond it (Kish) are offered, Gaugamela and Nisibis beyond it are not.
    (Arbela is our choice: the example names no space; Kossaioi, the other space beyond
    Opis, is held by the Independents.)"""
    st = bare()
    st["options"]["avoid_transit"] = True
    give(st, "krateros", "blue", "sippar")
    put(st, "sippar", "blue", mercenary=4)
    give(st, "lysimachos", "black", "arbela")
    put(st, "arbela", "black", mercenary=2)
    st["pc"]["opis"] = "black"
    st["pc"]["kossaioi"] = "ind"
    activate(st, "krateros", 3)
    st = choose(st, "go:arbela")
    assert prompt(st).seat == "black" and ids(st) == ["stay", "avoid"]
    rig(st, 4)
    st = choose(st, "avoid")
    p = prompt(st)
    assert p.seat == "black" and p.rule == "10.2"
    assert sorted(ids(st)) == ["kish", "opis"]
    st = choose(st, "opis")
    assert st["gen"]["lysimachos"]["loc"] == "opis"


@pytest.mark.rule("successors", "19.5")
def test_with_a_5_the_transit_point_is_open_too():
    """The same with a roll of 5: 5 - 1 = 4 is above 3, so Gaugamela and Nisibis as well."""
    st = bare()
    st["options"]["avoid_transit"] = True
    give(st, "krateros", "blue", "sippar")
    put(st, "sippar", "blue", mercenary=4)
    give(st, "lysimachos", "black", "arbela")
    put(st, "arbela", "black", mercenary=2)
    st["pc"]["opis"] = "black"
    st["pc"]["kossaioi"] = "ind"
    activate(st, "krateros", 3)
    st = choose(st, "go:arbela")
    rig(st, 5)
    st = choose(st, "avoid")
    assert sorted(ids(st)) == ["gaugamela", "kish", "nisibis", "opis"]
