"""Error 9: open bidding (3.5, 2.2.7, 2.1.6). Bids are raised freely until nobody wishes to
raise: a Kingdom that passed may come back after a later raise, and the bidding ends only
when a full round goes by with no raise or match. The VP bid for a Kingdom has no 10-VP cap
(2.1.6 sets none)."""

from __future__ import annotations

import pytest

from rules.hubris import bidding, flow, kingdom_bid, mercenaries
from tests.hubris.rules_helpers import DATA, GAME, prompt
from tests.hubris.test_rules_rome import nh


@pytest.mark.rule("hubris", "3.5")
def test_a_kingdom_that_passed_comes_back_after_a_later_raise_and_wins():
    s = nh()
    frame = flow.push(s, "mercenaries", lot="illyrians", todo=[],
                      auction=bidding.begin(s, ["macedon", "ptolemies", "seleucids"],
                                            mercenaries.MIN_BID))
    before = s["kingdoms"]["seleucids"]["treasury"]
    phase = mercenaries.MercenariesPhase()
    phase.apply(DATA, s, frame, "bid:2")          # Macedon
    phase.apply(DATA, s, frame, "bid:pass")       # Ptolemies
    phase.apply(DATA, s, frame, "bid:pass")       # Seleucids
    assert phase.prompt(DATA, s, frame) is None   # a full round since the raise: over
    s = nh()
    frame = flow.push(s, "mercenaries", lot="illyrians", todo=[],
                      auction=bidding.begin(s, ["macedon", "ptolemies", "seleucids"],
                                            mercenaries.MIN_BID))
    phase.apply(DATA, s, frame, "bid:2")          # Macedon
    phase.apply(DATA, s, frame, "bid:pass")       # Ptolemies
    phase.apply(DATA, s, frame, "bid:3")          # Seleucids raise
    p = phase.prompt(DATA, s, frame)
    assert p.seat == "macedon"
    phase.apply(DATA, s, frame, "bid:4")          # Macedon raises
    p = phase.prompt(DATA, s, frame)
    assert p.seat == "ptolemies"                  # asked again though they passed
    assert "bid:5" in {c.id for c in p.choices}
    phase.apply(DATA, s, frame, "bid:5")          # and they come back
    phase.apply(DATA, s, frame, "bid:pass")       # Seleucids
    phase.apply(DATA, s, frame, "bid:pass")       # Macedon
    assert phase.prompt(DATA, s, frame) is None   # a full round with no raise
    treasury = s["kingdoms"]["ptolemies"]["treasury"]
    phase.run(DATA, s, frame)
    assert s["units"]["illyrians"]["owner"] == "ptolemies"
    assert s["kingdoms"]["ptolemies"]["treasury"] == treasury - 5
    assert s["kingdoms"]["seleucids"]["treasury"] == before


@pytest.mark.rule("hubris", "2.1.6")
def test_the_vp_bid_for_a_kingdom_may_go_above_ten():
    s = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"],
                      {"kingdom_bid": "yes"}, 1)
    for c in ("want", "want", "not"):             # two seats want the Seleucids
        s = GAME.apply(s, c)
    p = prompt(s)
    assert p.kind == "bid"
    amounts = {int(c.id[4:]) for c in p.choices if c.id[4:].isdigit()}
    top = kingdom_bid.max_bid(DATA, s, "seleucids")
    assert top > 10 and max(amounts) == top and 16 in amounts
    bidder = p.seat
    s = GAME.apply(s, "bid:16")
    s = GAME.apply(s, "bid:pass")
    assert s["kingdoms"]["seleucids"]["seat"] == bidder
