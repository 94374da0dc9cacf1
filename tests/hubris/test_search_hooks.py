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


def _totals(state, ptolemies: int, seleucids: int) -> None:
    vp = state["derived"]["vp"]
    vp["ptolemies"]["total"], vp["ptolemies"]["total_rounded"] = str(ptolemies), ptolemies
    vp["seleucids"]["total"], vp["seleucids"]["total_rounded"] = str(seleucids), seleucids


def test_evaluate_reads_the_12_3_margin_on_rounded_totals():
    session = _session(12)
    game = session.game
    state = copy_state(session.state)
    assert state["phase"] == "action" and state["decks"]["events"]["draw"]
    _totals(state, 17, 9)                                   # ahead by exactly 8: a draw
    assert abs(game.evaluate(state, "ptolemies") - 0.5) < 1e-9
    _totals(state, 18, 9)                                   # ahead by 9: a Minor Victory
    ahead = game.evaluate(state, "ptolemies")
    assert ahead > 0.6 and abs(game.evaluate(state, "seleucids") - (1 - ahead)) < 1e-9
    _totals(state, 16, 9)
    assert game.evaluate(state, "ptolemies") < 0.4
    _totals(state, 20, 13)                                  # both Majors: the margin decides
    assert game.evaluate(state, "ptolemies") < 0.5


def test_the_12_3_value_sharpens_as_the_cards_run_out():
    """Fewer Event cards left, less room for the margin to move: a lead is worth more, and
    with none left the value is the scenario's result (1, 0.5, 0)."""
    session = _session(12)
    game = session.game
    state = copy_state(session.state)
    _totals(state, 18, 9)
    values = []
    while True:
        values.append(game.evaluate(state, "ptolemies"))
        if not state["decks"]["events"]["draw"]:
            break
        state["decks"]["events"]["draw"].pop()
    assert values == sorted(values) and values[0] < values[-1]
    state["phase"] = "winter"
    assert game.evaluate(state, "ptolemies") == 1.0
    _totals(state, 17, 9)
    assert game.evaluate(state, "ptolemies") == 0.5
    _totals(state, 17, 10)
    assert game.evaluate(state, "seleucids") == 1.0


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
