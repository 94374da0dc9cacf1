"""Combat values (9.2): units times their CV (9.1), fortress and mountain in defence, war
machines against a fortress (9.6), culture and stability modifiers, a leader (17.5).

Read by ATTACK (:mod:`.attack`), Spartacus (:mod:`.spartacus`) and the bot."""

from __future__ import annotations

from rules.engine.names import count

from .context import GameData, State, opt, phase
from .pieces import peek, units
from .stability import combat_modifier
from .units import legion_cv, ship_cv


def culture_modifier(g: GameData, state: State, empire: str) -> int:
    """9.2 / 9.6: per combat, by cultural phase (City State +2). The 9.6 note's "Tyrant"
    malus has no printed figure or trigger, so none is applied (ruling R-9.6-1)."""
    return g.tables.culture_cv[phase(g, state, empire, "culture")]


def modifiers(g: GameData, state: State, empire: str) -> int:
    return culture_modifier(g, state, empire) + combat_modifier(g, state, empire)


def combat_value(g: GameData, state: State, h: str, side: str, foe: str, domain: str,
                 attacking: bool) -> tuple[int, list[str]]:
    """Total CV of one side of a combat and the reasons (9.2, 9.1.2, 9.6, 13, 17.5)."""
    u = units(state, h, side)
    c = peek(state, h) or {}
    notes: list[str] = []
    if domain == "land":
        n = u["legions"]
        total = n * legion_cv(g, state, side)
        notes.append(f"{count(n, 'legion')} x {legion_cv(g, state, side)}")
        post = c.get("post")
        fort = bool(post and post["owner"] == side and post["kind"] == "fortress")
        if not attacking and fort:
            total += g.tables.unit("fortress_cv")
            notes.append(f"fortress +{g.tables.unit('fortress_cv')}")
        if not attacking and (n or fort) and g.map.hexes[h].mountain:
            total += g.tables.unit("mountain_defence")
            notes.append(f"mountain +{g.tables.unit('mountain_defence')}")
        foe_fort = bool(c.get("post") and c["post"]["owner"] == foe
                        and c["post"]["kind"] == "fortress")
        if attacking and foe_fort and phase(g, state, side, "military") >= 5:
            total += g.tables.unit("war_machines_vs_fortress")
            notes.append("war machines vs fortress +3")
        fights = n or fort
    else:
        n = u["ships"]
        total = n * ship_cv(g, state, side)
        notes.append(f"{count(n, 'ship')} x {ship_cv(g, state, side)}")
        fights = n
    if fights:
        mod = modifiers(g, state, side)
        if mod:
            total += mod
            notes.append(f"culture/stability {mod:+d}")
        leader = state["empires"][side].get("leader")
        if opt(state, "17.5") and leader == h:
            total += g.tables.unit("leader_cv")
            notes.append("leader +2")
    return max(0, total), notes
