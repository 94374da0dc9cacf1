"""Optional 19.8, capital cities, with the build sequence the text leaves out reconstructed
(docs/successors-rulings.md): begun in the builder's Surrender Segment at a Minor City he
holds with a CU of his there, it stands after two more of his Surrender Segments; leaving
the space empty of his CUs or an attack there (battle, Overrun, siege, an Independent Army)
interrupts it. A finished capital holds 1 CU inside and is taken only by a siege of 2 SP.

The record is ``st["capital"][seat] = {"at": space, "stage": 1..3}``; stage 3 = built."""

from __future__ import annotations

from rules.engine.state import log

from .model import (  # noqa: F401 - capital_at, BUILT: read here by the other modules
    BUILT,
    NAMES,
    State,
    capital_at,
    count,
    ed,
    enemies_outside,
    ind_armies_at,
    sname,
)


def on(st: State) -> bool:
    return bool(st["options"].get("capitals"))


def walls(st: State, sid: str) -> int:
    """CUs that fit inside the city at ``sid``: 2 in a Major City (4.16), 1 in a capital."""
    if ed().spaces[sid].kind == "major":
        return 2
    return 1 if capital_at(st, sid) else 0


def sites(st: State, seat: str) -> list[str]:
    """Where ``seat`` may begin its one capital: a Minor City it holds (no Major City,
    Stronghold or transit point), with a CU of its own and no enemy there."""
    if not on(st) or seat in st.get("capital", {}):
        return []
    return sorted((sid for sid, sp in ed().spaces.items() if sp.kind == "minor"
                   and st["pc"].get(sid) == seat and count(st, sid, seat)
                   and not enemies_outside(st, sid, seat) and not ind_armies_at(st, sid)
                   and not capital_at(st, sid)), key=sname)


def begin(st: State, seat: str, sid: str) -> None:
    st.setdefault("capital", {})[seat] = {"at": sid, "stage": 1}
    log(st, f"{NAMES[seat]} begins building a capital at {sname(sid)}", rule="19.8", where=sid)


def interrupt(st: State, sid: str, why: str) -> None:
    """An unfinished capital at ``sid`` is abandoned; its builder may begin again."""
    for seat, rec in list(st.get("capital", {}).items()):
        if rec["at"] == sid and rec["stage"] < BUILT:
            del st["capital"][seat]
            log(st, f"The building of {NAMES[seat]}'s capital at {sname(sid)} is interrupted "
                    f"({why})", rule="19.8", where=sid)


def left(st: State, sid: str, seat: str) -> None:
    """The builder's last CU leaves the site."""
    rec = st.get("capital", {}).get(seat)
    if rec and rec["at"] == sid and rec["stage"] < BUILT and not count(st, sid, seat):
        interrupt(st, sid, "its builders marched away")


def advance(st: State, seat: str) -> None:
    """At the start of the builder's Surrender Segment: one more stage, or interrupted if
    the space is no longer his, has none of his CUs or holds an enemy."""
    rec = st.get("capital", {}).get(seat)
    if not rec or rec["stage"] >= BUILT:
        return
    sid = rec["at"]
    if st["pc"].get(sid) != seat or not count(st, sid, seat) or \
            enemies_outside(st, sid, seat) or ind_armies_at(st, sid):
        interrupt(st, sid, "the site was lost or left")
        return
    rec["stage"] += 1
    if rec["stage"] >= BUILT:
        log(st, f"{NAMES[seat]}'s capital at {sname(sid)} is complete", rule="19.8",
            where=sid)
