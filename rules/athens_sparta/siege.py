"""The Prosecute Siege step of the action round (aid: Prosecute Siege): pay, roll the siege
dice, take the space or choose to keep up or abandon the siege."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.state import log

from .action_round import RoundStep, head
from .data import ed
from .model import (
    NAMES,
    State,
    adjust_track,
    contested,
    controlled_by,
    enemy,
    force_at,
    graph,
    influence,
    is_success,
    lose_leader,
    mats,
    name,
    pay,
    send_home,
    set_influence,
    successes,
)


class Siege(RoundStep):
    name = "siege"

    def waiting(self, st: State, side: str, p: dict[str, Any]) -> bool:
        p["todo"] = [s for s in p["todo"] if st["sieges"].get(s) == side]
        return bool(p.get("abandon") or (p["todo"] and st["treasury"][side]
                                         >= mats()["costs"]["siege"]))

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        side, p = st["phasing"], st["pend"]
        if p.get("abandon"):
            sid = p["abandon"]
            return Prompt(side, f"{head(st)}: keep up the siege of {name(sid)}?",
                          [Choice("keep", f"Keep besieging {name(sid)}", target=sid),
                           Choice("abandon", f"Abandon the siege of {name(sid)} (roll: a "
                                  "failure eliminates the leader)", target=sid)],
                          kind="siege", rule="siege", context=siege_context(st, sid))
        sid = p["todo"][0]
        dice, _ = siege_dice(st, sid, side)
        return Prompt(side, f"{head(st)}: prosecute the siege of {name(sid)}?",
                      [Choice(f"roll:{sid}", f"Pay 2 talents and roll {dice} dice at "
                              f"{name(sid)}", target=sid),
                       Choice(f"skip:{sid}", f"Do not prosecute {name(sid)} this round",
                              target=sid)],
                      kind="siege", rule="siege", context=siege_context(st, sid))

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        p = st["pend"]
        verb, _, arg = cid.partition(":")
        if p.get("abandon"):
            sid = p.pop("abandon")
            if verb == "abandon":
                abandon(st, sid)
            return
        p["todo"].remove(arg)
        if verb == "roll":
            prosecute(st, arg)


def siege_dice(st: State, sid: str, side: str) -> tuple[int, list[dict[str, Any]]]:
    """The dice of a siege roll with their reasons (0 to 3)."""
    mods = [{"label": "base", "value": 1, "rule": "siege"}]
    g = graph(st)
    mine = theirs = 0
    for nb in g.neighbors(sid):
        if contested(st, nb):
            continue
        ctl = controlled_by(st, nb)
        mine += ctl == side
        theirs += ctl == enemy(side)
    if mine > theirs:
        mods.append({"label": f"neighbours {mine} to {theirs}", "value": 1, "rule": "siege"})
    if ed().spaces[sid].capital == "sparta":
        mods.append({"label": "besieging Sparta", "value": 1, "rule": "siege"})
    side_mats = mats()["sides"][side]
    if st["army"][side] >= side_mats["army_die"] or st["navy"][side] >= side_mats["navy_die"]:
        mods.append({"label": "strength track extra die", "value": 1, "rule": "siege"})
    if ed().spaces[sid].capital == "athens":
        mods.append({"label": "besieging Athens", "value": -1, "rule": "siege"})
    return max(0, min(3, sum(m["value"] for m in mods))), mods


def siege_context(st: State, sid: str) -> dict[str, Any]:
    side = st["sieges"][sid]
    dice, mods = siege_dice(st, sid, side)
    return {"title": f"Siege of {name(sid)}", "place": name(sid), "attacker": NAMES[side],
            "defender": NAMES[enemy(side)],
            "influence left": influence(st, sid, enemy(side)), "dice to roll": dice,
            "modifiers": mods, "success": f"{mats()['dice']['success']}+ on a die",
            "treasury": st["treasury"][side],
            "dice": list(st["pend"].get("last_roll", [])) if st["pend"].get("abandon") else []}


def prosecute(st: State, sid: str) -> None:
    side = st["sieges"][sid]
    pay(st, side, mats()["costs"]["siege"])
    dice, _ = siege_dice(st, sid, side)
    faces = successes(st, dice, purpose=f"Siege of {name(sid)}", rule="siege")
    st["pend"]["last_roll"] = list(faces)
    hits = sum(1 for f in faces if is_success(f))
    other = enemy(side)
    for _ in range(hits):
        if influence(st, sid, other):
            set_influence(st, sid, other, influence(st, sid, other) - 1)
    if len(faces) > hits:
        adjust_track(st, side, "army", -1)
        log(st, f"A failed siege die: {NAMES[side]} army strength -1", rule="siege")
    log(st, f"Siege of {name(sid)}: {hits} of {len(faces)} dice succeed", rule="siege",
        where=sid)
    if influence(st, sid, other) == 0:
        force = force_at(st, sid, side)
        auto = ed().spaces[sid].autonomy
        st["treasury"][side] += auto
        set_influence(st, sid, side, auto)
        st["sieges"].pop(sid, None)
        if sid in st["raided"]:
            st["raided"].remove(sid)
        if force:
            force["siege"] = False
            send_home(st, force)
        log(st, f"{NAMES[side]} takes {name(sid)}: +{auto} talents", rule="siege", where=sid)
    else:
        st["pend"]["abandon"] = sid


def abandon(st: State, sid: str) -> None:
    side = st["sieges"][sid]
    force = force_at(st, sid, side)
    face = successes(st, 1, purpose=f"Abandoning the siege of {name(sid)}", rule="siege")[0]
    if sid not in st["raided"]:
        st["raided"].append(sid)
    if force:
        send_home(st, force, spent=True)
        if not is_success(face):
            lose_leader(st, force["leader"], "siege")
    st["sieges"].pop(sid, None)
    log(st, f"{NAMES[side]} abandons the siege of {name(sid)}", rule="siege", where=sid)
