"""Ruling R5 revised (6.6): an Interceptor sends any number of its Squadrons in range, and a
Campaigning Force may be reinforced by any of its own in range, or none."""

from __future__ import annotations

import pytest

from rules.hubris import core, naval_campaign, play
from tests.hubris.rules_helpers import DATA, answer, prompt
from tests.hubris.test_rules_rome import nh


@pytest.mark.rule("hubris", "6.6")
def test_the_interceptor_chooses_how_many_squadrons_and_the_campaigner_its_reinforcements():
    """12.1: Theodotos sails from the Aigyption Pelagos; two Seleucid Squadrons stand next
    to it (Libykon and Pamphylion Pelagos); a Ptolemaic one in the Pamphylion Pelagos."""
    s = nh()
    core.set_unit(s, "seleucids-squadron-1", location="libykon-pelagos")
    core.set_unit(s, "seleucids-squadron-2", location="pamphylion-pelagos")
    naval_campaign.start(DATA, s, "ptolemies", "P3")
    for c in ("origin:aigyption-pelagos", "target:propontis",
              "route:aigyption-pelagos+pamphylion-pelagos+aigaion-pelagos+propontis",
              "add:ptolemies-squadron-1", "go"):
        s = answer(s, c)
    p = prompt(s)
    assert p.seat == "seleucids" and p.rule == "6.6"
    assert {c.id for c in p.choices} == {
        "intercept", "intercept:seleucids-squadron-1", "intercept:seleucids-squadron-2",
        "decline"}
    s = answer(s, "intercept:seleucids-squadron-1")
    play.prepare(s)
    p = prompt(s)
    assert p.seat == "ptolemies"
    assert {c.id for c in p.choices} == {"reinforce:", "reinforce:ptolemies-squadron-2"}
    s = answer(s, "reinforce:")
    battle = next(f for f in s["stack"] if f["proc"] == "naval-battle")
    assert battle["sides"]["defender"]["troops"] == ["seleucids-squadron-1"]
    assert battle["sides"]["attacker"]["troops"] == ["ptolemies-squadron-1"]
    assert s["units"]["seleucids-squadron-2"]["location"] == "pamphylion-pelagos"
    assert s["units"]["ptolemies-squadron-2"]["location"] == "pamphylion-pelagos"
