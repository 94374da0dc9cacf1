"""The two player mats as plain rows for the side panel: tracks, boxes, commander section,
leaders, favour and hands (what the table would show on each player's mat)."""

from __future__ import annotations

from typing import Any

from .battle import box_value
from .cards import BOX_NAMES
from .data import BOXES, SIDES, ed
from .model import NAMES, State, controlled_by, leader_name, mats

LEADER_STATES = (("ready", "Leaders ready"), ("spent", "Leaders spent"),
                 ("eliminated", "Leaders eliminated"))


def mat_rows(view: State) -> tuple[list[str], list[list[str]]]:
    """(column heads, rows): the first cell of a row is its label, then one cell a side."""
    heads = ["Mat"] + [NAMES[s] for s in SIDES]
    rows: list[list[str]] = [["Treasury"] + [f"{view['treasury'][s]} talents" for s in SIDES]]
    for track in ("army", "navy"):
        cells = []
        for s in SIDES:
            m = mats()["sides"][s]
            n = view[track][s]
            text = f"{n} (extra die at {m[f'{track}_die']})"
            if track == "navy":
                costs = m["ship_costs"]
                text += f", next ship {costs[n]} talents" if n < len(costs) else ", full"
            cells.append(text)
        rows.append([f"{track.capitalize()} strength"] + cells)
    for box in BOXES:
        cells = []
        for s in SIDES:
            parts = []
            for a in ed().assets.values():
                if a.side == s and a.box == box:
                    coin = " (mercenary)" if a.mercenary else ""
                    out = "" if view["assets"][a.id] == "play" else " - returned"
                    parts.append(f"{a.name} {a.value}{coin}{out}")
            for sid, sp in ed().spaces.items():
                if sp.box.get(box) and controlled_by(view, sid) == s:
                    parts.append(f"ally {sp.name} {sp.box[box]}")
            cells.append(f"{box_value(view, s, box)}: " + ", ".join(parts))
        rows.append([f"{BOX_NAMES[box].capitalize()} box"] + cells)
    rows.append(["Commander section"] + [", ".join(
        f"{leader_name(f['leader'])} ({f['type']}s)" for f in view["forces"]
        if f["side"] == s and f["where"] is None) or "empty" for s in SIDES])
    rows.append(["On the map"] + [", ".join(
        f"{leader_name(f['leader'])} ({f['type']}s) at {ed().spaces[f['where']].name}"
        + (", besieging" if f["siege"] else "")
        for f in view["forces"] if f["side"] == s and f["where"]) or "none" for s in SIDES])
    for key, label in LEADER_STATES:
        rows.append([label] + [", ".join(
            leader_name(lid) + (" (gold)" if rec["gold"] else "")
            for lid, rec in sorted(view["leaders"].items())
            if rec["state"] == key and ed().leaders[lid].side == s) or "none" for s in SIDES])
    rows.append(["Favour"] + [", ".join(f"{n} {c}" for c, n in view["favour"][s].items() if n)
                              or "none" for s in SIDES])
    sizes: dict[str, Any] = view.get("hand_sizes") or {s: len(view["hands"][s]) for s in SIDES}
    bsizes: dict[str, Any] = view.get("battle_hand_sizes") or {
        s: len(view["battle_hands"][s]) for s in SIDES}
    rows.append(["Cards in hand"] + [f"{sizes[s]} action, {bsizes[s]} battle" for s in SIDES])
    return heads, rows
