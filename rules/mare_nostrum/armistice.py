"""ASK FOR ARMISTICE (9.8) and the Armistice Tracks."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.state import ask, done_pending, pending

from .context import GameData, State, active, log, phase
from .stability import shift


def at_peace(state: State, a: str, b: str) -> bool:
    """9.8: do ``a`` and ``b`` have an armistice running?"""
    return any({x["asker"], x["accepter"]} == {a, b} for x in state["armistices"])


def price(g: GameData, state: State, empire: str) -> int:
    """9.8: 35/40/45/50 Talents by the asker's cultural phase."""
    return g.tables.cost("armistice", phase(g, state, empire, "culture"))


def advance_tracks(g: GameData, state: State) -> None:
    """9.8: after income every armistice cube moves one box; after 3 turns it ends."""
    keep = []
    for a in state["armistices"]:
        a["box"] += 1
        if a["box"] > g.tables.armistice_turns:
            log(state, f"The armistice between {a['asker'].capitalize()} and "
                f"{a['accepter'].capitalize()} ends.", "9.8")
        else:
            keep.append(a)
    state["armistices"] = keep


def prompt(g: GameData, state: State) -> Prompt:
    e = state["action"]["seat"]
    cost = price(g, state, e)
    choices = []
    if state["empires"][e]["money"] >= cost:
        for o in active(state):
            if o != e and not at_peace(state, e, o):
                choices.append(Choice(f"offer:{o}", f"Offer {o.capitalize()} {cost} Talents "
                                      "for an armistice"))
    choices.append(Choice("done", "Offer nothing"))
    return Prompt(e, "Ask for armistice", choices, rule="9.8")


def apply(g: GameData, state: State, choice: str) -> None:
    e = state["action"]["seat"]
    state["action"] = None
    if choice.startswith("offer:"):
        other = choice.split(":", 1)[1]
        cost = price(g, state, e)
        ask(state, other, "armistice-answer", asker=e, price=cost)
        log(state, f"{e.capitalize()} offers {other.capitalize()} an armistice for {cost} "
            "Talents.", "9.8", seat=e)


def answer_prompt(g: GameData, state: State) -> Prompt:
    q = pending(state)
    assert q is not None
    penalty = (g.tables.stab_refusal_rome if q["asker"] == "rome" else g.tables.stab_refusal)
    return Prompt(q["seat"], f"{q['asker'].capitalize()} offers an armistice for {q['price']} "
                  "Talents", [Choice("accept", f"Accept ({q['price']} Talents, 3 turns)"),
                              Choice("refuse", f"Refuse (-{penalty} stability)")],
                  kind="yes-no", rule="9.8")


def answer_apply(g: GameData, state: State, choice: str) -> None:
    q = done_pending(state)
    asker, other, cost = q["asker"], q["seat"], q["price"]
    if choice == "accept":
        paid = min(cost, state["empires"][asker]["money"])
        state["empires"][asker]["money"] -= paid
        state["empires"][other]["money"] += paid
        state["armistices"].append({"asker": asker, "accepter": other, "box": 1,
                                    "since": state["turn"]})
        log(state, f"{other.capitalize()} accepts; {asker.capitalize()} pays {paid} Talents. "
            "Armistice for 3 turns.", "9.8", seat=other)
    else:
        penalty = (g.tables.stab_refusal_rome if asker == "rome" else g.tables.stab_refusal)
        log(state, f"{other.capitalize()} refuses the armistice.", "9.8", seat=other)
        shift(g, state, other, -penalty, f"refused {asker.capitalize()}'s armistice", "9.8")
