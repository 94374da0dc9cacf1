"""Session 15 (issue #32): with three or more players the search's value reads half the
seat's margin over the best rival and half its margin over the rivals' mean, so a seat
behind the leader still sees what it takes from a rival who is not leading; with one rival
the two margins are one and the value is as before."""

from __future__ import annotations

import math

from rules.successors.model import ed
from rules.successors.search_hooks import (
    SCALE_EARLY,
    SCALE_LATE,
    evaluate,
    progress,
    standing_vp,
    turn_done,
    worth,
)

from .helpers import bare


def _province(avoid: set[str]):
    """A province of at least 2 VP with a Major City (so its PCs need no army, 6.7)."""
    return next(p for p in ed().provinces.values() if p.major is not None and p.vp >= 2
                and p.id not in avoid and p.id != "makedonia")


def _hold(st, seat, prov):
    for sid in prov.spaces:
        st["pc"][sid] = seat


def _board():
    """Four players, no CU: the leader holds two provinces, a second seat one, the seat
    valued (and a fourth) none."""
    st = bare("four-player", 1, turn=2)
    st["round"] = 1
    me, leader, second, _ = st["players"]
    a = _province(set())
    b = _province({a.id})
    c = _province({a.id, b.id})
    _hold(st, leader, a)
    _hold(st, leader, b)
    _hold(st, second, c)
    return st, me, second, c


def test_taking_from_a_rival_who_does_not_lead_raises_the_value():
    st, me, second, c = _board()
    before = evaluate(st, me)
    for sid in c.spaces:
        del st["pc"][sid]
    after = evaluate(st, me)
    assert after > before + 0.01


def test_with_one_rival_the_value_is_the_logistic_of_the_margin():
    st = bare("two-player", 1, turn=2)
    st["round"] = 2
    a, b = st["players"]
    prov = _province(set())
    _hold(st, a, prov)
    vps, part = standing_vp(st), progress(st)
    scale = SCALE_EARLY + (SCALE_LATE - SCALE_EARLY) * turn_done(st)
    margin = worth(st, a, vps, part) - worth(st, b, vps, part)
    assert evaluate(st, a) == 1.0 / (1.0 + math.exp(-margin / scale))
    assert abs(evaluate(st, a) + evaluate(st, b) - 1.0) < 1e-12
