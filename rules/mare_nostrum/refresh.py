"""Recompute what the board implies (income, supply, control, VP) and fire the stability
events of changes in control (ch.6, ch.10, ch.11, 17.3). Called after every change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .context import State, log, opt, phase
from .control import controlled
from .income import income, merchandise
from .pieces import count_pieces
from .stability import shift
from .tables import ROWS

if TYPE_CHECKING:
    from .game import MareNostrum


def supply(g: MareNostrum, state: State, empire: str, merch: dict[str, int]) -> int:
    """ch.10: legions an empire can supply: 2 per uncontested food post."""
    food = sum(n for m, n in merch.items() if g.tables.merch_class[m] == "supply")
    return food * g.tables.legions_per_post


def _derive(g: MareNostrum, state: State, empire: str) -> None:
    emp = state["empires"][empire]
    merch = merchandise(g, state, empire)
    emp["merchandise"] = merch
    emp["income"] = income(g, state, empire)
    emp["supply"] = supply(g, state, empire, merch)
    pieces = count_pieces(state, empire)
    emp["legions"], emp["ships"] = pieces["legions"], pieces["ships"]
    emp["phases"] = {r: phase(g, state, empire, r) for r in ROWS}


def refresh(g: MareNostrum, state: State, *, events: bool = True) -> None:
    """Bring every derived value up to date; each province lost costs 1 stability (ch.11)."""
    from .victory import vp_detail

    for _ in range(10):
        changed = False
        for e, emp in state["empires"].items():
            _derive(g, state, e)
            now = controlled(g, state, e) if not emp["revolted"] else []
            before = emp["control"]
            if now != before:
                emp["control"] = now
                if events and not emp["revolted"]:
                    for a in sorted(set(before) - set(now)):
                        name = g.map.areas[a].name
                        log(state, f"{e.capitalize()} loses control of {name}.", "11", seat=e)
                        if g.map.areas[a].kind == "province":
                            changed = True
                            shift(g, state, e, -1, f"lost the province {name}", "11")
                    for a in sorted(set(now) - set(before)):
                        name = g.map.areas[a].name
                        log(state, f"{e.capitalize()} gains control of {name}.", "11", seat=e)
                        if opt(state, "17.3") and g.map.areas[a].kind == "province":
                            changed = True
                            shift(g, state, e, +1, f"won the province {name}", "17.3")
            if opt(state, "17.2") and not emp["revolted"]:
                from .develop import fifth_column

                changed |= fifth_column(g, state, e)
        for e, emp in state["empires"].items():
            _derive(g, state, e)
            emp["vp_detail"] = vp_detail(g, state, e)
            emp["vp"] = sum(emp["vp_detail"].values())
        if not changed:
            return
