"""Set-up of a scenario (3.1, section 12): every marker, leader and unit placed, Control derived.

The state layout is documented in docs/hubris-state.md.
"""

from __future__ import annotations

from typing import Any

from rules.engine.plain import plain
from rules.engine.state import frac_str, log, new_state

from . import control
from .mapdata import KINGDOMS, MapData, load_map
from .scenarios import load_scenarios
from .two_player import setup as two_player_setup
from .victory import history_entry

State = dict[str, Any]

#: 2.2.10: where a Kingdom's King (and provisionally its Royal Army) stands by default
DEFAULT_SATRAPY = {"macedon": "makedonia", "ptolemies": "delta", "seleucids": "seleukis"}


def _align(state: State, pid: str, power: str, marker: str, rebel: str | None = None) -> None:
    state["places"][pid] = {
        "power": power,
        "marker": marker,
        "rebel": rebel,
        "revolt": False,
        "sd": False,
    }


def place_alignments(state: State, rec: dict[str, Any], md: MapData) -> None:
    """Specific alignments first, then the background default fill of empty Places (3.1)."""
    for line in rec["alignments"]:
        power, rebel = line["power"], line.get("rebel")
        if "all" in line:
            for p in md.places_in(line["satrapy"]):
                kind = line["all"]
                marker = (
                    kind if kind != "default" else ("garrison" if p.kind == "city" else "alliance")
                )
                _align(state, p.id, power, marker, rebel)
        for marker in ("garrison", "alliance"):
            for pid in line.get(marker, []):
                _align(state, pid, power, marker, rebel)
    for kingdom, sats in rec["default_fill"].items():
        if kingdom == "source":
            continue
        for sid in sats:
            for p in md.places_in(sid):
                if state["places"][p.id]["power"] is None:
                    _align(state, p.id, kingdom, "garrison" if p.kind == "city" else "alliance")


def _units(state: State, rec: dict[str, Any]) -> None:
    units = state["units"]
    for line in rec["units"]:
        if "unit" in line:
            units[line["unit"]] = {
                "type": line["type"],
                "owner": line.get("owner"),
                "location": line["location"],
                "face": line.get("face", "down"),
            }
        for uid in line.get("offmap", []):
            units.setdefault(
                uid, {"type": None, "owner": None, "location": "offmap", "face": "down"}
            )
        for uid in line.get("removed", []):
            units[uid] = {"type": None, "owner": None, "location": "removed", "face": "down"}
        if line.get("placement") == "choice":
            for k in line["royal"]:
                if k not in state["kingdoms"]:
                    continue
                where = DEFAULT_SATRAPY[k]
                units[f"{k}-royal-army"] = {
                    "type": "royal-army",
                    "owner": k,
                    "location": where,
                    "face": "up",
                }
                units[f"{k}-siege-train"] = {
                    "type": "siege-train",
                    "owner": k,
                    "location": where,
                    "face": "up",
                }
                state["setup"].setdefault("royal_army_placement", []).append(k)


