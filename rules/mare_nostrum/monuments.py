"""Monuments (ch.12): where they may stand and what they cost."""

from __future__ import annotations

from .context import GameData, State, phase
from .pieces import peek, pieces_of


def price(g: GameData, state: State, empire: str) -> int:
    """ch.12: the cost follows the cultural phase."""
    return g.tables.cost("monument", phase(g, state, empire, "culture"))


def may_build(g: GameData, state: State, empire: str, h: str) -> bool:
    """ch.12: an uncontested city hex with the empire's trade post or fortress and no
    monument yet; at most 3 monuments on the map."""
    c = peek(state, h)
    return bool(c and g.map.hexes[h].city and c["post"] and c["post"]["owner"] == empire
                and not c["contested"] and c["monument"] is None
                and pieces_of(state, empire)["monuments"] < g.tables.pools[empire]["monuments"])
