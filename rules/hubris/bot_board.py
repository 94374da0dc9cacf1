"""What the Hubris ``bot`` (:mod:`rules.hubris.bot`) reads off a seat's view: who decides,
who is an enemy, what a Satrapy is worth and who would Control it, the Troops in a Satrapy,
and how the seat stands in Victory Points. Read-only, cheap: the bot answers at once and is
the search's prior."""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.engine.state import frac

from .control import Control, control_of
from .core import TROOP_TYPES
from .mapdata import VP_UNIT, MapData, load_map

State = dict[str, Any]
#: a Kingdom's name as the prompts write it
KINGDOM_TITLE = {"ptolemies": "Ptolemies", "seleucids": "Seleucids", "macedon": "Macedon",
                 "rome": "Rome"}


@cache
def md() -> MapData:
    return load_map()


def kingdoms_of(view: State, seat: str) -> list[str]:
    return [k for k, kd in view.get("kingdoms", {}).items() if (kd.get("seat") or k) == seat]


def deciding_kingdom(view: State, seat: str, text: str = "") -> str | None:
    """The Kingdom ``seat`` decides for now: the innermost procedure of one of its Kingdoms,
    else one named at the start of the prompt's text, else its first Kingdom."""
    mine = kingdoms_of(view, seat)
    if not mine:
        return None
    for frame in reversed(view.get("stack") or []):
        if isinstance(frame, dict) and frame.get("kingdom") in mine:
            return str(frame["kingdom"])
    low = text.lower()
    for k in mine:
        if low.startswith(k[:5]):
            return k
    return mine[0]


def enemies(view: State, k: str) -> set[str]:
    """The Powers ``k`` is at War with (Kingdoms, Rebels, Rome)."""
    out = set()
    for key, value in (view.get("wars") or {}).items():
        if value == "war":
            a, _, b = key.partition("|")
            if k == a:
                out.add(b)
            elif k == b:
                out.add(a)
    return out


def rivals(view: State, k: str) -> list[str]:
    """The other player Kingdoms (the ones the VP race is against)."""
    return [o for o, kd in view.get("kingdoms", {}).items()
            if o != k and kd.get("player", True) and not kd.get("eliminated")]


def vp_value(sat: str, k: str, level: str) -> float:
    """VPs ``k`` scores for Controlling ``sat`` at ``level`` (2.11.1)."""
    halves = md().vp_halves.get(sat, {}).get(k)
    if not halves:
        return 0.0
    return float(halves[1 if level == "full" else 0]) / VP_UNIT


def control(view: State, sat: str) -> Control | None:
    ctl = (view.get("derived") or {}).get("control", {}).get(sat)
    if ctl is None:
        return None
    return Control(ctl["power"], ctl["level"], ctl["garrisons"], ctl["alliances"])


def vp_swing(view: State, sat: str, k: str, changed: dict[str, dict[str, Any]]) -> float:
    """How many VPs ``k`` gains over its rivals (its own gain plus what rivals lose) if the
    Places of ``sat`` change as ``changed`` says (place id -> new record)."""
    before = control(view, sat)
    after = control_of({"places": {**view["places"], **changed}}, sat, md())
    lead = leader(view, k)
    return _vp_of(before, sat, k, lead) - _vp_of(after, sat, k, lead)


def _vp_of(c: Control | None, sat: str, k: str, lead: str | None) -> float:
    """+ ``k``'s VPs from ``sat``, - what a rival scores there (negated in :func:`vp_swing`
    as before minus after): in full for the rival ahead in the race, a third for another
    (what a third Kingdom loses helps ``k`` less)."""
    if c is None:
        return 0.0
    value = vp_value(sat, c.power, c.level)
    if c.power == k:
        return -value
    return value if c.power == lead or lead is None else value / 3.0


def leader(view: State, k: str) -> str | None:
    """The rival with the most Total VPs (None without VPs)."""
    vp = (view.get("derived") or {}).get("vp") or {}
    best = [(float(frac(v["total"])), o) for o, v in vp.items() if o != k]
    return max(best)[1] if best else None


def troops(view: State) -> dict[tuple[str, str], int]:
    """(owner, location) -> face-up Troops there (on a Leader's card: where the Leader is)."""
    card_at = {f"leader:{lid}": r.get("location") for lid, r in (view.get("leaders") or {}).items()}
    out: dict[tuple[str, str], int] = {}
    for rec in (view.get("units") or {}).values():
        owner = rec.get("owner")
        if not owner or rec.get("face") != "up" or rec.get("type") not in TROOP_TYPES:
            continue
        loc = rec.get("location")
        loc = card_at.get(loc, loc)
        out[(owner, loc)] = out.get((owner, loc), 0) + 1
    return out


def margin(view: State, k: str) -> float:
    """``k``'s Total VPs less the best rival's; in 12.3 the Ptolemies' lead less the 8 the
    scenario asks for (as the Seleucids see it: negated)."""
    vp = (view.get("derived") or {}).get("vp") or {}
    if k not in vp:
        return 0.0
    if (view.get("scenario") or {}).get("id") == "fourth-syrian-war":
        p = float(vp.get("ptolemies", {}).get("total_rounded", 0))
        s = float(vp.get("seleucids", {}).get("total_rounded", 0))
        lead = p - s - 8.5
        return lead if k == "ptolemies" else -lead
    own = float(frac(vp[k]["total"]))
    others = [float(frac(v["total"])) for o, v in vp.items() if o != k]
    return own - max(others, default=0.0)


def treasury(view: State, k: str) -> int:
    return int((view.get("kingdoms", {}).get(k) or {}).get("treasury", 0))


def amount(choice_id: str) -> int:
    tail = choice_id.rpartition(":")[2]
    return int(tail) if tail.isdigit() else 0


def opponents(view: State, k: str) -> set[str]:
    """Whom ``k`` campaigns against: the Powers at War with it, and the rival Kingdom ahead
    of it in VPs even at Peace (a Campaign against it is an Act of War, 2.12: worth it
    against the leader of the race)."""
    out = enemies(view, k)
    lead = leader(view, k)
    vp = (view.get("derived") or {}).get("vp") or {}
    if lead and lead in vp and k in vp and frac(vp[lead]["total"]) > frac(vp[k]["total"]) \
            and not (view.get("kingdoms", {}).get(lead) or {}).get("non_player"):
        out.add(lead)
    return out
