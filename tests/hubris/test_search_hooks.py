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


def test_the_first_decision_is_searched_on_the_position_it_is_asked_in(monkeypatch):
    """A new game's state is its set-up; the first prompt is asked after the automatic start
    (the deck shuffled, the first Event drawn: seed 3 draws Ev 15, and the first decision is
    the bid for Skopas). A bot is handed the view of that position, so every state the
    search draws from it asks the same decision; drawn from the set-up's view, the first
    Event was drawn again (another card, another prompt)."""
    import rules.engine.session as session_module

    seen = []

    class Reader:
        reads_view = True

        def choose(self, view, prompt, ply):
            seen.append(view)
            return prompt.choices[0].id

    monkeypatch.setattr(session_module, "make_bot", lambda *args: Reader())
    for seed in (3, 1, 2):
        session = Session.new("hubris", "fourth-syrian-war",
                              {"ptolemies": "search", "seleucids": "search"}, {}, seed)
        game, prompt = session.game, session.prompt()
        ids = [c.id for c in prompt.choices]
        assert session.view(prompt.seat)["phase"] == "decks"          # the set-up
        session.bot_step()
        view = seen[-1]
        assert view["phase"] == "action"
        for n in range(4):
            drawn = game.prompt(game.determinize(view, prompt.seat, seed_state(n)))
            assert [c.id for c in drawn.choices] == ids
        if seed == 3:
            assert prompt.rule == "2.2.7" and "Skopas" in prompt.text
            setup = session_module.Session.new("hubris", "fourth-syrian-war",
                                               {"ptolemies": "search", "seleucids": "search"},
                                               {}, seed).view(prompt.seat)
            asked = [game.prompt(game.determinize(setup, prompt.seat, seed_state(n)))
                     for n in range(4)]
            assert any([c.id for c in q.choices] != ids for q in asked)


def _totals(state, ptolemies: int, seleucids: int) -> None:
    """Those rounded Total VPs, and Treasuries alike."""
    for k in ("ptolemies", "seleucids"):
        state["kingdoms"][k]["treasury"] = 10
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
    _totals(state, 17, 9)
    state["kingdoms"]["ptolemies"]["treasury"] = 30         # money buys the Actions to come
    assert game.evaluate(state, "ptolemies") > 0.55
    state["decks"]["events"]["draw"], state["phase"] = [], "winter"
    assert game.evaluate(state, "ptolemies") == 0.5         # ... while any remain


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


def test_the_playout_policy_places_dice_that_succeed_finishes_proposals_and_bids_low():
    from rules.engine.game import Choice, Prompt
    from rules.hubris.search_hooks import playout_weights

    def weights(*choices: tuple[str, str]) -> list[float] | None:
        return playout_weights({}, Prompt("ptolemies", "?", [Choice(i, t) for i, t in choices]))

    die = weights(("die:arados", "Arados: success (needs 4 or less)"),
                  ("die:tarsos", "Tarsos: fails (needs 1 or less)"), ("die:-", "Leave it"))
    assert die[0] > die[1] == die[2] > 0
    menu = weights(("send", "Send"), ("add:garrison:us", "Add"), ("withdraw", "Withdraw"))
    assert menu[0] == menu[2] > menu[1] > 0
    bids = weights(("bid:pass", "Pass"), ("bid:3", "Raise to 3"), ("bid:20", "Raise to 20"))
    assert bids[0] > bids[1] > bids[2] > 0
    act = weights(("act:P1:envoy", "Envoy"), ("peace:seleucids", "Propose Peace"),
                  ("pass", "Pass"))
    assert act[0] == act[2] > act[1] > 0
    assert weights(("accept", "Accept"), ("refuse", "Refuse")) is None       # uniform


def test_the_search_plays_its_playouts_with_the_games_playout_policy():
    """Hubris has a ``bot`` strategy (rules/hubris/bot.py: the search's prior) and a
    playout policy of its own, which the search's playouts use."""
    from rules.engine.game import Game
    from rules.engine.search import SearchBot
    session = _session(0)
    game = session.game
    assert type(game).bot_weights is not Game.bot_weights
    assert type(game).playout_weights is not Game.playout_weights
    bot = SearchBot(1, "ptolemies", game)
    assert bot.has_playout_policy and bot.has_policy
