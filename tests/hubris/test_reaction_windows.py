"""A Reaction window opens only when it offers a Reaction (6.1-6.3).

At a Landing ``reactions.open_defence`` asks ``may_react`` for each Kingdom involved, which
answers without writing the choices; in seeded games it must say what the choices of a new
window (``defence_choices``) say, both ways.
"""

from __future__ import annotations

from rules.hubris import core, reactions

from .rules_helpers import DATA, fresh, play_to_the_end


def test_may_react_answers_as_the_window_choices_do(monkeypatch):
    answers = {True: 0, False: 0}
    asked = reactions.may_react

    def compared(data, state, d, sat):
        answer = asked(data, state, d, sat)
        assert answer == bool(reactions.defence_choices(DATA, state, {"kingdom": d, "sat": sat}))
        answers[answer] += 1
        return answer

    monkeypatch.setattr(reactions, "may_react", compared)
    for seed in range(1, 9):
        play_to_the_end("fourth-syrian-war", {}, seed)
    assert answers[True] and answers[False]


def _boards():
    """The 12.3 set-up, and the same with no Talents, every Strengthened Defenses marker
    used, or every Leader at Court Spent: boards where fewer kinds of Reaction remain."""
    yield fresh()
    s = fresh()
    for k in s["kingdoms"]:
        s["kingdoms"][k]["treasury"] = 0
    yield s
    s = fresh()
    s["sd_used"] = dict.fromkeys(s["kingdoms"], reactions.SD_MARKERS)
    yield s
    s = fresh()
    for rec in s["leaders"].values():
        rec["rotation"] = 2
    yield s


def test_may_react_answers_as_the_window_choices_do_on_every_satrapy():
    kinds = set()
    for state in _boards():
        for d in core.kingdoms(state):
            for sat in core.satrapies_in_play(state):
                choices = reactions.defence_choices(DATA, state, {"kingdom": d, "sat": sat})
                assert reactions.may_react(DATA, state, d, sat) == bool(choices), (d, sat)
                kinds |= {c.id.split(":")[0] for c in choices}
    assert {"muster", "sd", "withdraw"} <= kinds
