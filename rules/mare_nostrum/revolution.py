"""Revolution (ch.14): the empire leaves the game, its units leave the map."""

from __future__ import annotations

from .context import GameData, State, log
from .pieces import cell, tidy


def revolt(g: GameData, state: State, empire: str) -> None:
    """ch.14: all units are removed at once; posts, fortresses and monuments stay."""
    emp = state["empires"][empire]
    if emp["revolted"]:
        return
    emp["revolted"] = True
    emp["revolted_turn"] = state["turn"]
    for h in [h for h, c in state["hexes"].items() if empire in c["units"]]:
        del cell(state, h)["units"][empire]
        tidy(state, h)
    state["armistices"] = [a for a in state["armistices"]
                           if empire not in (a["asker"], a["accepter"])]
    state["queue"] = [q for q in state["queue"]
                      if q["seat"] != empire and q.get("asker") != empire]
    log(state, f"Revolution in {empire.capitalize()}: the empire is out of the game and its "
        "units leave the map.", "14", seat=empire)


def limits_players(state: State) -> int:
    """ch.14: action limits follow the empires still in the game at the start of the turn."""
    return sum(1 for e in state["empires"].values()
               if not e["revolted"] or e["revolted_turn"] == state["turn"])
