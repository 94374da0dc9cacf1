"""The Stability Track (9.5) and the PAY FOR STABILITY action."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt

from .context import GameData, State, active, log, opt, phase
from .revolution import revolt

GOLDEN_AGE = 11          # one box beyond +10 (9.5)


def is_golden(state: State, empire: str) -> bool:
    return state["empires"][empire]["stability"] >= GOLDEN_AGE


def shift(g: GameData, state: State, empire: str, delta: int, why: str, rule: str) -> None:
    """Move an empire's stability cube ``delta`` boxes (9.5).

    Beyond +10 it reaches the Golden Age (+1 VP) and is locked there (unless 17.2); one box
    below -8 means revolution (ch.14).
    """
    emp = state["empires"][empire]
    if emp["revolted"] or delta == 0:
        return
    if is_golden(state, empire) and delta < 0 and not opt(state, "17.2"):
        log(state, f"{empire.capitalize()} is in its Golden Age: stability stays ({why}).",
            "9.5", seat=empire)
        return
    old = emp["stability"]
    new = old + delta
    if new > g.tables.stab_max:
        new = GOLDEN_AGE
    elif old >= GOLDEN_AGE:
        new = g.tables.stab_max + 1 + delta
    emp["stability"] = max(new, g.tables.stab_min - 1)
    log(state, f"{empire.capitalize()} stability {old:+d} -> {emp['stability']:+d}: {why}.",
        rule, seat=empire)
    if new == GOLDEN_AGE and old < GOLDEN_AGE:
        log(state, f"{empire.capitalize()} reaches the Golden Age on the Stability Track (+1 VP).",
            "9.5", seat=empire)
    if new < g.tables.stab_min:
        revolt(g, state, empire)


def combat_modifier(g: GameData, state: State, empire: str) -> int:
    """Per combat: the Stability Track band (9.2, 9.5)."""
    return g.tables.stability_cv(state["empires"][empire]["stability"])


def price(g: GameData, state: State, empire: str) -> int:
    """9.5: 50..100 Talents by cultural phase."""
    return g.tables.cost("stability", phase(g, state, empire, "culture"))


# ---- the action (9.5, 17.1) ---------------------------------------------------------------
def prompt(g: GameData, state: State) -> Prompt:
    act = state["action"]
    e = act["seat"]
    money = state["empires"][e]["money"]
    cost = price(g, state, e)
    choices = []
    if money >= cost and not is_golden(state, e):
        choices.append(Choice("raise", f"Pay {cost} Talents: +1 stability"))
    if opt(state, "17.1") and money >= g.tables.cost("sabotage"):
        for o in active(state):
            if o != e:
                choices.append(Choice(f"lower:{o}", f"Pay {g.tables.cost('sabotage')} Talents: "
                                      f"{o.capitalize()} -1 stability", group="17.1"))
    choices.append(Choice("done", "Pay nothing"))
    return Prompt(e, "Pay for stability", choices, rule="9.5")


def apply(g: GameData, state: State, choice: str) -> None:
    e = state["action"]["seat"]
    if choice == "raise":
        cost = price(g, state, e)
        state["empires"][e]["money"] -= cost
        shift(g, state, e, +1, f"paid {cost} Talents", "9.5")
    elif choice.startswith("lower:"):
        target = choice.split(":", 1)[1]
        cost = g.tables.cost("sabotage")
        state["empires"][e]["money"] -= cost
        shift(g, state, target, -1, f"{e.capitalize()} paid {cost} Talents against it", "17.1")
    state["action"] = None
