"""The GUI's autosave written in the background (``Session.autosave_behind``): a choice
returns without waiting for the disk, yet each choice is on disk before the next one is
applied, and a failed write is reported (fixture game "duel")."""

import json
import threading

import pytest

from rules.engine import saves
from rules.engine.saves import WRITES, SaveError
from rules.engine.session import Session

HUMANS = {"north": "human", "south": "human"}


@pytest.fixture
def slow_disk(monkeypatch):
    """``fsync`` held until the test sets the returned event (at most 10 s)."""
    release = threading.Event()
    real = saves.os.fsync

    def fsync(fd):
        release.wait(10)
        real(fd)

    monkeypatch.setattr(saves.os, "fsync", fsync)
    yield release
    release.set()
    WRITES.done()


def _on_disk(path):
    return json.loads(path.read_text())["choices"] if path.exists() else None


def test_choice_returns_before_the_disk_write(tmp_path, slow_disk):
    s = Session.new("duel", "short", HUMANS, seed=3)
    s.autosave_path, s.autosave_behind = tmp_path / "auto.json", True
    s.choose("pass")                       # returns with the write still held
    assert _on_disk(s.autosave_path) is None
    slow_disk.set()
    WRITES.wait()
    assert _on_disk(s.autosave_path) == s.choices == ["pass"]


def test_each_choice_is_on_disk_before_the_next_applies(tmp_path, slow_disk, monkeypatch):
    s = Session.new("duel", "short", HUMANS, seed=3)
    s.autosave_path, s.autosave_behind = tmp_path / "auto.json", True
    seen = []
    apply = type(s.game).apply

    def recorded(game, state, choice_id):
        seen.append(_on_disk(s.autosave_path))
        return apply(game, state, choice_id)

    monkeypatch.setattr(type(s.game), "apply", recorded)
    s.choose("pass")
    first = s.choices[:]
    threading.Timer(0.2, slow_disk.set).start()    # the disk answers a little later
    s.choose(next(c.id for c in s.prompt().choices))
    assert seen == [None, first]           # the second waited for the first's write
    WRITES.wait()
    assert _on_disk(s.autosave_path) == s.choices and len(s.choices) == 2


def test_a_file_that_cannot_be_made_is_reported_at_once(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    s = Session.new("duel", "short", HUMANS, seed=3)
    s.autosave_path, s.autosave_behind = blocker / "auto.json", True
    with pytest.raises(SaveError):
        s.choose("pass")                   # the temp file is made before choose returns
    assert s.choices == ["pass"]           # applied all the same, as a synchronous autosave
    WRITES.wait()                          # nothing was left pending


def test_a_failed_disk_write_is_reported_at_the_next_choice(tmp_path, monkeypatch):
    def fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "fsync", fsync)
    s = Session.new("duel", "short", HUMANS, seed=3)
    s.autosave_path, s.autosave_behind = tmp_path / "auto.json", True
    s.choose("pass")                       # fails in the background
    with pytest.raises(SaveError, match="No space left"):
        s.choose(next(c.id for c in s.prompt().choices))
    assert len(s.choices) == 2
    with pytest.raises(SaveError):
        WRITES.wait()                      # the second write failed too
    WRITES.wait()
    assert list(tmp_path.iterdir()) == []  # no temp file left behind


def test_a_save_waits_for_the_write_of_the_same_file(tmp_path, slow_disk):
    s = Session.new("duel", "short", HUMANS, seed=3)
    path = tmp_path / "auto.json"
    s.autosave_path, s.autosave_behind = path, True
    s.choose("pass")                       # held
    threading.Timer(0.2, slow_disk.set).start()
    s.choose(next(c.id for c in s.prompt().choices))
    s.save(path)                           # after the background ones, never before
    assert _on_disk(path) == s.choices
    assert Session.load(path).choices == s.choices
