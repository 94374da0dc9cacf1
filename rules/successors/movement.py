"""Movement (8): a general's activation, land movement from space to space, what it may do on
the way (remove a PC, besiege, bury Alexander; 8.3.9, 8.3.10, 13.4). A faction's CUs in a
space form one army (3.1.1); the activated general takes those that have not moved this
Segment (the moving army: ``armies.py``). Sailing is in ``naval.py``; each space entered
opens the Reaction Step (``reaction.py``)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.state import log

from .armies import apply_split, carry_along, mark_fresh, split_choices
from .battle import apply_attrition
from .capitals import capital_at
from .data import NAVAL_PATHS
from .events import discard_card, replace_surprise
from .mobility import movable
from .model import (
    NAMES,
    PROCS,
    State,
    besieged,
    count,
    ed,
    enemies_outside,
    generals_at,
    gname,
    ind_armies_at,
    is_major,
    remove_units,
    sname,
    units,
)
from .naval import land, naval_eligible, naval_moves
from .prompts import ask
from .reaction import enter
from .sieges import attempt_allowed, can_siege, count_attempt, siege, siege_target
from .turn import bury, can_bury


def start_activation(st: State, gid: str, mp: int, how: str, *,
                     roll_value: int | None = None) -> None:
    """Activate ``gid`` with ``mp`` MP; ``roll_value`` is the Movement Segment's roll (a
    general picked up later moves on his own allowance for it, 8.3.2)."""
    rec = st["gen"][gid]
    seat, at = rec["owner"], rec["loc"]
    st["seg"].setdefault("moved", []).append(gid)
    army = movable(st, at, seat)
    log(st, f"{gname(gid)} ({NAMES[seat]}) moves from {sname(at)} with {mp} MP "
            f"({sum(army.values())} CU) [{how}]", rule="8.3", where=at)
    PROCS.push(st, "activation", seat=seat, gen=gid, mp=mp, at=at, prev=None, army=army,
               naval="none", land_before=False, battled=False, sieges={}, done=False,
               start=at, subs=[], left={}, mp0=mp, roll=roll_value, sea_foes=[])


def blocked_for_lone(st: State, sid: str, seat: str) -> bool:
    return bool(enemies_outside(st, sid, seat) or ind_armies_at(st, sid))


def lone_enemy_general(st: State, sid: str, seat: str) -> bool:
    """An enemy Major General without CUs at ``sid`` (8.3.3)."""
    return any(is_major(g) and st["gen"][g]["owner"] not in (seat, None)
               and not count(st, sid, st["gen"][g]["owner"]) for g in generals_at(st, sid))


def land_moves(st: State, fr: dict[str, Any]) -> list[tuple[str, int]]:
    seat, at = fr["seat"], fr["at"]
    if fr["naval"] == "done" and fr["land_before"]:
        return []
    if st["pc"].get(at) == seat and besieged(st, at) and \
            count(st, at, seat) <= st["inside"].get(at, 0):
        return []                        # shut inside a besieged city (13.2.6)
    out = []
    g = ed().graph
    army = sum(fr["army"].values())
    for n in g[at]:
        d = g.edges[at, n]
        if d["kind"] in NAVAL_PATHS or d["cost"] > fr["mp"]:
            continue
        if army == 0 and (blocked_for_lone(st, n, seat) or (
                d["cost"] >= fr["mp"] and lone_enemy_general(st, n, seat))):
            continue                     # 8.3.3: no stop beside a lone enemy general
        if ind_armies_at(st, n) and "filon" in ind_armies_at(st, n) and army == 0:
            continue
        out.append((n, d["cost"]))
    return out


@PROCS.register
class Activation(Proc):
    name = "activation"

    def auto(self, st, fr):
        if fr["done"] and fr.get("passage") == fr["at"]:
            fr.pop("passage")
            if st["gen"][fr["gen"]]["loc"] == fr["at"] and count(st, fr["at"], fr["seat"]) \
                    and enemies_outside(st, fr["at"], fr["seat"]):
                log(st, f"{gname(fr['gen'])} ends the move among the armies that let him "
                        f"pass at {sname(fr['at'])}: a battle all the same", rule="8.3.8.2",
                    where=fr["at"])
                PROCS.push(st, "react", seat=fr["seat"], space=fr["at"],
                           parent=len(st["stack"]) - 1, stage="combat", asked=[], failed=[],
                           declared=[], naval=False, passage_asked=True)
                return True
        if fr["done"] or st["gen"][fr["gen"]]["loc"] != fr["at"]:
            if st["gen"][fr["gen"]]["loc"] == fr["at"]:
                mark_fresh(st, fr)
                if fr["at"] != fr["start"]:
                    log(st, f"{gname(fr['gen'])} ends the move at {sname(fr['at'])}",
                        rule="8.3", where=fr["at"])
            PROCS.pop(st)
            return True
        # the army may have shrunk (battle, attrition), a subordinate may have fallen
        fr["subs"] = [g for g in fr.get("subs", []) if st["gen"][g]["loc"] == fr["at"]]
        have = units(st, fr["at"], fr["seat"])
        fr["army"] = {k: min(n, have.get(k, 0)) for k, n in fr["army"].items()
                      if min(n, have.get(k, 0))}
        return False

    def choices(self, st: State, fr: dict[str, Any]) -> list[Choice]:
        seat, at = fr["seat"], fr["at"]
        if fr["naval"] == "sea":                     # at sea (8.4.2, 8.4.5)
            out = [Choice("land", f"Land at {sname(at)}", target=at)]
            for n, c in sorted(naval_moves(st, fr).items()):
                out.append(Choice(f"sail:{n}", f"Sail on to {sname(n)} ({c} MP)", target=n))
            return out + split_choices(st, fr)
        moves = land_moves(st, fr)
        lone_stop = not sum(fr["army"].values()) and fr["prev"] is not None and \
            lone_enemy_general(st, at, seat) and bool(moves)
        out = [] if lone_stop else [Choice("stop", "End this activation")]
        for n, c in moves:
            out.append(Choice(f"go:{n}", f"March to {sname(n)} ({c} MP)", target=n))
        for n, c in sorted(naval_moves(st, fr).items()):
            out.append(Choice(f"sail:{n}", f"Sail to {sname(n)} ({c} MP)", target=n))
        ra = fr["army"].get("royal", 0)
        if ra and not fr.get("acted"):                       # 3.3.4.6: before moving
            out.append(Choice("disband", f"Disband the {ra} Royal Army CU"
                              f"{'s' if ra > 1 else ''} of this army", target=at))
        army = sum(fr["army"].values())
        if fr["mp"] >= 2 and not fr["battled"] and army >= 3:
            pc = st["pc"].get(at)
            if pc not in (None, "ind", seat) and ed().spaces[at].kind in ("minor", "stronghold") \
                    and not enemies_outside(st, at, seat) and not capital_at(st, at):
                out.append(Choice("remove", f"Remove the {NAMES[pc]} PC at {sname(at)} (2 MP)",
                                  target=at))
            if can_siege(st, at, seat) and attempt_allowed(st, at, fr["gen"]):   # 13.4
                what = "Besiege" if siege_target(st, at, seat) == "siege" else "Subjugate"
                out.append(Choice("siege", f"{what} {sname(at)} (2 MP)", target=at))
                for c in st["hands"][seat]:
                    b = ed().cards[c].effect.get("siege_bonus")
                    if b:
                        out.append(Choice(f"siege:{c}", f"{what} {sname(at)} (2 MP) with "
                                          f"{ed().cards[c].name} (+{b})", target=at))
        if can_bury(st, seat) and st["body"]["loc"] == at:
            out.append(Choice("bury", f"Bury Alexander at {sname(at)}", target=at))
        return out + split_choices(st, fr)

    def prompt(self, st, fr):
        where = "off" if fr["naval"] == "sea" else "at"
        return ask(st, fr["seat"], f"{gname(fr['gen'])} {where} {sname(fr['at'])}, {fr['mp']} MP "
                   f"left, {sum(fr['army'].values())} CU", self.choices(st, fr),
                   kind="choose-space", rule="8.3")

    def answer(self, st, fr, cid):
        seat = fr["seat"]
        if cid == "stop":
            fr["done"] = True
            return
        if cid.split(":", 1)[0] in ("leave", "pick", "take", "drop"):
            apply_split(st, fr, cid)
            return
        if cid == "land":
            land(st, fr)
            return
        if cid == "disband":
            n = fr["army"].pop("royal")
            remove_units(st, fr["at"], seat, "royal", n)
            log(st, f"{NAMES[seat]} disbands {n} Royal Army CU{'s' if n > 1 else ''} at "
                    f"{sname(fr['at'])}", rule="3.3.4.6", where=fr["at"])
            return
        fr["acted"] = True
        if cid == "bury":
            bury(st, seat)
            return
        if cid == "remove":
            fr["mp"] -= 2
            who = st["pc"].pop(fr["at"])
            log(st, f"{NAMES[seat]} removes the {NAMES[who]} PC at {sname(fr['at'])}",
                rule="8.3.9", where=fr["at"])
            return
        if cid.startswith("siege"):
            fr["mp"] -= 2
            count_attempt(st, fr["at"], fr["gen"])
            bonus = 0
            if ":" in cid:
                card = cid.split(":", 1)[1]
                st["hands"][seat].remove(card)
                discard_card(st, card)
                replace_surprise(st, seat)
                bonus = ed().cards[card].effect["siege_bonus"]
            siege(st, fr["at"], seat, bonus=bonus)
            return
        kind, dest = cid.split(":", 1)
        fr.pop("passage", None)
        if kind == "go":
            stronghold_toll(st, fr)
            fr["mp"] -= ed().graph.edges[fr["at"], dest]["cost"]
            if fr["naval"] == "none":
                fr["land_before"] = True
            fr.pop("embark", None)
            carry_along(st, fr, dest)
            enter(st, fr, naval=False)
        else:
            cost = naval_moves(st, fr)[dest]
            fr["mp"] -= cost
            if fr["naval"] == "none":
                fr["naval"] = "sea"
                st["seg"]["naval"] = True
                fr["embark"] = fr["at"]
                log(st, f"{gname(fr['gen'])} ({NAMES[seat]}) embarks at {sname(fr['at'])} "
                        f"with {sum(fr['army'].values())} CU", rule="8.4.3", where=fr["at"])
            carry_along(st, fr, dest)
            log(st, f"{NAMES[seat]} sails to {sname(dest)}", rule="8.4.2", where=dest)
            asked = [s for s in st["order"] if s != seat and s not in fr["sea_foes"]
                     and naval_eligible(st, s, dest)]
            if asked:
                PROCS.push(st, "naval", seat=seat, dest=dest, parent=len(st["stack"]) - 1,
                           asked=asked)
            if fr["mp"] == 0 and not asked:
                land(st, fr)


def stronghold_toll(st: State, fr: dict[str, Any]) -> None:
    """8.3.11: passing through an Independent Stronghold costs Attrition on the '2' column
    (stopping there costs nothing: the toll is paid on leaving a space entered this move)."""
    at = fr["at"]
    if fr["prev"] is None or st["pc"].get(at) != "ind" or ed().spaces[at].kind != "stronghold":
        return
    if not sum(fr["army"].values()):
        return
    apply_attrition(st, at, fr["seat"], column=0, why=f"passing {sname(at)}", rule="8.3.11")
    have = units(st, at, fr["seat"])
    fr["army"] = {k: min(n, have.get(k, 0)) for k, n in fr["army"].items()
                  if min(n, have.get(k, 0))}
