"""Invariants checked after every choice: Units conserved, Treasuries in 0..60, Control
matching the markers, Leaders and Units in legal places, the stack well formed."""

from __future__ import annotations

import copy
from typing import Any

from . import core
from .rulesdata import RulesData

State = dict[str, Any]


def broken(data: RulesData, state: State) -> list[str]:
    out: list[str] = []
    base = state.get("unit_ids")
    if base is not None and sorted(state["units"]) != base:
        out.append("units not conserved")
    for k, kd in state["kingdoms"].items():
        if not 0 <= kd["treasury"] <= 60:
            out.append(f"{k} treasury {kd['treasury']} outside 0..60")
    if data.refresh:
        twin = copy.deepcopy({k: v for k, v in state.items() if k != "log"})
        data.refresh(twin)
        if twin.get("derived", {}).get("control") != state.get("derived", {}).get("control"):
            out.append("Control does not match the markers")
        if twin.get("derived", {}).get("vp") != state.get("derived", {}).get("vp"):
            out.append("VPs do not match the markers")
    for u, r in state["units"].items():
        loc = r["location"]
        if loc.startswith("leader:") and loc[7:] not in state["leaders"]:
            out.append(f"{u} on the card of {loc[7:]}, who is not in play")
        elif loc.startswith("leader:") and not core.on_map_location(
                state["leaders"][loc[7:]]["location"]):
            out.append(f"{u} on the card of {loc[7:]}, who is not on the map")
    for p, r in state["places"].items():
        if (r.get("power") is None) != (r.get("marker") is None):
            out.append(f"{p}: power and marker disagree")
        if r.get("revolt") and r.get("power"):
            out.append(f"{p}: Revolt but Aligned")
        if p in data.places and data.places[p].kind == "tribe" and r.get("marker") == "garrison":
            out.append(f"{p}: a Tribe with a Garrison")
        if p in data.places and data.places[p].status == "subject" and \
                r.get("marker") == "alliance" and r.get("power") in core.KINGDOMS:
            out.append(f"{p}: a Kingdom's Alliance on a Subject City")
    for lid, r in state["leaders"].items():
        if not -2 <= r["renown"] <= 4:
            out.append(f"{lid} Renown {r['renown']}")
        if not 0 <= r["rotation"] <= 2:
            out.append(f"{lid} rotation {r['rotation']}")
    for k in core.kingdoms(state):
        if core.strategoi(state, k) > 3:
            out.append(f"{k} has more than three Strategoi")
    return out
