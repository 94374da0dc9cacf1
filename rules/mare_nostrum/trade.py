"""CREATE TRADE POSTS (9.4): as many as the empire can pay for; luxury firsts (9.5);
conquering a capital (9.5); double trade posts (17.7)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt

from .context import GameData, State, log, opt, phase
from .pieces import cell, others, peek, pieces_of, units
from .stability import shift


def price(g: GameData, state: State, empire: str) -> int:
    """9.4: by Economy phase (Phase I price before Phase I)."""
    return g.tables.cost("trade_post", phase(g, state, empire, "economy"))


def may_hold_more(g: GameData, state: State, empire: str, merch: str) -> bool:
    """ch.16: no more hexes of one merchandise than its row on the chart has boxes."""
    held = state["empires"][empire]["posts_by_merch"].get(merch, 0)
    return held < g.tables.merch_boxes(merch)


def can_found(g: GameData, state: State, empire: str, h: str) -> bool:
    """9.4: an uncontested merchandise hex without a post, where the empire has a legion, or
    (Greece only, not with 17.4) a ship in a coastal or island hex. 17.7: from Manufacturing
    a second post may join one of the empire's own posts."""
    info = g.map.hexes[h]
    if not info.merchandise:
        return False
    c = peek(state, h)
    if c is None or c["contested"] or others(state, h, empire):
        return False
    u = units(state, h, empire)
    by_ship = (empire == "greece" and not opt(state, "17.4") and u["ships"] and info.is_coast)
    if not (u["legions"] or by_ship):
        return False
    if c["post"] is not None:
        if not (opt(state, "17.7") and c["post"]["owner"] == empire and c["post"]["count"] < 2
                and phase(g, state, empire, "economy") >= 4):
            return False
    if pieces_of(state, empire)["trade_posts"] >= g.tables.pools[empire]["trade_posts"]:
        return False
    return may_hold_more(g, state, empire, info.merchandise)


def prompt(g: GameData, state: State) -> Prompt:
    e = state["action"]["seat"]
    cost = price(g, state, e)
    choices = []
    if state["empires"][e]["money"] >= cost:
        for h in sorted(h for h, c in state["hexes"].items() if e in c["units"]):
            if can_found(g, state, e, h):
                merch = g.map.hexes[h].merchandise.title()
                choices.append(Choice(f"post:{h}", f"Trade post in {g.map.label(h)} "
                                      f"({merch}, {cost} Talents)", target=h))
    choices.append(Choice("done", "End the action"))
    return Prompt(e, "Create trade posts", choices, kind="choose-space", rule="9.4")


def found(g: GameData, state: State, empire: str, h: str, *, setup: bool = False) -> None:
    """Place a trade post and apply what follows from it (9.4, 9.5)."""
    c = cell(state, h)
    if c["post"] is None:
        c["post"] = {"owner": empire, "kind": "trade_post", "count": 1}
    else:
        c["post"]["count"] += 1
    merch = g.map.hexes[h].merchandise
    if not setup:
        log(state, f"{empire.capitalize()} creates a trade post in {g.map.label(h)} "
            f"({merch.title()}).",
            "9.4", seat=empire, where=h)
    luxury_first(g, state, empire, merch)
    conquered(g, state, empire, h)


def luxury_first(g: GameData, state: State, empire: str, merch: str | None) -> None:
    """9.5: the first post of each luxury type moves the cube one box right (ruling R-9.5-2:
    at set-up too, the capital's fortress included)."""
    emp = state["empires"][empire]
    if g.tables.merch_class.get(merch or "") == "luxury" and merch not in emp["luxury_firsts"]:
        emp["luxury_firsts"].append(merch)
        shift(g, state, empire, +1, f"first trade post with {merch.title()}", "9.5")


def conquered(g: GameData, state: State, empire: str, h: str) -> None:
    """9.5: a trade post in another empire's capital conquers it: 3 boxes left."""
    victim = g.map.hexes[h].capital_of
    if victim and victim != empire and victim in state["empires"]:
        log(state, f"{empire.capitalize()} conquers the capital of {victim.capitalize()}.", "9.5",
            seat=empire, where=h)
        shift(g, state, victim, -g.tables.stab_capital, "its capital was conquered", "9.5")


def apply(g: GameData, state: State, choice: str) -> None:
    e = state["action"]["seat"]
    if choice == "done":
        state["action"] = None
        return
    h = choice.split(":", 1)[1]
    state["empires"][e]["money"] -= price(g, state, e)
    found(g, state, e, h)
