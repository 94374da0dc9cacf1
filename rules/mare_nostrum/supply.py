"""Supply of legions and fleet maintenance at the end of the turn (ch.10)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.names import count

from .context import GameData, State, active, log, phase
from .pieces import add_units
from .stability import shift


def maintenance_cost(g: GameData, state: State, empire: str) -> int:
    """ch.10: 1..5 Talents per ship by Fleet phase (Phase I rate before Phase I)."""
    return state["empires"][empire]["ships"] * g.tables.cost(
        "maintenance", phase(g, state, empire, "fleet"))


def pay_maintenance(g: GameData, state: State) -> None:
    """ch.10: pay for every ship; an empire short of money pays all it has and loses 1 box."""
    for e in active(state):
        cost = maintenance_cost(g, state, e)
        if not cost:
            continue
        emp = state["empires"][e]
        if emp["money"] >= cost:
            emp["money"] -= cost
            log(state, f"{e.capitalize()} pays {cost} Talents of fleet maintenance.", "10", seat=e)
        else:
            paid, emp["money"] = emp["money"], 0
            log(state, f"{e.capitalize()} can pay only {paid} of {cost} Talents of fleet "
                "maintenance.", "10", seat=e)
            shift(g, state, e, -1, "fleet maintenance unpaid", "10")


def over_supply(state: State) -> str | None:
    """The first empire (turn order) with more legions than its supply (ch.10)."""
    for e in active(state):
        emp = state["empires"][e]
        if emp["legions"] > emp["supply"]:
            return e
    return None


def prompt(g: GameData, state: State) -> Prompt:
    """ch.10: the owner chooses which legions to remove, anywhere."""
    e = over_supply(state)
    assert e is not None
    emp = state["empires"][e]
    choices = []
    for h, c in sorted(state["hexes"].items()):
        u = c["units"].get(e)
        if not u:
            continue
        if u["legions"]:
            choices.append(Choice(f"disband:{h}", f"Disband a legion in {g.map.label(h)}",
                                  target=h))
        if u["carried"]:
            choices.append(Choice(f"disband:{h}:aboard", f"Disband a legion aboard ship in "
                                  f"{g.map.label(h)}", target=h))
    over = emp["legions"] - emp["supply"]
    return Prompt(e, f"Out of supply: remove {count(over, 'legion')}", choices, kind="choose-space",
                  rule="10")


def apply(g: GameData, state: State, choice: str) -> None:
    e = over_supply(state)
    parts = choice.split(":")
    h = parts[1]
    if len(parts) == 3:
        add_units(state, h, e, carried=-1)
    else:
        add_units(state, h, e, legions=-1)
    log(state, f"{e.capitalize()} disbands an unsupplied legion in {g.map.label(h)}.", "10",
        seat=e, where=h)

