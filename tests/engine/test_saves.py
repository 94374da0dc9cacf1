"""Save round trip and every bad-save case: one clear line, nothing overwritten.

Version 2 saves carry the final position and a check sum: a damaged file is refused by the
check sum before any rule runs; a consistently edited one (check sum recomputed) by the
replay. Version 1 saves (no snapshot) still load, by replay.
"""

import hashlib
import json
import os
import random

import pytest

from rules.engine.saves import VERSION, SaveError, check_sum
from rules.engine.session import Session
from rules.engine.state import canonical, state_hash

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
    for verify in ("full", "background"):
        back = Session.load(path, verify=verify)
        assert state_hash(back.state) == state_hash(s.state) and back.choices == s.choices
        assert back.controllers == s.controllers


def test_written_file_is_version_2_with_snapshot_and_check_sum(saved):
    s, path = saved
    data = json.loads(path.read_text())
    assert data["version"] == VERSION == 2
    assert data["state"] == json.loads(canonical(s.state))
    assert data["hash"] == state_hash(data["state"]) == state_hash(s.state)
    assert data["check"] == check_sum(data)
    assert s.to_save()["check"] == data["check"]


def test_finished_game_round_trip(tmp_path):
    s = Session.new("duel", "short", BOTS, seed=2)
    while s.result() is None:
        s.bot_step()
    s.save(tmp_path / "done.json")
    assert Session.load(tmp_path / "done.json").result() == s.result()
    fast = Session.load(tmp_path / "done.json", verify="background")
    assert fast.result() == s.result()


def _mutate(path, fn, resum=False):
    """Edit a save; ``resum``: recompute hash and check sum, as a careful editor would."""
    data = json.loads(path.read_text())
    fn(data)
    if resum:
        if "state" in data:
            data["hash"] = state_hash(data["state"])
        data["check"] = check_sum(data)
    path.write_text(json.dumps(data))


def _to_v1(path):
    """Rewrite a save as format version 1 (no snapshot, no check sum)."""
    def strip(d):
        d.pop("state")
        d.pop("check")
        d["version"] = 1
    _mutate(path, strip)


def _flip_hash(p):
    p.write_bytes(p.read_bytes().replace(b'"hash":"', b'"hash":"0', 1))


# case: (breaker, words of the message) - the file as a player's disk might damage it
DAMAGED = {
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
                  "damaged or truncated"),
    "hash changed": (_flip_hash, "check sum differs"),
    "position changed": (lambda p: p.write_bytes(p.read_bytes().replace(
        b'"commit":', b'"commit":1', 1)), "hash differs"),
    "not json": (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00"), "damaged or truncated"),
    "NaN": (lambda p: p.write_bytes(p.read_bytes().replace(b'"seed":9', b'"seed":NaN')),
            "damaged or truncated"),
    "other file": (lambda p: p.write_text('{"hello": 1}'), "not a Hegemon save"),
    "future version": (lambda p: _mutate(p, lambda d: d.update(version=99)), "newer Hegemon"),
    "bad field": (lambda p: _mutate(p, lambda d: d.update(seed="x")), "'seed'"),
    "no snapshot": (lambda p: _mutate(p, lambda d: d.pop("state")), "'state'"),
    "edited game": (lambda p: _mutate(p, lambda d: d.update(game="chess")), "check sum"),
    "edited choices": (lambda p: _mutate(p, lambda d: d["choices"].insert(0, "block")),
                       "check sum"),
}

# consistently edited: the check sum passes, the rules refuse
EDITED = {
    "wrong game": (lambda d: d.update(game="chess"), "unknown game"),
    "bad scenario": (lambda d: d.update(scenario="nope"), "cannot set up"),
    "illegal choice": (lambda d: d["choices"].insert(0, "block"),
                       "choice 1 ('block') is not legal"),
}


def _refused(path, words, verify="full"):
    with pytest.raises(SaveError) as info:
        Session.load(path, verify=verify)
    msg = str(info.value)
    assert words in msg and "\n" not in msg and path.name in msg, msg


