"""Armies on the map, shared by movement, battle and events: where an army may enter and stop
(9.4, 16.3), the start of a move (9.2), displacement (8.4), lifting sieges (13.4), retreats by
land (12.4), leaders that may be activated (8.1, 9.5.5), and the move and battle frames on
the procedure stack."""

from __future__ import annotations

from rules.engine.procs import Frame

from . import board, naval
from .data import INDEPENDENT, POWER_NAMES
from .model import (
    State,
    add_cu,
    allied,
    commander,
    cu,
    ed,
    enemy_cu_powers,
    enemy_power,
    five,
    friendly,
    home_of,
    leaders_at,
    militia,
    move_militia,
    note,
    outside,
    powers_here,
    powers_of,
    push,
    side_of,
    space_name,
)

MAX_ARMY = 10                                            # 9.1.1


def movement_points(power: str, value: int) -> int:
    """4 MP; Gauls 3/4/5 by the card's value; Transalpine Gauls 5 (9.2)."""
    if power == "gauls":
        return {1: 3, 2: 4, 3: 5}[value]
    if power == "transalpine":
        return 5
    return 4


def start_move(st: State, side: str, lid: str, value: int, *, np_power: str | None = None,
               campaign: bool = False, mp: int | None = None) -> None:
    """The activated leader's move (``mp``: the points he has left, moving on after a
    coordinated automatic victory, 9.5.7). Five players, an army of Carthage's ally in a
    port: the Carthaginian player may first offer his ships (9.6.3)."""
    power = ed().leaders[lid].power
    at = st["leaders"][lid]
    if np_power:
        st["np_ally"] = [np_power, side]                # 16.1.2
    push(st, "move", side=side, leader=lid, power=power, value=value,
         mp=movement_points(power, value) if mp is None else mp, at=at, prev=None,
         path=[at], cu=0, stage="take", pending=[], entry=None, intercepted=False,
         failed_avoid=False, sailed=False, np=np_power, campaign=campaign)
    if ed().spaces[at].port and naval.lenders_cards(st, power, side, 1):
        push(st, "lend", side="carthage", power=power, space=at, n=0, what="move",
             leader=lid)


def may_enter(st: State, fr: Frame, sid: str) -> bool:
    """Restrictions on entering ``sid`` (9.4.4, 16.3, 17.1.1, 19)."""
    power, lone = fr["power"], fr["cu"] == 0
    spd = ed().spaces[sid]
    if spd.box:
        return False                                    # boxes are left, not entered by land
    if lone and enemy_cu_powers(st, power, sid, only_outside=False):
        return False                                    # 9.4.4
    if ed().leaders[fr["leader"]].africa and spd.region != "africa":
        return False                                    # 17.1.1
    if fr.get("militia") and spd.region != "africa":
        return False                                    # 17.1.2
    if power == "carthage" and not five(st) and spd.region == "italy":
        return False                                    # 16.3
    if power == "volsci" and not (sid == "antium" or home_of(sid) == "rome"):
        return False                                    # 16.3: must end there
    if power == "transalpine" and home_of(sid) != "gauls":
        return False                                    # 16.3
    if power == "rebels" and sid not in ("carthago", "kerkouane"):
        return False                                    # 16.3 (five players)
    return True


def may_stop(st: State, fr: Frame) -> bool:
    return may_stop_at(st, fr, fr["at"])


def may_stop_at(st: State, fr: Frame, at: str) -> bool:
    """An army may not end in a space with another power's CU (15.3, 16.2) or, if alone,
    with enemy leaders (9.4.4). (An army entering enemy CU fights and stops anyway.)"""
    power = fr["power"]
    if ed().spaces[at].box and at != "garrison_box":
        return False
    for p in powers_here(st, at):
        if p != power and outside(st, at, p) > 0 and (allied(st, power, p)
                                                      or f"{at}|{p}" in fr.get("bribed", [])):
            return False
    if fr["cu"] == 0:
        for lid in leaders_at(st, at):
            if enemy_power(st, power, ed().leaders[lid].power):
                return False
    return True


def can_finish(st: State, fr: Frame, start: str, mp: int) -> bool:
    """Whether an army entering ``start`` with ``mp`` left can still end its move legally
    (15.3, 16.2: never ending beside another power's CU): a space where it may stop, or an
    enemy army it would fight, within reach."""
    frontier = [(start, mp)]
    best: dict[str, int] = {start: mp}
    while frontier:
        sid, left = frontier.pop()
        if may_stop_at(st, fr, sid) or enemy_cu_powers(st, fr["power"], sid):
            return True
        for nxt in board.neighbours(st, sid):
            c = board.cost(st, fr["power"], sid, nxt)
            if c <= left and best.get(nxt, -1) < left - c and may_enter(st, fr, nxt):
                best[nxt] = left - c
                frontier.append((nxt, left - c))
    return False


