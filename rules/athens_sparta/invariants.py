"""What must hold in every state of a game (checked by the playouts)."""

from __future__ import annotations

from .data import SIDES, ed
from .model import State, mats, models_free


def check(st: State) -> list[str]:
    bad = []
    for sid, infl in st["infl"].items():
        if len([s for s, n in infl.items() if n > 0]) > 1:
            bad.append(f"{sid} holds influence of both sides")
        if sum(infl.values()) > ed().spaces[sid].autonomy:
            bad.append(f"{sid} holds more influence than its autonomy")
        if ed().spaces[sid].kind == "colony" and infl and sid not in st["colonies"]:
            bad.append(f"{sid}: influence on an unplaced colony")
    for s in SIDES:
        if st["treasury"][s] < 0:
            bad.append(f"{s} treasury below zero")
        for track in ("army", "navy"):
            if not 0 <= st[track][s] <= mats()["tracks"][f"{track}_max"]:
                bad.append(f"{s} {track} off the track")
        for kind in ("hoplite", "trireme"):
            if models_free(st, s, kind) < 0:
                bad.append(f"{s} uses more {kind} models than it has")
    cards = [c for s in SIDES for c in st["hands"][s] + st["battle_hands"][s]]
    for d in st["decks"].values():
        cards += d["draw"] + d["discard"]
    if sorted(cards) != sorted(ed().action_deck + ed().battle_deck):
        bad.append("cards are not conserved")
    leaders_used = [f["leader"] for f in st["forces"]]
    if len(leaders_used) != len(set(leaders_used)):
        bad.append("a leader commands two forces")
    for f in st["forces"]:
        state = st["leaders"][f["leader"]]["state"]
        want = "commander" if f["where"] is None else "deployed"
        if state != want:
            bad.append(f"{f['leader']} is {state} but its force is {want}")
        if f["siege"] and st["sieges"].get(f["where"]) != f["side"]:
            bad.append(f"siege of {f['where']} has no marker")
    for sid, side in st["sieges"].items():
        if not any(f["where"] == sid and f["side"] == side and f["siege"] for f in st["forces"]):
            bad.append(f"siege marker at {sid} without a besieger")
    for lid, rec in st["leaders"].items():
        if rec["state"] in ("commander", "deployed") and lid not in leaders_used:
            bad.append(f"{lid} is {rec['state']} without a force")
    return bad
