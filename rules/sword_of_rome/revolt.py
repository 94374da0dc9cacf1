"""Five players: the Insurrection (16.4). Revolting mercenaries become a non-player power
("rebels") while they have CU on the map: other players' Neutral Power Activates move or
raise them, they may end a move only in Carthago or Kerkouane (16.3), the player 16.1 names
(never the Carthaginian player or his ally) decides for them out of turn, and each
Reinforcement Phase they gain 1 CU (5.10.1)."""

from __future__ import annotations

import math

from rules.engine.procs import Frame, Proc

from . import mercenaries
from .army import push_battle
from .board import REBELS, placement
from .model import (
    POWER_NAMES,
    State,
    add_cu,
    cu,
    deciding_side,
    ed,
    leader_name,
    note,
    pop,
    powers_here,
    proc,
    push,
    space_name,
    total_cu,
)

LEADER = "spendius"


def active(st: State) -> bool:
    return bool(st["flags"].get("insurrection"))


def between_actions(st: State) -> None:
    """At the next pause between two players' actions: the revolt breaks out, or ends once
    every revolting mercenary is gone (16.4)."""
    if st["flags"].pop("insurrection_due", False):
        rise(st)
    elif active(st) and total_cu(st, REBELS) == 0:
        end(st)


def rise(st: State) -> None:
    """Half the Carthaginian mercenaries on the board (rounded up) leave Carthage (the
    Carthaginian player picks where from) and appear, at least 2 CU, with their leader at
    Kerkouane (reconstructed); CU there are attacked at once and may not avoid battle (16.4)."""
    gone = math.ceil(mercenaries.count(st) / 2)
    n = max(2, gone)
    st["flags"]["insurrection"] = True
    if REBELS not in st["nonplayer"]:
        st["nonplayer"].append(REBELS)
    note(st, f"Insurrection: {n} mercenary CU revolt against Carthage.", "16.4")
    push(st, "revolt_place", n=n)
    if gone:
        push(st, "disband", side="carthage", n=gone, rule="16.4")


def end(st: State) -> None:
    st["flags"].pop("insurrection", None)
    if REBELS in st["nonplayer"]:
        st["nonplayer"].remove(REBELS)
    for lid in st["leaders"]:
        if ed().leaders[lid].power == REBELS:
            st["leaders"][lid] = "out"
    note(st, "The last revolting mercenaries are gone: the Insurrection is over.", "16.4")


@proc
class RevoltPlace(Proc):
    """The revolting mercenaries are placed (not moved): CU in the space fight them, with no
    avoidance or interception (16.4)."""

    name = "revolt_place"

    def auto(self, st: State, fr: Frame) -> bool:
        pop(st)
        at = "kerkouane"
        st["leaders"][LEADER] = at
        add_cu(st, at, REBELS, fr["n"])
        note(st, f"{leader_name(LEADER)} leads {fr['n']} revolting mercenary CU at "
             f"{space_name(at)}.", "16.4", where=at)
        foes = [p for p in powers_here(st, at) if p != REBELS]
        if foes:
            side = deciding_side(st, REBELS) or "carthage"
            fake = {"power": REBELS, "side": side, "at": at, "prev": None, "sailed": False,
                    "entry_kind": "clear", "pending": []}
            push_battle(st, fake, defender=max(foes, key=lambda p: (cu(st, at, p), p)))
        return True


def reinforce(st: State) -> None:
    """5.10.1: with the Insurrection active the revolting mercenaries gain 1 CU."""
    spaces = placement(st)
    if spaces and total_cu(st, REBELS):
        best = max(spaces, key=lambda s: (cu(st, s, REBELS), s))
        add_cu(st, best, REBELS, 1)
        note(st, f"The {POWER_NAMES[REBELS]} gain 1 CU at {space_name(best)}.", "5.10.1",
             where=best)

