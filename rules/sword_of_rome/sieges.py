"""Sieges and subjugation (13): siege markers, rolls on the 2d6 table, the fall of cities and
tribes; Gallic looting (14.4)."""

from __future__ import annotations

from rules.engine import response
from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from .data import INDEPENDENT
from .model import (
    POWER_NAMES,
    State,
    add_cu,
    allied,
    ask,
    cu,
    ed,
    leader_name,
    leaders_at,
    note,
    pop,
    proc,
    push,
    side_of,
    space_name,
)
from .plunder import add_plunder


def siege_table(total: int) -> tuple[int, int]:
    """(siege points, besieging CU lost) for a modified 2d6 roll (13.2; reconstructed)."""
    total = max(2, min(12, total))
    points, loss = ed().tables["siege"]["rolls"][total]
    return int(points), int(loss)


def besiegeable(st: State, sid: str, power: str) -> bool:
    """An enemy walled city or an enemy tribe (13.1; never an ally's, 15.2.2; not Carthago)."""
    sp = st["spaces"][sid]
    if ed().spaces[sid].fixed or ed().spaces[sid].box:
        return False
    if sp["loy"]:
        return not allied(st, power, sp["ctl"]) if sp["ctl"] != INDEPENDENT else True
    if sp["tribe"]:
        return sp["ctl"] == INDEPENDENT or not allied(st, power, sp["ctl"])
    return False


def start_siege(st: State, sid: str, power: str) -> None:
    """A 0 siege marker when an army ends an action at an enemy walled city or tribe not yet
    besieged (13.1.1), or wins a battle there (13.1.2)."""
    sp = st["spaces"][sid]
    if power == "rebels":
        return                                           # the revolt besieges nothing (ruling)
    if sp["siege"] is None and cu(st, sid, power) > 0 and besiegeable(st, sid, power):
        sp["siege"], sp["sieger"] = 0, power
        note(st, f"{space_name(sid)} is besieged by the {POWER_NAMES[power]}.", "13.1.1",
             where=sid)


def can_roll(st: State, lid: str) -> bool:
    """A commander with 3+ CU at a besieged enemy city or tribe, once a space a round."""
    at = st["leaders"][lid]
    power = ed().leaders[lid].power
    if at not in st["spaces"]:
        return False
    sp = st["spaces"][at]
    return (sp["siege"] is not None and sp["sieger"] == power and cu(st, at, power) >= 3
            and at not in st["sieged"] and besiegeable(st, at, power))


def siege_roll(st: State, sid: str, power: str, mods: list[dict], rule: str) -> None:
    sp = st["spaces"][sid]
    total = sum(roll(st, 2, 6, purpose=f"Siege of {space_name(sid)}", rule=rule))
    modsum = sum(m["value"] for m in mods)
    if power in ("gauls", "transalpine") and sp["loy"]:
        modsum -= 1                                           # 13.2
    points, loss = siege_table(total + modsum)
    if loss:
        add_cu(st, sid, power, -min(loss, cu(st, sid, power)))
    st["sieged"].append(sid)
    if sp["siege"] is None:
        sp["siege"], sp["sieger"] = 0, power
    sp["siege"] += points
    note(st, f"Siege of {space_name(sid)}: {total}{modsum:+d}, {points} point"
         f"{'s' if points != 1 else ''}" + (f", {loss} CU lost" if loss else "") + ".", rule,
         where=sid)
    need = sp["loy"] if sp["loy"] else sp["tribe"]
    if sp["siege"] >= need:
        fall(st, sid, power)


def fall(st: State, sid: str, power: str) -> None:
    """Conversion (13.5): a city's defenders inside are eliminated and it becomes the
    besieger's with loyalty 1 (an ally's home city goes back to the ally at loyalty 1, never
    looted: 13.5 exception); a tribe becomes a normal space with the besieger's PC. The
    Gallic player elects to loot a city that was not independent (14.4); the Transalpine
    Gauls always do (ruling)."""
    sp = st["spaces"][sid]
    owner = sp["ctl"]
    if owner != INDEPENDENT and owner != power:
        n = cu(st, sid, owner)
        if n:
            add_cu(st, sid, owner, -n)
        for lid in leaders_at(st, sid, owner):
            st["leaders"][lid] = "displaced" if ed().leaders[lid].named else "reserve"
    if sp["tribe"]:
        sp.update(ctl=power, tribe=0, siege=None, sieger=None)
        note(st, f"The {space_name(sid)} are subjugated by the {POWER_NAMES[power]}.", "13.5",
             where=sid)
        return
    home = ed().spaces[sid].home
    if home and home != power and home != owner and allied(st, power, home) \
            and home in st["side_powers"].get(side_of(st, home) or "", []):
        sp.update(ctl=home, loy=1, siege=None, sieger=None, inside=0)   # 13.5 exception
        note(st, f"{space_name(sid)} falls and returns to its owners, the "
             f"{POWER_NAMES[home]}, allies of the {POWER_NAMES[power]}.", "13.5", where=sid)
        return
    if power in ("gauls", "transalpine") and owner != INDEPENDENT:
        side = side_of(st, power)
        if side is not None:                             # 14.4: the Gallic player elects
            sp.update(siege=None, sieger=None, inside=0)
            push(st, "loot", side=side, space=sid, power=power)
            return
        loot(st, sid, power)                             # the Transalpine Gauls (ruling)
        return
    convert(st, sid, power)


def loot(st: State, sid: str, power: str) -> None:
    """Looting a taken city (14.4): an independent city of loyalty 1, five plunder markers."""
    st["spaces"][sid].update(ctl=INDEPENDENT, loy=1, siege=None, sieger=None, inside=0)
    note(st, f"The {POWER_NAMES[power]} loot {space_name(sid)}.", "14.4", where=sid)
    add_plunder(st, power, 5)


def convert(st: State, sid: str, power: str) -> None:
    st["spaces"][sid].update(ctl=power, loy=1, siege=None, sieger=None, inside=0)
    note(st, f"{space_name(sid)} falls to the {POWER_NAMES[power]}.", "13.5", where=sid)


@proc
class LootProc(Proc):
    """The Gallic player elects to loot a city he has taken or to keep it (14.4)."""

    name = "loot"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        cs = [Choice("loot", "Loot it: 5 plunder markers, the city independent"),
              Choice("keep", "Keep it: a Gallic city of loyalty 1")]
        return ask(st, fr["side"], f"{space_name(fr['space'])} has fallen", cs,
                   rule="14.4", context={"where": space_name(fr["space"])})

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        (loot if cid == "loot" else convert)(st, fr["space"], fr["power"])


@proc
class SiegeProc(Proc):
    """An activated commander's siege roll (13.1.1) after the response window (13.2)."""

    name = "siege"

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["stage"] == "window":
            fr["stage"] = "roll"
            fr["power"] = ed().leaders[fr["leader"]].power
            fr["mods"] = []
            order = response.clockwise_from([s for s in st["sides"]
                                             if s not in st["out_sides"]], fr["side"])
            response.open_window(st, "siege", order, space=fr["space"], reask=True)
            push(st, "respond", kind="siege")
            return True
        pop(st)
        note(st, f"{leader_name(fr['leader'])} rolls for the siege.", "13.1.1")
        siege_roll(st, fr["space"], fr["power"], fr["mods"], "13.2")
        return True

    def prompt(self, st: State, fr: Frame) -> Prompt:
        raise NotImplementedError
