"""Invariants checked after every choice: Units conserved, Treasuries in 0..60, Control
matching the markers, Leaders and Units in legal places, the stack well formed."""

from __future__ import annotations

import copy
from typing import Any

from . import core
from .rulesdata import RulesData
from .two_player import broken as two_player_broken

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
                state["leaders"][loc[7:]]["location"]) and \
                state["leaders"][loc[7:]]["location"] != "italia":     # a Consul (8.6.3)
            out.append(f"{u} on the card of {loc[7:]}, who is not on the map")
    for p, r in state["places"].items():
        if (r.get("power") is None) != (r.get("marker") is None):
            out.append(f"{p}: power and marker disagree")
        if r.get("revolt") and r.get("power"):
            out.append(f"{p}: Revolt but Aligned")
        if p in data.places and data.places[p].kind == "tribe" and r.get("marker") == "garrison":
            out.append(f"{p}: a Tribe with a Garrison")
        if p in data.places and data.places[p].status == "subject" and \
                data.places[p].kind == "city" and r.get("marker") == "alliance" and \
                r.get("power") in core.KINGDOMS:
            out.append(f"{p}: a Kingdom's Alliance on a Subject City")
    for lid, r in state["leaders"].items():
        if not -2 <= r["renown"] <= 4:
            out.append(f"{lid} Renown {r['renown']}")
        if not 0 <= r["rotation"] <= 2:
            out.append(f"{lid} rotation {r['rotation']}")
    for k in core.kingdoms(state):
        if core.strategoi(state, k) > 3:
            out.append(f"{k} has more than three Strategoi")
    out += rebels_broken(data, state)
    if core.non_player(state, "macedon"):
        out += two_player_broken(state)
    return out


def rebels_broken(data: RulesData, state: State) -> list[str]:
    """Rebels (2.9): markers, Units and Leaders name a faction in play; a faction has a
    Leader and a Unit on a card or a Garrison (2.9.3); a Rebel holds no office of a Kingdom."""
    out: list[str] = []
    factions = state.get("rebels", {})
    for p, r in state["places"].items():
        if (r.get("power") == "rebel") != bool(r.get("rebel")):
            out.append(f"{p}: Rebel marker and Rebel leader disagree")
        elif r.get("power") == "rebel" and r["rebel"] not in factions:
            out.append(f"{p}: marker of the Rebel {r['rebel']}, who is not in play")
    for u, r in state["units"].items():
        if core.is_rebel(r.get("owner")) and core.rebel_head(r["owner"]) not in factions:
            out.append(f"{u} owned by {r['owner']}, not in play")
    for lid, r in state["leaders"].items():
        if not r.get("rebel"):
            continue
        if core.rebel_head(core.leader_power(state, lid)) not in factions:
            out.append(f"Rebel {lid} of no faction in play")
        if r["court"] != "rebel" or not r.get("of"):
            out.append(f"Rebel {lid}: court {r['court']}, of {r.get('of')}")
        for k, kd in state["kingdoms"].items():
            if lid in (kd.get("king"), kd.get("chief_minister")):
                out.append(f"Rebel {lid} holds an office of the {k}")
    for head in factions:
        power = core.rebel_power(head)
        lids = core.leaders_of(state, power)
        cards = [u for lid in lids for u in core.on_card(state, lid)]
        garrisons = [p for p, r in state["places"].items() if core.place_power(r) == power
                     and r.get("marker") == "garrison"]
        if not lids or not (cards or garrisons):
            out.append(f"Rebel {head} should have been eliminated (2.9.3)")
        if any(state["units"][u]["owner"] != power for u in cards):
            out.append(f"a Unit on a card of Rebel {head} is not his")
    return out
