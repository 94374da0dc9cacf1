"""The watched checks before every step (the Capitals' check of 2.5.6, the conquest check of
9.2, the Rebels' check of 2.9.3, the Minors' check of 2.13.10) are skipped while
``tables.SETTLED`` says nothing they read changed since they last ran.
No skip may hide a change: in seeded games of several scenarios and modes, every skipped
check is run on a copy of the state, which must stay as it was.
"""

from __future__ import annotations

import copy

import pytest

from rules.engine.state import state_hash
from rules.hubris import capitals, core, flow, tables

from .rules_helpers import DATA, GAME, fresh, over_seeded_games, play_to_the_end

GAMES = [
    ("fourth-syrian-war", {}, 1),
    ("new-hopes", {"turns": "1"}, 3),
    ("new-hopes", {"turns": "1", "players": "2"}, 4),
    ("dance-of-ares", {}, 5),
]


@over_seeded_games(GAMES)
def test_a_skipped_check_would_have_changed_nothing(scenario, options, seed, monkeypatch):
    skipped = []
    run_checks = flow.run_checks

    def checked(data, state, checks):
        if tables.SETTLED in state:
            for check in checks:
                if check.watched:
                    twin = copy.deepcopy(state)
                    before = state_hash(twin)
                    check.run(data, twin)
                    assert state_hash(twin) == before, check.run.__name__
                    skipped.append(check)
        run_checks(data, state, checks)

    monkeypatch.setattr(flow, "run_checks", checked)
    play_to_the_end(scenario, options, seed)
    assert skipped, "no check was skipped"


def test_the_setters_drop_the_mark_and_a_finished_game_holds_none():
    state = GAME.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    flow.drive(DATA, state)
    assert state[tables.SETTLED] is True
    core.set_satrapy(state, "koile-syria", ravaged=True)        # not read by the checks
    assert tables.SETTLED in state
    for change in (lambda: core.set_place(state, "antiocheia", sd=True),
                   lambda: core.set_satrapy(state, "koile-syria", in_play=True),
                   lambda: core.set_kingdom(state, "ptolemies", treasury=3)):
        state[tables.SETTLED] = True
        change()
        assert tables.SETTLED not in state
    state["result"] = {"winners": []}
    flow.drive(DATA, state)
    assert tables.SETTLED not in state


@pytest.mark.rule("hubris", "2.5.6")
def test_a_capital_lost_after_a_settled_step_is_noticed_at_the_next_step():
    state = GAME.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    flow.drive(DATA, state)
    assert state[tables.SETTLED] is True
    k = "ptolemies"
    for p in DATA.capitals_of(k):
        core.set_place(state, p, power="seleucids", marker="garrison")
    flow.drive(DATA, state)
    assert not capitals.holds_original(DATA, state, k)
    assert state["kingdoms"][k]["temporary_capital"] is None
    assert "capital_pending" in state["kingdoms"][k]
    assert any("have lost their last Capital" in e["text"] for e in state["log"])


def test_the_satrapies_in_play_are_kept_as_upkeep_and_found_again_when_one_changes():
    """``core.satrapies_in_play`` is kept under the upkeep key ``tables.IN_PLAY`` (out of the
    hash); a Satrapy coming into play through ``core.set_satrapy`` drops it, and the list
    found again holds the newcomer."""
    state = fresh()
    state.pop(tables.IN_PLAY, None)
    before = state_hash(state)
    first = core.satrapies_in_play(state)
    assert state_hash(state) == before                  # upkeep: not part of the hash
    assert state[tables.IN_PLAY] == first == sorted(
        s for s, r in state["satrapies"].items() if r["in_play"])
    assert "lykia-pamphylia" not in first
    core.set_satrapy(state, "lykia-pamphylia", in_play=True)
    assert tables.IN_PLAY not in state
    assert core.satrapies_in_play(state) == sorted([*first, "lykia-pamphylia"])
