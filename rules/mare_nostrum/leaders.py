"""Optional rule 17.5: one Leader per empire.

The Leader starts with one of its empire's units, adds 2 CV to its empire's side of a combat
in its hex (:func:`.combat.combat_value`), moves 6 MP over land in a MOVE action or sails with
its empire's ships, and is never eliminated: left without its own units among foreign
pieces (or at sea) it goes to the nearest hex holding its empire's units (rulings R-17.5).
The Leader's hex is ``state["empires"][e]["leader"]`` (None: not on the map).
"""

from __future__ import annotations

from hexmap.reach import within_budget

from .context import GameData, State, log, opt
from .pieces import others, peek


def _own_units(state: State, h: str, e: str) -> int:
    c = peek(state, h)
    u = c["units"].get(e) if c else None
    return (u["legions"] + u["ships"]) if u else 0


def _unit_hexes(state: State, e: str) -> list[str]:
    return sorted(h for h, c in state["hexes"].items() if e in c["units"])


def home_hex(state: State, e: str) -> str | None:
    """Where a Leader without a place starts (R-17.5a): the hex holding most of the
    empire's units, ties by hex id."""
    best = sorted(_unit_hexes(state, e), key=lambda h: (-_own_units(state, h, e), h))
    return best[0] if best else None


def nearest_unit_hex(g: GameData, state: State, e: str, start: str) -> str | None:
    """The nearest hex holding units of ``e`` counted in hex steps over land or sea,
    ties by hex id (R-17.5c)."""
    import networkx as nx  # heavy: imported on first use (a Leader left alone, R-17.5c)

    targets = set(_unit_hexes(state, e)) - {start}
    if not targets:
        return None
    for layer in nx.bfs_layers(g.map.graph, start):
        found = targets.intersection(layer)
        if found:
            return min(found)
    return min(targets)


def stranded(g: GameData, state: State, e: str, h: str) -> bool:
    """17.5: alone (no own unit) where foreign pieces stand, or alone at sea (R-17.5c)."""
    if _own_units(state, h, e):
        return False
    return bool(others(state, h, e)) or g.map.hexes[h].terrain == "sea"


def settle(g: GameData, state: State) -> None:
    """Place missing Leaders and move stranded ones (17.5, R-17.5a/c); run by refresh."""
    for e, emp in state["empires"].items():
        h = emp.get("leader")
        if emp["revolted"]:
            if h is not None:
                emp["leader"] = None
            continue
        if h is None:
            to = home_hex(state, e)
            if to is not None:
                emp["leader"] = to
                log(state, f"The {e.capitalize()} Leader joins the units in "
                    f"{g.map.label(to)}.", "17.5", seat=e, where=to)
            continue
        if stranded(g, state, e, h):
            to = nearest_unit_hex(g, state, e, h)
            emp["leader"] = to
            where = g.map.label(to) if to else "nowhere (no units left)"
            log(state, f"The {e.capitalize()} Leader, left alone in {g.map.label(h)}, "
                f"goes to {where}.", "17.5", seat=e, where=to or h)


def land_moves(g: GameData, state: State, e: str, seen: tuple[set[str], set[str]]
               ) -> dict[str, int]:
    """Hexes the Leader can walk to (17.5: 6 MP on land and coast; mountains cost 2 as for
    legions; stops at and never ends alone among foreign pieces: R-17.5b)."""
    start = state["empires"][e].get("leader")
    if not opt(state, "17.5") or start is None:
        return {}
    mp = g.tables.unit("leader_mp")
    stops, closed = seen
    best = within_budget(start, mp, g.map.land_graph, g.map.legion_cost,
                         may_enter=lambda n: n not in closed, must_stop=stops.__contains__)
    return {h: c for h, c in best.items() if h not in stops or _own_units(state, h, e)}


def invariants(g: GameData, state: State) -> list[str]:
    bad = []
    for e, emp in state["empires"].items():
        h = emp.get("leader")
        if h is None:
            continue
        if emp["revolted"]:
            continue                     # cleared by the next refresh
        if h not in g.map.hexes:
            bad.append(f"{e} leader on unknown hex {h}")
        elif stranded(g, state, e, h) and _unit_hexes(state, e):
            bad.append(f"{e} leader stranded in {h}")
    return bad
