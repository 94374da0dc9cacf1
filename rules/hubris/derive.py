"""Control, VPs and tax base computed from the markers (2.6.2, 2.11, 3.3).

Writes ``state["derived"]`` in the layout of docs/hubris-state.md. The production game uses
the data engineer's ``control.refresh``; this one serves hand-made test boards and the
invariant check ("Control matches markers").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.engine.state import frac, frac_str

from . import tables
from .core import place_power
from .numbers import round_half_away
from .rulesdata import RulesData


def satrapy_control(state: dict[str, Any], data: RulesData, sat: str) -> dict[str, Any] | None:
    """Who Controls ``sat`` and how (2.6.2): more than half the Places = Simple, all = Full."""
    places = data.satrapies[sat].places
    counts: dict[str, list[int]] = {}
    for p in places:
        rec = state["places"].get(p) or {}
        power = place_power(rec)
        if not power or rec.get("revolt"):
            continue
        c = counts.setdefault(power, [0, 0])
        c[0 if rec.get("marker") == "alliance" else 1] += 1
    for power, (alliances, garrisons) in counts.items():
        n = alliances + garrisons
        if 2 * n > len(places):
            return {"power": power, "level": "full" if n == len(places) else "simple",
                    "alliances": alliances, "garrisons": garrisons,
                    "halved": alliances > garrisons}
    return None


def compute(state: dict[str, Any], data: RulesData) -> dict[str, Any]:
    control: dict[str, Any] = {}
    terr: dict[str, Fraction] = {k: Fraction(0) for k in state["kingdoms"]}
    tax: dict[str, Fraction] = {k: Fraction(0) for k in state["kingdoms"]}
    for sat, info in data.satrapies.items():
        if not state["satrapies"].get(sat, {}).get("in_play", True):
            continue
        c = satrapy_control(state, data, sat)
        if c is None:
            continue
        control[sat] = c
        k = c["power"]
        if k not in terr:
            continue
        idx = 1 if c["level"] == "full" else 0
        vp = info.vp.get(k) or info.vp.get("default") or (0, 0)
        terr[k] += Fraction(str(vp[idx]))
        t = Fraction(str(info.tax[idx]))
        if c["halved"]:
            t /= 2
        if state["satrapies"].get(sat, {}).get("ravaged"):
            t /= 2
        tax[k] += t
    vp_out = {}
    for k, kd in state["kingdoms"].items():
        if kd.get("non_player"):        # 10.1: no VPs
            continue
        king = kd.get("king")
        renown = state["leaders"][king]["renown"] if king in state["leaders"] else 0
        dyn = frac(kd.get("dynastic_vp", "0"))
        total = terr[k] + dyn + renown
        vp_out[k] = {"territorial": frac_str(terr[k]), "dynastic": frac_str(dyn),
                     "renown": renown, "total": frac_str(total),
                     "territorial_rounded": round_half_away(terr[k]),
                     "total_rounded": round_half_away(total)}
    return {"control": control, "vp": vp_out,
            "tax_base": {k: frac_str(v) for k, v in tax.items()}}


def refresh(state: dict[str, Any], data: RulesData) -> None:
    state["derived"] = compute(state, data)
    tables.wrote(state, "derived")
