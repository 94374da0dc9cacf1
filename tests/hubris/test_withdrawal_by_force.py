"""Ruling R14 revised (6.3, 7.1.3): a Defeated side made of several Leaders' Forces
Withdraws Force by Force, each to an Adjacent Controlled Satrapy of its owner's choice."""

from __future__ import annotations

import pytest

from rules.hubris import battles, core, play
from tests.dice import rig
from tests.hubris.rules_helpers import DATA, answer, fresh, prompt


@pytest.mark.rule("hubris", "6.3")
@pytest.mark.rule("hubris", "7.1.3")
def test_two_defeated_forces_withdraw_to_different_satrapies():
    """12.3: Antiochos III with the Katoikoi and the Royal Army beats Ptolemaios IV (Cretans,
    Royal Army) and Theodotos (Arcadians) in KOILE SYRIA: one Hit, on the Cretans. PARAPOTAMIA
    is made Ptolemaic (set directly) so that two Satrapies are open to them."""
    s = fresh()
    for p in DATA.satrapies["parapotamia"].places:
        s["places"][p].update(power="ptolemies",
                              marker="alliance" if DATA.places[p].kind == "tribe"
                              else "garrison")
    DATA.refresh(s)
    for u in ("katoikoi-lower-satrapies", "seleucids-royal-army"):
        s["units"][u].update(location=core.card_of("S4"), face="up", owner="seleucids")
    for u, lid in (("cretans", "P1"), ("ptolemies-royal-army", "P1"), ("arcadians", "P3")):
        s["units"][u].update(location=core.card_of(lid), face="up", owner="ptolemies")
    for lid in ("S4", "P1", "P3"):
        s["leaders"][lid]["location"] = "koile-syria"
    battles.start_land_battle(DATA, s, "seleucids", "ptolemies", "koile-syria", "S4", False,
                              {})
    rig(s, 2, 6, 6, 6, 6)
    play.prepare(s)
    s = answer(s, "hit:cretans")
    s = answer(s, "continue")
    p = prompt(s)
    dests = battles.withdraw_destinations(DATA, s, "ptolemies", "koile-syria")
    assert dests == ["parapotamia", "pelousiakon-stoma"]
    assert {c.id for c in p.choices} == {f"withdraw:{g}:{d}" for g in ("P1", "P3")
                                         for d in dests}
    s = answer(s, f"withdraw:P1:{dests[0]}")
    assert {c.id for c in prompt(s).choices} == {f"withdraw:{d}" for d in dests}
    s = answer(s, f"withdraw:{dests[1]}")
    assert s["leaders"]["P1"]["location"] == dests[0]
    assert s["leaders"]["P3"]["location"] == dests[1]
    assert s["units"]["ptolemies-royal-army"]["location"] == core.card_of("P1")
    assert s["units"]["arcadians"]["location"] == core.card_of("P3")
