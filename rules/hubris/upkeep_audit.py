"""Every value the rules keep in a Hubris state (:mod:`rules.hubris.tables`) compared with the
same value found afresh on that state: what tests and fuzzing run after every decision to
prove that no write forgot to drop a value it made stale (docs/ARCHITECTURE.md, "Derived
values"). Not used in play."""

from __future__ import annotations

from typing import Any

from rules.engine.plain import copy_state
from rules.engine.state import state_hash

from . import (
    admin_actions,
    alignment,
    core,
    envoy,
    flow,
    land_campaign,
    peace_terms,
    play,
    tables,
)
from .rulesdata import RulesData

State = dict[str, Any]


def stale(data: RulesData, state: State) -> list[str]:
    """What is kept in ``state`` and differs from a fresh computation, one line each (empty:
    everything kept is right). ``state`` is not changed."""
    out: list[str] = []
    fresh = _fresh(state)
    if tables.SETTLED in state:
        for check in flow.applying(fresh):
            if check.watched:
                twin = copy_state(fresh)
                before = state_hash(twin)
                check.run(data, twin)
                if state_hash(twin) != before:
                    out.append(f"{tables.SETTLED}: {flow.check_name(check)} would act")
    if tables.APPLYING in state and state[tables.APPLYING] != _fresh_applying(state):
        out.append(f"{tables.APPLYING}: {state[tables.APPLYING]}")
    if tables.IN_PLAY in state and state[tables.IN_PLAY] != core.satrapies_in_play(fresh):
        out.append(f"{tables.IN_PLAY}: {state[tables.IN_PLAY]}")
    for power, comp in (state.get(tables.COMPONENTS) or {}).items():
        if comp != core._components(fresh, data, power):
            out.append(f"{tables.COMPONENTS}: {power}")
    kept = (state.get(tables.FACTS) or {}).get("musterable")
    if kept is not None:
        k, lid, origin, mode, target, turn = kept["for"]
        if turn == state.get("turn", 1) and kept["pairs"] != [      # another Turn's: unread
                [u, fee] for u, fee in land_campaign.musterable(
                    data, _fresh(state), k, lid, origin, mode, target)]:
            out.append(f"{tables.FACTS}: musterable {kept['for']}")
    for k, facts in (state.get(tables.PLACE_FACTS) or {}).items():
        for name, value in facts.items():
            if value != place_fact(data, _fresh(state), k, name):
                out.append(f"{tables.PLACE_FACTS}: {k} {name}")
    if state.get("derived") is not None and alignment.current(state):
        twin = copy_state(fresh)
        data.refresh(twin)
        for part in ("derived", "minors"):
            if twin.get(part) != state.get(part):
                out.append(f"{tables.STALE}: {part} is not what a refresh finds")
    if state.get(tables.DUE) is not None:
        due = state[tables.DUE][0]
        found = play.prompt_and_prepared(copy_state(fresh), data)[0]
        if _prompt_key(due) != _prompt_key(found):
            out.append(f"{tables.DUE}: not the prompt due")
    return out


def _fresh(state: State) -> State:
    """``state`` without anything kept (a new top level: what the rules keep while they find
    a value again goes there)."""
    return {k: v for k, v in state.items() if k not in tables.KEPT}


def _fresh_applying(state: State) -> list[str]:
    return [flow.check_name(c) for c in flow.applying(_fresh(state))]


def _prompt_key(prompt: Any) -> Any:
    if prompt is None:
        return None
    return (prompt.seat, prompt.text, [(c.id, c.label) for c in prompt.choices])


def place_fact(data: RulesData, state: State, k: str, name: str) -> Any:
    """The fact ``name`` of ``k`` kept by :func:`rules.hubris.kingdom_facts.of_places`, found
    afresh by the plain rules."""
    what, _, sat = name.partition(" ")
    if what == "aligned":
        return bool(core.aligned_places(state, data, k, sat))
    if what == "envoy":
        return bool(envoy.target_satrapies(data, state, k))
    if name == "build site":
        return bool(admin_actions.build_sites(data, state, k))
    if name == "lowest supply":
        return min(data.satrapies[s].supply for s in core.satrapies_in_play(state))
    if what == "beside":           # the cheapest Overseas Target on a Friendly Sea beside
        seas = {sea for sea in data.satrapies[sat].seas
                if core.friendly_sea(state, data, k, sea, campaign=True)}
        costs = [data.satrapies[s].supply + land_campaign.OVERSEAS_EXTRA
                 for s in core.satrapies_in_play(state)
                 if s != sat and seas & set(data.satrapies[s].seas)]
        return [min(costs)] if costs else []
    if name == "markers":          # the Places holding each marker of k (a peace term's)
        held = peace_terms.markers_held(data, state, (k,))
        return {m: held[k, m] for m in peace_terms.MARKERS}
    raise ValueError(f"a kept Place fact without a fresh computation: {name}")
