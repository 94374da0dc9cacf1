"""The moving army (8.3.1, 8.3.2): the generals who move with the activated one, the CUs
left behind or picked up on the way, and carrying the army, its royals and the Funeral
Cart one space on (8.3.1, 15.4, 18.6)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.state import log

from .abilities import movement_bonus
from .capitals import left as capitals_left
from .data import UNIT_TYPES
from .mobility import fresh, movement_points
from .model import (
    State,
    add_units,
    besieged,
    cart_moves,
    count,
    ed,
    enemies_outside,
    generals_at,
    gname,
    ind_armies_at,
    is_major,
    minors_in_supply,
    remove_units,
    seniority,
    sname,
    units,
)
from .victory import body_controller, royal_controller


def group(fr: dict[str, Any]) -> list[str]:
    """The moving generals: the commander and the subordinates he carries (8.3.1)."""
    return [fr["gen"], *fr.get("subs", [])]


def staying_generals(st: State, fr: dict[str, Any]) -> list[str]:
    return [g for g in generals_at(st, fr["at"], fr["seat"]) if g not in group(fr)]


def marker_for_drop(st: State, fr: dict[str, Any]) -> str | None:
    """Who marks the ownership of CUs left at the army's space (8.3.1, 3.3.1): '' when the
    space is friendly or a general of the faction stays there, 'minor' for a Minor General
    from supply (3.1.2), a carried subordinate's id, or None (no drop-off possible)."""
    seat, at = fr["seat"], fr["at"]
    if st["pc"].get(at) == seat or staying_generals(st, fr):
        return ""

    if minors_in_supply(st, seat):
        return "minor"
    return fr["subs"][-1] if fr.get("subs") else None


def may_drop(st: State, fr: dict[str, Any]) -> bool:
    """CUs may be left only where no enemy CUs are, unless friendly CUs are already there
    (8.4.5; the same for land moves, see the rulings)."""
    seat, at = fr["seat"], fr["at"]
    if enemies_outside(st, at, seat) or ind_armies_at(st, at):
        return count(st, at, seat) > sum(fr["army"].values())
    return True


def pickable(st: State, fr: dict[str, Any]) -> dict[str, int]:
    """Friendly CUs at the army's space that have not moved this Segment and were not left
    there by this activation (8.3.1)."""
    seat, at = fr["seat"], fr["at"]
    if enemies_outside(st, at, seat):
        return {}
    have = dict(units(st, at, seat))
    for kind, n in fr["army"].items():
        have[kind] = have.get(kind, 0) - n
    if st["pc"].get(at) == seat and besieged(st, at):
        return {}
    skip = fresh(st, at, seat)
    for kind in ("mercenary", "elephant", "macedonian", "royal", "silver"):
        k = min(skip, max(have.get(kind, 0), 0))
        if k:
            have[kind] -= k
            skip -= k
    if at == fr["start"]:
        for kind, n in fr.get("left", {}).items():
            have[kind] = have.get(kind, 0) - n
    return {k: n for k, n in have.items() if n > 0}


def takeable(st: State, fr: dict[str, Any]) -> list[str]:
    """Generals of the faction at the army's space that have not moved this Segment."""
    moved = st["seg"].get("moved", [])
    if enemies_outside(st, fr["at"], fr["seat"]):
        return []
    return [g for g in staying_generals(st, fr) if g not in moved]


def split_choices(st: State, fr: dict[str, Any]) -> list[Choice]:
    """Leave CUs or subordinates behind, pick up CUs or generals (8.3.1, 8.3.2, 8.4.5)."""
    seat, at = fr["seat"], fr["at"]
    out: list[Choice] = []
    army = sum(fr["army"].values())
    marker = marker_for_drop(st, fr)
    if marker is not None and may_drop(st, fr) and (army > 1 or is_major(fr["gen"])):
        tail = "" if not marker else " with a minor general from supply" if marker == "minor" \
            else f" with {gname(marker)}"
        for kind in UNIT_TYPES:
            if fr["army"].get(kind):
                out.append(Choice(f"leave:{kind}", f"Leave 1 {ed().units[kind]['name']} CU at "
                                  f"{sname(at)}{tail}", target=at))
    if not (fr["naval"] == "sea" and army >= 8):
        can = pickable(st, fr)
        for kind in UNIT_TYPES:                   # data order, never the state's key order
            n = can.get(kind, 0)
            if not n:
                continue
            out.append(Choice(f"pick:{kind}", f"Pick up 1 {ed().units[kind]['name']} CU at "
                              f"{sname(at)} ({n} there)", target=at))
    for g in takeable(st, fr):
        boss = " (he takes command)" if seniority(g) < seniority(fr["gen"]) else ""
        out.append(Choice(f"take:{g}", f"Take {gname(g)} along{boss}", target=at))
    for g in fr.get("subs", []):
        if is_major(g) or count(st, at, seat) > army:
            out.append(Choice(f"drop:{g}", f"Leave {gname(g)} at {sname(at)}", target=at))
    return out


