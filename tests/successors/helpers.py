"""Small boards for Successors rule tests: a real game after its set-up, pieces cleared on
request, procedures pushed by hand, dice forced where a rule's outcome depends on them."""

from __future__ import annotations

from typing import Any

from rules.engine import registry
from rules.successors.model import PROCS

GAME = registry.get("successors")


class Dice:
    """Forced dice: ``dice.set(3, 4)``; unset dice roll 1."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.log: list[str] = []

    def set(self, *values: int) -> None:
        self.queue.extend(values)

    def __call__(self, state, dice=1, sides=6, *, purpose="", rule=""):
        self.log.append(purpose)
        return [self.queue.pop(0) if self.queue else 1 for _ in range(dice)]


def set_up(scenario: str = "four-player", seed: int = 1) -> dict[str, Any]:
    """A new game with every set-up decision taken (the first choice), paused at turn 1's
    choice of the first player."""
    st = GAME.new_game(scenario, [], {}, seed)
    while PROCS.top(st)["proc"] in ("deal_keep", "place_packages"):
        st = GAME.apply(st, GAME.prompt(st).choices[0].id)
    return st


def bare(scenario: str = "four-player", seed: int = 1, turn: int = 2) -> dict[str, Any]:
    """A game after set-up with no CU, general, royal or PC on the map and nothing pending."""
    st = set_up(scenario, seed)
    st["cu"], st["inside"], st["pc"], st["sp"] = {}, {}, {}, {}
    for rec in st["gen"].values():
        if rec["loc"] not in ("aside", "supply"):
            rec["loc"] = "aside" if rec["owner"] is None else "dispersed"
    for rec in st["royals"].values():
        rec["loc"], rec["active"] = "box", False
    for rec in st["ind"].values():
        rec["loc"] = "box"
    st["body"] = {"loc": "gone", "tomb": False, "pella": None}
    st["stack"], st["windows"] = [], []
    st["order"] = list(st["players"])
    st["turn"], st["round"], st["phase"] = turn, 1, "strategy"
    st["seg"] = {"seat": st["players"][0], "segment": "movement", "moved": [], "fresh": {},
                 "naval": False, "royals": {}, "free_sieges": []}
    return st


def owner_of(st: dict, gid: str) -> str:
    return st["gen"][gid]["owner"]


def give(st: dict, gid: str, seat: str, at: str) -> None:
    st["gen"][gid] = {"owner": seat, "loc": at}


def put(st: dict, sid: str, seat: str, **units: int) -> None:
    st["cu"].setdefault(sid, {})[seat] = dict(units)


def activate(st: dict, gid: str, mp: int, roll_value: int | None = None) -> None:
    """Activate a general with ``mp`` MP (``roll_value``: the Movement Segment's roll)."""
    from rules.successors.movement import start_activation

    start_activation(st, gid, mp, "test", roll_value=roll_value)
    PROCS.advance(st)


def ids(st: dict) -> list[str]:
    """The ids of the pending prompt's choices ([] when nothing is asked)."""
    p = GAME.prompt(st)
    return [c.id for c in p.choices] if p else []


def push(st: dict, name: str, **data: Any) -> None:
    PROCS.push(st, name, **data)
    PROCS.advance(st)


def choose(st: dict, cid: str) -> dict:
    """Apply a choice through the Game seam (legality checked)."""
    return GAME.apply(st, cid)


def prompt(st: dict):
    return GAME.prompt(st)


def tarsos_battle(st: dict, *, blue: dict[str, int], white: dict[str, int],
                  mp: int = 3) -> dict:
    """Krateros (Blue, ``blue`` units) marches from the Kilikian Gates on Leonnatos (White,
    ``white`` units) at Tarsos, who stands; the state at the battle's first window."""
    give(st, "krateros", "blue", "kilikian_gates")
    put(st, "kilikian_gates", "blue", **blue)
    give(st, "leonnatos", "white", "tarsos")
    put(st, "tarsos", "white", **white)
    activate(st, "krateros", mp)
    st = choose(st, "go:tarsos")
    while prompt(st) and prompt(st).seat == "white" and prompt(st).rule != "4.31.1":
        st = choose(st, "stay")
    return choose(st, "attack")                      # no Friendly Passage asked (8.3.8)


def issos_march(st: dict, white_mercenaries: int = 0) -> dict:
    """Krateros (Blue, 4 Mercenaries) marches from Tarsos into Issos, where Ptolemaios
    (White, with ``white_mercenaries``, or alone) stands; White's reaction comes next."""
    give(st, "krateros", "blue", "tarsos")
    put(st, "tarsos", "blue", mercenary=4)
    give(st, "ptolemaios", "white", "issos")
    if white_mercenaries:
        put(st, "issos", "white", mercenary=white_mercenaries)
    activate(st, "krateros", 3)
    return choose(st, "go:issos")
