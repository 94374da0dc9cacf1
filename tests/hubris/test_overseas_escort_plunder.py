"""Error 6: the escorts of an Overseas Campaign Plunder like a Naval Campaign (5.4.4, 5.3.5):
never a Satrapy their Kingdom Controlled at the start of the Action (5.2.8), and each Plunder
has its own Interception window (6.6) before the Talents are taken."""

import pytest

from rules.hubris import land_campaign
from tests.hubris.rules_helpers import DATA, answer, fresh, prompt


def _at_sea(target: str, escort_sea: str):
    """A Ptolemaic Overseas Campaign of Ptolemaios IV from DELTA into ``target`` with the
    Royal Army and one escort picked up in ``escort_sea``, driven to its first Sea."""
    s = fresh()
    s["units"]["ptolemies-squadron-1"]["location"] = escort_sea
    land_campaign.start(DATA, s, "ptolemies", "P1", "overseas")
    for c in ("origin:delta", f"target:{target}", f"route:{escort_sea}", "announce:none",
              "escort:ptolemies-squadron-1", "add:ptolemies-royal-army", "done"):
        if c.startswith("route:") and not prompt(s).choices[0].id.startswith("route:"):
            continue                    # one Path only: nothing to choose
        s = answer(s, c)
    return s


def _ids(s):
    return {c.id for c in prompt(s).choices}


@pytest.mark.rule("hubris", "5.2.8")
@pytest.mark.rule("hubris", "5.4.4")
def test_escorts_never_plunder_their_own_kingdoms_satrapy():
    s = _at_sea("kypros", "aigyption-pelagos")
    ids = _ids(s)
    assert "sail" in ids
    # Seleucid KILIKIA may be Plundered; Ptolemaic KOILE SYRIA, PELOUSIAKON STOMA, DELTA
    # and KYPROS were Controlled by the Ptolemies at the start of the Action
    assert {c for c in ids if c.startswith("plunder:")} == {"plunder:kilikia"}
    s = _at_sea("kyrenaike", "libykon-pelagos")
    assert "plunder:kyrenaike" not in _ids(s)
    before = s["kingdoms"]["ptolemies"]["treasury"]
    s = answer(s, "sail")
    assert not s["satrapies"]["kyrenaike"]["ravaged"]
    assert s["kingdoms"]["ptolemies"]["treasury"] == before


@pytest.mark.rule("hubris", "5.4.4")
@pytest.mark.rule("hubris", "5.3.5")
def test_escort_plunder_opens_its_own_interception_window():
    s = _at_sea("kypros", "aigyption-pelagos")
    s["units"]["seleucids-squadron-1"]["location"] = "pamphylion-pelagos"    # next door
    before = s["kingdoms"]["ptolemies"]["treasury"]
    s = answer(s, "plunder:kilikia")
    p = prompt(s)
    assert p.seat == "seleucids" and {c.id for c in p.choices} == {"intercept", "decline"}
    assert not s["satrapies"]["kilikia"]["ravaged"]         # not before the window closes
    s = answer(s, "decline")
    assert s["satrapies"]["kilikia"]["ravaged"]
    # one escort would take 3 T, capped at KILIKIA's Full Tax Value of 1 (5.3.5)
    assert s["kingdoms"]["ptolemies"]["treasury"] == before + 1
    assert not any(c.startswith("plunder:") for c in _ids(s))     # one single Satrapy
