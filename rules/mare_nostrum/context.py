"""Small shared helpers: option switches, active empires, phases (read by every chapter),
and :class:`GameData`, what the rules read from the game object.

The bottom of the package with :mod:`.pieces`, :mod:`.tables` and :mod:`.geography`: the
chapters below :mod:`.game` take the game as a :class:`GameData`, never import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from rules.engine.state import log as _log

if TYPE_CHECKING:
    from .geography import MapData
    from .tables import Tables

State = dict[str, Any]


class GameData(Protocol):
    """The static data of a game (``MareNostrum`` or a test's small board): the rules'
    tables and map. Nothing here changes during a game."""

    @property
    def tables(self) -> Tables: ...

    @property
    def map(self) -> MapData: ...


def opt(state: State, key: str) -> bool:
    """Is optional rule / ruling switch ``key`` on?"""
    return str(state["meta"]["options"].get(key, "no")).lower() in ("yes", "true", "on", "1")


def active(state: State) -> list[str]:
    """Empires still in the game (not in revolution), in turn order where known."""
    seq = state.get("order") or list(state["empires"])
    return [e for e in seq if not state["empires"][e]["revolted"]]


def phase(g: GameData, state: State, empire: str, row: str) -> int:
    """The phase 0..5 (6 = Golden Age) an empire has reached on a Development Chart row."""
    boxes = state["empires"][empire]["dev"][row]
    return g.tables.box_phase[row][boxes - 1] if boxes > 0 else 0


def log(state: State, text: str, rule: str, *, seat: str | None = None,
        where: str | None = None) -> None:
    _log(state, text, rule=rule, seat=seat, where=where)


def name(empire: str) -> str:
    return empire.capitalize()
