"""Independent Major Cities (Athenai, Kyrene) are besieged, not subjugated (13.2.2 counts
them among the sieges of Major Cities; 13.3.1 subjugates only Minor Cities and
Strongholds): the city's own modifier and the -1 against a port without a fleet apply."""

import pytest

from rules.successors.model import count
from rules.successors.sieges import required, siege_target
from tests.dice import rig

from .helpers import activate, bare, choose, give, prompt, put


def at_the_walls(sid: str):
    """Kassandros (Yellow, 4 Mercenaries, no fleet) before the Independent city ``sid``."""
    st = bare()
    give(st, "kassandros", "yellow", sid)
    put(st, sid, "yellow", mercenary=4)
    st["pc"][sid] = "ind"
    activate(st, "kassandros", 4)
    return st


@pytest.mark.rule("successors", "13.2.2")
@pytest.mark.parametrize("sid, die, mods", [
    ("athenai", 4, ["city -1", "no fleet against a port -1"]),       # 4 - 2 = 2: 0/0
    ("kyrene", 3, ["no fleet against a port -1"]),                   # 3 - 1 = 2: 0/0
])
def test_an_independent_major_city_is_besieged_with_its_modifiers(sid, die, mods):
    st = at_the_walls(sid)
    assert siege_target(st, sid, "yellow") == "siege"
    assert required(st, sid) == 3                                     # 13.2.2
    label = {c.id: c.label for c in prompt(st).choices}["siege"]
    assert label.startswith("Besiege")
    rig(st, die)
    st = choose(st, "siege")
    line = next(e["text"] for e in reversed(st["log"]) if e["rule"] == "13.2")
    assert "besieges" in line and "0 SP, 0 CU lost (0 of 3)" in line
    assert st["sp"][sid] == {"by": "yellow", "n": 0}
    assert count(st, sid, "yellow") == 4
    from rules.successors.sieges import siege
    rig(st, die)                                                      # the record itself
    assert siege(st, sid, "yellow")["modifiers"] == mods


@pytest.mark.rule("successors", "13.3.2")
def test_an_independent_stronghold_is_still_subjugated():
    st = at_the_walls("korinthos")
    assert siege_target(st, "korinthos", "yellow") == "subjugate"
    assert required(st, "korinthos") == 3
    rig(st, 3)
    from rules.successors.sieges import siege
    rec = siege(st, "korinthos", "yellow")
    assert rec["modifiers"] == [] and (rec["sp"], rec["loss"]) == (1, 1)
