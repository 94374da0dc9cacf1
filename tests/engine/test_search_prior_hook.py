"""The search seat's prior is :meth:`Game.search_prior_weights` (session 16, issue #32): by
default the ``bot`` policy, and a game may give its search a prior of its own while its
``bot`` seat plays as before."""

from __future__ import annotations

from rules.engine.game import Prompt, State
from rules.engine.search import Budget, SearchBot

from .test_search import Nim


class Leaning(Nim):
    """Nim whose ``bot`` leans to taking one, and whose search prior is sure of taking two."""

    def bot_weights(self, view: State, prompt: Prompt) -> list[float]:
        return [3.0 if c.id == "take:1" else 1.0 for c in prompt.choices]

    def search_prior_weights(self, view: State, prompt: Prompt) -> list[float]:
        return [1.0 if c.id == "take:1" else 99.0 for c in prompt.choices]


class Plain(Nim):
    def bot_weights(self, view: State, prompt: Prompt) -> list[float]:
        return [3.0 if c.id == "take:1" else 1.0 for c in prompt.choices]


def test_the_search_reads_its_own_prior_not_the_bot_policy():
    game = Leaning()
    state = game.new_game("ten", ["first", "second"], {}, 3)
    bot = SearchBot(1, "first", game, Budget(steps=200))
    assert bot.choose(state, game.prompt(state), 0) == "take:2"
    assert bot.last.get("sure")                      # 99 % of the prior: played at once


def test_the_prior_is_the_bot_policy_by_default():
    game = Plain()
    state = game.new_game("ten", ["first", "second"], {}, 3)
    assert game.search_prior_weights(state, game.prompt(state)) == [3.0, 1.0]
    bot = SearchBot(1, "first", game, Budget(steps=200))
    assert bot.has_policy
    bot.choose(state, game.prompt(state), 0)
    assert not bot.last.get("sure")