@pytest.mark.parametrize("verify", ["full", "background"])
@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_damaged_save_refused_with_one_line(saved, case, verify):
    _, path = saved
    breaker, words = DAMAGED[case]
    breaker(path)
    _refused(path, words, verify)


@pytest.mark.parametrize("case", sorted(EDITED))
def test_consistently_edited_save_refused_by_full_replay(saved, case):
    _, path = saved
    edit, words = EDITED[case]
    _mutate(path, edit, resum=True)
    _refused(path, words)


def test_every_single_byte_change_is_refused(saved):
    """A flipped bit anywhere in the file is refused at once, before any rule runs."""
    _, path = saved
    good = path.read_bytes()
    rng = random.Random(5)
    for i in range(len(good)):
        bad = bytearray(good)
        bad[i] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(bad))
        with pytest.raises(SaveError):
            Session.load(path, verify="background")


# --- version 1 ---------------------------------------------------------------------------
def test_version_1_loads_by_replay(saved):
    s, path = saved
    _to_v1(path)
    for verify in ("full", "background"):
        back = Session.load(path, verify=verify)
        assert back.verified and state_hash(back.state) == state_hash(s.state)


V1_CASES = {
    "illegal choice": (lambda d: d["choices"].insert(0, "block"), "not legal"),
    "hash": (lambda d: d.update(hash="0" + d["hash"][1:]), "hash differs"),
    "wrong game": (lambda d: d.update(game="chess"), "unknown game"),
}


@pytest.mark.parametrize("verify", ["full", "background"])
@pytest.mark.parametrize("case", sorted(V1_CASES))
def test_version_1_bad_save_refused_by_replay(saved, case, verify):
    _, path = saved
    _to_v1(path)
    edit, words = V1_CASES[case]
    _mutate(path, edit)
    _refused(path, words, verify)


# --- background verification -----------------------------------------------------------
HUMANS = {"north": "human", "south": "human"}


@pytest.fixture
def human_save(tmp_path):
    """A hot-seat game whose last decision (a pass) can be undone."""
    s = Session.new("duel", "long", HUMANS, seed=3)
    s.curtain = False
    for choice in ("pass", "play:0", "allow", "pass", "pass"):
        s.choose(choice)
    assert s.can_undo()
    path = tmp_path / "hot.json"
    s.save(path)
    return s, path


def test_background_load_opens_on_snapshot_then_verifies(human_save):
    s, path = human_save
    fast = Session.load(path, verify="background")
    fast.curtain = False
    assert state_hash(fast.state) == state_hash(s.state) and fast.choices == s.choices
    assert fast.verifying and not fast.verified and not fast.can_undo()
    steps = list(fast.verify_steps())
    assert steps == [(n, 5) for n in range(6)]
    assert fast.verified and fast.verify_error is None and fast.can_undo()
    full = Session.load(path)
    full.curtain = False
    assert [(h.choice, h.seat, h.committed, state_hash(h.before)) for h in fast._history] \
        == [(h.choice, h.seat, h.committed, state_hash(h.before)) for h in full._history]
    fast.undo()
    full.undo()
    assert state_hash(fast.state) == state_hash(full.state) and fast.choices == full.choices


def test_undo_waits_for_verification(human_save):
    _, path = human_save
    fast = Session.load(path, verify="background")
    fast.curtain = False
    with pytest.raises(ValueError, match="once the save is verified"):
        fast.undo()
    fast.verify_all()
    fast.undo()


def test_verify_for_runs_in_slices(saved):
    _, path = saved
    fast = Session.load(path, verify="background")
    assert fast.verify_for(0.0) is False and fast.verify_progress == (0, 7)   # set-up
    assert fast.verify_for(0.0) is False and fast.verify_progress == (1, 7)
    assert fast.verify_for(10.0) is False and fast.verify_progress == (7, 7)  # replayed
    assert not fast.verified
    assert fast.verify_for(10.0) is True and fast.verified
    assert fast.verify_for(0.0) is True


