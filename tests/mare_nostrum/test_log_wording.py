"""Log and result wording: the 17.2 fall-back names the chart's box (its printed number), and
the victory reason names a tie-break only when VP were tied (ch.2)."""

from __future__ import annotations

import pytest

from rules.mare_nostrum.refresh import refresh
from rules.mare_nostrum.victory import check_vp

from .helpers import bare, game, place

G = game()


def merch_hex(merch: str, k: int = 0) -> str:
    return [h.id for h in sorted(G.map.hexes.values(), key=lambda h: h.id)
            if h.merchandise == merch and h.terrain in ("land", "coastal")
            and not h.capital_of][k]


@pytest.mark.rule("mare-nostrum", "17.2")
def test_fifth_column_log_names_box_seven():
    """Kingdom losing one of two luxuries falls to City State, box 7 on the chart."""
    s = bare({"17.2": "yes"})
    place(s, merch_hex("GOLD"), "greece", post="trade_post")
    salt = merch_hex("SALT")
    place(s, salt, "greece", post="trade_post")
    s["empires"]["greece"]["dev"]["culture"] = G.tables.box_phase["culture"].index(3) + 1
    refresh(G, s)
    place(s, salt, "persia", legions=1, contested=True)
    lines = [e["text"] for e in s["log"] if e["rule"] == "17.2" and "culture" in e["text"]]
    assert lines and "box 7 (City State)" in lines[-1]
    assert "box 2" not in lines[-1]


def _two_at_target(vp: dict[str, int], stability: dict[str, int]) -> dict:
    s = bare()
    for e, v in vp.items():
        s["empires"][e]["vp"] = v
        s["empires"][e]["vp_detail"] = {"monuments": 2, "golden_ages": 0, "control": 0}
        s["empires"][e]["stability"] = stability[e]
    return s


@pytest.mark.rule("mare-nostrum", "2")
def test_more_vp_wins_without_a_tie_break_note():
    s = _two_at_target({"rome": 11, "carthage": 10}, {"rome": 0, "carthage": 5})
    assert check_vp(G, s)
    assert G.result(s).winners == ["rome"]
    assert G.result(s).reason == "11 victory points"


@pytest.mark.rule("mare-nostrum", "2")
def test_tied_vp_names_the_deciding_tie_break():
    s = _two_at_target({"rome": 11, "carthage": 11}, {"rome": 7, "carthage": 6})
    assert check_vp(G, s)
    assert G.result(s).reason == ("11 victory points (tied on VP with Carthage; decided by "
                                  "stability)")
