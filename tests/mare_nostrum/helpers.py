"""Shared fixtures: the small board, a game, and a bare state to place pieces on."""

from __future__ import annotations

from functools import lru_cache

from rules.mare_nostrum.game import MareNostrum
from rules.mare_nostrum.pieces import add_units, cell
from rules.mare_nostrum.refresh import refresh

from .small_board import axial, small_board


@lru_cache(maxsize=1)
def game() -> MareNostrum:
    return MareNostrum(board=small_board())


def hx(col: int, row: int) -> str:
    """The hex id of a column/row of the small board."""
    q, r = axial(col, row)
    return f"{q},{r}"


def bare(options: dict[str, str] | None = None, scenario: str = "standard") -> dict:
    """A game after set-up with the map emptied: tests place exactly what they need."""
    g = game()
    s = g.new_game(scenario, [], options or {}, 7)
    s["hexes"] = {}
    for emp in s["empires"].values():
        emp["stability"] = 0
        emp["money"] = 500
        emp["luxury_firsts"] = []
    refresh(g, s, events=False)
    return s


def place(s: dict, h: str, empire: str, legions: int = 0, ships: int = 0, carried: int = 0,
          post: str | None = None, monument: bool = False, contested: bool = False) -> None:
    if legions or ships:
        add_units(s, h, empire, legions=legions, ships=ships, carried=carried)
    c = cell(s, h)
    if post:
        c["post"] = {"owner": empire, "kind": post, "count": 1}
    if monument:
        c["monument"] = empire
    if contested:
        c["contested"] = True
    refresh(game(), s)


def act(s: dict, seat: str, kind: str) -> None:
    """Open an action for ``seat`` directly (as if just chosen in the cycle)."""
    s["action"] = {"seat": seat, "kind": kind}
    s["cycle"]["next"] = s["order"].index(seat)


def ids(s: dict) -> list[str]:
    return [c.id for c in game().prompt(s).choices]
