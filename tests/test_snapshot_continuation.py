"""Play goes on from a save's JSON snapshot exactly as from the fully replayed game.

A version-2 save opens on its snapshot (plain JSON: lists where the rules may have built
tuples, string keys ...). For every recorded fixture (cut a third of the way in) and a fresh
bot game of every playable scenario, 300 more bot decisions are played from the snapshot
and from the replayed session side by side: same choice and same state hash at every step;
then the snapshot session's background verification passes and yields the same undo history.
"""

from pathlib import Path

import pytest

from rules.engine import registry
from rules.engine.session import Session
from rules.engine.state import state_hash
from tests.test_fixture_saves import FIXTURES, load_data

MORE = 300


def _lockstep(full: Session, fast: Session) -> int:
    seats = dict.fromkeys(full.controllers, "bot")
    full.controllers, fast.controllers = dict(seats), dict(seats)
    steps = 0
    while steps < MORE and full.result() is None:
        assert fast.result() is None
        a, b = full.bot_step(), fast.bot_step()
        steps += 1
        assert a == b, f"step {steps}: replayed game chose {a}, snapshot game {b}"
        assert state_hash(full.state) == state_hash(fast.state), f"step {steps}"
    assert fast.result() == full.result()
    return steps


def _check(full: Session, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    full.save(path)
    fast = Session.load(path, verify="background")
    assert fast.verifying and fast.state is not full.state
    assert state_hash(fast.state) == state_hash(full.state)
    steps = _lockstep(full, fast)
    assert steps > 0
    fast.verify_all()                  # also replays the choices made while verifying
    assert fast.verified
    assert [(h.choice, h.committed) for h in fast._history] == \
        [(h.choice, h.committed) for h in full._history]
    assert state_hash(fast._history[-1].before) == state_hash(full._history[-1].before)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_continues_alike_from_snapshot(path, tmp_path):
    data = load_data(path)
    cut = len(data["choices"]) // 3
    full = Session.new(data["game"], data["scenario"], data["seats"], data["options"],
                       data["seed"])
    for choice in data["choices"][:cut]:
        full.choose(choice)
    _check(full, tmp_path)


PLAYABLE = [(g.id, s.id) for g in (registry.get(k) for k in registry.KNOWN)
            for s in g.scenarios() if s.playable]


@pytest.mark.parametrize("game_id,scenario", PLAYABLE, ids=[f"{g}--{s}" for g, s in PLAYABLE])
def test_fresh_game_continues_alike_from_snapshot(game_id, scenario, tmp_path):
    info = registry.get(game_id).scenario(scenario)
    full = Session.new(game_id, scenario, dict.fromkeys(info.seats, "bot"), seed=17)
    for _ in range(20):
        if full.result() is not None:
            break
        full.bot_step()
    _check(full, tmp_path)
