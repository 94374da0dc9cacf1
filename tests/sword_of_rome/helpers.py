"""Small boards for Sword of Rome rule tests: a real game with the pieces cleared, procedures
pushed by hand, and dice forced where a rule's outcome depends on them."""

from __future__ import annotations

from typing import Any

from rules.engine import registry
from rules.sword_of_rome.model import advance, apply_choice, current_prompt, ed, push

GAME = registry.get("sword-of-rome")


def fresh(scenario: str = "four-player", seed: int = 1) -> dict[str, Any]:
    """A new game, paused at its first decision."""
    return GAME.new_game(scenario, [], {}, seed)


def bare(scenario: str = "four-player", seed: int = 1) -> dict[str, Any]:
    """A new game with no CU on the map, every leader off it and nothing pending."""
    st = fresh(scenario, seed)
    st["cu"] = {}
    for lid, at in st["leaders"].items():
        if at in st["spaces"]:
            st["leaders"][lid] = "reserve"
    st["stack"] = []
    st["windows"] = []
    st["round"] = 1
    st["order"] = list(st["slots"])
    return st


def put(st: dict, sid: str, power: str, n: int, *leaders: str) -> None:
    st["cu"].setdefault(sid, {})[power] = n
    for lid in leaders:
        st["leaders"][lid] = sid


def only_card(st: dict, side: str, title: str) -> str:
    """Every hand back into its deck, then the card titled ``title`` alone in ``side``'s hand;
    its id."""
    for s in st["hands"]:
        st["decks"][s]["draw"] += st["hands"][s]
        st["hands"][s] = []
    card = next(c for c in st["decks"][side]["draw"] if ed().cards[c].title == title)
    st["decks"][side]["draw"].remove(card)
    st["hands"][side] = [card]
    return card


def run(st: dict, name: str, **data: Any) -> None:
    push(st, name, **data)
    advance(st)


def attack_the_unrest(st: dict, unrest: int, n: int, leader: str,
                      card: str | None = None) -> None:
    """Carthage, ``n`` CU under ``leader`` in the Garrison box, plays ``card`` (its first
    card if None) to attack an unrest of level ``unrest`` (20.3); paused where it says how
    many CU attack."""
    st["unrest"] = unrest
    put(st, "garrison_box", "carthage", n, leader)
    run(st, "use", side="carthage", card=card or st["hands"]["carthage"][0], parent=None)
    choose(st, f"unrest:{leader}")


def ids(st: dict) -> list[str]:
    p = current_prompt(st)
    return [c.id for c in p.choices] if p else []


def choose(st: dict, cid: str) -> None:
    apply_choice(st, cid)


def pass_responses(st: dict) -> None:
    """Everyone passes the response windows now open."""
    while current_prompt(st) and current_prompt(st).rule == "7.1.1":
        choose(st, "pass")


class Dice:
    """Forced dice: each roll takes the next values queued."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def __call__(self, st, dice=1, sides=6, *, purpose, rule=""):
        out = [self.queue.pop(0) for _ in range(dice)]
        st["commit"] += 1
        return out


def campaign_at_fregellae(*, primary: str = "camillus", flank_power: str = "rome",
                          flank_leader: str = "valerius", extra=None) -> dict[str, Any]:
    """The combat example's set-up (12): ``primary`` (7 CU) from Capua attacks Egnatius (5 CU)
    at Fregellae with a Campaign; ``flank_leader`` (5 CU of ``flank_power``) waits in Roma.
    ``extra(st)`` changes the board before the march. The state at the flanking choice
    (9.5.6), no cards in any hand."""
    power = ed().leaders[primary].power
    st = bare()
    for side in st["hands"]:
        st["hands"][side] = []
    st["active_side"] = power
    put(st, "capua", power, 7, primary)
    put(st, "roma", flank_power, 5, flank_leader)
    put(st, "fregellae", "samnites", 5, "egnatius")
    st["spaces"]["fregellae"]["ctl"] = "samnites"
    if extra:
        extra(st)
    run(st, "campaign", side=power, left=2, done=[])
    choose(st, f"move:{primary}")
    choose(st, "take:7")
    choose(st, "to:fregellae")
    while current_prompt(st).rule in ("10", "11"):
        choose(st, "no" if "no" in ids(st) else "stand")
    assert current_prompt(st).rule == "9.5.6"
    return st
