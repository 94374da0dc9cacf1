"""What may move, and where an army may avoid to: the Movement Allowance (8.1), the CUs
still free to move this Segment (8.3.1), a general able to Activate, the spaces of an Avoid
Battle (10.5) and its Transit Point penalty (optional 19.5). Below the Movement procedures
(:mod:`rules.successors.movement`), the Independent Armies' reactions and the card events,
which all ask it."""

from __future__ import annotations

from .model import (
    State,
    besieged,
    count,
    ed,
    enemies_outside,
    ind_armies_at,
    initiative,
    is_major,
    units,
)


def movement_points(roll_value: int, gid: str, st: State) -> int:
    """The Movement Allowance card (8.1): the roll against the general's Initiative."""
    tab = ed().tables["movement"]
    ini = initiative(gid)
    mp = tab["above"] if roll_value > ini else tab["equal"] if roll_value == ini else tab["below"]
    return mp


def fresh(st: State, sid: str, seat: str) -> int:
    return st["seg"].get("fresh", {}).get(sid, {}).get(seat, 0)


def movable(st: State, sid: str, seat: str) -> dict[str, int]:
    """The CUs of ``seat`` at ``sid`` that may still move this Segment (8.3.1)."""
    have = dict(units(st, sid, seat))
    skip = fresh(st, sid, seat)
    if st["pc"].get(sid) == seat and besieged(st, sid):
        skip = max(skip, 0)
    for kind in ("mercenary", "elephant", "macedonian", "royal", "silver"):
        k = min(skip, have.get(kind, 0))
        if k:
            have[kind] -= k
            skip -= k
    return {k: n for k, n in have.items() if n}


def can_activate(st: State, gid: str) -> bool:
    rec = st["gen"][gid]
    if rec["loc"] not in ed().spaces or gid in st["seg"].get("moved", []):
        return False
    return is_major(gid) or bool(movable(st, rec["loc"], rec["owner"]))


def avoid_destinations(st: State, sid: str, seat: str, came_from: str | None) -> list[str]:
    """10.5: by Land paths only, into no enemy CUs, not where the attacker came from, not
    into an enemy-held space without a friendly CU."""
    g = ed().graph

    def ok(n: str) -> bool:
        if n == came_from or enemies_outside(st, n, seat) or ind_armies_at(st, n):
            return False
        pc = st["pc"].get(n)
        if pc not in (None, seat) and count(st, n, seat) == 0:
            return False
        return True

    out: set[str] = set()
    for n in g[sid]:
        if g.edges[sid, n]["kind"] == "land" and ok(n):
            out.add(n)
            for m in g[n]:
                if m != sid and g.edges[n, m]["kind"] == "land" and ok(m):
                    out.add(m)
    return sorted(out)


def avoid_penalty(st: State, sid: str, dest: str, dests: list[str] | None = None) -> int:
    """Optional 19.5: -1 when the first space entered is a Transit Point; none if ``dest``
    can be reached through a first space that is not one. ``dests``: the spaces the army
    may avoid to (a first space must be one of them)."""
    if not st["options"]["avoid_transit"]:
        return 0
    g = ed().graph

    def land(a: str, b: str) -> bool:
        return g.has_edge(a, b) and g.edges[a, b]["kind"] == "land"

    firsts = [n for n in g[sid] if land(sid, n) and (dests is None or n in dests)
              and (n == dest or land(n, dest))]
    return 0 if any(ed().spaces[n].kind != "transit" for n in firsts) or not firsts else 1
