"""The ask-first drive of :class:`rules.engine.procs.Procedures` as Mare Nostrum uses it: a
``forced`` hook that takes a decision needing none (ruling R-8e of Mare Nostrum), and a game
that keeps no frames, its ``due`` step read from keys of its own state; then Mare Nostrum's
sequence registered with its procedures imported normally."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Procedures, Step
from rules.mare_nostrum import sequence


class _Phases(Procedures):
    def due(self, st):
        return {"proc": st["phase"]}, False


def _table() -> Procedures:
    procs = _Phases(over="result")

    @procs.named("pick")
    class Pick(Step):
        def prompt(self, data, st, fr):
            ids = ["a", "b"][: st["open"]]
            return Prompt("x", "Pick", [Choice(i, i) for i in ids])

        def apply(self, data, st, fr, choice):
            st["picked"].append(choice)
            st["open"] += data
            st["phase"] = "end" if len(st["picked"]) == 3 else "pick"

    @procs.named("end")
    class End(Step):
        def run(self, data, st, fr):
            st["result"] = list(st["picked"])

    return procs


def _only(data, st, prompt):
    return prompt.choices[0].id if len(prompt.choices) == 1 else None


def test_a_forced_choice_is_applied_as_the_steps_answer_and_the_drive_goes_on():
    procs = _table()
    st = {"phase": "pick", "open": 1, "picked": []}
    prompt = procs.drive(1, st, None, None, _only)
    assert [c.id for c in prompt.choices] == ["a", "b"] and st["picked"] == ["a"]
    # one choice open again after "b": it is taken by itself and the game ends
    assert procs.choose(-1, st, "b", prompt, None, None, _only) is None
    assert st["result"] == ["a", "b", "a"]


def test_without_the_hook_a_single_choice_is_asked():
    procs = _table()
    st = {"phase": "pick", "open": 1, "picked": []}
    prompt = procs.drive(1, st)
    assert [c.id for c in prompt.choices] == ["a"] and st["picked"] == []


def test_mare_nostrum_registers_each_procedure_of_its_turn_once():
    assert set(sequence.SEQUENCE) == {"answer-armistice", "turn-order-draft",
                                      "choose-action", "play-action", "supply"}
    assert all(type(sequence.SEQUENCE[f["proc"]]).name == f["proc"] for f in (
        sequence.ANSWER, sequence.DRAFT, sequence.CHOOSE, sequence.PLAY, sequence.SUPPLY))
