"""Finished games saved as fixtures replay to the same hash (tools/record_fixtures.py).

A failure here means the rules changed how a recorded game plays: either a regression, or a
deliberate change — then re-record the fixture with the reason in the commit message (when
only the log's wording changed, tools/rehash_fixtures.py replays the same choices and writes
the new hash).
The fixtures are format-1 saves (choices and hash only); they load by full replay, and
saved again (format 2) they open on the snapshot at the same position.
"""

import json
from pathlib import Path

import pytest

from rules.engine import registry
from rules.engine.session import Session
from rules.engine.state import state_hash

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "saves").glob("*.json"))


def load_data(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_finished_game_replays_to_same_hash(path, tmp_path):
    data = load_data(path)
    session = Session.load(path, verify="full")   # replays every choice and checks the hash
    assert session.result() is not None, "fixture should be a finished game"
    assert len(session.choices) == len(data["choices"])
    again = tmp_path / path.name
    session.save(again)
    fast = Session.load(again, verify="background")
    assert json.loads(again.read_text())["version"] == 2 and fast.verifying
    assert state_hash(fast.state) == state_hash(session.state) == data["hash"]
    assert fast.result() == session.result() and fast.choices == session.choices


def test_every_playable_scenario_has_a_fixture():
    have = {p.stem for p in FIXTURES}
    shipped = [registry.get(g) for g in registry.KNOWN]     # not the tests' fixture game
    missing = [f"{g.id}--{s.id}" for g in shipped for s in g.scenarios()
               if s.playable and f"{g.id}--{s.id}" not in have]
    assert not missing, f"record with tools/record_fixtures.py: {missing}"
