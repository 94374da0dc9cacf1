"""BUILD (9.3): legions and ships in fortresses and ports, fortresses, one monument (ch.12);
a fortress and a monument never go up in the same hex in one BUILD (9.3, ruling R-9.3-1)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt

from .context import GameData, State, log, phase
from .monuments import may_build as may_build_monument
from .monuments import price as monument_price
from .pieces import add_units, cell, peek, pieces_of
from .stability import shift
from .units import fits_meeples, meeples_in_use


def price(g: GameData, state: State, empire: str, what: str) -> int:
    """Cost Table: legions by Military, ships by Fleet, fortresses by Military (ruling)."""
    row = {"legion": "military", "ship": "fleet", "fortress": "military"}[what]
    return g.tables.cost(what, phase(g, state, empire, row))


def _producing(state: State, empire: str, h: str) -> bool:
    """9.3: an uncontested fortress that existed when the action began and has not built."""
    act = state["action"]
    c = peek(state, h)
    return bool(c and c["post"] and c["post"]["owner"] == empire and c["post"]["kind"] ==
                "fortress" and not c["contested"] and h not in act.get("used", [])
                and h not in act.get("new_forts", []))


def may_build_legion(g: GameData, state: State, empire: str, h: str,
                     base: dict[str, int] | None = None) -> bool:
    """9.3: Military Phase I or more, in a fortress, stock left, a meeple for an army."""
    return (phase(g, state, empire, "military") >= 1 and _producing(state, empire, h)
            and state["empires"][empire]["legions"] < g.tables.pools[empire]["legions"]
            and state["empires"][empire]["money"] >= price(g, state, empire, "legion")
            and fits_meeples(state, empire, {h: (1, 0)}, base))


def may_build_ship(g: GameData, state: State, empire: str, h: str,
                   base: dict[str, int] | None = None) -> bool:
    """9.3: Fleet Phase I or more, in a port (fortress on a coast or island)."""
    return (phase(g, state, empire, "fleet") >= 1 and g.map.hexes[h].is_coast
            and _producing(state, empire, h)
            and state["empires"][empire]["ships"] < g.tables.pools[empire]["ships"]
            and state["empires"][empire]["money"] >= price(g, state, empire, "ship")
            and fits_meeples(state, empire, {h: (0, 1)}, base))


def may_build_fortress(g: GameData, state: State, empire: str, h: str) -> bool:
    """9.3: replaces the empire's own trade post in an uncontested city hex; max 4."""
    c = peek(state, h)
    return bool(c and g.map.hexes[h].city and c["post"] and c["post"]["owner"] == empire
                and c["post"]["kind"] == "trade_post" and not c["contested"]
                and pieces_of(state, empire)["fortresses"] < g.tables.pools[empire]["fortresses"]
                and state["empires"][empire]["money"] >= price(g, state, empire, "fortress"))


def prompt(g: GameData, state: State) -> Prompt:
    act = state["action"]
    e = act["seat"]
    money = state["empires"][e]["money"]
    choices = []
    base = meeples_in_use(state, e)
    for h in sorted(h for h, c in state["hexes"].items() if c["post"] and c["post"]["owner"] == e):
        where = g.map.label(h)
        if may_build_legion(g, state, e, h, base):
            choices.append(Choice(f"legion:{h}", f"Legion in {where} "
                                  f"({price(g, state, e, 'legion')} T)", target=h, group="units"))
        if may_build_ship(g, state, e, h, base):
            choices.append(Choice(f"ship:{h}", f"Ship in {where} ({price(g, state, e, 'ship')} T)",
                                  target=h, group="units"))
        if may_build_fortress(g, state, e, h) and act.get("monument") != h:
            choices.append(Choice(f"fortress:{h}", f"Fortress in {where} "
                                  f"({price(g, state, e, 'fortress')} T)", target=h,
                                  group="fortresses"))
        if not act.get("monument") and h not in act.get("new_forts", []) and \
                may_build_monument(g, state, e, h) and money >= monument_price(g, state, e):
            choices.append(Choice(f"monument:{h}", f"Monument in {where} "
                                  f"({monument_price(g, state, e)} T)", target=h,
                                  group="monument"))
    choices.append(Choice("done", "End the build"))
    return Prompt(e, "Build: choose what to build (or end the action)", choices,
                  kind="choose-space", rule="9.3")


def apply(g: GameData, state: State, choice: str) -> None:
    act = state["action"]
    e = act["seat"]
    verb, _, h = choice.partition(":")
    if verb == "done":
        state["action"] = None
        return
    emp = state["empires"][e]
    where = g.map.label(h)
    if verb in ("legion", "ship"):
        cost = price(g, state, e, verb)
        emp["money"] -= cost
        add_units(state, h, e, legions=int(verb == "legion"), ships=int(verb == "ship"))
        act.setdefault("used", []).append(h)
        log(state, f"{e.capitalize()} builds a {verb} in {where} for {cost} Talents.", "9.3",
            seat=e, where=h)
    elif verb == "fortress":
        cost = price(g, state, e, "fortress")
        emp["money"] -= cost
        post = cell(state, h)["post"]
        post["kind"] = "fortress"
        act.setdefault("new_forts", []).append(h)
        log(state, f"{e.capitalize()} builds a fortress in {where} for {cost} Talents.", "9.3",
            seat=e, where=h)
    elif verb == "monument":
        cost = monument_price(g, state, e)
        emp["money"] -= cost
        cell(state, h)["monument"] = e
        act["monument"] = h
        log(state, f"{e.capitalize()} builds a monument in {where} for {cost} Talents (+1 VP).",
            "12", seat=e, where=h)
        shift(g, state, e, +1, "built a monument", "12")
