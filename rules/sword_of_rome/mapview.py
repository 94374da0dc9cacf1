"""What a point-to-point map scene draws, as plain data (the GUI decides nothing).

``point_map()`` is the static board (spaces at lon/lat with their kind, typed connections,
the coastline); ``point_pieces(state)`` the changing part (control, loyalty, sieges, stacks).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from rules.engine.registry import asset_dir

from .data import GAME_ID, edition
from .model import POWER_NAMES, State, leaders_at

#: the map colours of the powers (rule 2.2)
COLOURS = {"rome": "#c0392b", "greeks": "#6fb1e0", "gauls": "#1f3f8f", "etruscans": "#e5c22e",
           "samnites": "#3f9a4a", "carthage": "#7d3c98", "volsci": "#e67e22",
           "transalpine": "#8c8c8c", "rebels": "#6d4c41", "independent": "#d8c49a"}


#: display magnifiers (lon, lat, radius in degrees, strength) over crowded Latium and
#: Campania: the drawn map only, the rules use the real positions
WARP = [[12.6, 41.9, 1.9, 1.1], [14.35, 41.05, 1.1, 0.9], [14.6, 41.6, 0.9, 0.6]]


#: the counters' side in scene units: 15 px at the fitted default window (the map is drawn
#: at about 0.6 px a unit), over the 14 px every map keeps (tests/gui/test_map_readability.py)
COUNTER_SIZE = 25.0


@cache
def short_names() -> dict[str, str]:
    """Each leader's two letters on a counter: the start of his name, or, where another
    leader's name starts the same, its first and third letters (Hamilcar Hm, Hanno Hn,
    Hasdrubal Hs)."""
    names = {lid: ld.name for lid, ld in edition().leaders.items()}
    out = {}
    for lid, name in names.items():
        clash = any(other != name and other[:2] == name[:2] for other in names.values())
        out[lid] = name[0] + name[2] if clash else name[:2]
    return out


@cache
def _coast() -> list[list[list[float]]]:
    return json.loads((asset_dir(GAME_ID) / "coast.json").read_text())["land"]


def point_map(state: State) -> dict[str, Any]:
    ed = edition()
    spaces = []
    for sid in state["spaces"]:
        sp = ed.spaces[sid]
        kind = "box" if sp.box else ("walled" if sp.walled else ("tribe" if sp.tribe else
                                                                  "space"))
        spaces.append({"id": sid, "name": sp.name, "lon": sp.lon, "lat": sp.lat, "kind": kind,
                       "port": sp.port, "vp": sp.vp, "reinf": sp.reinf,
                       "home": COLOURS.get(sp.home or "independent")})
    links = [{"a": a, "b": b, "kind": kind} for a, b, kind in ed.links
             if a in state["spaces"] and b in state["spaces"]]
    for box, targets in ed.one_way.items():
        if box in state["spaces"]:
            links += [{"a": box, "b": t, "kind": "one-way"} for t in targets
                      if t in state["spaces"]]
    return {"spaces": spaces, "links": links, "land": _coast(), "lat0": 41.5, "warp": WARP,
            "counter_size": COUNTER_SIZE,
            "colours": dict(COLOURS), "names": dict(POWER_NAMES),
            "appian": list(ed.appian) if state["flags"].get("appian_way") else []}


def point_pieces(state: State) -> dict[str, Any]:
    ed = edition()
    out: dict[str, Any] = {}
    for sid, sp in state["spaces"].items():
        stacks = []
        for p, n in sorted(state["cu"].get(sid, {}).items()):
            here = leaders_at(state, sid, p)
            stacks.append({"power": p, "name": POWER_NAMES.get(p, p), "colour": COLOURS[p],
                           "cu": n, "short": [short_names()[lid] for lid in here],
                           "leaders": [ed.leaders[lid].name for lid in here],
                           "inside": sp["inside"] if sp["ctl"] == p else 0})
        lone = [lid for lid in leaders_at(state, sid)
                if not state["cu"].get(sid, {}).get(ed.leaders[lid].power)]
        for lid in lone:
            p = ed.leaders[lid].power
            stacks.append({"power": p, "name": POWER_NAMES.get(p, p), "colour": COLOURS[p],
                           "cu": 0, "short": [short_names()[lid]],
                           "leaders": [ed.leaders[lid].name], "inside": 0})
        out[sid] = {"control": COLOURS.get(sp["ctl"], COLOURS["independent"]),
                    "controller": sp["ctl"], "loyalty": sp["loy"], "tribe": sp["tribe"],
                    "siege": sp["siege"],
                    "sieger": COLOURS.get(sp["sieger"]) if sp["sieger"] else None,
                    "stacks": stacks}
    return out
