"""Headless play changes the state in place (``Session(undo=False)``, ``Game.apply_in_place``,
docs/PERFORMANCE.md "Less copying: headless games and playouts change the state in place"):
the same games as with copying, nothing the search bot is given changes, and a rules failure
half-way leaves the session on the position before the failing choice."""

from __future__ import annotations

import pytest

from rules.engine.game import IllegalChoice
from rules.engine.runner import play
from rules.engine.search import Budget, SearchBot
from rules.engine.session import Session
from rules.engine.state import canonical, state_hash
from rules.hubris import flow

GAMES = [
    ("fourth-syrian-war", {"ptolemies": "random", "seleucids": "random"}, {}, 1),
    ("fourth-syrian-war", {"ptolemies": "bot", "seleucids": "random"}, {}, 2),
    ("new-hopes", {"ptolemies": "random", "seleucids": "random"},
     {"turns": "1", "players": "2"}, 3),
    ("antiochos-hubris", {"seleucids": "random"}, {}, 4),
]


def _played(scenario, seats, options, seed, undo):
    session = Session.new("hubris", scenario, seats, options, seed, undo=undo)
    while session.result() is None:
        assert len(session.choices) < 5_000
        session.bot_step()
    return session


@pytest.mark.parametrize(("scenario", "seats", "options", "seed"), GAMES,
                         ids=[f"{g[0]}-{g[3]}" for g in GAMES])
def test_in_place_play_is_the_same_game(scenario, seats, options, seed):
    copying = _played(scenario, seats, options, seed, undo=True)
    in_place = _played(scenario, seats, options, seed, undo=False)
    assert in_place.choices == copying.choices
    assert state_hash(in_place.state) == state_hash(copying.state)
    assert in_place.result() == copying.result()
    assert not in_place.can_undo() and in_place._history == []


def test_headless_games_play_in_place_and_save_what_replays(tmp_path):
    out = play("hubris", "fourth-syrian-war", {"ptolemies": "random", "seleucids": "random"},
               5)
    assert out.result is not None and not out.session.keeps_undo
    out.session.save(tmp_path / "game.json")
    loaded = Session.load(tmp_path / "game.json")          # replays every choice, copying
    assert state_hash(loaded.state) == state_hash(out.session.state)


def test_an_illegal_choice_changes_nothing_in_place():
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "random", "seleucids": "random"}, {}, 6, undo=False)
    for _ in range(5):
        session.bot_step()
    before, state = state_hash(session.state), session.state
    with pytest.raises(IllegalChoice):
        session.choose("no-such-choice")
    assert session.state is state          # refused as it was: nothing to rebuild
    with pytest.raises(IllegalChoice):
        session.game.apply_in_place(session.state, "no-such-choice")
    assert state_hash(session.state) == before and len(session.choices) == 5


def test_a_rules_failure_half_way_leaves_the_position_before_it(monkeypatch):
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "random", "seleucids": "random"}, {}, 7, undo=False)
    for _ in range(8):
        session.bot_step()
    before, choices = state_hash(session.state), list(session.choices)
    due = session.prompt()

    works, failed = flow.apply_choice, []

    def broken(data, state, choice, prompt=None):
        if failed:                               # the replay of the earlier choices
            return works(data, state, choice, prompt)
        failed.append(choice)
        state["turn"] = 99                       # changes made before the rules fail
        state["kingdoms"]["ptolemies"]["treasury"] = -5
        raise RuntimeError("a rules bug")

    monkeypatch.setattr(flow, "apply_choice", broken)
    with pytest.raises(RuntimeError, match="a rules bug"):
        session.choose(due.choices[0].id)
    monkeypatch.undo()
    assert failed == [due.choices[0].id]
    assert state_hash(session.state) == before and session.choices == choices
    assert session.prompt().text == due.text
    session.bot_step()                           # and the game goes on


def test_the_search_changes_nothing_it_is_given():
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "random", "seleucids": "random"}, {}, 8)
    searched = 0
    while searched < 3 and session.result() is None:
        prompt = session.prompt()
        if len(prompt.choices) > 1:
            view = session.view(prompt.seat)
            state_before, view_before = canonical(session.state), canonical(view)
            # sure=1.1: every decision searched, none played at once from the bot's prior
            bot = SearchBot(5, prompt.seat, session.game, Budget(steps=150, sure=1.1))
            assert bot.choose(view, prompt, len(session.choices)) in \
                {c.id for c in prompt.choices}
            assert bot.last["steps"] >= 150
            assert canonical(session.state) == state_before
            assert canonical(view) == view_before
            searched += 1
        session.bot_step()
    assert searched == 3
