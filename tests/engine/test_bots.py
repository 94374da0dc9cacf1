"""The bot seats: ``random`` is uniform, ``bot`` follows the game's ``bot_weights``."""

from __future__ import annotations

import pytest

from rules.engine.bots import PolicyBot, RandomBot, make_bot
from rules.engine.game import Choice, Game, Prompt


def _prompt(n: int) -> Prompt:
    return Prompt(seat="a", text="pick", choices=[Choice(f"c{i}", f"c{i}") for i in range(n)])


class _Leaning(Game):
    id = "leaning"

    def __init__(self, weights):
        self.weights = weights

    def bot_weights(self, view, prompt):
        return self.weights


def test_policy_bot_never_picks_a_zero_weight():
    bot = PolicyBot(7, "a", _Leaning([0, 1, 0, 0]))
    assert {bot.choose({}, _prompt(4), ply) for ply in range(200)} == {"c1"}


def test_policy_bot_follows_proportions():
    bot = PolicyBot(3, "a", _Leaning([1, 3]))
    picks = [bot.choose({}, _prompt(2), ply) for ply in range(4000)]
    assert 0.70 < picks.count("c1") / len(picks) < 0.80


def test_policy_bot_without_strategy_is_the_random_bot():
    policy, uniform = make_bot("bot", 5, "a", _Leaning(None)), RandomBot(5, "a")
    assert all(policy.choose({}, _prompt(6), p) == uniform.choose({}, _prompt(6), p)
               for p in range(100))


def test_policy_bot_is_reproducible():
    game = _Leaning([1, 2, 3])
    a = [PolicyBot(11, "a", game).choose({}, _prompt(3), p) for p in range(50)]
    b = [PolicyBot(11, "a", game).choose({}, _prompt(3), p) for p in range(50)]
    assert a == b


@pytest.mark.parametrize("weights", [[1, 2], [1, -1, 1], [1, float("nan"), 1]])
def test_policy_bot_refuses_weights_that_do_not_fit(weights):
    with pytest.raises(ValueError, match="bot weights"):
        PolicyBot(1, "a", _Leaning(weights)).choose({}, _prompt(3), 0)


def test_only_a_bot_that_reads_the_state_is_given_a_view(monkeypatch):
    from rules.engine.session import Session

    session = Session.new("duel", "long", {"north": "random", "south": "bot"}, {}, 4)
    asked: list[str | None] = []
    real_view = session.game.view
    monkeypatch.setattr(session.game, "view", lambda st, seat: asked.append(seat)
                        or real_view(st, seat))
    while session.seat_to_move() != "north":
        session.bot_step()
    asked.clear()
    session.bot_step()                     # the random seat: the prompt is all it reads
    assert asked == []
    while session.seat_to_move() != "south":
        session.bot_step()
    asked.clear()
    session.bot_step()
    assert asked == ["south"]
