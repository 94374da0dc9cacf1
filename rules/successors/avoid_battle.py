"""Avoid Battle (10) in the Reaction Step: each army (or lone major general, 8.3.3) where
the mover entered may try to avoid battle; then, with optional 19.4, an Independent Army
there may avoid too."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.rng import roll
from rules.engine.state import log

from .abilities import avoid_bonus
from .armies import mover_frame
from .battle import disperse_general, kill_general
from .ind_reaction import IndResponse, ind_askers
from .mobility import avoid_destinations, avoid_penalty
from .model import (
    NAMES,
    State,
    add_units,
    commander,
    count,
    ed,
    generals_at,
    gname,
    initiative,
    is_major,
    outside,
    remove_units,
    sname,
    units,
)
from .prompts import ask
from .victory import attack


def lone_major(st: State, sid: str, seat: str) -> str | None:
    """``seat``'s major general alone (no CUs) at ``sid``, not safe inside its own Major
    City (8.3.3)."""
    if count(st, sid, seat) or (st["pc"].get(sid) == seat and ed().spaces[sid].kind == "major"):
        return None
    majors = [g for g in generals_at(st, sid, seat) if is_major(g)]
    return majors[0] if majors else None


def avoiders(st: State, fr: dict[str, Any]) -> list[str]:
    """Seats whose army (or lone major general) stands where the mover entered (10.1)."""
    sid = fr["space"]
    army = sum(st["stack"][fr["parent"]]["army"].values())
    out = []
    for s in st["order"]:
        if s == fr["seat"] or s in fr["asked"]:
            continue
        if outside(st, sid, s) > 0 and commander(st, sid, s):
            out.append(s)
        elif army and lone_major(st, sid, s):
            out.append(s)
    return out


def catch_lone(st: State, sid: str, mover: str, s: str, *, failed: bool) -> None:
    """A lone major general caught by an enemy army is Dispersed (8.3.3); one who failed to
    avoid battle is killed on a 5-6 (10.2)."""
    attack(st, mover, s)
    for g in [g for g in generals_at(st, sid, s) if is_major(g)]:
        if failed and roll(st, 1, purpose=f"{gname(g)} caught alone", rule="10.2")[0] >= 5:
            kill_general(st, g, "caught alone after failing to avoid battle", "10.2")
        else:
            disperse_general(st, g)
            log(st, f"{gname(g)} is caught alone and Dispersed", rule="8.3.3", where=sid)


def after_avoid(st: State, fr: dict[str, Any]) -> bool:
    """No army left to ask: Independent Armies may avoid (optional 19.4), then interception."""
    if fr.get("ind_avoid_to") or ind_askers(st, fr, "avoid"):
        fr["stage"] = "ind_avoid"                # optional 19.4
        return False
    fr["stage"] = "intercept"
    fr["asked"] = []
    return True


class AvoidBattle(Proc):
    """10.1-10.4: asked in turn order; a die above the general's Initiative (less the Transit
    Point penalty) lets him withdraw to a space he picks."""

    name = "avoid"

    def auto(self, st, fr):
        if avoiders(st, fr):
            return False
        return after_avoid(st, fr)

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        s = avoiders(st, fr)[0]
        if fr.get("avoid_ok") == s:
            g = commander(st, sid, s)
            dests = avoid_destinations(st, sid, s, mover_frame(st, fr)["prev"])
            dests = [d for d in dests
                     if fr["avoid_die"] - avoid_penalty(st, sid, d, dests) > initiative(g)]
            return ask(st, s, f"avoid battle at {sname(sid)}: where to?",
                       [Choice(d, sname(d), target=d) for d in dests], kind="choose-space",
                       rule="10.2")
        g = commander(st, sid, s)
        return ask(st, s, f"{NAMES[mover]} enters {sname(sid)}: try to avoid battle with "
                   f"{gname(g)} (a die above {initiative(g)})?",
                   [Choice("stay", "Stand and fight"), Choice("avoid", "Try to avoid battle")],
                   rule="10.1")

    def answer(self, st, fr, cid):
        sid, mover = fr["space"], fr["seat"]
        s = avoiders(st, fr)[0]
        if fr.get("avoid_ok") == s:
            g = commander(st, sid, s)
            army = {k: n for k, n in units(st, sid, s).items()}
            if st["pc"].get(sid) == s:
                st["inside"][sid] = 0
            for kind, n in army.items():
                remove_units(st, sid, s, kind, n)
                add_units(st, cid, s, kind, n)
            for gg in generals_at(st, sid, s):
                st["gen"][gg]["loc"] = cid
            log(st, f"{gname(g)} avoids battle to {sname(cid)}", rule="10.2", where=cid)
            fr["asked"].append(s)
            fr.pop("avoid_ok")
            fr["no_intercept"] = False
            return
        lone = count(st, sid, s) == 0
        if cid == "stay":
            fr["asked"].append(s)
            if lone:
                catch_lone(st, sid, mover, s, failed=False)
            return
        g = commander(st, sid, s)
        die = roll(st, 1, purpose=f"{gname(g)} avoids battle", rule="10.1")[0]
        die += avoid_bonus(st, g)
        dests = avoid_destinations(st, sid, s, mover_frame(st, fr)["prev"])
        dests = [d for d in dests if die - avoid_penalty(st, sid, d, dests) > initiative(g)]
        if dests:
            fr["avoid_ok"] = s
            fr["avoid_die"] = die
        else:
            fr["asked"].append(s)
            fr["failed"].append(s)
            log(st, f"{gname(g)} fails to avoid battle", rule="10.4", where=sid)
            if lone:
                catch_lone(st, sid, mover, s, failed=True)


class IndAvoid(IndResponse):
    """Optional 19.4: a Surprise card discarded makes an Independent Army avoid battle."""

    name = "ind_avoid"

    def auto(self, st, fr):
        return after_avoid(st, fr)
