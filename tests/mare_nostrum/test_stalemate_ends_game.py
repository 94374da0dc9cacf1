"""Ruling R-15-2: a game in which no empire gains ground ends.

The rulebook has no last turn (ch.15) and the Golden Age on the Stability Track is never lost
(9.5), so empires locked there that cannot reach the target would play forever (all-random
seat game, standard seed 7: Carthage and Egypt at the Golden Age, stuck at 5 and 8 VP past
turn 900). After ``STALEMATE_TURNS`` turns in a row with no empire reaching a new best VP
total and none falling, the ch.2 order names the winner.
"""

from __future__ import annotations

import pytest

from rules.mare_nostrum.stability import shift
from rules.mare_nostrum.victory import STALEMATE_TURNS, check_vp

from .helpers import bare, game

G = game()


def _stuck(vp: dict[str, int]) -> dict:
    s = bare()
    for e, emp in s["empires"].items():
        emp["vp"] = vp.get(e, 2)
        emp["vp_detail"] = {"monuments": 1, "golden_ages": 0, "control": 0}
    return s


def _turns(s: dict, first: int, last: int) -> int | None:
    """Run the end-of-turn victory check for turns first..last; the turn the game ended."""
    for t in range(first, last + 1):
        s["turn"] = t
        if check_vp(G, s):
            return t
    return None


@pytest.mark.rule("mare-nostrum", "15")
def test_golden_age_empires_never_fall_and_the_game_still_ends():
    s = _stuck({"carthage": 5, "egypt": 8})
    for e in ("carthage", "egypt"):
        s["empires"][e]["stability"] = 11
        shift(G, s, e, -3, "a lost province", "9.5")
        assert s["empires"][e]["stability"] == 11          # 9.5: locked for good
    assert _turns(s, 1, 1) is None                          # the first check notes the VP
    end = _turns(s, 2, 200)
    assert end == 1 + STALEMATE_TURNS
    res = G.result(s)
    assert res.winners == ["egypt"]
    assert res.reason.startswith("stalemate: no empire gained ground for")
    assert "Egypt leads with 8 victory points" in res.reason
    assert s["phase"] == "over"


@pytest.mark.rule("mare-nostrum", "15")
def test_a_new_vp_high_or_a_revolution_restarts_the_count():
    s = _stuck({"rome": 6})
    assert _turns(s, 1, 10) is None
    s["empires"]["persia"]["vp"] = 3                        # a new best for Persia
    assert _turns(s, 11, 11 + STALEMATE_TURNS - 1) is None
    s["empires"]["persia"]["vp"] = 2                        # falling back and regaining
    assert _turns(s, 11 + STALEMATE_TURNS, 11 + STALEMATE_TURNS) is not None
    s = _stuck({"rome": 6})
    assert _turns(s, 1, 15) is None
    shift(G, s, "greece", -20, "riots", "9.5")              # a revolution (ch.14)
    assert s["empires"]["greece"]["revolted"]
    assert _turns(s, 16, 16 + STALEMATE_TURNS - 1) is None
    assert _turns(s, 16 + STALEMATE_TURNS, 16 + STALEMATE_TURNS) == 16 + STALEMATE_TURNS
    assert G.result(s).winners == ["rome"]


@pytest.mark.rule("mare-nostrum", "2")
def test_stalemate_tie_on_vp_goes_by_the_ch2_tie_breaks():
    s = _stuck({"rome": 7, "persia": 7})
    s["empires"]["persia"]["vp_detail"]["monuments"] = 2
    assert _turns(s, 1, 100) == 1 + STALEMATE_TURNS
    res = G.result(s)
    assert res.winners == ["persia"]
    assert "(tied on VP with Rome; decided by monuments)" in res.reason
