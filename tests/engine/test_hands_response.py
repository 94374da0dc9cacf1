"""Shared card-game parts: hands, per-power decks, response windows."""

import pytest

from rules.engine import deck as decks
from rules.engine import hands, response
from rules.engine.game import IllegalChoice
from rules.engine.state import new_state


def _state():
    return new_state("x", "y", ["a", "b", "c"], {}, 3)


def test_hands_take_and_hidden_view():
    st = _state()
    hands.hand(st, "a").extend(["c1", "c2"])
    hands.hand(st, "b").append("c3")
    assert hands.take(st, "a", "c1") == "c1" and st["hands"]["a"] == ["c2"]
    with pytest.raises(IllegalChoice):
        hands.take(st, "a", "c3")
    view = hands.hide_hands(st, "b")
    assert view["hands"] == {"a": [], "b": ["c3"]}
    assert view["hand_sizes"] == {"a": 1, "b": 1}
    assert st["hands"]["a"] == ["c2"]            # the state itself is untouched


def test_power_deck_draw_to_reshuffle_remove_and_search():
    st = _state()
    deck = decks.new_power_deck(st, [f"c{i}" for i in range(6)], name="red")
    hand: list[str] = []
    got = decks.draw_to(st, deck, hand, 4, name="red")
    assert len(got) == 4 and hand == got and len(deck["draw"]) == 2
    decks.discard(deck, hand.pop())
    decks.remove(deck, hand.pop())
    decks.mark_reshuffle(deck)
    decks.draw_to(st, deck, hand, 4, name="red")     # the discard came back first
    assert deck["discard"] == [] and deck["reshuffle"] is False
    assert len(hand) == 4 and len(deck["draw"]) == 1
    assert deck["removed"] and deck["removed"][0] not in hand
    view = decks.power_deck_view(deck)
    assert view["draw"] == 1 and view["removed"] == deck["removed"]
    decks.discard(deck, hand.pop())
    card = deck["discard"][0]
    assert decks.search(st, deck, card, name="red") == "discard"
    with pytest.raises(KeyError):
        decks.search(st, deck, card, name="red")


def test_draw_to_refills_from_discards_when_the_pile_runs_out():
    st = _state()
    deck = decks.new_power_deck(st, ["x", "y"], name="red")
    deck["discard"] = ["z"]
    hand: list[str] = []
    decks.draw_to(st, deck, hand, 3, name="red")
    assert sorted(hand) == ["x", "y", "z"]


def test_response_window_asks_every_seat_in_order_and_nests():
    st = _state()
    order = response.clockwise_from(["a", "b", "c"], "b")
    assert order == ["b", "c", "a"]
    w = response.open_window(st, "battle", order, where="roma")
    assert response.asked_seat(w) == "b"
    response.record_play(st, "card1")                 # b plays and is asked again
    assert response.asked_seat(response.current(st)) == "b"
    inner = response.open_window(st, "response", ["c"])
    assert response.current(st) is inner
    assert response.pass_turn(st) is inner            # inner closes, outer resumes
    assert response.asked_seat(response.current(st)) == "b"
    assert response.pass_turn(st) is None
    assert response.asked_seat(response.current(st)) == "c"
    response.pass_turn(st)
    closed = response.pass_turn(st)
    assert closed["played"] == [{"seat": "b", "card": "card1"}] and closed["where"] == "roma"
    assert response.current(st) is None
