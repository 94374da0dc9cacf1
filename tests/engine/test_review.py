"""rules/engine/review.py: every position of a save rebuilt by replay, log entries found
again, and the search's verdict on a decision worked out from the deciding seat's view."""

from __future__ import annotations

import copy

import pytest

from rules.engine import registry
from rules.engine.review import SNAPSHOT_EVERY, Timeline, analyse, can_analyse, judge
from rules.engine.saves import SaveError
from rules.engine.search import Budget
from rules.engine.session import Session
from rules.engine.state import state_hash
from tests.engine.fixture_game import GAME

FAST = Budget(steps=150)


@pytest.fixture(autouse=True)
def duel():
    registry.register(GAME)


def played(seed: int = 3, scenario: str = "long") -> Session:
    session = Session.new("duel", scenario, {"north": "random", "south": "bot"}, {}, seed)
    while session.result() is None:
        session.bot_step()
    return session


def test_every_position_is_the_replay_of_its_first_choices():
    session = played()
    data = session.to_save()
    timeline = Timeline(data)
    assert len(timeline) == len(session.choices)
    replay = Session.new("duel", "long", data["seats"], {}, data["seed"])
    hashes = [state_hash(replay.state)]
    for choice in data["choices"]:
        replay.choose(choice)
        hashes.append(state_hash(replay.state))
    before = [state_hash(s) for s in timeline._snapshots]
    for k in reversed(range(len(timeline) + 1)):          # any order
        assert state_hash(timeline.state_at(k)) == hashes[k]
    assert [state_hash(s) for s in timeline._snapshots] == before     # snapshots untouched
    assert [d.choice for d in timeline.decisions] == data["choices"]


def test_snapshots_are_kept_every_so_many_choices():
    session = Session.new("duel", "long", {"north": "random", "south": "random"},
                          {"blocks": "3"}, 9)
    while session.result() is None:
        session.bot_step()
    timeline = Timeline(session.to_save())
    assert len(timeline._snapshots) == 1 + len(timeline) // SNAPSHOT_EVERY


def test_a_log_entry_leads_to_the_position_after_the_choice_that_wrote_it():
    timeline = Timeline(played().to_save())
    log = timeline.final["log"]
    for i in range(len(log)):
        k = timeline.position_of_log_entry(i)
        assert i < len(timeline.state_at(k)["log"])            # written by then
        if k > 0:
            assert i >= len(timeline.state_at(k - 1)["log"])   # and not before
    assert timeline.position_of_log_entry(0) == 0              # set-up entries


def test_a_save_whose_replay_differs_is_refused():
    data = played().to_save()
    data = {**data, "hash": "0" * 64}
    with pytest.raises(SaveError, match="does not reach"):
        Timeline(data)
    bad = {**played().to_save()}
    bad["choices"] = ["cheat"] + bad["choices"][1:]
    with pytest.raises(SaveError, match="choice 1"):
        Timeline(bad)


def test_the_verdict_comes_from_what_the_seat_could_see():
    """Two positions that differ only in what North cannot see (South's hand, the draw
    pile's order and the dice to come) get the same verdict on North's decision."""
    session = Session.new("duel", "long", {"north": "random", "south": "random"}, {}, 11)
    state = session.state
    assert GAME.prompt(state).seat == "north"
    other = copy.deepcopy(state)
    other["hands"]["south"] = ["6", "6", "6"]
    other["deck"]["draw"] = list(reversed(other["deck"]["draw"]))
    other["rng"] = {k: (v + 12345 if isinstance(v, int) else v)
                    for k, v in other["rng"].items()}
    seen = {k: v for k, v in GAME.view(state, "north").items() if k != "rng"}
    assert seen == {k: v for k, v in GAME.view(other, "north").items() if k != "rng"}
    assert other["hands"]["south"] != state["hands"]["south"]
    kept = state_hash(state)
    a = judge(GAME, state, "pass", 0, 11, FAST)
    b = judge(GAME, other, "pass", 0, 11, FAST)
    assert a == b
    assert state_hash(state) == kept                           # nothing changed
    assert a.seat == "north" and set(a.chances) == {"north", "south"}
    assert a.chances["north"] == pytest.approx(a.played_chance)


def test_analyse_judges_the_decisions_asked_for_in_order():
    data = played().to_save()
    timeline = Timeline(data)
    wanted = timeline.decisions_of("south")[:4]
    verdicts = list(analyse(data, reversed(wanted), FAST))
    assert [v.index for v in verdicts] == wanted
    for v in verdicts:
        assert v.seat == "south" and v.played == data["choices"][v.index]
        assert 0 <= v.played_chance <= 1 and 0 <= v.best_chance <= 1
        assert v.marked == (v.best != v.played and v.best_chance - v.played_chance >= 0.1)


def test_games_whose_hidden_part_the_search_cannot_draw_are_not_analysed():
    assert can_analyse(GAME)
    assert not can_analyse(registry.get("sword-of-rome"))