def new_game_state(scenario: str, seats: list[str], options: dict[str, str], seed: int) -> State:
    """A fresh state of ``scenario`` with every set-up line applied (3.1, section 12)."""
    md = load_map()
    rec = load_scenarios().get(scenario)
    state = new_state("hubris", scenario, seats, options, seed)
    lengths = rec.get("lengths") or [1]
    turns = int(options.get("turns", lengths[0]))
    in_play = rec.get("in_play")
    sat_in = set(in_play["satrapies"]) if in_play else set(md.satrapies)
    sea_in = set(in_play["seas"]) if in_play else set(md.seas)
    skip = rec.get("skip_phases", {}).get("phases", [])
    state.update(
        {
            "turn": rec["start_turn"],
            "last_turn": rec["start_turn"] + turns - 1,
            "phase": next(
                p
                for p in ("decks", "revenue", "roman-politics", "mercenaries", "action")
                if p not in skip
            ),
            "segment": None,
            "scenario": {
                "id": rec["id"],
                "section": rec["section"],
                "start_turn": rec["start_turn"],
                "deck": {k: v for k, v in rec.get("deck", {}).items() if k != "source"},
                "skip_phases": rec.get("skip_phases", {}),
                "ignore_mechanics": rec.get("ignore_mechanics", {}).get("mechanics", []),
                "powers_out_of_play": rec.get("powers_out_of_play", {}).get("powers", []),
                "special_rules": [
                    {"id": r["id"], "text": r["text"]} for r in rec.get("special_rules", [])
                ],
                "victory": [
                    {k: v for k, v in r.items() if k != "source"} for r in rec.get("victory", [])
                ],
                "vp_modifiers": [
                    {k: v for k, v in r.items() if k != "source"}
                    for r in rec.get("vp_modifiers", [])
                ],
                "activations": [
                    {k: v for k, v in r.items() if k != "source"}
                    for r in rec.get("activations", [])
                ],
                "revenue_base": {},
            },
            "setup": {},
            "places": {
                pid: {"power": None, "marker": None, "rebel": None, "revolt": False, "sd": False}
                for pid in md.places
            },
            "satrapies": {
                sid: {"ravaged": False, "taxes_increased": False, "in_play": sid in sat_in}
                for sid in md.satrapies
            },
            "seas": {sid: {"in_play": sid in sea_in} for sid in md.seas},
            "kingdoms": {},
            "leaders": {},
            "units": {},
            "wars": {},
            "rebels": {},
            "minors": {},
            "rome": {
                "rb": 0,
                "agenda": None,
                "agenda_side": None,
                "spw": None,
                "freedom_of_greeks": False,
                "guarantees": [],
                "consuls": {},
                "in_play": "rome" not in rec.get("powers_out_of_play", {}).get("powers", []),
            },
            "decks": {
                "events": {"draw": [], "discard": []},
                "roman_activation": {"draw": [], "discard": []},
            },
            "ongoing_events": list(rec.get("ongoing_events", {}).get("events", [])),
            "pending_events": list(rec.get("pending_events", {}).get("events", [])),
        }
    )
    rome_senate = (rec.get("rome") or {}).get("senate", {})
    for k, block in rec["kingdoms"].items():
        state["kingdoms"][k] = {
            "seat": k,
            "player": k in seats,
            "treasury": block["treasury"],
            "dynastic_vp": frac_str(block.get("dynastic_vp", 0)),
            "senate": rome_senate.get(k, "none"),
            "surrendered": block.get("surrendered", 0),
            "temporary_capital": None,
            "controlled3_at_war_onset": False,
            "eliminated": False,
            "king": None,
            "chief_minister": None,
        }
        for line in block["court"]:
            role = line.get("role")
            state["leaders"][line["leader"]] = {
                "court": k,
                "location": "hostage" if line.get("hostage") else "court",
                "role": role,
                "rotation": 0,
                "renown": line.get("renown", 0),
                "rebel": False,
                "of": k,
            }
            if role == "king":
                state["kingdoms"][k]["king"] = line["leader"]
            elif role == "chief-minister":
                state["kingdoms"][k]["chief_minister"] = line["leader"]
    for line in rec.get("rebels", []):
        state["rebels"][line["leader"]] = {"of": line["of"], "renown": line.get("renown", 0)}
        state["leaders"][line["leader"]] = {
            "court": "rebel",
            "location": "court",
            "role": None,
            "rotation": 0,
            "renown": line.get("renown", 0),
            "rebel": True,
            "of": line["of"],
        }
    rome = rec.get("rome")
    if rome:
        state["rome"].update(
            {
                key: rome[key]
                for key in ("rb", "agenda", "agenda_side", "spw", "freedom_of_greeks")
                if key in rome
            }
        )
        for lid in rome.get("court", []):
            state["leaders"][lid] = {
                "court": "rome",
                "location": "court",
                "role": None,
                "rotation": 0,
                "renown": 0,
                "rebel": False,
                "of": "rome",
            }
    for line in rec.get("wars", []):
        state["wars"]["|".join(sorted(line["between"]))] = line["status"]
    place_alignments(state, rec, md)
    _units(state, rec)
    for k, fixed in rec.get("revenue_base", {}).items():
        if k in KINGDOMS:
            start = control.tax_base({**state, "scenario": {}}, k, md)
            state["scenario"]["revenue_base"][k] = {
                "fixed": frac_str(fixed),
                "start": frac_str(start),
            }
    control.refresh(state, md)

    # the first point of the end-of-game chart: each Kingdom's Total VPs at set-up (9.0)
    state["vp_history"] = [history_entry(state, rec["start_turn"] - 1)]
    log(state, f"Set-up of scenario {rec['section']} '{rec['title']}'", rule="3.1")
    if options.get("players") == "2":           # section 10: Macedon is the Non-Player
        if "macedon" in seats:
            raise ValueError("in the two-player game Macedon is no player's seat (10.0)")
        two_player_setup(state)
        control.refresh(state, md)
    # the scenario's own record holds lists and tables of the cached scenario data (no
    # LineDict may reach the state, nothing be shared with the cache); the rest is built here
    state["scenario"] = plain(state["scenario"])
    return state