def test_nothing_is_written_until_verified(human_save, tmp_path):
    s, path = human_save
    auto = tmp_path / "auto.json"
    auto.write_text("previous autosave")
    fast = Session.load(path, verify="background")
    fast.curtain = False
    fast.autosave_path = auto
    fast.choose("pass")                                 # play goes on while verifying
    assert auto.read_text() == "previous autosave"
    fast.verify_all()
    assert json.loads(auto.read_text())["choices"] == s.choices + ["pass"]
    assert fast.can_undo()                              # history replayed, including "pass"
    fast.undo()
    assert state_hash(fast.state) == state_hash(s.state)


def test_save_while_verifying_verifies_first(human_save, tmp_path):
    _, path = human_save
    fast = Session.load(path, verify="background")
    fast.save(tmp_path / "copy.json")
    assert fast.verified
    assert Session.load(tmp_path / "copy.json").choices == fast.choices


def _consistently_illegal(path):
    _mutate(path, lambda d: d["choices"].insert(0, "block"), resum=True)


def test_consistent_edit_fails_verification_and_is_read_only(human_save, tmp_path):
    _, path = human_save
    _consistently_illegal(path)
    before = path.read_bytes()
    auto = tmp_path / "auto.json"
    fast = Session.load(path, verify="background")      # the snapshot itself is sound
    fast.autosave_path = auto
    fast.choose("pass")
    with pytest.raises(SaveError) as info:
        fast.verify_all()
    msg = str(info.value)
    assert "choice 1 ('block') is not legal" in msg and path.name in msg and "\n" not in msg
    assert fast.verify_error == msg and not fast.verified and not fast.can_undo()
    with pytest.raises(ValueError, match="read-only"):
        fast.choose("pass")
    with pytest.raises(SaveError, match="not saved"):
        fast.save(tmp_path / "x.json")
    assert not auto.exists() and not (tmp_path / "x.json").exists()
    assert path.read_bytes() == before


def test_edited_snapshot_fails_verification_by_hash(human_save):
    _, path = human_save
    _mutate(path, lambda d: d["state"]["score"].update(north=99), resum=True)
    fast = Session.load(path, verify="background")
    assert fast.state["score"]["north"] == 99
    with pytest.raises(SaveError, match="does not reach the saved position"):
        fast.verify_all()
    _refused(path, "hash differs")                      # full replay: the same verdict


def test_rules_exception_during_verification_names_the_choice(human_save, monkeypatch):
    from tests.engine.fixture_game import GAME

    _, path = human_save
    fast = Session.load(path, verify="background")
    calls = []
    apply = GAME.do_apply

    def broken(state, prompt, choice_id):
        calls.append(1)
        if len(calls) == 3:
            raise KeyError("bug")
        apply(state, prompt, choice_id)
    monkeypatch.setattr(GAME, "do_apply", broken)
    with pytest.raises(SaveError, match=r"replay failed at choice 3 \('allow'\): KeyError"):
        fast.verify_all()


def test_snapshot_failing_invariants_loads_by_replay(human_save, monkeypatch):
    """The choice list is the truth: a snapshot the game finds unsound is not used."""
    from tests.engine.fixture_game import GAME

    s, path = human_save
    monkeypatch.setattr(GAME, "invariants", lambda state: ["broken"] if state["log"] else [])
    back = Session.load(path, verify="background")
    assert back.verified and state_hash(back.state) == state_hash(s.state)


def test_snapshot_of_another_game_is_not_used(human_save):
    s, path = human_save
    other = Session.new("duel", "long", HUMANS, seed=4)
    _mutate(path, lambda d: d.update(state=json.loads(canonical(other.state))), resum=True)
    _refused(path, "hash differs", verify="background")   # meta differs: full replay decides


# --- files on disk ------------------------------------------------------------------------
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


def test_check_sum_is_sha256_of_canonical_fields(saved):
    _, path = saved
    data = json.loads(path.read_text())
    rest = {k: v for k, v in data.items() if k not in ("check", "state")}
    body = json.dumps(rest, sort_keys=True, separators=(",", ":")).encode()
    assert data["check"] == hashlib.sha256(body).hexdigest()
