"""The ask-first way of driving :class:`rules.engine.procs.Procedures` (Hubris): out-of-turn
questions served before the stack, a hook before every step, a lapsed question leaving the
queue, and the auto-first way unchanged beside it."""

from __future__ import annotations

import pytest

from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Proc, Procedures, Step


def _table() -> Procedures:
    procs = Procedures(over="result")

    @procs.named("count")
    class Count(Step):
        def run(self, data, st, fr):
            st["n"] += data
            if st["n"] >= 3:
                procs.pop(st)
                procs.push(st, "ask")

    @procs.named("ask")
    class Ask(Step):
        def prompt(self, data, st, fr):
            if fr.get("lapsed"):
                return None
            return Prompt("a", "Stop?", [Choice("yes", "Yes")])

        def apply(self, data, st, fr, choice):
            st["result"] = choice

    return procs


def test_drive_runs_until_a_question_and_choose_answers_it():
    procs = _table()
    st = {"n": 0}
    procs.push(st, "count")
    seen = []
    prompt = procs.drive(1, st, lambda d, s: seen.append(s["n"]))
    assert prompt.text == "Stop?" and st["n"] == 3 and seen == [0, 1, 2, 3]
    with pytest.raises(IllegalChoice):
        procs.choose(1, st, "no")
    assert procs.choose(1, st, "yes") is None and st["result"] == "yes"


def test_the_queue_is_served_first_and_a_lapsed_question_leaves_it():
    procs = _table()
    st = {"n": 5, "queue": [{"proc": "ask", "lapsed": True}, {"proc": "ask"}]}
    procs.push(st, "count")
    left = []
    prompt = procs.drive(1, st, None, lambda s: left.append(len(s["queue"])))
    assert prompt is not None and left == [1] and st["n"] == 5
    assert procs.due(st) == ({"proc": "ask"}, True)
    procs.choose(1, st, "yes", prompt, None, lambda s: left.append(len(s["queue"])))
    assert left == [1, 0] and st["result"] == "yes"


def test_pop_takes_a_frame_from_anywhere_and_auto_first_still_runs():
    procs = Procedures()

    @procs.register
    class Two(Proc):
        name = "two"

        def auto(self, st, fr):
            st["stack"].pop()
            return True

    st = {"stack": []}
    a = procs.push(st, "two")
    b = procs.push(st, "two", x=1)
    assert procs.pop(st, a) is a and st["stack"] == [b]
    procs.advance(st)
    assert st["stack"] == [] and procs.prompt(st) is None
