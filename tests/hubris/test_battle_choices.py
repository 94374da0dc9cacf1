"""Ruling R4 revised (5.2.4): with a Force of a Power not At War, there is a Battle only if
one of the two Forces gives it; with several enemies the Campaigner picks the order."""

from __future__ import annotations

import pytest

from rules.hubris import core, land_campaign, play
from tests.hubris.rules_helpers import DATA, answer, prompt
from tests.hubris.test_rules_rome import nh


def _into_kilikia(with_ptolemies: bool):
    """12.1: Philippos V with the Macedonian Royal Army stands in KILIKIA (Macedon at Peace
    with the Seleucids), with the Ptolemaic Cretans under Theodotos if asked; Antiochos III
    Campaigns from SELEUKIS into KILIKIA with the Seleucid Royal Army."""
    s = nh()
    core.set_leader(s, "M6", location="kilikia")
    core.set_unit(s, "macedon-royal-army", location=core.card_of("M6"), face="up",
                  owner="macedon")
    if with_ptolemies:
        core.set_leader(s, "P3", location="kilikia")
        core.set_unit(s, "cretans", location=core.card_of("P3"), face="up", owner="ptolemies")
    s["kingdoms"]["seleucids"]["treasury"] = 30
    land_campaign.start(DATA, s, "seleucids", "S4", "land")
    for c in ("origin:seleukis", "target:kilikia", "announce:none",
              "add:seleucids-royal-army", "done"):
        s = answer(s, c)
    while prompt(s).seat != "seleucids":        # the others' Reactions: none taken
        ids = [c.id for c in prompt(s).choices]
        s = answer(s, next(c for c in ("done", "decline") if c in ids))
    return s


@pytest.mark.rule("hubris", "5.2.4")
def test_the_campaigner_picks_the_order_and_may_give_battle_to_a_power_not_at_war():
    s = _into_kilikia(with_ptolemies=True)
    p = prompt(s)
    assert p.rule == "5.2.4"
    assert {c.id for c in p.choices} == {"fight:ptolemies", "fight:macedon"}
    s = answer(s, "fight:ptolemies")
    battle = s["stack"][-1]
    assert battle["proc"] == "land-battle"
    assert battle["sides"]["defender"]["power"] == "ptolemies"
    assert not core.at_war(s, "macedon", "seleucids")


@pytest.mark.rule("hubris", "5.2.4")
def test_declined_by_the_campaigner_the_other_force_may_give_battle():
    s = _into_kilikia(with_ptolemies=False)
    assert {c.id for c in prompt(s).choices} == {"fight:macedon", "no-battle"}
    s = answer(s, "no-battle")
    p = prompt(s)
    assert p.seat == "macedon" and {c.id for c in p.choices} == {"attack", "decline"}
    s = answer(s, "attack")
    play.prepare(s)
    battle = s["stack"][-1]
    assert battle["proc"] == "land-battle"
    assert battle["sides"]["attacker"]["power"] == "seleucids"
    assert battle["sides"]["defender"]["power"] == "macedon"
    assert core.at_war(s, "macedon", "seleucids")          # Macedon's Act of War


@pytest.mark.rule("hubris", "5.2.4")
def test_no_battle_when_neither_force_gives_it():
    s = _into_kilikia(with_ptolemies=False)
    s = answer(s, "no-battle")
    s = answer(s, "decline")
    play.prepare(s)
    assert not any(f["proc"] == "land-battle" for f in s["stack"])
    assert not core.at_war(s, "macedon", "seleucids")
    assert s["leaders"]["M6"]["location"] == "kilikia"
