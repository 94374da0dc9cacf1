"""Every value the rules keep in a Hubris state (``rules/hubris/tables.py``: the watched
checks' mark, the checks that apply, the Satrapies in play, the Land Path components, the
Kingdom facts, the Place facts, ``derived`` when it claims to be current, the due prompt)
equals a fresh computation after every decision of random games, copied and in place
(:func:`rules.hubris.upkeep_audit.stale`); and the one owner drops what a write makes stale.
"""

from __future__ import annotations

import random

import pytest

from rules.engine.plain import copy_state
from rules.hubris import core, tables, upkeep_audit
from rules.hubris.game import Hubris

from .rules_helpers import DATA

GAMES = [
    ("fourth-syrian-war", {}, 11, True),
    ("fourth-syrian-war", {}, 12, False),
    ("new-hopes", {"turns": "1"}, 13, False),
    ("new-hopes", {"turns": "1", "players": "2"}, 14, True),
    ("dance-of-ares", {}, 15, False),
]


@pytest.mark.parametrize(("scenario", "options", "seed", "copying"), GAMES,
                         ids=[f"{g[0]}-{len(g[1])}-{g[2]}" for g in GAMES])
def test_every_kept_value_equals_a_fresh_one_after_every_decision(scenario, options, seed,
                                                                  copying):
    game = Hubris()
    seats = game.seats_for(game.scenario(scenario), options)
    state = game.new_game(scenario, list(seats), options, seed)
    pick = random.Random(seed)
    kept_seen: set[str] = set()
    for decision in range(3000):
        prompt = game.prompt(state)
        kept_seen.update(k for k in tables.KEPT if k in state)
        assert upkeep_audit.stale(DATA, state) == [], decision
        if prompt is None:
            break
        choice = pick.choice(prompt.choices).id
        state = game.apply(state, choice) if copying else game.apply_in_place(state, choice)
    assert state.get("result"), "the game did not end"
    assert {tables.SETTLED, tables.APPLYING, tables.IN_PLAY, tables.DUE} <= kept_seen


def test_the_audit_finds_a_value_left_stale():
    """The audit is no test that cannot fail: a Place changed behind the owner's back
    leaves the watched checks' mark, the Place facts and the due prompt stale."""
    game = Hubris()
    state = game.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    for _ in range(200):
        state = game.apply(state, game.prompt(state).choices[-1].id)
        if state.get(tables.PLACE_FACTS):
            break
    assert upkeep_audit.stale(DATA, state) == []
    k, facts = next(iter(state[tables.PLACE_FACTS].items()))
    name = next(iter(facts))
    facts[name] = "wrong"
    assert upkeep_audit.stale(DATA, state) == [f"{tables.PLACE_FACTS}: {k} {name}"]


def test_each_write_drops_what_reads_it_and_nothing_else():
    state = Hubris().new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)

    def filled():
        for key in tables.READS:
            state[key] = {}
        state.pop(tables.STALE, None)
        return state

    core.set_place(filled(), "antiocheia", sd=True)
    assert {k for k in tables.READS if k not in state} == {
        tables.SETTLED, tables.FACTS, tables.PLACE_FACTS}
    assert tables.STALE not in state            # no marker changed: Control stands
    core.set_place(filled(), "antiocheia", marker="garrison")
    assert state[tables.STALE] == ["antiocheia"]
    core.set_satrapy(filled(), "koile-syria", in_play=True)
    assert {k for k in tables.READS if k not in state} == {
        tables.SETTLED, tables.IN_PLAY, tables.COMPONENTS, tables.FACTS, tables.PLACE_FACTS}
    core.set_satrapy(filled(), "koile-syria", taxes_increased=True)
    assert all(k in state for k in tables.READS) and tables.STALE not in state
    tables.refreshed(filled())
    assert {k for k in tables.READS if k not in state} == {tables.COMPONENTS, tables.FACTS}
    tables.forget(filled())
    assert not any(k in state for k in tables.KEPT) and state[tables.STALE] == []


def test_a_copy_or_a_view_never_carries_the_due_prompt():
    """The prompt memo lives in the state it was found for: a copy (which its caller may
    change) finds its own, and a view (which a bot searches in a worker thread) has its own
    dicts of kept values."""
    game = Hubris()
    state = game.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    state = game.apply(state, game.prompt(state).choices[0].id)
    game.prompt(state)
    assert tables.DUE in state
    assert tables.DUE not in copy_state(state)
    view = game.view(state, "ptolemies")
    assert tables.DUE not in view
    for key in (tables.FACTS, tables.PLACE_FACTS, tables.COMPONENTS):
        if key in state:
            assert view[key] == state[key] and view[key] is not state[key]
