"""Naval movement (8.4): sailing port by port and debarking; Naval Interception and the naval
battle (8.5, 8.6)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.names import count as plural
from rules.engine.procs import Proc
from rules.engine.rng import roll
from rules.engine.state import log

from .armies import carry_along
from .battle import apply_attrition, score
from .data import NAVAL_PATHS
from .model import (
    NAMES,
    PROCS,
    State,
    available_fleets,
    besieged,
    count,
    ed,
    fleet_strength,
    sname,
    units,
)
from .prompts import ask
from .reaction import enter
from .victory import attack


def naval_moves(st: State, fr: dict[str, Any]) -> dict[str, int]:
    """The next port along one Sea or Trans-Mediterranean path within the MPs left (8.4.2):
    from a port to embark (once per player per Segment, at most 8 CUs, 8.4.1), or on from
    a port passed at sea."""
    at = fr["at"]
    if fr["naval"] == "none":
        if st["seg"].get("naval") or not ed().spaces[at].port:
            return {}
        if sum(fr["army"].values()) > 8:
            return {}
    elif fr["naval"] != "sea":
        return {}
    g = ed().graph
    return {n: g.edges[at, n]["cost"] for n in g[at]
            if g.edges[at, n]["kind"] in NAVAL_PATHS and g.edges[at, n]["cost"] <= fr["mp"]}


def land(st: State, fr: dict[str, Any]) -> None:
    """Debarking (8.4.3): the Reaction Step at the port, or straight inside a friendly
    besieged port Major City with 1-2 CUs (8.4.6)."""
    seat, at = fr["seat"], fr["at"]
    fr["naval"] = "done"
    log(st, f"{NAMES[seat]} lands at {sname(at)}", rule="8.4", where=at)
    n = sum(fr["army"].values())
    if st["pc"].get(at) == seat and besieged(st, at) and 0 < n and \
            st["inside"].get(at, 0) + n <= 2 and count(st, at, seat) == st["inside"].get(at, 0) + n:
        st["inside"][at] = st["inside"].get(at, 0) + n
        fr["done"] = True
        log(st, f"{NAMES[seat]} slips into besieged {sname(at)} with {n} CU", rule="8.4.6",
            where=at)
        return
    enter(st, fr, naval=True)


def naval_eligible(st: State, seat: str, dest: str) -> bool:
    """A PC within 2 spaces by Sea paths of the debarkation port, and a fleet (8.5.1)."""
    if not available_fleets(st, seat):
        return False
    sea = ed().sea
    if dest not in sea:
        return False
    import networkx as nx  # at first use, not at start-up

    near = nx.single_source_shortest_path_length(sea, dest, cutoff=2)
    return any(st["pc"].get(s) == seat for s in near)


def fleet_score(st: State, fleets: list[str], who: str) -> int:
    strength = sum(fleet_strength(st, f) for f in fleets)
    total = sum(roll(st, 2, purpose=f"{who} naval battle", rule="8.6"))
    return score(strength, total)


@PROCS.register
class Naval(Proc):
    """Naval Interception as the army enters a port at sea (8.5): each player eligible there
    who has not intercepted this naval move yet is asked, in turn order."""
    name = "naval"

    def auto(self, st, fr):
        if fr["asked"]:
            return False
        PROCS.pop(st)
        parent = st["stack"][fr["parent"]]
        if not parent.get("sunk") and parent["mp"] == 0 and parent["naval"] == "sea":
            land(st, parent)
        return True

    def prompt(self, st, fr):
        seat = fr["asked"][0]
        fleets = available_fleets(st, seat)
        return ask(st, seat, f"{NAMES[fr['seat']]} sails into {sname(fr['dest'])}: intercept "
                   "at sea?", [Choice("pass", "Let them sail"),
                               Choice("intercept", "Intercept with "
                                      + plural(len(fleets), "fleet"))],
                   rule="8.5")

    def answer(self, st, fr, cid):
        seat = fr["asked"].pop(0)
        if cid == "pass":
            return
        mover = fr["seat"]
        parent = st["stack"][fr["parent"]]
        parent["sea_foes"].append(seat)
        mine = available_fleets(st, mover)
        theirs = available_fleets(st, seat)
        attack(st, seat, mover)
        a = fleet_score(st, mine, NAMES[mover]) if mine else 0
        b = fleet_score(st, theirs, NAMES[seat])
        log(st, f"Naval battle off {sname(fr['dest'])}: {NAMES[mover]} {a} - {NAMES[seat]} {b}",
            rule="8.6", where=fr["dest"])
        if a == b:
            return
        loser_fleets = theirs if a > b else mine
        for f in loser_fleets:
            st["fleets"][f]["dispersed"] = True
            st["fleets"][f]["strong"] = False
        if b > a:                    # 8.6.3: attrition, back to the Embarkation Port
            at = parent["at"]
            if sum(parent["army"].values()):
                apply_attrition(st, at, mover, why="after a lost naval battle", rule="8.6.3")
                have = units(st, at, mover)
                parent["army"] = {k: min(n, have.get(k, 0)) for k, n in parent["army"].items()
                                  if min(n, have.get(k, 0))}
            back = parent["embark"]
            if at != back:
                carry_along(st, parent, back)
            parent["sunk"] = True
            parent["naval"] = "done"
            parent["done"] = True
            fr["asked"] = []
            log(st, f"{NAMES[mover]} is turned back to {sname(back)}", rule="8.6.3", where=back)
