"""Small shared helpers: option switches, active empires, phases (read by every chapter),
and :class:`GameData`, what the rules read from the game object.

The bottom of the package with :mod:`.pieces`, :mod:`.tables` and :mod:`.geography`: the
chapters below :mod:`.game` take the game as a :class:`GameData`, never import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from rules.engine.plain import DUE
from rules.engine.state import log as _log

if TYPE_CHECKING:
    from .geography import MapData
    from .tables import Tables

State = dict[str, Any]

#: upkeep keys of a state (``_``: left out of hashes and saves, rules.engine.state.canonical).
#: The prompt :meth:`.game.MareNostrum._advance` computed when it stopped, with the
#: :func:`fingerprint` of the state it was computed for: the seat asks for it and apply checks
#: the choice against it, without computing it again. Written only there; :func:`.refresh.refresh`
#: (the board changed outside apply: set-up, a test) drops it. A new state never inherits it.
KEPT_PROMPT = DUE
#: empire -> (the inputs of its derived values, those values) as refresh last derived them
#: (:func:`.refresh._settle`): keyed on values, so it cannot go stale; written only there.
DERIVED_INPUTS = "_derived_inputs"


def fingerprint(state: State) -> tuple:
    """What changes with every step of play (log, phase, turn, queue, armistices, hexes held,
    the running action and the Action Cycle Table): a kept prompt whose fingerprint differs
    is not used (tests/mare_nostrum/test_kept_prompt.py compares kept prompts with fresh ones
    at every step of random games)."""
    cyc = state["cycle"]
    return (len(state["log"]), state["phase"], state["turn"], len(state["queue"]),
            len(state["armistices"]), len(state["hexes"]), repr(state["action"]),
            (cyc["next"], cyc["round"], repr(cyc["counts"]), repr(cyc["by"]),
             repr(cyc["taken"])) if cyc else None)


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
