"""What the search seat needs of Hubris (rules/hubris/search_hooks.py): a full state drawn
from a seat's view that keeps what the seat knows, and a position value."""

from __future__ import annotations

from collections import Counter

from rules.engine.plain import copy_state
from rules.engine.rng import seed_state
from rules.engine.session import Session
from rules.engine.state import canonical


def _session(decisions: int = 6) -> Session:
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "random", "seleucids": "random"}, {}, 7)
    for _ in range(decisions):
        session.bot_step()
    return session


def test_determinize_keeps_the_piles_contents_and_changes_nothing_it_reads():
    session = _session()
    game, state = session.game, session.state
    view = game.view(state, "ptolemies")
    kept_state, kept_view = canonical(state), copy_state(view)
    orders = set()
    for n in range(6):
        full = game.determinize(view, "ptolemies", seed_state(n))
        for name, deck in state["decks"].items():
            assert Counter(full["decks"][name]["draw"]) == Counter(deck["draw"])
            assert full["decks"][name]["discard"] == deck["discard"]
        orders.add(tuple(full["decks"]["events"]["draw"]))
        assert "rng" in full and game.prompt(full) is not None
    assert len(orders) > 1 or len(state["decks"]["events"]["draw"]) < 2
    assert canonical(state) == kept_state and canonical(view) == canonical(kept_view)


def test_evaluate_reads_the_12_3_margin():
    session = _session(0)
    game = session.game
    state = copy_state(session.state)
    vp = state["derived"]["vp"]
    vp["ptolemies"]["total"], vp["seleucids"]["total"] = "17", "9"      # a draw
    assert abs(game.evaluate(state, "ptolemies") - 0.5) < 1e-9
    vp["ptolemies"]["total"] = "37/2"
    assert game.evaluate(state, "ptolemies") > 0.6 > 0.4 > game.evaluate(state, "seleucids")
