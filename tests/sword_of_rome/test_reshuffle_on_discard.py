"""6.4.1: a RESHUFFLE card reshuffles the deck when it is played *or discarded*; one
discarded in the Draw Cards Phase (6.2.1) takes effect at the next Draw Cards Phase."""

import pytest

from rules.sword_of_rome.model import advance, ed

from .helpers import choose, fresh


def _reshuffle_card(st, side):
    deck = st["decks"][side]
    card = next(c for c in deck["draw"] if ed().cards[c].reshuffle)
    deck["draw"].remove(card)
    return card


@pytest.mark.rule("sword-of-rome", "6.4.1")
def test_a_reshuffle_card_discarded_at_the_draw_reshuffles_the_next_turn():
    st = fresh("four-player")
    deck = st["decks"]["rome"]
    card = _reshuffle_card(st, "rome")
    st["hands"]["rome"] = [card]
    for side in st["hands"]:
        if side != "rome":
            st["decks"][side]["draw"] += st["hands"][side]
            st["hands"][side] = []
    other = deck["draw"].pop(0)
    deck["discard"].append(other)
    st["turn"] = 2
    st["stack"] = [{"proc": "turn", "step": 1}]
    advance(st)
    choose(st, f"drop:{card}")
    # this turn's draw does not reshuffle yet; the deck is marked for the next one
    assert card in deck["discard"] and other in deck["discard"]
    assert deck["reshuffle"]


@pytest.mark.rule("sword-of-rome", "6.4.1")
def test_the_gauls_forced_discard_of_a_reshuffle_card_marks_their_deck():
    st = fresh("four-player")
    deck = st["decks"]["gauls"]
    card = _reshuffle_card(st, "gauls")
    st["hands"]["gauls"].append(card)
    for side in st["hands"]:
        if side != "gauls":
            st["decks"][side]["draw"] += st["hands"][side]
            st["hands"][side] = []
    st["turn"] = 2
    st["stack"] = [{"proc": "turn", "step": 1}]
    advance(st)
    assert card in deck["discard"] and deck["reshuffle"]
