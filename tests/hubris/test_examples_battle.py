"""The Land Battle example of 7.1.3: an Elite and two Regular Units under a Battle 3
Strategos against four Regulars under a Battle 2 Strategos, in the open and in Rough Terrain.

Set up in 12.3 directly: Zeuxis [S6] (Battle 3, no battle ability) leads the Seleucid Royal
Army (Elite) and both Katoikoi (face-up Regulars); Ptolemaios IV [P1] (Battle 2; ROYAL
PHALANX needs the Machimoi, absent) leads the Ptolemaic Royal Army, the Cleruchs, the Cretans
and the Arcadians (Regulars), all in KOILE SYRIA. The faces are lost in the extraction
(digest §0 #14): the Seleucid Regulars roll 2 and 5, the Elite 4 (a Hit only with its +1);
the Ptolemies 2, 2, 4, 6."""

from __future__ import annotations

import pytest

from rules.hubris import battles, core, play
from tests.dice import rig
from tests.hubris.rules_helpers import DATA, answer, fresh, prompt

ATT = ["katoikoi-lower-satrapies", "katoikoi-upper-satrapies", "seleucids-royal-army"]
DEF = ["arcadians", "cleruchs", "cretans", "ptolemies-royal-army"]


def _battle(rough: bool):
    s = fresh()
    for u in ATT:
        s["units"][u].update(location=core.card_of("S6"), face="up", owner="seleucids")
    for u in DEF:
        s["units"][u].update(location=core.card_of("P1"), face="up", owner="ptolemies")
    s["leaders"]["S6"]["location"] = s["leaders"]["P1"]["location"] = "koile-syria"
    battles.start_land_battle(DATA, s, "seleucids", "ptolemies", "koile-syria", "S6", rough,
                              {})
    frame = s["stack"][-1]
    assert frame["sides"]["attacker"]["troops"] == ATT
    assert frame["sides"]["defender"]["troops"] == DEF
    return s


@pytest.mark.example("hubris", "7.1.3/1")
@pytest.mark.rule("hubris", "7.1.1")
@pytest.mark.rule("hubris", "7.1.2")
def test_battle_example_simultaneous_strikes_end_indecisive():
    s = _battle(rough=False)
    rig(s, 2, 5, 4, 2, 2, 4, 6)          # Seleucids (three dice), then Ptolemies (four)
    play.prepare(s)                       # the strikes
    p = prompt(s)                         # the Seleucids allocate their two Hits (R2)
    frame = s["stack"][-1]
    att, dfn = frame["sides"]["attacker"], frame["sides"]["defender"]
    assert [(d["face"], d["threshold"], d["success"]) for d in att["dice"]] == \
        [(2, 3, True), (5, 3, False), (4, 4, True)]     # the Elite's 4 hits with its +1
    assert att["hits"] == 2 and dfn["hits"] == 2
    assert [d["threshold"] for d in dfn["dice"]] == [2, 2, 2, 2]
    assert p.seat == "seleucids" and {c.id for c in p.choices} == {f"hit:{u}" for u in DEF}
    s = answer(s, "hit:arcadians")
    s = answer(s, "hit:cleruchs")
    p = prompt(s)                         # the Ptolemies allocate theirs
    assert p.seat == "ptolemies" and {c.id for c in p.choices} == {f"hit:{u}" for u in ATT}
    s = answer(s, "hit:katoikoi-lower-satrapies")
    s = answer(s, "hit:katoikoi-upper-satrapies")   # both Regulars Rout
    play.prepare(s)
    frame = s["stack"][-1]
    assert sorted(frame["sides"]["attacker"]["routed"]) == ATT[:2]
    assert sorted(frame["sides"]["defender"]["routed"]) == ["arcadians", "cleruchs"]
    assert frame["winner"] is None and frame["loser"] is None       # Indecisive
    assert s["leaders"]["S6"]["location"] == "koile-syria"           # both remain
    assert s["leaders"]["P1"]["location"] == "koile-syria"
    assert any("Indecisive" in e["text"] for e in s["log"])


@pytest.mark.example("hubris", "7.1.3/1")
@pytest.mark.rule("hubris", "7.1.1")
def test_battle_example_in_rough_terrain_the_regulars_rout_before_striking():
    s = _battle(rough=True)
    rig(s, 2, 2, 4, 6, 4)                 # the Ptolemies strike first, then the Elite alone
    play.prepare(s)
    p = prompt(s)
    assert p.seat == "ptolemies"
    s = answer(s, "hit:katoikoi-lower-satrapies")
    s = answer(s, "hit:katoikoi-upper-satrapies")
    play.prepare(s)
    frame = s["stack"][-1]
    att = frame["sides"]["attacker"]
    assert [(d["unit"], d["threshold"]) for d in att["dice"]] == [("seleucids-royal-army", 4)]
    assert att["hits"] == 1               # at best one Hit (two only on a natural 1)
