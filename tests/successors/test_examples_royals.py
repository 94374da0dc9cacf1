"""The rulebook's worked example of a marriage (18.5.2): Kassandros takes Pella, then
Yellow plays Thessalonike (card 32) and he marries her."""

import pytest

from rules.successors import victory
from tests.dice import rig

from .helpers import bare, choose, give, ids, push, put


def kassandros_takes_pella():
    """Kassandros (Yellow, 3 Mercenaries) at Pella, Black's, with no CU inside: his free
    siege of the Surrender Segment gets 1 SP (a 4), all that is needed, and Yellow's PC goes
    on at once (13.2.4). Thessalonike waits at Pella, inactive (5.3)."""
    st = bare()
    give(st, "kassandros", "yellow", "pella")
    put(st, "pella", "yellow", mercenary=3)
    st["pc"]["pella"] = "black"
    st["seg"]["segment"] = "surrender"
    push(st, "surrender", seat="yellow")
    assert "siege:pella" in ids(st)
    rig(st, 4)
    st = choose(st, "siege:pella")
    assert st["pc"]["pella"] == "yellow"
    assert st["royals"]["thessalonike"] == {"loc": "box", "active": False}
    return st


def play_thessalonike(st, seat="yellow"):
    st["seg"]["segment"] = "tyche"
    st["hands"][seat] = ["c32"]
    push(st, "tyche", seat=seat, stage="start")
    st = choose(st, "c32")
    assert "event" in ids(st)
    return choose(st, "event")


@pytest.mark.example("successors", "18.5.2/1")
@pytest.mark.rule("successors", "18.5")
def test_example_18_5_2_kassandros_marries_thessalonike():
    st = play_thessalonike(kassandros_takes_pella())
    assert st["married"]["thessalonike"] == "yellow"
    rec = st["royals"]["thessalonike"]
    assert rec["active"] and rec["loc"] == st["gen"]["kassandros"]["loc"] == "pella"
    assert victory.legitimacy_breakdown(st, "yellow")["Thessalonike"] == 1
    assert any(e["rule"] == "18.5" and "marries into Yellow" in e["text"] for e in st["log"])


@pytest.mark.rule("successors", "18.5.1")
def test_a_bride_married_to_another_player_is_not_married_again():
    """18.5.1 (2): card 32 played again later (it goes back into the deck) by Black, whose
    army stands with her, does not take Thessalonike from Yellow."""
    st = play_thessalonike(kassandros_takes_pella())
    give(st, "antipatros", "black", "pella")
    put(st, "pella", "black", mercenary=2)
    st = play_thessalonike(st, "black")
    assert st["married"]["thessalonike"] == "yellow"
