"""Desperate Times (7.4.3): the new draw discards the cards the player chooses, any number;
the named event may be found in his hand as well as in his draw pile or discards."""

import pytest

from rules.sword_of_rome.model import current_prompt, ed

from .helpers import bare, choose, ids, put, run


def _dt(st, side="greeks"):
    st["active_side"] = side
    st["dt"][side] = 1
    run(st, "dt_action", side=side)


@pytest.mark.rule("sword-of-rome", "7.4.3")
def test_the_new_draw_discards_only_the_cards_chosen_and_draws_as_many():
    st = bare()
    hand = list(st["hands"]["greeks"])
    assert len(hand) >= 3
    _dt(st)
    choose(st, "refresh")
    assert current_prompt(st).rule == "7.4.3"
    assert set(ids(st)) == {f"drop:{c}" for c in hand} | {"draw"}
    choose(st, f"drop:{hand[0]}")
    assert f"drop:{hand[0]}" not in ids(st)
    choose(st, "draw")
    now = st["hands"]["greeks"]
    assert len(now) == len(hand) and hand[0] not in now and set(hand[1:]) <= set(now)
    assert hand[0] in st["decks"]["greeks"]["discard"] and st["dt"]["greeks"] == 0


@pytest.mark.rule("sword-of-rome", "7.4.3")
def test_the_named_event_may_come_from_the_hand():
    st = bare()
    card = next(c for c in st["hands"]["greeks"] if not ed().cards[c].response
                and ed().cards[c].event["do"] in ("support", "raise", "loyalty"))
    _dt(st)
    assert f"search:{card}" in ids(st)
    choose(st, f"search:{card}")
    assert card not in st["hands"]["greeks"]
    assert card in st["decks"]["greeks"]["discard"] + st["decks"]["greeks"].get("removed", [])


@pytest.mark.rule("sword-of-rome", "7.4.6")
def test_five_players_a_carthaginian_desperate_times_may_hire_three_mercenaries():
    from rules.sword_of_rome import mercenaries
    from rules.sword_of_rome.model import cu

    st = bare("five-player")
    put(st, "carthago", "carthage", 2)
    st["citizens"] = sum(cu(st, s, "carthage") for s in st["cu"])
    _dt(st, "carthage")
    assert "hire" in ids(st)
    choose(st, "hire")
    for _ in range(3):
        choose(st, "at:carthage:carthago")
    assert mercenaries.count(st) == 3 and st["dt"]["carthage"] == 0
    assert current_prompt(st) is None


@pytest.mark.rule("sword-of-rome", "7.4.3")
def test_the_events_to_search_for_are_listed_by_title_whatever_the_draw_pile_order():
    """The player names the event, then searches: the list is by title and the same for any
    order of the draw pile (it was in the pile's order, which showed how the pile lay)."""
    from rules.engine.plain import copy_state

    st = bare()
    twin = copy_state(st)
    twin["decks"]["greeks"]["draw"].reverse()
    assert twin["decks"]["greeks"]["draw"] != st["decks"]["greeks"]["draw"]
    listed = []
    for state in (st, twin):
        _dt(state)
        labels = [c.label for c in current_prompt(state).choices
                  if c.id.startswith("search:")]
        assert len(labels) > 3 and labels == sorted(labels)
        listed.append(labels)
    assert listed[0] == listed[1]
