"""Collecting income (ch.6) and the Merchandise Control Chart."""

from __future__ import annotations

from .context import GameData, State, active, log, phase


def merchandise(g: GameData, state: State, empire: str) -> dict[str, int]:
    """Uncontested posts (trade posts and fortresses) of each merchandise type (ch.6, 9.1.3)."""
    out: dict[str, int] = {}
    for h, c in state["hexes"].items():
        post = c["post"]
        if post and post["owner"] == empire and not c["contested"]:
            m = g.map.hexes[h].merchandise
            if m:
                out[m] = out.get(m, 0) + post["count"]
    return dict(sorted(out.items()))


def income(g: GameData, state: State, empire: str) -> int:
    """Income level: chart value of every merchandise row plus the economy bonuses (ch.6)."""
    total = sum(g.tables.merch_value(m, n) for m, n in merchandise(g, state, empire).items())
    return total + g.tables.economy_bonus[phase(g, state, empire, "economy")]


def collect_income(g: GameData, state: State) -> None:
    """ch.6: every empire still in the game receives its income level in Talents."""
    for e in active(state):
        amount = state["empires"][e]["income"]
        state["empires"][e]["money"] += amount
        log(state, f"{e.capitalize()} collects {amount} Talents of income.", "6", seat=e)
