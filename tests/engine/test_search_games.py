"""A short game of every shipped game with a ``search`` seat on a cheap budget: its choices
are legal (the session refuses others), the invariants hold, the search's hooks run."""

from __future__ import annotations

import pytest

from rules.engine import registry
from rules.engine.search import Budget, SearchBot
from rules.engine.session import Session

#: game -> (scenario, decisions to play)
SMOKE = {"hubris": ("fourth-syrian-war", 400), "mare-nostrum": ("short", 120)}


@pytest.mark.parametrize("game_id", sorted(registry.KNOWN))
def test_a_search_seat_plays_a_short_game(game_id):
    scenario, decisions = SMOKE[game_id]
    game = registry.get(game_id)
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
