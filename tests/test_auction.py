"""The engine's open auction (rules/engine/auction.py) as plain data."""

import json

import pytest

from rules.engine import auction


def test_sealed_first_round_then_open_bidding():
    a = auction.start(["a", "b", "c"], 1, {"a": 10, "b": 10, "c": 3}, sealed_first=True)
    assert [c.id for c in auction.choices(a, "c")] == ["bid:0", "bid:1", "bid:2", "bid:3"]
    for choice in ("bid:4", "bid:4", "bid:0"):
        auction.apply(a, choice)
    assert a["standing"] == 4 and a["out"] == [] and auction.current(a) == "a"
    auction.apply(a, "bid:6")
    assert [c.id for c in auction.choices(a, "b")][:2] == ["bid:pass", "bid:match"]
    auction.apply(a, "bid:pass")
    assert [c.id for c in auction.choices(a, "c")] == ["bid:pass"]     # c cannot reach 6
    auction.apply(a, "bid:pass")
    assert auction.over(a) and auction.top(a) == ["a"]
    json.dumps(a)


def test_a_pass_is_not_final_after_a_later_raise():
    """Hubris 3.5: bids are raised until nobody wishes to raise; one who passed may come
    back after somebody else raises."""
    a = auction.start(["a", "b", "c"], 1, {"a": 10, "b": 10, "c": 10})
    auction.apply(a, "bid:2")            # a
    auction.apply(a, "bid:pass")         # b passes
    auction.apply(a, "bid:3")            # c raises
    assert auction.current(a) == "a"
    auction.apply(a, "bid:pass")         # a, below the standing bid, passes
    assert auction.current(a) == "b"     # asked again after c's raise
    auction.apply(a, "bid:5")
    assert not auction.over(a) and a["standing"] == 5


def test_illegal_choice_is_refused_and_nobody_bidding_ends_it():
    a = auction.start(["a", "b"], 2, {"a": 5, "b": 1})
    with pytest.raises(ValueError):
        auction.apply(a, "bid:1")
    auction.apply(a, "bid:pass")
    assert [c.id for c in auction.choices(a, "b")] == ["bid:pass"]
    auction.apply(a, "bid:pass")
    assert auction.over(a) and auction.top(a) == []
