"""An army meets the enemy (9.3): the defender withdraws into its walls (9.3.1) or avoids
battle (11), by land or by sea; the pursuit roll (11.3)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from . import board, naval
from .army import MAX_ARMY, displace, lift_sieges, may_enter_as, mover_frame, push_battle
from .data import INDEPENDENT, POWER_NAMES
from .model import (
    State,
    add_cu,
    ask,
    commander,
    cu,
    deciding_side,
    ed,
    enemy_cu_powers,
    five,
    friendly,
    is_tribal,
    is_walled,
    leader_name,
    leaders_at,
    note,
    outside,
    pop,
    powers_here,
    proc,
    push,
    space_name,
    tactics,
)
from .sea_retreat import choices, lend_offer, pay


def engage(st: State, fr: Frame) -> None:
    at, power = fr["at"], fr["power"]
    if fr["cu"] == 0 or cu(st, at, power) == 0:
        fr["stage"] = "done"
        return
    foes = enemy_cu_powers(st, power, at)
    if not foes:
        return
    defender = max(foes, key=lambda p: (outside(st, at, p), p))
    side = deciding_side(st, defender)
    can_avoid = (commander(st, at, defender) is not None and side is not None
                 and not (defender == "carthage" and at == "carthago")
                 and defender not in fr.get("tried", []))            # 10.6
    sp = st["spaces"][at]
    can_hide = (sp["loy"] and sp["ctl"] == defender and not sp.get("inside")
                and side is not None)                  # 9.3.1: up to 3 CU, the rest outside
    if side is None or not (can_avoid or can_hide):
        push_battle(st, fr, defender=defender)
        return
    push(st, "defend", side=side, power=defender, space=at, mover=power,
         avoid=bool(can_avoid), hide=bool(can_hide))
    n = min(MAX_ARMY, outside(st, at, defender))
    if can_avoid:
        if lend_offer(st, defender, at, n):                # 11.1.1, five players
            push(st, "lend", side="carthage", power=defender, space=at, n=n, what="avoid")


@proc
class DefendProc(Proc):
    name = "defend"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        at, p = fr["space"], fr["power"]
        cs = [Choice("stand", "Stand and fight")]
        if fr["hide"]:
            cs += withdrawal_choices(st, at, p)
        if fr["avoid"] and avoid_destinations(st, p, at, mover_frame(st)):
            lid = field_commander(st, at, p)
            cs.append(Choice("avoid", f"Avoid battle ({leader_name(lid)} needs "
                             f"{ed().leaders[lid].tactics} or less)"))
        if fr["avoid"]:                                   # 11.1.1: by sea, from a port
            lid = field_commander(st, at, p)
            n = min(MAX_ARMY, outside(st, at, p))
            for cid, label in choices(st, {"attacker": fr["mover"]}, p, at, n,
                                      fr.get("lent", "")):
                cs.append(Choice(cid, label.replace("Retreat by sea", "Avoid battle by sea")
                                 + f" ({leader_name(lid)} needs {ed().leaders[lid].tactics}"
                                 " or less)", target=cid.rsplit(":", 1)[1]))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"the {POWER_NAMES[fr['mover']]} attack the "
                   f"{POWER_NAMES[fr['power']]} at {space_name(fr['space'])}",
                   self.options(st, fr), rule="11", context={"where": space_name(fr["space"])})

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        mv = mover_frame(st)
        at, p = fr["space"], fr["power"]
        if cid.startswith("inside"):
            _, n, *who = cid.split(":")
            st["spaces"][at]["inside"] = int(n)
            mv.setdefault("walled", []).extend(who)
            with_whom = f" with {leader_name(who[0])}" if who else ""
            note(st, f"The {POWER_NAMES[p]} withdraw {n} CU inside {space_name(at)}"
                 f"{with_whom}.", "9.3.1", where=at)
            mv["pending"].insert(0, "engage")        # those outside may avoid or fight
            return
        if cid == "stand":
            push_battle(st, mv, defender=p)
            return
        lid = field_commander(st, at, p)
        by_sea = cid.startswith(("sea:", "ships:"))
        if by_sea:                                        # 11.1.1: the card pays the ships
            dest = cid.rsplit(":", 1)[1]
            if cid.startswith("ships:"):                  # five players: Carthage's ships
                pay(st, "carthage", "carthage", fr["lent"], "11.1.1",
                    what=f"lend their ships to the {POWER_NAMES[p]}")
            else:
                card = cid.split(":")[1]
                pay(st, fr["side"], p, "" if card == "-" else card, "11.1.1")
        die = roll(st, 1, 6, purpose=f"{leader_name(lid)} avoids battle", rule="11.1")[0]
        if die > ed().leaders[lid].tactics:
            note(st, f"{leader_name(lid)} fails to avoid battle.", "11.1", where=at)
            push_battle(st, mv, defender=p, failed_avoid=True)
            return
        if by_sea:
            push(st, "avoid_to", side=fr["side"], power=p, space=at, dests=[dest],
                 by_sea=True)
            if naval.contestable(st, p, fr["side"]):      # 9.6.4, five players
                push(st, "interdict", side="carthage", dest=dest, mover=p, what="avoid",
                     space=at)
            elif not five(st) and p == "greeks" and st["flags"].get("rome_carthage_alliance"):
                contested_avoidance(st, {"space": at, "mover": p},        # 9.6.4, 18
                                    naval.combat_roll(st, friendly(st, p, dest)))
            return
        dests = avoid_destinations(st, p, at, mv)
        push(st, "avoid_to", side=fr["side"], power=p, space=at, dests=dests)


def withdrawal_choices(st: State, at: str, power: str) -> list[Choice]:
    """Up to 3 CU may go inside the walls, the rest staying outside to fight or avoid
    (9.3.1, 11.1); with CU left outside, a leader may go in with the garrison."""
    n = cu(st, at, power)
    leaders = leaders_at(st, at, power)
    cs = []
    for k in range(1, min(3, n) + 1):
        rest = f", {n - k} stay outside" if k < n else ""
        cs.append(Choice(f"inside:{k}", f"Withdraw {k} CU inside the walls{rest}"))
        if k < n and len(leaders) > 1:
            cs += [Choice(f"inside:{k}:{lid}", f"Withdraw {k} CU and {leader_name(lid)} "
                          f"inside the walls{rest}") for lid in leaders]
    return cs


def walled_leaders(st: State, at: str) -> list[str]:
    """Leaders who went inside the walls with the garrison during this move (9.3.1)."""
    mv = mover_frame(st)
    return [lid for lid in (mv or {}).get("walled", []) if st["leaders"].get(lid) == at]


def field_commander(st: State, at: str, power: str) -> str | None:
    """The best of ``power``'s leaders at ``at`` who are not inside the walls."""
    inside = walled_leaders(st, at)
    out = [lid for lid in leaders_at(st, at, power) if lid not in inside]
    if not out:
        return commander(st, at, power)
    return min(out, key=lambda lid: (not ed().leaders[lid].named, -ed().leaders[lid].tactics,
                                     lid))