def can_pass_through(st: State, fr: Frame) -> bool:
    """Whether the army could move on from where it stands (a bribe lets an Etruscan army
    through enemy CU but never lets it stop among them, 7.2.2)."""
    at, power = fr["at"], fr["power"]
    if fr["cu"] == 0:
        return False
    for sid in board.neighbours(st, at):
        c = board.cost(st, power, at, sid)
        if c <= fr["mp"] and may_enter(st, fr, sid) and can_finish(st, fr, sid, fr["mp"] - c):
            return True
    return False


def besieged(st: State, sid: str, power: str) -> bool:
    """``power`` holds CU inside its walled city while enemy CU stand outside: they may not
    leave, only sortie (13.4.1)."""
    sp = st["spaces"][sid]
    return bool(sp["loy"] and sp["ctl"] == power and sp.get("inside")
                and enemy_cu_powers(st, power, sid))


def mover_frame(st: State) -> Frame | None:
    for fr in reversed(st["stack"]):
        if fr["proc"] == "move":
            return fr
    return None


def lift_sieges(st: State, sid: str) -> None:
    """A siege is lifted the instant no besieging CU remain (13.4)."""
    sp = st["spaces"][sid]
    if sp["siege"] is not None and cu(st, sid, sp["sieger"]) == 0:
        sp["siege"], sp["sieger"] = None, None


def may_enter_as(st: State, power: str, sid: str) -> bool:
    """Where an army may go out of turn (interception, avoidance): the limits of 16.3."""
    spd = ed().spaces[sid]
    if power == "carthage" and not five(st) and spd.region == "italy":
        return False
    if power == "volsci" and not (sid == "antium" or home_of(sid) == "rome"):
        return False
    if power == "transalpine" and home_of(sid) != "gauls":
        return False
    if power == "rebels" and sid not in ("carthago", "kerkouane"):
        return False
    return not spd.box


def push_battle(st: State, mv: Frame, *, defender: str, intercepted: bool = False,
                failed_avoid: bool = False) -> None:
    mv["pending"] = ["after_battle"]
    push(st, "battle", attacker=mv["power"], defender=defender, space=mv["at"],
         side=mv["side"], entry=mv["prev"] if not mv["sailed"] else None,
         entry_kind=mv.get("entry_kind", "clear"), intercepted=intercepted,
         failed_avoid=failed_avoid, sortie=bool(mv.get("sortie")), stage="start",
         mods={"attacker": [], "defender": []},
         extra_loss={"attacker": 0, "defender": 0})


def raidable(st: State, fr: Frame) -> bool:
    """Gauls and Transalpine Gauls raid a space holding another power's PC (14.2)."""
    at, power = fr["at"], fr["power"]
    if power not in ("gauls", "transalpine") or fr["cu"] == 0 or fr["mp"] < 1:
        return False
    sp = st["spaces"][at]
    return (sp["ctl"] not in (INDEPENDENT, power) and not sp["loy"] and not sp["tribe"]
            and not ed().spaces[at].fixed and not allied(st, power, sp["ctl"])
            and not enemy_cu_powers(st, power, at)
            and can_finish(st, fr, at, fr["mp"] - 1))   # the raid's MP must leave a legal end


def displace(st: State, sid: str, power: str) -> None:
    """Leaders left with no CU of theirs where enemy CU stand, outside a friendly walled
    city, are displaced (8.4): named to the Displaced box, minor set aside."""
    if cu(st, sid, power) > 0:
        return
    if not enemy_cu_powers(st, power, sid, only_outside=False):
        return
    if st["spaces"][sid]["loy"] and friendly(st, power, sid):
        return
    for lid in leaders_at(st, sid, power):
        ld = ed().leaders[lid]
        st["leaders"][lid] = "displaced" if ld.named else "reserve"
        note(st, f"{ld.name} is displaced.", "8.4", where=sid)


def eliminate_army(st: State, sid: str, power: str, n: int) -> None:
    add_cu(st, sid, power, -n)
    for lid in leaders_at(st, sid, power):
        if cu(st, sid, power) == 0:
            ld = ed().leaders[lid]
            st["leaders"][lid] = "displaced" if ld.named else "reserve"


