"""Armies and fleets (ch.13) and the movement/combat values of units (9.1, 9.6)."""

from __future__ import annotations

from .context import GameData, State, phase


def legion_mp(g: GameData, state: State, empire: str) -> int:
    """9.1: legion movement follows the Military row."""
    return g.tables.unit("legion_mp", phase(g, state, empire, "military"))


def ship_mp(g: GameData, state: State, empire: str) -> int:
    """9.1: ship movement follows the Fleet row."""
    return g.tables.unit("ship_mp", phase(g, state, empire, "fleet"))


def legion_cv(g: GameData, state: State, empire: str) -> int:
    return g.tables.unit("legion_cv", phase(g, state, empire, "military"))


def ship_cv(g: GameData, state: State, empire: str) -> int:
    return g.tables.unit("ship_cv", phase(g, state, empire, "fleet"))


def ships_contest(g: GameData, state: State, empire: str) -> bool:
    """9.1: from Fleet Phase IV ships entering coastal and island hexes contest them."""
    return phase(g, state, empire, "fleet") >= 4


def meeples_in_use(state: State, empire: str) -> dict[str, int]:
    """Army and fleet meeples standing on the map: one per hex with 2+ legions / ships."""
    out = {"armies": 0, "fleets": 0}
    for c in state["hexes"].values():
        u = c["units"].get(empire)
        if u:
            out["armies"] += u["legions"] >= 2
            out["fleets"] += u["ships"] >= 2
    return out


def armies_after(state: State, empire: str, changes: dict[str, tuple[int, int]],
                 base: dict[str, int] | None = None) -> dict[str, int]:
    """Armies / fleets in use if the legions / ships of some hexes changed by the deltas."""
    out = dict(base) if base is not None else meeples_in_use(state, empire)
    for h, (dl, ds) in changes.items():
        c = state["hexes"].get(h)
        u = c["units"].get(empire) if c else None
        legions, ships = (u["legions"], u["ships"]) if u else (0, 0)
        out["armies"] += (legions + dl >= 2) - (legions >= 2)
        out["fleets"] += (ships + ds >= 2) - (ships >= 2)
    return out


def fits_meeples(state: State, empire: str, changes: dict[str, tuple[int, int]],
                 base: dict[str, int] | None = None) -> bool:
    """ch.13 / 9.3: would the empire still have a meeple for every army and fleet?"""
    before = base if base is not None else meeples_in_use(state, empire)
    used = armies_after(state, empire, changes, before)
    own = state["empires"][empire]["meeples"]
    return all(used[k] <= max(own[k], before[k]) for k in ("armies", "fleets"))
