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


def test_evaluate_counts_the_treasury_beyond_12_3_and_solitaire_levels():
    from rules.hubris import play
    session = Session.new("hubris", "new-hopes", {k: "random" for k in
                          ("macedon", "ptolemies", "seleucids")}, {"turns": "3"}, 7)
    game, state = session.game, play.prepare(copy_state(session.state))
    before = game.evaluate(state, "macedon")
    state["kingdoms"]["macedon"]["treasury"] -= 10            # money spent, nothing bought
    assert game.evaluate(state, "macedon") < before
    solo = Session.new("hubris", "dance-of-ares", {"seleucids": "random"}, {}, 7).state
    play.prepare(solo)
    alive = game.evaluate(solo, "seleucids")
    assert 0.0 < alive < 0.9
    for level, value in (("Victory", 1.0), ("Draw", 0.35), ("Defeat", 0.0)):
        solo["result"] = {"winners": [], "reason": "", "scores": {}, "level": level}
        assert game.evaluate(solo, "seleucids") == value
