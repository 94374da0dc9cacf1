"""Control, VPs and the tax base are recomputed only when an input changed (2.6.2, 2.11).

``alignment.refresh`` skips the recomputation when the setters recorded no change since the
last one (``tables.STALE``) and the Kings' Renown is as counted, and recomputes Control only
for the Satrapies whose Places changed. Neither may keep a stale value: in seeded games of
several scenarios, every skipped and every partial refresh is compared with a full one on a
copy of the state.
"""

from __future__ import annotations

import copy

from rules.engine.state import state_hash
from rules.hubris import alignment, control, core, tables

from .rules_helpers import DATA, GAME, over_seeded_games, play_to_the_end

GAMES = [
    ("fourth-syrian-war", {}, 3),
    ("fourth-syrian-war", {}, 2),
    ("new-hopes", {"turns": "1"}, 3),
    ("new-hopes", {"turns": "1", "players": "2"}, 4),
    ("dance-of-ares", {}, 5),
]


@over_seeded_games(GAMES)
def test_a_skipped_or_partial_refresh_finds_what_a_full_one_finds(scenario, options, seed,
                                                                   monkeypatch):
    skipped, partial = [], []
    vouch, full = alignment.current, control.refresh

    def twin_refreshed(state):
        twin = copy.deepcopy({k: v for k, v in state.items() if k != "log"})
        full(twin)
        return twin

    def current(state):
        ok = vouch(state)
        if ok:
            twin = twin_refreshed(state)
            assert twin["derived"] == state["derived"]
            assert twin.get("minors") == state.get("minors")
            skipped.append(1)
        return ok

    def refresh(state, md=None, changed=None):
        if changed is None:
            full(state, md)
            return
        twin = twin_refreshed(state)
        full(state, md, changed)
        assert twin["derived"] == state["derived"]
        assert twin.get("minors") == state.get("minors")
        partial.append(1)

    monkeypatch.setattr(alignment, "current", current)
    monkeypatch.setattr(control, "refresh", refresh)
    play_to_the_end(scenario, options, seed)
    assert skipped and partial, "no refresh was skipped or partial"


def test_a_setter_marks_the_derived_values_stale_and_a_refresh_clears_the_mark():
    state = GAME.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    assert tables.STALE not in state and alignment.current(state)
    core.set_place(state, "antiocheia", sd=True)            # not an input of Control
    assert alignment.current(state)
    core.set_place(state, "antiocheia", power="ptolemies", marker="garrison")
    assert not alignment.current(state) and state[tables.STALE] == ["antiocheia"]
    alignment.refresh(DATA, state)
    assert alignment.current(state) and tables.STALE not in state
    core.set_kingdom(state, "ptolemies", dynastic_vp="3")
    assert not alignment.current(state)
    alignment.refresh(DATA, state)
    king = state["kingdoms"]["seleucids"]["king"]
    core.set_leader(state, king, renown=state["leaders"][king]["renown"] + 1)
    assert not alignment.current(state)                      # the King's Renown is compared


@over_seeded_games(GAMES[::2])
def test_the_kept_components_of_control_are_those_of_the_current_control(
        scenario, options, seed, monkeypatch):
    """``core.controlled_components`` keeps what it finds under ``tables.COMPONENTS`` until
    the next ``derived``: at every call of seeded games, what it answers equals a search
    made afresh, and the kept value is upkeep, out of the hash."""
    kept, calls = core.controlled_components, []

    def checked(state, data, power):
        got = kept(state, data, power)
        assert got == core._components(state, data, power)
        assert state[tables.COMPONENTS][power] is got
        calls.append(power)
        return got

    monkeypatch.setattr(core, "controlled_components", checked)
    play_to_the_end(scenario, options, seed)
    assert len(calls) >= 5            # the Muster prompts keep their Troops (FACTS)


def test_the_kept_components_are_out_of_the_hash_and_dropped_by_a_refresh():
    state = GAME.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    before = state_hash(state)
    comp = core.controlled_components(state, DATA, "seleucids")
    assert state_hash(state) == before and comp
    gone = next(iter(comp))
    place = next(p for p in DATA.satrapies[gone].places
                 if state["places"][p].get("power") == "seleucids")
    core.set_place(state, place, power="ptolemies", marker="garrison")
    alignment.refresh(DATA, state)
    assert tables.COMPONENTS not in state
    assert core.controlled_components(state, DATA, "seleucids") == \
        core._components(state, DATA, "seleucids")
