"""The Kingdom facts kept in the state between prompts (``tables.FACTS``,
:func:`rules.hubris.kingdom_facts.kept`; ``tables.PLACE_FACTS``,
:func:`rules.hubris.kingdom_facts.of_places`) never go stale.

In seeded games of several scenarios, before every prompt each kept value is compared with
the same fact found afresh on that state; and each setter that changes what they read drops
them.
"""

from __future__ import annotations

from typing import Any

from rules.hubris import (
    alignment,
    core,
    flow,
    kingdom_facts,
    land_campaign,
    tables,
    upkeep_audit,
)

from .rules_helpers import DATA, GAME, over_seeded_games, play_to_the_end

GAMES = [
    ("fourth-syrian-war", {}, 1),
    ("fourth-syrian-war", {}, 2),
    ("fourth-syrian-war", {}, 3),
    ("new-hopes", {"turns": "1"}, 3),
    ("new-hopes", {"turns": "1", "players": "2"}, 4),
    ("dance-of-ares", {}, 5),
]


def _check_kept(state: dict[str, Any], seen: dict[str, int]) -> None:
    """Every kept fact of ``state`` equals the one found afresh (``seen`` counts them)."""
    facts = state.get(tables.FACTS) or {}
    kept = facts.get("musterable")
    if kept is not None:
        k, lid, origin, mode, target, turn = kept["for"]
        if turn == state.get("turn", 1):        # found for another Turn: never read
            assert kept["pairs"] == [[u, fee] for u, fee in land_campaign.musterable(
                DATA, _without_kept(state), k, lid, origin, mode, target)]
            seen["musterable"] += 1
    for k, kept_of_k in (state.get(tables.PLACE_FACTS) or {}).items():
        for name, value in kept_of_k.items():
            assert value == _place_fact(_without_kept(state), k, name), (k, name)
            seen["place facts"] += 1


def _without_kept(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` without its kept facts (a new top level: what the rules keep while they
    find a fact again goes there)."""
    return {key: v for key, v in state.items()
            if key not in (tables.FACTS, tables.PLACE_FACTS)}


def _place_fact(state: dict[str, Any], k: str, name: str) -> Any:
    """The fact ``name`` of :func:`kingdom_facts.of_places` found afresh by the plain rules."""
    return upkeep_audit.place_fact(DATA, state, k, name)


@over_seeded_games(GAMES)
def test_every_kept_fact_equals_the_one_found_afresh(scenario, options, seed, monkeypatch):
    seen = {"musterable": 0, "muster prompts": 0, "place facts": 0}
    for name in sorted({p for p in flow.PROCS}):
        proc = flow.PROCS[name]
        if not hasattr(proc, "prompt"):
            continue

        def checked(data, state, frame, _orig=proc.prompt, _name=name):
            _check_kept(state, seen)
            if _name == "campaign" and frame.get("step") == "muster":
                seen["muster prompts"] += 1
            return _orig(data, state, frame)
        monkeypatch.setattr(proc, "prompt", checked)
    play_to_the_end(scenario, options, seed)
    if seen["muster prompts"] > 1:      # a kept list was read again at least once
        assert seen["musterable"], seen
    assert seen["place facts"] > 50, seen


def _with_kept(state: dict[str, Any]) -> dict[str, Any]:
    kingdom_facts.kept(state)["musterable"] = {"for": [], "pairs": []}
    kingdom_facts.of_places(state, "ptolemies")["envoy"] = True
    return state


def test_the_setters_and_a_refresh_drop_the_kept_facts():
    state = GAME.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    unit = next(iter(state["units"]))
    core.set_place(_with_kept(state), "antiocheia", sd=True)
    assert tables.FACTS not in state and tables.PLACE_FACTS not in state
    core.set_unit(_with_kept(state), unit, face=state["units"][unit]["face"])
    assert tables.FACTS not in state
    core.own_table(_with_kept(state), "units")
    assert tables.FACTS not in state
    assert tables.PLACE_FACTS in state                 # they do not read the Units
    sat = core.satrapies_in_play(state)[0]
    core.set_satrapy(_with_kept(state), sat, in_play=True)
    assert tables.FACTS not in state and tables.PLACE_FACTS not in state
    core.set_place(state, "antiocheia", power="ptolemies", marker="garrison")
    _with_kept(state)
    alignment.refresh(DATA, state)
    assert tables.FACTS not in state
    # what the kept facts do not read keeps them
    core.set_satrapy(_with_kept(state), sat, ravaged=False)
    core.own_table(state, "leaders")
    assert tables.FACTS in state and tables.PLACE_FACTS in state


def test_the_kept_facts_stay_out_of_the_hash():
    from rules.engine.state import state_hash

    state = GAME.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    before = state_hash(state)
    kingdom_facts.kept(state)["musterable"] = {"for": ["x"], "pairs": [["u", 0]]}
    kingdom_facts.of_places(state, "ptolemies")["envoy"] = True
    assert state_hash(state) == before
