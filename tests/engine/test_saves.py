"""Save round trip and every bad-save case: one clear line, nothing overwritten."""

import json
import os

import pytest

from rules.engine.saves import SaveError
from rules.engine.session import Session
from rules.engine.state import state_hash

BOTS = {"north": "random", "south": "random"}


@pytest.fixture
def saved(tmp_path):
    s = Session.new("duel", "long", BOTS, seed=9)
    for _ in range(7):
        s.bot_step()
    path = tmp_path / "game.json"
    s.save(path)
    return s, path


def test_round_trip_same_hash(saved):
    s, path = saved
    back = Session.load(path)
    assert state_hash(back.state) == state_hash(s.state) and back.choices == s.choices
    assert back.controllers == s.controllers


def test_finished_game_round_trip(tmp_path):
    s = Session.new("duel", "short", BOTS, seed=2)
    while s.result() is None:
        s.bot_step()
    s.save(tmp_path / "done.json")
    assert Session.load(tmp_path / "done.json").result() == s.result()


def _mutate(path, fn):
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data))


CASES = {
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
                  "damaged or truncated"),
    "bit-flipped": (lambda p: p.write_bytes(p.read_bytes().replace(b'"hash":"', b'"hash":"0', 1)),
                    "hash differs"),
    "not json": (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00"), "damaged or truncated"),
    "other file": (lambda p: p.write_text('{"hello": 1}'), "not a Hegemon save"),
    "wrong game": (lambda p: _mutate(p, lambda d: d.update(game="chess")), "unknown game"),
    "future version": (lambda p: _mutate(p, lambda d: d.update(version=99)), "newer Hegemon"),
    "illegal choice": (lambda p: _mutate(p, lambda d: d["choices"].insert(0, "block")),
                       "not legal"),
    "bad field": (lambda p: _mutate(p, lambda d: d.update(seed="x")), "'seed'"),
    "bad scenario": (lambda p: _mutate(p, lambda d: d.update(scenario="nope")), "cannot set up"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_save_refused_with_one_line(saved, case):
    _, path = saved
    breaker, words = CASES[case]
    breaker(path)
    with pytest.raises(SaveError) as info:
        Session.load(path)
    msg = str(info.value)
    assert words in msg and "\n" not in msg and path.name in msg


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="cannot read"):
        Session.load(tmp_path / "absent.json")


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_read_only_folder_keeps_old_save(saved):
    s, path = saved
    old = path.read_bytes()
    s.bot_step()
    path.parent.chmod(0o500)
    try:
        with pytest.raises(SaveError, match="could not save"):
            s.save(path)
    finally:
        path.parent.chmod(0o700)
    assert path.read_bytes() == old


def test_failed_write_keeps_old_save(saved, monkeypatch):
    s, path = saved
    old = path.read_bytes()
    s.bot_step()

    def disk_full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SaveError, match="No space left"):
        s.save(path)
    assert path.read_bytes() == old
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_autosave_after_every_choice(tmp_path):
    s = Session.new("duel", "short", BOTS, seed=4)
    s.autosave_path = tmp_path / "auto.json"
    s.bot_step()
    assert json.loads(s.autosave_path.read_text())["choices"] == s.choices
    s.bot_step()
    assert Session.load(s.autosave_path).choices == s.choices
