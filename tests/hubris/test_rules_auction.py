"""Open bidding (2.2.7, 2.2.9, 3.5; ruling R7): rounds of raise / match / pass, the highest
bidder wins and alone pays, bids within the Treasury, ties by a die roll."""

import pytest

from rules.engine.game import IllegalChoice
from rules.hubris import bidding, defection, events, flow, mercenaries
from tests.hubris.rules_helpers import DATA, GAME
from tests.hubris.test_rules_leader_abilities_defection_and_peace import fresh
from tests.hubris.test_rules_rome import nh

THREE = ["macedon", "ptolemies", "seleucids"]


def _lot(s, bidders=THREE):
    return flow.push(s, "mercenaries", lot="illyrians", todo=[],
                     auction=bidding.begin(s, bidders, mercenaries.MIN_BID))


def _treasuries(s):
    return {k: s["kingdoms"][k]["treasury"] for k in THREE}


@pytest.mark.rule("hubris", "3.5")
def test_three_bidders_the_last_raise_wins_and_only_the_winner_pays():
    s = nh()
    frame, phase = _lot(s), mercenaries.MercenariesPhase()
    before = _treasuries(s)
    # Macedon 2, Ptolemies 3, Seleucids pass, Macedon 4, Ptolemies pass, Seleucids (asked
    # again after the raise) pass: a full round with no raise ends it
    for choice in ("bid:2", "bid:3", "bid:pass", "bid:4", "bid:pass", "bid:pass"):
        p = phase.prompt(DATA, s, frame)
        assert p is not None and p.kind == "bid"
        phase.apply(DATA, s, frame, choice)
    assert phase.prompt(DATA, s, frame) is None
    phase.run(DATA, s, frame)
    after = _treasuries(s)
    assert s["units"]["illyrians"]["owner"] == "macedon"
    assert after["macedon"] == before["macedon"] - 4
    assert after["ptolemies"] == before["ptolemies"]      # passing bidders pay nothing
    assert after["seleucids"] == before["seleucids"]


@pytest.mark.rule("hubris", "3.5")
def test_a_bidder_sees_the_standing_bid_and_the_history():
    s = nh()
    frame, phase = _lot(s), mercenaries.MercenariesPhase()
    phase.apply(DATA, s, frame, "bid:3")
    p = phase.prompt(DATA, s, frame)
    assert p.seat == "ptolemies"
    assert p.context["standing_bid"] == "3 T (Macedon)"
    assert p.context["history"] == ["Macedon: bid 3 T"]
    ids = [c.id for c in p.choices]
    assert ids[:2] == ["bid:pass", "bid:match"] and "bid:2" not in ids and "bid:4" in ids
    labels = [c.label for c in p.choices]
    assert len(set(labels)) == len(labels)


@pytest.mark.rule("hubris", "3.5")
def test_a_bidder_cannot_bid_above_its_treasury():
    s = nh()
    s["kingdoms"]["ptolemies"]["treasury"] = 5
    frame, phase = _lot(s), mercenaries.MercenariesPhase()
    phase.apply(DATA, s, frame, "bid:2")                 # Macedon
    p = phase.prompt(DATA, s, frame)
    assert max(int(c.id[4:]) for c in p.choices if c.id[4:].isdigit()) == 5
    with pytest.raises(IllegalChoice):
        phase.apply(DATA, s, frame, "bid:6")
    phase.apply(DATA, s, frame, "bid:pass")               # Ptolemies
    phase.apply(DATA, s, frame, "bid:9")                  # Seleucids
    phase.apply(DATA, s, frame, "bid:pass")               # Macedon
    p = phase.prompt(DATA, s, frame)                      # Ptolemies again: 9 > 5 T
    assert p.seat == "ptolemies" and [c.id for c in p.choices] == ["bid:pass"]
    phase.apply(DATA, s, frame, "bid:pass")
    assert phase.prompt(DATA, s, frame) is None


@pytest.mark.rule("hubris", "3.5")
def test_matching_bids_tie_and_a_die_roll_picks_the_winner(monkeypatch):
    s = nh()
    frame, phase = _lot(s), mercenaries.MercenariesPhase()
    before = _treasuries(s)
    monkeypatch.setattr(bidding, "pick", lambda state, items, **kw: items[-1])
    for choice in ("bid:3", "bid:match", "bid:pass", "bid:hold"):
        phase.apply(DATA, s, frame, choice)               # Macedon 3, Ptolemies match 3
    assert phase.prompt(DATA, s, frame) is None
    phase.run(DATA, s, frame)
    after = _treasuries(s)
    assert s["units"]["illyrians"]["owner"] == "ptolemies"   # the die's pick of the tie
    assert after["ptolemies"] == before["ptolemies"] - 3
    assert after["macedon"] == before["macedon"]


@pytest.mark.rule("hubris", "3.5")
def test_nobody_bids_the_lot_stays_face_down():
    s = nh()
    frame, phase = _lot(s), mercenaries.MercenariesPhase()
    for _ in THREE:
        phase.apply(DATA, s, frame, "bid:pass")
    phase.run(DATA, s, frame)
    assert s["units"]["illyrians"]["face"] == "down" and not s["units"]["illyrians"].get("owner")


@pytest.mark.rule("hubris", "2.2.7")
def test_unaffiliated_leader_goes_to_the_highest_of_several_rounds():
    s = fresh()
    t = {k: s["kingdoms"][k]["treasury"] for k in ("seleucids", "ptolemies")}
    events.ev15_mercenary_general(DATA, s, "ev-15")
    for choice in ("bid:1", "bid:2", "bid:5", "bid:pass"):   # Sel 1, Ptol 2, Sel 5, Ptol out
        s = GAME.apply(s, choice)
    assert s["leaders"]["U3"]["court"] == "seleucids"
    assert s["kingdoms"]["seleucids"]["treasury"] == t["seleucids"] - 5
    assert s["kingdoms"]["ptolemies"]["treasury"] == t["ptolemies"]


@pytest.mark.rule("hubris", "2.2.7")
def test_leader_bids_tied_go_to_a_die_roll():
    s = fresh()
    events.ev15_mercenary_general(DATA, s, "ev-15")
    for choice in ("bid:2", "bid:match", "bid:hold"):
        s = GAME.apply(s, choice)
    assert s["leaders"]["U3"]["court"] in ("seleucids", "ptolemies")
    assert any("tie between bids (die roll)" in e["text"] for e in s["log"])
    paid = [k for k in ("seleucids", "ptolemies") if s["kingdoms"][k]["treasury"] !=
            fresh()["kingdoms"][k]["treasury"]]
    assert paid == [s["leaders"]["U3"]["court"]]


@pytest.mark.rule("hubris", "2.2.9")
def test_a_defector_is_auctioned_among_the_other_kingdoms_only():
    s = fresh()
    assert defection.defect(DATA, s, "P5", "test")
    frame = s["stack"][-1]
    assert frame["proc"] == "leader-bid" and frame["auction"]["bidders"] == ["seleucids"]
    s = GAME.apply(s, "bid:3")
    assert s["leaders"]["P5"]["court"] == "seleucids"
