"""Sieges of Major Cities and Subjugation of Independent spaces (section 13)."""

from __future__ import annotations

from typing import Any

from rules.engine.rng import roll
from rules.engine.state import log

from .abilities import royal_army_loyal, siege_bonus
from .battle import after_losses, battle_losses, disperse_general, lose
from .capitals import capital_at, interrupt
from .model import (
    NAMES,
    State,
    add_units,
    available_fleets,
    commander,
    count,
    ed,
    generals_at,
    gname,
    is_major,
    remove_units,
    sname,
    units,
)
from .victory import attack, legitimacy


def siege_target(st: State, sid: str, seat: str) -> str | None:
    """'siege' (a Major City held by an enemy player or by the Independents, 13.2),
    'subjugate' (an Independent Minor City or Stronghold, 13.3) or None."""
    pc = st["pc"].get(sid)
    kind = ed().spaces[sid].kind
    if kind == "transit" or pc in (None, seat):
        return None
    if kind == "major":
        return "siege"                   # 13.2.2 counts Independent ones among them
    if pc == "ind":
        return "subjugate"
    return "siege" if capital_at(st, sid) else None


def can_siege(st: State, sid: str, seat: str) -> bool:
    """13.1: an army of at least 3 CUs at an enemy Major City or an Independent space, no
    enemy CUs left outside the walls."""
    if siege_target(st, sid, seat) is None or count(st, sid, seat) < 3:
        return False
    owner = st["pc"][sid]
    others = [s for s in st["cu"].get(sid, {}) if s not in (seat, owner)]
    if others:
        return False
    if owner != "ind" and count(st, sid, owner) > st["inside"].get(sid, 0):
        return False                     # the defenders outside must be beaten first
    return not any(r["loc"] == sid for r in st["ind"].values())


def attempt_allowed(st: State, sid: str, gid: str) -> bool:
    """13.4: at most two Siege/Subjugation attempts in a space in a Tyche or Movement
    Segment, both by the same general (whichever of the player's armies he leads)."""
    done = st["seg"].get("sieges", {}).get(sid)
    return done is None or (done[0] == gid and done[1] < 2)


def count_attempt(st: State, sid: str, gid: str) -> None:
    """Record an attempt in ``sid`` by ``gid`` for this Segment (13.4)."""
    done = st["seg"].setdefault("sieges", {}).get(sid)
    st["seg"]["sieges"][sid] = [gid, (done[1] if done else 0) + 1]


def required(st: State, sid: str) -> int:
    """SPs to take the space (13.2.2, 13.3.2)."""
    pc = st["pc"][sid]
    kind = ed().spaces[sid].kind
    if pc == "ind":
        return 1 if kind == "minor" else 3      # a Stronghold, or a Major City (13.2.2)
    if kind != "major":
        return 2                         # a capital (optional 19.8)
    inside = min(2, count(st, sid, pc))
    return {2: 3, 1: 2, 0: 1}[inside]


def siege(st: State, sid: str, seat: str, *, bonus: int = 0) -> dict[str, Any]:
    """One Siege or Subjugation attempt (13.2): d6 + the city's modifier, -1 against a port
    without a fleet; the Siege Table gives SPs and the besieger's losses."""
    what = siege_target(st, sid, seat)
    owner = st["pc"][sid]
    interrupt(st, sid, "besieged")
    if what == "siege":
        attack(st, seat, owner)
    tab = ed().tables["siege"]
    mod = tab["modifiers"].get(sid, 0) if what == "siege" else 0
    mods = [f"city {mod:+d}"] if mod else []
    if ed().spaces[sid].port and what == "siege" and not available_fleets(st, seat):
        mod += tab["no_fleet_port"]
        mods.append("no fleet against a port -1")
    ability = siege_bonus(st, commander(st, sid, seat), sid, what)
    if ability:
        mod += ability
        mods.append(f"{gname(commander(st, sid, seat))}'s ability +{ability} (19.2)")
    if bonus:
        mod += bonus
        mods.append(f"Surprise card +{bonus}")
    die = roll(st, 1, purpose=f"{'siege' if what == 'siege' else 'subjugation'} of "
               f"{sname(sid)}", rule="13.2.1")[0]
    total = max(0, min(7, die + mod))
    sp, loss = tab["rows"][str(total)]
    rec = {"space": sid, "die": die, "total": total, "modifiers": mods, "sp": sp,
           "loss": loss, "taken": False}
    if loss:
        lose(st, sid, seat, loss)
        after_losses(st, sid, seat)
    cur = st["sp"].get(sid)
    if cur is None or cur["by"] != seat:
        cur = {"by": seat, "n": 0}
    cur["n"] += sp
    st["sp"][sid] = cur
    log(st, f"{NAMES[seat]} {'besieges' if what == 'siege' else 'subjugates'} "
            f"{sname(sid)}: {sp} SP, {loss} CU lost ({cur['n']} of {required(st, sid)})",
        rule="13.2", where=sid)
    if what == "siege" and owner != "ind" and sp and cur["n"] - sp == 0:
        defect_inside(st, sid, seat, owner)
    if cur["n"] >= required(st, sid):
        take(st, sid, seat, owner)
        rec["taken"] = True
    return rec


def defect_inside(st: State, sid: str, seat: str, owner: str) -> None:
    """After the first SP, the Royal Army inside goes over to a besieger with more L than
    the city's owner, whose general inside adds his Prestige Points (3.3.4.5)."""
    ra = units(st, sid, owner).get("royal", 0)
    if not ra:
        return
    defending = legitimacy(st, owner)
    g = commander(st, sid, owner)
    if royal_army_loyal(st, g):
        return
    if g and is_major(g):
        defending += ed().generals[g].prestige
    if legitimacy(st, seat) > defending:
        remove_units(st, sid, owner, "royal", ra)
        add_units(st, sid, seat, "royal", ra)
        st["inside"][sid] = min(st["inside"].get(sid, 0), count(st, sid, owner))
        log(st, f"{ra} Royal Army CU inside {sname(sid)} defect to {NAMES[seat]}",
            rule="3.3.4.5", where=sid)


def take(st: State, sid: str, seat: str, owner: str) -> None:
    """13.2.4: the PC goes, the defenders suffer battle losses, royals are captured; the
    besieger's own PC only in a Surrender Segment."""
    st["sp"].pop(sid, None)
    del st["pc"][sid]
    if owner != "ind":
        battle_losses(st, sid, owner, seat, inside_too=True)
        st["inside"].pop(sid, None)
        for g in generals_at(st, sid, owner):
            disperse_general(st, g)
    if st.get("seg", {}).get("segment") == "surrender":
        st["pc"][sid] = seat
    log(st, f"{NAMES[seat]} takes {sname(sid)}", rule="13.2.4", where=sid)
