"""What the point-to-point map scene draws, as plain data (the GUI decides nothing)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from rules.engine.registry import asset_dir
from rules.engine.short_names import short_forms

from .data import GAME_ID, edition
from .model import COLOURS, NAMES, State, generals_at, gname, ind_armies_at, pname
from .victory import body_controller, royal_controller

NEUTRAL = "#e3d5b0"          # no PC (the tan of the board)
KINDS = {"major": "walled", "minor": "space", "stronghold": "tribe", "transit": "transit"}


@cache
def _coast() -> list[list[list[float]]]:
    return json.loads((asset_dir(GAME_ID) / "coast.json").read_text())["land"]


def point_map(state: State) -> dict[str, Any]:
    ed = edition()
    spaces = []
    for sid, sp in ed.spaces.items():
        prov = ed.provinces[sp.province]
        spaces.append({"id": sid, "name": sp.name, "lon": sp.lon, "lat": sp.lat,
                       "kind": KINDS[sp.kind], "port": sp.port,
                       "vp": sp.kind == "major", "reinf": 0, "home": None,
                       "province": prov.name, "area": prov.name,
                       "hellespont": sid in ed.extras["hellespont"]["spaces"]})
    links = [{"a": a, "b": b, "kind": k} for a, b, k in ed.paths]
    legend = [["space", "Minor City"], ["walled", "Major City"], ["tribe", "Stronghold"],
              ["transit", "Transit point"], ["port", "Port"], ["ring", "Hellespont space"],
              ["royal", "Royal family, the body"], ["land", "Land path"],
              ["mountain", "Mountain path (2 MP)"], ["strait", "Strait (2 MP)"],
              ["sea", "Sea path"], ["trans", "Trans-Med. path (2 MP)"]]
    return {"spaces": spaces, "links": links, "land": _coast(), "legend": legend,
            "legend_corner": "top-right", "lat0": 36.5, "scale": 48.0,
            "counter_size": COUNTER_SIZE,
            "warp": [[23.2, 38.6, 3.2, 0.9], [27.5, 38.6, 2.0, 0.6]],
            "colours": dict(COLOURS), "names": dict(NAMES)}


#: the side of a counter in scene units: the shared counters (gui/counters.py), 16 px across
#: with the map fitted in the default 1600x1000 window
COUNTER_SIZE = 20.0


@cache
def _shorts() -> dict[str, str]:
    return short_forms({gid: g.name for gid, g in edition().generals.items()})


def _short(gid: str) -> str:
    """A general's two letters on his counter (a minor general: m and his number)."""
    if "-minor-" in gid:
        return "m" + gid.partition("-minor-")[2]
    return _shorts().get(gid, gname(gid)[:2])


def point_pieces(state: State) -> dict[str, Any]:
    ed = edition()
    out: dict[str, Any] = {}
    royals: dict[str, list[str]] = {}
    for rid, rec in state["royals"].items():
        if rec["loc"] in ed.spaces and rec["active"]:
            royals.setdefault(rec["loc"], []).append(ed.royals[rid]["name"])
    body = state["body"]
    for sid in ed.spaces:
        pc = state["pc"].get(sid)
        stacks = []
        for seat, group in sorted(state["cu"].get(sid, {}).items()):
            here = generals_at(state, sid, seat)
            stacks.append({"power": seat, "name": NAMES[seat], "colour": COLOURS[seat],
                           "cu": sum(group.values()), "short": [_short(g) for g in here],
                           "leaders": [gname(g) for g in here],
                           "inside": state["inside"].get(sid, 0) if pc == seat else 0})
        alone: dict[str, list[str]] = {}             # generals without CUs, one stack a seat
        for g in generals_at(state, sid):
            seat = state["gen"][g]["owner"]
            if not state["cu"].get(sid, {}).get(seat):
                alone.setdefault(seat, []).append(g)
        for seat, gids in alone.items():
            stacks.append({"power": seat, "name": NAMES[seat], "colour": COLOURS[seat],
                           "cu": 0, "short": [_short(g) for g in gids],
                           "leaders": [gname(g) for g in gids], "inside": 0})
        for i in ind_armies_at(state, sid):
            stacks.append({"power": "ind", "name": "Independent", "colour": COLOURS["ind"],
                           "cu": ed.independents[i]["strength"], "leaders": [pname(i)],
                           "inside": 0})
        marks = list(royals.get(sid, []))
        for rec in state.get("capital", {}).values():      # optional 19.8
            if rec["at"] == sid:
                marks.append("Capital" if rec["stage"] >= 3 else f"Capital {rec['stage']}/3")
        if body["loc"] == sid:
            marks.append("Tomb" if body["tomb"] else "Funeral cart")
        out[sid] = {"control": COLOURS.get(pc, NEUTRAL), "controller": pc,
                    "loyalty": 0, "tribe": 0,
                    "siege": state["sp"][sid]["n"] if sid in state["sp"] else None,
                    "sieger": COLOURS[state["sp"][sid]["by"]] if sid in state["sp"] else None,
                    "stacks": stacks, "royals": marks}
    return out


__all__ = ["point_map", "point_pieces", "royal_controller", "body_controller"]
