"""Interceptors can be overrun (8.3.6, 11.5): the Overrun is checked after the Reaction
Step, so an army that intercepts with too few CUs is beaten without a battle and the active
army moves on."""

import pytest

from rules.successors.model import count
from tests.dice import rig, rolled

from .helpers import activate, bare, choose, give, ids, prompt, put


def intercepted(blue: int, yellow: int):
    """Krateros (Blue, ``blue`` Mercenaries) marches from Heliopolis into Naukratis; a
    Yellow minor general with ``yellow`` Mercenaries intercepts from Alexandreia (a 6)."""
    st = bare()
    give(st, "krateros", "blue", "heliopolis")
    put(st, "heliopolis", "blue", mercenary=blue)
    st["gen"]["yellow-minor-1"] = {"owner": "yellow", "loc": "alexandreia"}
    put(st, "alexandreia", "yellow", mercenary=yellow)
    activate(st, "krateros", 4)
    st = choose(st, "go:naukratis")
    assert prompt(st).seat == "yellow" and ids(st) == ["pass", "alexandreia"]
    rig(st, 6)
    st = choose(st, "alexandreia")
    assert count(st, "naukratis", "yellow") == yellow                 # it got there (11.3)
    assert prompt(st).seat == "blue" and ids(st) == ["fight", "withdraw"]     # 11.7
    return choose(st, "fight")


@pytest.mark.rule("successors", "11.5")
def test_five_cus_overrun_one_interceptor_and_march_on():
    st = intercepted(5, 1)
    n = len(st["log"])
    assert not any("battle dice" in t for t in rolled(st))           # no battle was fought
    assert any(e["rule"] == "8.3.6" and "overruns" in e["text"] for e in st["log"][n - 3:])
    assert count(st, "naukratis", "yellow") == 0
    assert st["gen"]["yellow-minor-1"]["loc"] == "supply"           # 12.5.1
    assert count(st, "naukratis", "blue") == 5                        # no CU lost
    assert prompt(st).seat == "blue" and "go:memphis" in ids(st)      # 3 MP left: on it goes


@pytest.mark.rule("successors", "11.5")
def test_four_cus_do_not_overrun_one_interceptor():
    st = intercepted(4, 1)
    assert prompt(st).rule == "4.31.1"                                # the battle's window
