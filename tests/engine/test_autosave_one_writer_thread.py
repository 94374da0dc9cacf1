"""The autosave written behind the click is written by one worker thread kept from write
to write: a click does not start (and wait for) a new thread each time."""

import threading

from rules.engine import saves
from rules.engine.saves import WRITES
from rules.engine.session import Session

HUMANS = {"north": "human", "south": "human"}


def test_every_write_behind_is_done_by_the_same_thread(tmp_path, monkeypatch):
    writers = []
    fill = saves._fill_temp

    def recorded(*args):
        writers.append(threading.current_thread())
        fill(*args)

    monkeypatch.setattr(saves, "_fill_temp", recorded)
    s = Session.new("duel", "short", HUMANS, seed=3)
    s.autosave_path, s.autosave_behind = tmp_path / "auto.json", True
    for _ in range(3):
        s.choose(s.prompt().choices[0].id)
    WRITES.wait()
    assert len(writers) == 3
    assert len({id(t) for t in writers}) == 1 and writers[0] is not threading.main_thread()
    assert saves.read_save(s.autosave_path)["choices"] == s.choices
