"""Small positions for Athens and Sparta rule tests: a real game paused at a chosen step of
an action round, with dice forced where an outcome depends on them."""

from __future__ import annotations

from typing import Any

from rules.athens_sparta import action_round
from rules.engine import registry

GAME = registry.get("athens-sparta")
SC = "peloponnesian-war"


def fresh(seed: int = 1) -> dict[str, Any]:
    return GAME.new_game(SC, [], {}, seed)


def at_step(st: dict[str, Any], side: str, step: str, *, cards: bool = True) -> dict[str, Any]:
    """Pause ``st`` at ``step`` of ``side``'s action round in round 1. ``cards``: the side
    that follows gets a card if it has none, so the round goes on (no Olympic Games)."""
    st["stage"], st["round"], st["phasing"] = "rounds", 1, side
    other = "athens" if side == "sparta" else "sparta"
    if cards and not st["hands"][other]:
        st["hands"][other].append(st["decks"]["action"]["draw"].pop())
    st["battle"] = None
    action_round.begin_step(st, step)
    return st


def choose(st: dict[str, Any], choice: str) -> dict[str, Any]:
    return GAME.apply(st, choice)


def ids(st: dict[str, Any]) -> list[str]:
    p = GAME.prompt(st)
    return [c.id for c in p.choices] if p else []


def force(st: dict[str, Any], side: str, kind: str, leader: str, where: str | None,
          siege: bool = False) -> dict[str, Any]:
    st["next_force"] += 1
    f = {"id": f"f{st['next_force']}", "side": side, "type": kind, "leader": leader,
         "where": where, "siege": siege}
    st["forces"].append(f)
    st["leaders"][leader]["state"] = "commander" if where is None else "deployed"
    if siege:
        st["sieges"][where] = side
    return f


class Dice:
    """Forced dice: ``dice.queue`` is consumed in order by every roll."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.rolled: list[int] = []

    def __call__(self, state: dict, dice: int = 1, sides: int = 6, *, purpose: str,
                 rule: str = "") -> list[int]:
        out = [self.queue.pop(0) for _ in range(dice)]
        self.rolled += out
        return out
