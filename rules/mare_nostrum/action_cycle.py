"""The action cycle (ch.8, 9.7): who chooses next and which actions are open to them."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt

from .context import GameData, State, active, log
from .revolution import limits_players

ACTIONS = ("move", "attack", "build", "trade", "stability", "develop", "armistice", "pass")
LABELS = {"move": "Move", "attack": "Attack", "build": "Build units, fortresses, monuments",
          "trade": "Create trade posts", "stability": "Pay for stability",
          "develop": "Develop", "armistice": "Ask for armistice", "pass": "Pass"}
SHORT = {"move": "Move", "attack": "Attack", "build": "Build", "trade": "Trade",
         "stability": "Stability", "develop": "Develop", "armistice": "Armistice", "pass": "Pass"}
RULES = {"move": "9.1", "attack": "9.2", "build": "9.3", "trade": "9.4", "stability": "9.5",
         "develop": "9.6", "pass": "9.7", "armistice": "9.8"}


def new_cycle(g: GameData, state: State) -> None:
    """ch.8 / ch.14: fresh Action Cycle Table; the limit follows the empires in the game."""
    n = limits_players(state)
    state["cycle"] = {"limit": g.tables.action_limit(n), "per_player": g.tables.per_player_same,
                      "round": 1, "next": 0, "counts": {}, "by": {}, "taken": {},
                      "last": None, "passes": 0, "history": []}
    state["cycle"]["next"] = _first_to_act(g, state, -1)


def _first_to_act(g: GameData, state: State, after: int) -> int:
    """Index in the turn order of the next empire in the game with actions left; -1: none."""
    order, cyc = state["order"], state["cycle"]
    n = len(order)
    for step in range(1, n + 1):
        i = (after + step) % n
        e = order[i]
        if not state["empires"][e]["revolted"] and cyc["taken"].get(e, 0) < \
                g.tables.actions_per_player:
            return i
    return -1


def current(state: State) -> str | None:
    i = state["cycle"]["next"]
    return state["order"][i] if i >= 0 else None


def may_choose(state: State, empire: str, action: str) -> bool:
    """ch.8: max uses per cycle, max twice per empire, never the action just chosen before
    (PASS may follow PASS). PASS itself is always open (ruling R-8)."""
    if action == "pass":
        return True
    cyc = state["cycle"]
    if cyc["counts"].get(action, 0) >= cyc["limit"]:
        return False
    if cyc["by"].get(empire, {}).get(action, 0) >= cyc["per_player"]:
        return False
    return cyc["last"] != action


def prompt(g: GameData, state: State) -> Prompt:
    e = current(state)
    assert e is not None
    cyc = state["cycle"]
    choices = []
    for a in ACTIONS:
        if may_choose(state, e, a):
            used = cyc["counts"].get(a, 0)
            mine = cyc["by"].get(e, {}).get(a, 0)
            detail = "" if a == "pass" else f"chosen {used}/{cyc['limit']}, by you {mine}/2"
            choices.append(Choice(f"action:{a}", LABELS[a], detail=detail))
    taken = cyc["taken"].get(e, 0) + 1
    return Prompt(e, f"{e.capitalize()}: choose action {taken} of {g.tables.actions_per_player}",
                  choices, rule="8", context={"cycle": cyc})


def choose(g: GameData, state: State, action: str) -> None:
    """Put the empire's cube on the Action Cycle Table and open the action."""
    e = current(state)
    cyc = state["cycle"]
    cyc["history"].append([e, action])
    cyc["last"] = action
    if action == "pass":
        cyc["passes"] += 1
    else:
        cyc["passes"] = 0
        cyc["counts"][action] = cyc["counts"].get(action, 0) + 1
        by = cyc["by"].setdefault(e, {})
        by[action] = by.get(action, 0) + 1
    log(state, f"{e.capitalize()} chooses {LABELS[action]}.", RULES[action], seat=e)
    state["action"] = None if action == "pass" else {"seat": e, "kind": action}


def finish_action(g: GameData, state: State) -> bool:
    """After an action: next empire, or True when the cycle is over (ch.8, 9.7)."""
    cyc = state["cycle"]
    i = cyc["next"]
    e = state["order"][i]
    cyc["taken"][e] = cyc["taken"].get(e, 0) + 1
    if cyc["passes"] >= max(1, len(active(state))):
        log(state, "Every empire passed in a row: the action cycle ends.", "9.7")
        cyc["next"] = -1
        return True
    nxt = _first_to_act(g, state, i)
    cyc["next"] = nxt
    if nxt < 0:
        return True
    cyc["round"] = min(cyc["taken"].get(x, 0) for x in active(state)) + 1
    return False