def apply_split(st: State, fr: dict[str, Any], cid: str) -> None:
    seat, at = fr["seat"], fr["at"]
    verb, what = cid.split(":", 1)
    if verb == "leave":
        marker = marker_for_drop(st, fr)
        fr["army"][what] -= 1
        if not fr["army"][what]:
            del fr["army"][what]
        if marker == "minor":
            g = minors_in_supply(st, seat)[0]
            st["gen"][g]["loc"] = at
            st["seg"].setdefault("moved", []).append(g)
            log(st, f"{gname(g)} takes command at {sname(at)}", rule="3.1.2", where=at)
        elif marker:
            fr["subs"].remove(marker)
        if at == fr["start"] and fr["prev"] is None:
            fr["left"][what] = fr["left"].get(what, 0) + 1
        else:
            f = st["seg"].setdefault("fresh", {}).setdefault(at, {})
            f[seat] = f.get(seat, 0) + 1
        log(st, f"{gname(fr['gen'])} leaves 1 {ed().units[what]['name']} CU at {sname(at)}",
            rule="8.4.5" if fr["naval"] == "sea" else "8.3.1", where=at)
    elif verb == "pick":
        fr["army"][what] = fr["army"].get(what, 0) + 1
        log(st, f"{gname(fr['gen'])} picks up 1 {ed().units[what]['name']} CU at {sname(at)}",
            rule="8.4.5" if fr["naval"] == "sea" else "8.3.1", where=at)
    elif verb == "drop":
        fr["subs"].remove(what)
        log(st, f"{gname(what)} stays at {sname(at)}", rule="8.3.1", where=at)
    else:
        st["seg"].setdefault("moved", []).append(what)
        if seniority(what) < seniority(fr["gen"]):
            used = fr["mp0"] - fr["mp"]
            full = fr["mp0"] if fr.get("roll") is None else \
                movement_points(fr["roll"], what, st) + movement_bonus(st, what)
            log(st, f"{gname(what)} takes command from {gname(fr['gen'])} at {sname(at)} "
                    f"({max(0, full - used)} MP left)", rule="8.3.2", where=at)
            fr["subs"].append(fr["gen"])
            fr["gen"], fr["mp0"], fr["mp"] = what, full, max(0, full - used)
        else:
            fr["subs"].append(what)
            log(st, f"{gname(fr['gen'])} takes {gname(what)} along", rule="8.3.1", where=at)


def carry_along(st: State, fr: dict[str, Any], dest: str) -> None:
    """Move the army, its royals and the Funeral Cart one step (8.3.1, 15.4, 18.6)."""
    seat, at = fr["seat"], fr["at"]
    for kind, n in fr["army"].items():
        remove_units(st, at, seat, kind, n)
        add_units(st, dest, seat, kind, n)
    for g in group(fr):
        st["gen"][g]["loc"] = dest
    moved_royals = st["seg"].setdefault("royals", {})
    for rid, rec in st["royals"].items():
        if rec["loc"] == at and rec["active"] and royal_controller(st, rid) == seat \
                and moved_royals.get(rid, fr["gen"]) == fr["gen"]:
            rec["loc"] = dest
            rec["held"] = seat
            moved_royals[rid] = fr["gen"]
    body = st["body"]
    if body["loc"] == at and not body["tomb"] and body_controller(st, ) == seat and \
            cart_moves(st) and sum(fr["army"].values()) > 0:
        body["loc"] = dest
    if at in st["inside"] and st["pc"].get(at) == seat:
        st["inside"][at] = min(st["inside"][at], count(st, at, seat))
    capitals_left(st, at, seat)
    fr["prev"], fr["at"] = at, dest


def mark_fresh(st: State, fr: dict[str, Any]) -> None:
    n = sum(fr["army"].values())
    if n:
        f = st["seg"].setdefault("fresh", {}).setdefault(fr["at"], {})
        f[fr["seat"]] = f.get(fr["seat"], 0) + n


def mover_frame(st: State, fr: dict[str, Any]) -> dict[str, Any]:
    """The activation a Reaction Step or a Naval Interception belongs to."""
    return st["stack"][fr["parent"]]
