"""State helpers: influence, control, contested spaces, regions, forces, leaders, dice.

State keys the game owns (besides the engine's, see rules/engine/state.py):
``turn``, ``round``, ``phasing``, ``stage``, ``step``, ``pend`` (the decision in progress);
``infl`` {space: {side: n}}; ``raided`` [space]; ``sieges`` {space: side}; ``colonies``
[placed slots]; ``tiles`` {region: side or None}; ``treasury``, ``army``, ``navy`` {side: n};
``favour`` {side: {colour: n}}; ``assets`` {asset: "play" | "returned"}; ``leaders``
{leader: {"state": future|ready|commander|deployed|spent|eliminated, "gold": bool}};
``forces`` [{id, side, type, leader, where (None: the commander section), siege}];
``hands`` and ``battle_hands`` {side: [card]}; ``decks`` {action, battle}; ``battle``;
``over``.

The procedures of the sequence of play (``rules/athens_sparta/sequence.py``) are found from
``stage`` (and ``step`` within the action rounds); ``pend`` is the data of the one in play.
"""

from __future__ import annotations

from typing import Any

from rules.engine.deck import draw, new_deck
from rules.engine.rng import roll
from rules.engine.state import log

from .data import SIDES, ed

State = dict[str, Any]
NAMES = {"athens": "Athens", "sparta": "Sparta"}
TYPE_NAMES = {"hoplite": "hoplites", "trireme": "triremes"}


def enemy(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


def name(sid: str) -> str:
    return ed().spaces[sid].name


def mats() -> dict[str, Any]:
    return ed().mats


# --- spaces (aid: Spaces) --------------------------------------------------------------------

def on_map(st: State, sid: str) -> bool:
    """A space, an ally or a placed colony."""
    sp = ed().spaces[sid]
    return sp.kind != "colony" or sid in st["colonies"]


def influence(st: State, sid: str, side: str) -> int:
    return st["infl"].get(sid, {}).get(side, 0)


def owner(st: State, sid: str) -> str | None:
    """The side with influence in ``sid`` (never both: enemy influence goes first)."""
    for side, n in st["infl"].get(sid, {}).items():
        if n > 0:
            return side
    return None


def controlled_by(st: State, sid: str) -> str | None:
    """Controlled: influence equal to the autonomy value (aid: Spaces)."""
    side = owner(st, sid)
    if side and influence(st, sid, side) == ed().spaces[sid].autonomy:
        return side
    return None


def contested(st: State, sid: str) -> bool:
    """Raided or sieged (aid: Spaces)."""
    return sid in st["raided"] or sid in st["sieges"]


def set_influence(st: State, sid: str, side: str | None, n: int) -> None:
    st["infl"][sid] = {side: n} if side and n > 0 else {}


def add_point(st: State, sid: str, side: str) -> str:
    """One envoy point: enemy influence is removed first, else own placed (aid: Envoys)."""
    other = enemy(side)
    if influence(st, sid, other) > 0:
        set_influence(st, sid, other, influence(st, sid, other) - 1)
        return "removed"
    n = influence(st, sid, side)
    if n < ed().spaces[sid].autonomy:
        set_influence(st, sid, side, n + 1)
        return "placed"
    return "none"


def spaces_on_map(st: State) -> list[str]:
    return [s for s in ed().spaces if on_map(st, s)]


def graph(st: State):
    return ed().graph(set(st["colonies"]))


# --- regions (aid: Regions) ------------------------------------------------------------------

def region_totals(st: State, region: str) -> dict[str, int]:
    """Autonomy of the controlled, uncontested spaces of ``region`` per side."""
    out = dict.fromkeys(SIDES, 0)
    for sid, sp in ed().spaces.items():
        if sp.region == region and sp.kind != "ally" and on_map(st, sid) \
                and not contested(st, sid):
            side = controlled_by(st, sid)
            if side:
                out[side] += sp.autonomy
    return out


def region_controller(st: State, region: str) -> str | None:
    """The side with the higher total; None on a tie (the tile then stays where it is)."""
    t = region_totals(st, region)
    if t["athens"] == t["sparta"]:
        return None
    return max(SIDES, key=lambda s: t[s])


def megapolis_count(st: State, side: str) -> int:
    return sum(1 for sid, sp in ed().spaces.items()
               if sp.megapolis and on_map(st, sid) and controlled_by(st, sid) == side)


def allies_controlled(st: State, side: str) -> list[str]:
    return [sid for sid, sp in ed().spaces.items()
            if sp.kind == "ally" and controlled_by(st, sid) == side]


# --- forces and leaders ----------------------------------------------------------------------

def forces(st: State, side: str | None = None) -> list[dict[str, Any]]:
    return [f for f in st["forces"] if side is None or f["side"] == side]


def force_at(st: State, sid: str, side: str) -> dict[str, Any] | None:
    for f in st["forces"]:
        if f["where"] == sid and f["side"] == side:
            return f
    return None


def models_free(st: State, side: str, kind: str) -> int:
    total = mats()["sides"][side]["hoplites" if kind == "hoplite" else "triremes"]
    return total - sum(1 for f in forces(st, side) if f["type"] == kind)


def leader_name(lid: str) -> str:
    return ed().leaders[lid].name


def send_home(st: State, force: dict[str, Any], *, spent: bool = True) -> None:
    """The force leaves the map; its leader (if alive) is spent (aid: Raiding)."""
    st["forces"].remove(force)
    if spent and st["leaders"][force["leader"]]["state"] in ("deployed", "commander"):
        st["leaders"][force["leader"]]["state"] = "spent"
    if force.get("siege"):
        st["sieges"].pop(force["where"], None)


def lose_leader(st: State, lid: str, rule: str) -> None:
    """A failed leader roll: a named leader leaves the game, a generic one is spent on its
    regular side (aid: Battles)."""
    rec = st["leaders"][lid]
    if ed().leaders[lid].named:
        rec["state"] = "eliminated"
        log(st, f"{leader_name(lid)} is eliminated", rule=rule)
    else:
        rec["state"] = "spent"
        rec["gold"] = False
        log(st, f"{leader_name(lid)} returns next turn on its regular side", rule=rule)


# --- money, tracks, favour, dice ------------------------------------------------------------

def pay(st: State, side: str, n: int) -> None:
    if st["treasury"][side] < n:
        raise ValueError(f"{NAMES[side]} cannot pay {n} talents")
    st["treasury"][side] -= n


def adjust_track(st: State, side: str, track: str, delta: int) -> None:
    top = mats()["tracks"][f"{track}_max"]
    st[track][side] = max(0, min(top, st[track][side] + delta))


def favour_total(st: State, side: str) -> int:
    return sum(st["favour"][side].values())


def successes(st: State, dice: int, *, purpose: str, rule: str) -> list[int]:
    """Roll ``dice`` dice; a die at or above the success value succeeds."""
    if dice <= 0:
        return []
    return roll(st, dice, mats()["dice"]["sides"], purpose=purpose, rule=rule)


def is_success(face: int) -> bool:
    return face >= mats()["dice"]["success"]


# --- decks ------------------------------------------------------------------------------------

def new_decks(st: State) -> None:
    st["decks"] = {"action": new_deck(st, list(ed().action_deck), name="Action"),
                   "battle": new_deck(st, list(ed().battle_deck), name="Battle")}


def draw_battle_card(st: State, side: str, rule: str) -> None:
    card = draw(st, st["decks"]["battle"], name="Battle", rule=rule)
    if card:
        st["battle_hands"][side].append(card)
