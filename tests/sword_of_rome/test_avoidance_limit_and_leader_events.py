"""Rules each found by a random-seat game that broke the
'no two armies in one space' invariant: CU beyond the ten that avoid battle (11.1), and a
leader event that would land on an ally's army (15.3)."""

import pytest

from rules.sword_of_rome.events import playable
from rules.sword_of_rome.model import cu, ed

from .helpers import bare, choose, ids, put
from .test_war import march


def _spurinna_avoids(dice, etruscan_cu):
    """Valerius marches on Veii; Spurinna's army there avoids battle successfully."""
    st = bare()
    put(st, "roma", "rome", 6, "valerius")
    put(st, "veii", "etruscans", etruscan_cu, "spurinna")
    march(st, "rome", "valerius", 3, 6)
    choose(st, "to:veii")
    dice.queue = [1]
    choose(st, "avoid")
    return st


@pytest.mark.rule("sword-of-rome", "11.1")
def test_cu_beyond_the_ten_that_avoid_battle_are_stuck_and_fight(dice):
    st = _spurinna_avoids(dice, 12)                    # only ten may go
    dest = next(c for c in ids(st) if c.startswith("to:"))
    choose(st, dest)
    assert cu(st, dest[3:], "etruscans") == 10 and st["leaders"]["spurinna"] == dest[3:]
    assert cu(st, "veii", "etruscans") == 2
    # no pursuit roll: the Romans must attack the two leaderless CU left in Veii (9.4.1)
    battle = [f for f in st["stack"] if f["proc"] == "battle"]
    assert battle and battle[-1]["defender"] == "etruscans" and battle[-1]["space"] == "veii"
    assert any("left behind" in e["text"] for e in st["log"][-3:])


@pytest.mark.rule("sword-of-rome", "11.1")
def test_an_army_of_ten_or_fewer_avoids_whole_and_the_pursuit_is_rolled(dice):
    st = _spurinna_avoids(dice, 10)
    dice.queue = [6]                                   # Valerius fails to pursue
    choose(st, next(c for c in ids(st) if c.startswith("to:")))
    assert cu(st, "veii", "etruscans") == 0
    assert not [f for f in st["stack"] if f["proc"] in ("battle", "move")]


@pytest.mark.rule("sword-of-rome", "15.3")
def test_a_leader_event_may_not_land_on_an_allys_army():
    st = bare()
    card = next(c for c, d in ed().cards.items() if d.event.get("leader") == "pyrrhus")
    st["leaders"]["pyrrhus"] = "out"
    st["spaces"]["tarentum"]["ctl"] = "greeks"
    assert playable(st, "greeks", card)
    put(st, "tarentum", "samnites", 1)
    st["alliances"].append(["greeks", "samnites"])
    assert not playable(st, "greeks", card)            # allies never stack
    st["alliances"].remove(["greeks", "samnites"])
    assert playable(st, "greeks", card)                # an enemy there is fought (17.2)
