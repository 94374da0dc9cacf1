"""A game in progress saved by an earlier version still loads: upkeep keys added since (a
top-level key beginning with ``_``, such as ``tables.SETTLED``) are left out of the hash, so the
replay of its choices reaches the saved hash (docs/SAVES.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.engine.state import canonical, state_hash
from rules.hubris import tables

OLDER = Path(__file__).resolve().parents[1] / "fixtures" / "older_saves"
#: saved mid-game by commit 0bbc207 (session 9), before ``tables.SETTLED`` existed
IN_PROGRESS = OLDER / "hubris-fourth-syrian-war-in-progress-0bbc207.json"


@pytest.mark.parametrize("verify", ["full", "background"])
def test_a_game_in_progress_saved_before_the_upkeep_key_loads_and_goes_on(verify):
    session = Session.load(IN_PROGRESS, verify=verify)
    session.verify_all()
    assert len(session.choices) == 25 and session.result() is None
    for _ in range(5):
        session.bot_step()
    assert len(session.choices) == 30


def test_upkeep_keys_are_left_out_of_the_hash_and_the_save(tmp_path):
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "random", "seleucids": "random"}, {}, 2)
    for _ in range(10):
        session.bot_step()
    state = dict(session.state)
    state.pop(tables.SETTLED, None)
    marked = dict(state, **{tables.SETTLED: True})
    assert state_hash(marked) == state_hash(state)
    assert b"_settled" not in canonical(marked)
    assert state_hash(dict(state, turn=99)) != state_hash(state)    # a real key still counts
    session.state = marked
    session.save(tmp_path / "game.json")
    assert b"_settled" not in (tmp_path / "game.json").read_bytes()
    assert state_hash(Session.load(tmp_path / "game.json").state) == state_hash(state)