def battle_frame(st: State) -> Frame:
    for fr in reversed(st["stack"]):
        if fr["proc"] == "battle":
            return fr
    raise RuntimeError("no battle in progress")


def do_retreat(st: State, fr: Frame, power: str, sid: str, n: int, path: list[str] | None
               ) -> None:
    if path is None:
        eliminate_army(st, sid, power, n)
        fr["removed"] += n
        note(st, f"The {POWER_NAMES[power]} cannot retreat: {n} CU eliminated.", "12.4.5",
             where=sid)
        return
    carried = min(n, militia(st, sid)) if power == "carthage" else 0
    add_cu(st, sid, power, -n)
    swept = 0
    for s in path[:-1]:                       # 12.4.2: rout, before the penalties
        own = cu(st, s, power)
        if own and own <= n + swept:
            add_cu(st, s, power, -own)
            swept += own
            note(st, f"The rout sweeps up {own} {POWER_NAMES[power]} CU at "
                 f"{space_name(s)}.", "12.4.2", where=s)
    n += swept
    penalty = min(n, board.retreat_penalty(st, power, path))
    dest = path[-1]
    add_cu(st, dest, power, n - penalty)
    if power == "carthage":
        move_militia(st, sid, dest, min(carried, n - penalty))
    fr["removed"] += penalty
    for lid in leaders_at(st, sid, power):
        st["leaders"][lid] = dest
    lift_sieges(st, sid)
    if n - penalty == 0:
        for lid in leaders_at(st, dest, power):
            ld = ed().leaders[lid]
            st["leaders"][lid] = "displaced" if ld.named else "reserve"
    note(st, f"The {POWER_NAMES[power]} retreat to {space_name(dest)}"
         + (f", losing {penalty} CU on the way" if penalty else "") + ".", "12.4", where=dest)


def retreat_by_land(st: State, bf: Frame, power: str, sid: str) -> None:
    """Ships that could not take the force off leave it to retreat by land, along the first
    closest way (ruling)."""
    n = cu(st, sid, power)
    paths = board.retreat_options(st, power, sid, n, attacker=power == bf["attacker"],
                                  entry=bf["entry"])
    if n:
        do_retreat(st, bf, power, sid, n, paths[0] if paths else None)


def activatable(st: State, side: str, value: int) -> list[str]:
    """Leaders of the side on the map whose initiative is at most the card's value (8.1):
    commanders, and named subordinates (activating one makes him the commander, 8.2.1;
    a minor leader never commands a named one)."""
    out = []
    for lid, at in sorted(st["leaders"].items()):
        ld = ed().leaders[lid]
        if ld.power not in powers_of(st, side) or at not in st["spaces"]:
            continue
        if ld.initiative <= value and (ld.named or commander(st, at, ld.power) == lid):
            out.append(lid)
    return out


def ally_leaders(st: State, side: str) -> list[str]:
    """Leaders of another player's power (or of Carthage, allied with Rome) allied with one
    of the side's powers, able to act on a 3-value card: a Campaign may ask to activate them
    (9.5.5)."""
    mine = powers_of(st, side)
    out = []
    for lid, at in sorted(st["leaders"].items()):
        ld = ed().leaders[lid]
        if ld.power in mine or at not in st["spaces"] or ld.initiative > 3:
            continue
        owner = side_of(st, ld.power)
        if owner is None and not (ld.power == "carthage" and "rome" in mine
                                  and st["flags"].get("rome_carthage_alliance")):
            continue
        if owner == side or not any(allied(st, m, ld.power) for m in mine):
            continue
        if commander(st, at, ld.power) == lid and cu(st, at, ld.power) > 0:
            out.append(lid)
    return out


def relocate(st: State, fr: Frame, dest: str) -> None:
    power, at = fr["power"], fr["at"]
    if fr["cu"]:
        carried = min(fr.get("militia", 0), militia(st, at)) if power == "carthage" else 0
        add_cu(st, at, power, -fr["cu"])
        add_cu(st, dest, power, fr["cu"])
        move_militia(st, at, dest, carried)
        if power == "carthage":
            fr["militia"] = carried
    st["leaders"][fr["leader"]] = dest
    for lid in fr.get("escort", []):                    # subordinates go along (9.5.2)
        if st["leaders"].get(lid) == at:
            st["leaders"][lid] = dest
    fr["prev"], fr["at"] = at, dest
    fr["path"].append(dest)
    lift_sieges(st, at)
