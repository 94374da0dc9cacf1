"""The starting player and the Turn Order Track (ch.7; optional 17.6 draft)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt

from .context import GameData, State, log, opt
from .pieces import count_pieces


def ranking(g: GameData, state: State) -> list[str]:
    """ch.7: Military box, then Fleet box, then income, then units on the board; last
    resort the set-up order (ruling R-7)."""
    seats = [e for e in state["empires"] if not state["empires"][e]["revolted"]]
    setup = list(g.tables.setup_order)

    def key(e: str) -> tuple:
        emp = state["empires"][e]
        pieces = count_pieces(state, e)
        return (-emp["dev"]["military"], -emp["dev"]["fleet"], -emp["income"],
                -(pieces["legions"] + pieces["ships"]), setup.index(e))

    return sorted(seats, key=key)


def determine(g: GameData, state: State) -> None:
    """Fill the Turn Order Track; with 17.6 start the position draft instead."""
    order = ranking(g, state)
    if opt(state, "17.6") and len(order) > 1:
        state["draft"] = {"ranking": order, "picks": {}}
        state["order"] = order
        return
    state["order"] = order
    log(state, "Turn order: " + ", ".join(e.capitalize() for e in order) + ".", "7")


def draft_prompt(g: GameData, state: State) -> Prompt:
    """17.6: in ch.7 ranking order each empire picks a free position."""
    d = state["draft"]
    seat = next(e for e in d["ranking"] if e not in d["picks"])
    taken = set(d["picks"].values())
    n = len(d["ranking"])
    choices = [Choice(f"pos:{i}", f"Act {i}.") for i in range(1, n + 1) if i not in taken]
    return Prompt(seat, "Choose your position in the turn order", choices, rule="17.6")


def draft_apply(g: GameData, state: State, choice: str) -> None:
    d = state["draft"]
    seat = next(e for e in d["ranking"] if e not in d["picks"])
    d["picks"][seat] = int(choice.split(":")[1])
    if len(d["picks"]) == len(d["ranking"]):
        state["order"] = sorted(d["picks"], key=lambda e: d["picks"][e])
        state["draft"] = None
        log(state, "Turn order: " + ", ".join(e.capitalize() for e in state["order"]) + ".",
            "17.6")
