"""Error 7 (2.5.3, ruling R38 revised): the owner of a Force caught by the Kretikon Storms
allocates the losses freely between Squadrons and transported Land Units."""

from __future__ import annotations

import pytest

from rules.hubris import core, reactions
from tests.dice import rig
from tests.hubris.rules_helpers import answer, prompt
from tests.hubris.test_rules_rome import nh


def _fleet_in_kretikon():
    """A Ptolemaic Force of Ptolemaios IV (P1) at sea: the Royal Army, the Cretans and two
    Squadrons aboard, moving into the Kretikon Pelagos."""
    s = nh()
    card = core.card_of("P1")
    s["leaders"]["P1"]["location"] = "kretikon-pelagos"
    for u in ("ptolemies-royal-army", "cretans", "ptolemies-squadron-1",
              "ptolemies-squadron-2"):
        s["units"][u].update(location=card, face="up", owner="ptolemies")
    return s


@pytest.mark.rule("hubris", "2.5.3")
def test_the_owner_chooses_to_lose_a_squadron_and_keep_the_royal_army():
    s = _fleet_in_kretikon()
    rig(s, 4)                                   # one loss (reconstructed table, R38)
    reactions.kretikon_storm(s, "P1", "kretikon-pelagos")
    p = prompt(s)
    assert p.seat == s["kingdoms"]["ptolemies"]["seat"] and p.rule == "2.5.3"
    # the two Squadrons are alike: one choice stands for both
    assert {c.id for c in p.choices} == {"lose:ptolemies-royal-army", "lose:cretans",
                                         "lose:ptolemies-squadron-1"}
    s = answer(s, "lose:ptolemies-squadron-1")
    assert s["units"]["ptolemies-royal-army"]["location"] == core.card_of("P1")
    assert s["units"]["cretans"]["location"] == core.card_of("P1")
    assert s["units"]["ptolemies-squadron-1"]["location"] != core.card_of("P1")
    assert s["units"]["ptolemies-squadron-2"]["location"] == core.card_of("P1")


@pytest.mark.rule("hubris", "2.5.3")
def test_two_losses_may_both_fall_on_the_squadrons():
    s = _fleet_in_kretikon()
    rig(s, 6)                                   # two losses
    reactions.kretikon_storm(s, "P1", "kretikon-pelagos")
    ids = {c.id for c in prompt(s).choices}
    assert ids == {"lose:ptolemies-squadron-1+ptolemies-squadron-2",
                   "lose:cretans+ptolemies-royal-army", "lose:cretans+ptolemies-squadron-1",
                   "lose:ptolemies-royal-army+ptolemies-squadron-1"}
    s = answer(s, "lose:ptolemies-squadron-1+ptolemies-squadron-2")
    aboard = set(core.on_card(s, "P1"))
    assert aboard == {"ptolemies-royal-army", "cretans"}


@pytest.mark.rule("hubris", "2.5.3")
def test_nothing_to_choose_when_every_unit_goes():
    s = nh()
    card = core.card_of("P1")
    s["leaders"]["P1"]["location"] = "kretikon-pelagos"
    s["units"]["ptolemies-squadron-1"].update(location=card, face="up", owner="ptolemies")
    rig(s, 5)
    reactions.kretikon_storm(s, "P1", "kretikon-pelagos")
    assert not core.on_card(s, "P1")
    assert not any(q["proc"] == "storm-losses" for q in s["queue"])
