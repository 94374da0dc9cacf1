"""Control of islands and provinces (ch.11)."""

from __future__ import annotations

from .context import GameData, State, opt


def holds(state: State, hex_id: str, empire: str) -> bool:
    """An uncontested hex where the empire has a trade post, fortress or legion (ch.11)."""
    c = state["hexes"].get(hex_id)
    if not c or c["contested"]:
        return False
    if c["post"] and c["post"]["owner"] == empire:
        return True
    u = c["units"].get(empire)
    return bool(u and u["legions"])


def controls(g: GameData, state: State, area: str, empire: str) -> bool:
    """ch.11: every merchandise hex of the area is held by the empire."""
    hexes = g.map.merch_hexes(area)
    return bool(hexes) and all(holds(state, h, empire) for h in hexes)


def controlled(g: GameData, state: State, empire: str) -> list[str]:
    return sorted(a for a in g.map.areas if controls(g, state, a, empire))


def laurels(g: GameData, state: State) -> tuple[int, ...]:
    """Control Track boxes worth a VP: dark ones, or the light ones with 17.8."""
    return g.tables.light_laurels if opt(state, "17.8") else g.tables.dark_laurels
