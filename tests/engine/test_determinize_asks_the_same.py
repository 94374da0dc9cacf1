"""The search draws what a seat cannot see (``Game.determinize``) from the view a bot is
handed: every state it draws must ask that seat the same decision, with the same words,
choices and dialog, or the search weighs another decision (session 17: a new Hubris game's
first Event was drawn again; The Sword of Rome's Desperate Times listed the draw pile in its
order). The first decisions of a `bot` game of every game with hidden parts, two draws each.
"""

from __future__ import annotations

import json

import pytest

import rules.engine.session as session_module
from rules.engine import registry
from rules.engine.bots import PolicyBot
from rules.engine.rng import seed_state
from rules.engine.session import Session

GAMES = [("hubris", "fourth-syrian-war", 3, 80), ("hubris", "new-hopes", 2, 60),
         ("sword-of-rome", "two-player", 1, 120), ("successors", "four-player", 1, 120),
         ("athens-sparta", "peloponnesian-war", 1, 120)]


def _asked(prompt) -> tuple:
    """What the seat is shown: the words, the choices' labels in order, the dialog. (Choice
    ids left out: a title held twice names the copy found first, 7.4.3.)"""
    return (prompt.seat, prompt.text, prompt.rule, [c.label for c in prompt.choices],
            json.dumps(prompt.context, sort_keys=True, default=str))


class Checker(PolicyBot):
    """The `bot` seat, which first draws two states from the view it is handed and checks
    that they ask what it is asked (at once: the view shares parts with the state, which
    in-place play changes afterwards)."""

    checked = 0

    def choose(self, view, prompt, ply):
        if len(prompt.choices) > 1:
            for k in range(2):
                drawn = self.game.prompt(self.game.determinize(view, prompt.seat,
                                                               seed_state(100 * ply + k)))
                assert _asked(drawn) == _asked(prompt), (ply, prompt.text)
            type(self).checked += 1
        return super().choose(view, prompt, ply)


@pytest.mark.parametrize("game_id,scenario,seed,decisions", GAMES)
def test_every_state_drawn_from_a_bots_view_asks_the_same(monkeypatch, game_id, scenario,
                                                          seed, decisions):
    monkeypatch.setattr(session_module, "make_bot",
                        lambda kind, seed, seat, game: Checker(seed, seat, game))
    monkeypatch.setattr(Checker, "checked", 0)
    options = {"turns": "3"} if scenario == "new-hopes" else {}
    game = registry.get(game_id)
    assert game.hidden_information
    session = Session.new(game_id, scenario, dict.fromkeys(game.scenario(scenario).seats, "bot"),
                          options, seed, undo=False)
    for _ in range(decisions):
        if session.prompt() is None:
            break
        session.bot_step()
    assert Checker.checked > 10
