"""Coordinated attacks (9.5.6-9.5.8): a Campaign's second activation may bring a flanking
force next to the primary force's battle, across another connection; it adds +1 and half its
CU (rounded up) to the army strength, shares the losses and retreats with a beaten primary."""

from __future__ import annotations

import heapq
import math

from rules.engine.game import Choice, IllegalChoice, Prompt

from . import board
from .model import (
    POWER_NAMES,
    State,
    add_cu,
    cu,
    ed,
    enemy_cu_powers,
    friendly,
    leader_name,
    leaders_at,
    outside,
    powers_here,
    space_name,
)
from .procs import Frame, Proc, ask, note, pop, proc

MAX_ARMY = 10


def campaign_frame(st: State, side: str) -> Frame | None:
    for fr in reversed(st["stack"]):
        if fr["proc"] == "campaign" and fr["side"] == side:
            return fr
    return None


def options(st: State, bf: Frame) -> list[str]:
    """``"<leader>|<space>"``: a leader the campaign may still activate whose army can halt
    next to the battle, entering it by another connection than the primary force (9.5.6)."""
    from .actions import activatable
    from .movement import besieged, movement_points, mover_frame

    mv = mover_frame(st)
    if mv is None or not mv.get("campaign") or mv["power"] != bf["attacker"] \
            or mv["side"] != bf["side"]:
        return []
    camp = campaign_frame(st, bf["side"])
    if camp is None or camp["left"] <= 0:
        return []
    site, entry = bf["space"], bf["entry"]
    out = []
    for lid in activatable(st, bf["side"], 3):
        if lid in camp["done"] or lid == mv["leader"]:
            continue
        src, power = st["leaders"][lid], ed().leaders[lid].power
        n = min(MAX_ARMY, outside(st, src, power))
        if src == site or n == 0 or besieged(st, src, power):
            continue
        mp = movement_points(power, 3)
        out += [f"{lid}|{x}" for x in halts(st, lid, power, n, src, mp, site, entry)]
    return out


def halts(st: State, lid: str, power: str, n: int, src: str, mp: int, site: str,
          entry: str | None) -> list[str]:
    """Spaces next to ``site`` (not ``entry``) the army can reach, stop in and still have the
    movement points to enter ``site`` from; the way there free of other powers' CU."""
    from .movement import may_enter

    fake = {"power": power, "cu": n, "leader": lid}
    left = {src: mp}
    heap = [(-mp, src)]
    while heap:
        neg, sid = heapq.heappop(heap)
        if -neg < left.get(sid, -1):
            continue
        for nxt in board.neighbours(st, sid):
            c = board.cost(st, power, sid, nxt)
            rest = -neg - c
            if nxt == site or rest < 0 or rest <= left.get(nxt, -1):
                continue
            if any(p != power for p in powers_here(st, nxt)) or not may_enter(st, fake, nxt):
                continue
            left[nxt] = rest
            heapq.heappush(heap, (-rest, nxt))
    out = []
    for x, rest in left.items():
        if x == entry or site not in board.neighbours(st, x):
            continue
        if ed().spaces[x].box or board.cost(st, power, x, site) > rest:
            continue
        out.append(x)
    return sorted(out)


def bonus(bf: Frame) -> int:
    """The flanking force's army strength modifier: half its CU, rounded up (9.5.6)."""
    fl = bf.get("flank")
    return math.ceil(fl["cu"] / 2) if fl and fl["cu"] > 0 else 0


def take_losses(st: State, bf: Frame, n: int) -> None:
    """The attacker's losses: split evenly, the primary force taking the odd CU (9.5.6)."""
    fl = bf["flank"]
    sid, power = bf["space"], bf["attacker"]
    primary = min(cu(st, sid, power), math.ceil(n / 2))
    flank = min(fl["cu"], n - primary)
    primary = min(cu(st, sid, power), n - flank)
    add_cu(st, sid, power, -primary)
    if flank:
        add_cu(st, fl["space"], fl["power"], -flank)
        fl["cu"] -= flank
        if cu(st, fl["space"], fl["power"]) == 0:          # 8.4: no CU left with him
            for lid in leaders_at(st, fl["space"], fl["power"]):
                st["leaders"][lid] = "displaced" if ed().leaders[lid].named else "reserve"


def retreat(st: State, bf: Frame) -> None:
    """A beaten flanking force retreats too, unless it stands in friendly territory already
    (the combat example); to the first closest eligible space (ruling)."""
    from .combat import do_retreat

    fl = bf["flank"]
    x, power = fl["space"], fl["power"]
    n = cu(st, x, power)
    if n == 0 or (friendly(st, power, x) and not enemy_cu_powers(st, power, x)):
        return
    paths = board.retreat_options(st, power, x, n, attacker=False, entry=bf["space"])
    do_retreat(st, bf, power, x, n, paths[0] if paths else None)


@proc
class FlankProc(Proc):
    """Before the battle is fought: call a flanking force (9.5.6) or fight alone."""

    name = "flank"

    def choices(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice("none", "Fight without a flanking force")]
        for opt in fr["options"]:
            lid, x = opt.split("|")
            src, power = st["leaders"][lid], ed().leaders[lid].power
            n = min(MAX_ARMY, outside(st, src, power))
            cs.append(Choice(f"flank:{opt}", f"{leader_name(lid)} flanks from "
                             f"{space_name(x)} with {n} CU (from {space_name(src)})",
                             target=x))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        from .combat import battle_frame

        bf = battle_frame(st)
        return ask(st, fr["side"], f"battle at {space_name(bf['space'])}: call a flanking "
                   "force with the Campaign?", self.choices(st, fr), kind="choose-space",
                   rule="9.5.6")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in {c.id for c in self.choices(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        pop(st)
        if cid == "none":
            return
        from .combat import battle_frame
        from .movement import lift_sieges

        lid, x = cid.split(":", 1)[1].split("|")
        bf = battle_frame(st)
        camp = campaign_frame(st, fr["side"])
        camp["left"] -= 1
        camp["done"].append(lid)
        src, power = st["leaders"][lid], ed().leaders[lid].power
        n = min(MAX_ARMY, outside(st, src, power))
        if x != src:
            add_cu(st, src, power, -n)
            add_cu(st, x, power, n)
            st["leaders"][lid] = x
            lift_sieges(st, src)
        bf["flank"] = {"leader": lid, "space": x, "power": power, "cu": n}
        note(st, f"{leader_name(lid)} flanks the {POWER_NAMES[bf['defender']]} at "
             f"{space_name(bf['space'])} from {space_name(x)} with {n} CU.", "9.5.6",
             where=x)