def avoid_destinations(st: State, power: str, at: str, mv: Frame | None) -> list[str]:
    """Adjacent spaces across clear links without enemy CU, PC, walled city or tribe, and not
    the space the attacker came from (11.2)."""
    out = []
    for sid in board.neighbours(st, at):
        if board.rough(power, at, sid) or (mv and sid == mv.get("prev")):
            continue
        if not may_enter_as(st, power, sid):
            continue
        if enemy_cu_powers(st, power, sid, only_outside=False):
            continue
        if not friendly(st, power, sid) and (st["spaces"][sid]["ctl"] != INDEPENDENT
                                             or is_walled(st, sid) or is_tribal(st, sid)):
            continue
        if any(p != power for p in powers_here(st, sid)):
            continue
        out.append(sid)
    return out


@proc
class AvoidTo(Proc):
    name = "avoid_to"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        how = " by sea" if fr.get("by_sea") else ""
        return [Choice(f"to:{s}", f"Withdraw{how} to {space_name(s)}", target=s)
                for s in fr["dests"]]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], "where does the army withdraw?", self.options(st, fr),
                   rule="11.1", kind="choose-space")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        dest = cid.split(":", 1)[1]
        at, p = fr["space"], fr["power"]
        n = min(MAX_ARMY, outside(st, at, p))
        inside = walled_leaders(st, at)
        add_cu(st, at, p, -n)
        add_cu(st, dest, p, n)
        for lid in leaders_at(st, at, p):
            if lid not in inside:                       # 11.1: the garrison's leader stays
                st["leaders"][lid] = dest
        lift_sieges(st, at)
        how = " by sea" if fr.get("by_sea") else ""
        note(st, f"The {POWER_NAMES[p]} avoid battle and withdraw{how} to "
             f"{space_name(dest)}.", "11.1.1" if how else "11.1", where=dest)
        mv = mover_frame(st)
        if outside(st, at, p) > 0:               # 11.1: CU beyond the 10 that left are stuck
            note(st, f"{outside(st, at, p)} {POWER_NAMES[p]} CU are left behind and must "
                 "fight.", "11.1", where=at)
            push_battle(st, mv, defender=p)
            return
        lid = mv["leader"]
        die = roll(st, 1, 6, purpose=f"{leader_name(lid)} pursues", rule="11.3")[0]
        if die > tactics(st, mv["at"], mv["power"]):
            note(st, f"{leader_name(lid)} fails the pursuit roll: the move ends.", "11.3")
            mv["stage"] = "done"
        else:
            mv["pursuing"] = True
            mv["pending"].insert(0, "engage")


def contested_avoidance(st: State, fr: Frame, result: str) -> None:
    """An avoidance by sea turned back by naval combat (the Carthaginian player's contest
    with five players; a Greek crossing after the Rome-Carthage alliance, 9.6.4) fails
    (ruling, as a refusal turned back forces the battle, 10.5.1): attrition costs 1 CU
    first, then the battle is fought with the -1 of a failed avoidance (11.1)."""
    if result == "success":
        return
    at, p = fr["space"], fr["mover"]
    st["stack"] = [f for f in st["stack"] if f["proc"] != "avoid_to"]
    note(st, f"Naval combat: {result}; the {POWER_NAMES[p]} cannot get away by sea.", "9.6.4",
         where=at)
    if result == "attrition" and outside(st, at, p):
        add_cu(st, at, p, -1)
    mv = mover_frame(st)
    if outside(st, at, p):
        push_battle(st, mv, defender=p, failed_avoid=True)
    else:
        displace(st, at, p)
        mv["pending"].insert(0, "engage")
