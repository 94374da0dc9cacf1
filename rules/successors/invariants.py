"""What must hold in every state of a game of Successors."""

from __future__ import annotations

from .capitals import walls
from .model import State, count, ed


def check(st: State) -> list[str]:
    out: list[str] = []
    e = ed()
    for sid, by in st["cu"].items():
        if sid not in e.spaces:
            out.append(f"CUs off the map at {sid}")
        for seat, group in by.items():
            for kind, n in group.items():
                if n <= 0:
                    out.append(f"{seat} has {n} {kind} at {sid}")
    royal = sum(g.get("royal", 0) for by in st["cu"].values() for g in by.values())
    royal += sum(d.get("royal", 0) for d in st["dispersed"].values())
    if royal > 8:
        out.append(f"{royal} Royal Army CUs (only 8 exist, 3.3.4.1)")
    for sid, who in st["pc"].items():
        if e.spaces[sid].kind == "transit":
            out.append(f"a PC on the transit point {sid} (4.27)")
        if who not in st["players"] and who != "ind":
            out.append(f"unknown PC owner {who} at {sid}")
    for sid, n in st["inside"].items():
        owner = st["pc"].get(sid)

        if n > walls(st, sid):
            out.append(f"{n} CUs inside {sid} (at most {walls(st, sid)}, 4.16, 19.8)")
        if owner in st["players"] and n > count(st, sid, owner):
            out.append(f"{n} inside {sid} but only {count(st, sid, owner)} CUs there")
    for gid, rec in st["gen"].items():
        loc = rec["loc"]
        if loc not in e.spaces and loc not in ("supply", "dispersed", "dead", "aside", "pending"):
            out.append(f"general {gid} at {loc}")
        if "-minor-" in gid and loc == "dispersed":
            out.append(f"minor general {gid} dispersed (goes to supply, 3.1.2)")
    for rid, rec in st["royals"].items():
        if rec["loc"] not in e.spaces and rec["loc"] not in ("box", "dead"):
            out.append(f"royal {rid} at {rec['loc']}")
    hands = sum(len(h) for h in st["hands"].values())
    kept = sum(len(k) for k in st["kept"].values())
    total = hands + kept + len(st["deck"]["draw"]) + len(st["deck"]["discard"]) + \
        len(st["removed"]) + len(st["table"]) + len(st["in_play"])
    if total != len(e.cards):
        out.append(f"{total} Tyche cards accounted for, not {len(e.cards)}")
    for s in st["players"]:
        for kind, n in st["dispersed"][s].items():
            if n < 0:
                out.append(f"{s} has {n} dispersed {kind}")
    return out
