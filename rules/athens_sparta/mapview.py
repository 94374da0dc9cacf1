"""What the point-to-point map scene draws, as plain data (the GUI decides nothing).

``point_map()`` is the static board (spaces, allies and colony sites at lon/lat, roads, the
coastline, the legend); ``point_pieces(state)`` the changing part (influence, control,
raids, sieges, forces with their leaders).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from rules.engine.registry import asset_dir

from .data import GAME_ID, ed
from .model import NAMES, State, contested, controlled_by, influence, owner

COLOURS = {"athens": "#2f6db5", "sparta": "#b8322a", "neutral": "#d8c49a"}
PALE = {"athens": "#9dbbe2", "sparta": "#e3a19b"}
SLOT = "#eeeeee"
#: a display magnifier over crowded Attica and the Isthmus: the drawn map only
WARP = [[23.2, 38.0, 1.4, 1.5], [23.4, 40.25, 0.55, 2.2], [21.78, 38.32, 0.4, 1.6],
        [22.41, 37.54, 0.35, 1.6]]
LEGEND = [["vp", "Capital"], ["walled", "Megapolis (3)"], ["space", "City (1-2)"],
          ["tribe", "Ally"], ["port", "Harbour"], ["clear", "Road"],
          ["rough", "Colony road (once founded)"]]
#: a colony site not yet founded is drawn pale (aid: Colonies: it does not exist yet)
#: the counters' side in scene units: about 15 px with the map fitted in the default
#: 1600x1000 window (1.12 px a unit), the shared counters of gui/counters.py
COUNTER_SIZE = 14.0


@cache
def _coast() -> list[list[list[float]]]:
    return json.loads((asset_dir(GAME_ID) / "coast.json").read_text())["land"]


def _tab(lid: str) -> str:
    """What a counter's leader tab shows: a named leader's name (its first letters), a
    generic leader's number (I, II)."""
    ld = ed().leaders[lid]
    return ld.name if ld.named else ld.name.rsplit(" ", 1)[-1]


def point_map(state: State) -> dict[str, Any]:
    spaces = []
    for sid, sp in ed().spaces.items():
        kind = "tribe" if sp.kind == "ally" else ("walled" if sp.capital or sp.megapolis
                                                  else "space")
        label = sp.name.split()[0] if sp.kind == "colony" else sp.name
        spaces.append({"id": sid, "name": label, "lon": sp.lon, "lat": sp.lat, "kind": kind,
                       "port": sp.harbour, "vp": bool(sp.capital), "reinf": 0, "major": True,
                       "home": COLOURS["neutral"] if sp.kind != "colony" else SLOT,
                       "area": ed().regions[sp.region].name if sp.region else None})
    links = [{"a": a, "b": b, "kind": "rough" if col else "clear"}
             for a, b, col in ed().roads]
    return {"spaces": spaces, "links": links, "land": _coast(), "lat0": 38.3, "warp": WARP,
            "counter_size": COUNTER_SIZE,
            "colours": dict(COLOURS), "names": dict(NAMES), "legend": LEGEND,
            "legend_corner": "top-left"}


def point_pieces(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for sid, sp in ed().spaces.items():
        side = owner(state, sid)
        if sp.kind == "colony" and sid not in state["colonies"]:
            colour = SLOT
        elif side is None:
            colour = COLOURS["neutral"]
        else:
            colour = COLOURS[side] if controlled_by(state, sid) else PALE[side]
        n = influence(state, sid, side) if side else 0
        stacks = []
        for f in state["forces"]:
            if f["where"] == sid:
                hoplites = f["type"] == "hoplite"
                stacks.append({"power": f["side"], "name": NAMES[f["side"]],
                               "colour": COLOURS[f["side"]],
                               "cu": "H" if hoplites else "T",
                               "cu_tip": "hoplite army" if hoplites else "trireme fleet",
                               "short": [_tab(f["leader"])[:2]],
                               "leaders": [ed().leaders[f["leader"]].name], "inside": 0})
        marker = None
        if sid in state["sieges"]:
            marker = "S"
        elif contested(state, sid):
            marker = "R"
        out[sid] = {"control": colour, "controller": side,
                    "loyalty": f"{n}/{sp.autonomy}", "tribe": 0,
                    "siege": marker, "siege_label": marker,
                    "sieger": COLOURS[state["sieges"][sid]] if sid in state["sieges"]
                    else "#5a4a3a",
                    "stacks": stacks}
    return out
