"""A short game of every shipped game with a ``search`` seat on a cheap budget: its choices
are legal (the session refuses others), the invariants hold, the search's hooks run."""

from __future__ import annotations

import pytest

from rules.engine import registry
from rules.engine.bots import PolicyBot, make_bot
from rules.engine.search import Budget, SearchBot, can_search
from rules.engine.session import Session

#: game -> (scenario, decisions to play); other games: their first playable scenario, 120
SMOKE = {"hubris": ("fourth-syrian-war", 400), "mare-nostrum": ("short", 120)}


@pytest.mark.parametrize("game_id", sorted(registry.KNOWN))
def test_a_search_seat_plays_a_short_game(game_id):
    game = registry.get(game_id)
    if not can_search(game):
        # hidden hands without a determinize hook: the seat plays the game's policy
        assert isinstance(make_bot("search", 1, "x", game), PolicyBot)
        pytest.skip(f"{game_id} has no determinize hook yet (docs/BOTS.md)")
    scenario, decisions = SMOKE.get(game_id) or (
        next(s.id for s in game.scenarios() if s.playable), 120)
    seats = list(game.scenario(scenario).seats)
    session = Session.new(game_id, scenario,
                          {s: ("search" if i == 0 else "bot") for i, s in enumerate(seats)},
                          {}, 11)
    searched = 0
    for _ in range(decisions):
        if session.result() is not None:
            break
        prompt = session.prompt()
        if prompt.seat == seats[0]:
            bot = SearchBot(11, prompt.seat, game, Budget(steps=25, horizon=8))
            choice = bot.choose(session.view(prompt.seat), prompt, len(session.choices))
            searched += bot.last["iterations"] > 0
            session.choose(choice)
        else:
            session.bot_step()
        assert game.invariants(session.state) == []
        for seat in seats:
            assert 0.0 <= game.evaluate(session.state, seat) <= 1.0
    assert searched >= 5
