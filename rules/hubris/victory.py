"""Victory (9.1, 9.2) and the victory levels of scenario 12.3.

12.3 (ruling R12): Majors are checked first; if both Kingdoms meet their Major condition,
neither is Major and the Minor tests decide. VPs compared are Total VPs rounded (2.1.5).
"""

from __future__ import annotations

from typing import Any

from rules.engine.state import frac

from . import alignment, core
from .core import note
from .names import name
from .rulesdata import RulesData

State = dict[str, Any]
AUTO_VICTORY = 30


def totals(state: State) -> dict[str, int]:
    return {k: int(v["total_rounded"]) for k, v in state["derived"]["vp"].items()}


def fourth_syrian_war(state: State) -> dict[str, Any]:
    t = totals(state)
    p, s = t.get("ptolemies", 0), t.get("seleucids", 0)
    scores = {"ptolemies": p, "seleucids": s}
    pmaj, smaj = p >= 20, s >= 12
    if pmaj and not smaj:
        return _res(["ptolemies"], "Ptolemaic Total VPs 20 or more", scores, "Major Victory")
    if smaj and not pmaj:
        return _res(["seleucids"], "Seleucid Total VPs 12 or more", scores, "Major Victory")
    if p - s >= 9:
        return _res(["ptolemies"], "Ptolemies ahead by 9 VPs or more", scores, "Minor Victory")
    if p - s <= 7:
        return _res(["seleucids"], "Ptolemies not ahead by 8 VPs or more", scores,
                    "Minor Victory")
    return _res([], "Ptolemies exactly 8 VPs ahead", scores, "Draw")


def _res(winners: list[str], reason: str, scores: dict[str, int], level: str) -> dict[str, Any]:
    return {"winners": winners, "reason": reason, "scores": scores, "level": level}


def assess(data: RulesData, state: State) -> dict[str, Any] | None:
    """The Victory Segment (3.7.4): 12.3's levels, else 9.1 automatic and 9.2 final."""
    alignment.refresh(data, state)
    if state.get("scenario", {}).get("id") == "fourth-syrian-war" or \
            state.get("meta", {}).get("scenario") == "fourth-syrian-war":
        res = fourth_syrian_war(state)
        scores = ", ".join(f"{name(k)} {v}" for k, v in res["scores"].items())
        note(state, f"Victory: {res['level']} ({res['reason']}); VPs: {scores}.", "12.3")
        return res
    t = totals(state)
    over = [k for k, v in t.items() if v >= AUTO_VICTORY]
    if over:
        best = max(t[k] for k in over)
        win = [k for k in over if t[k] == best]
        return _res(win, "30 or more Total VPs", dict(t), "Automatic Victory")
    if state.get("turn", 1) >= state.get("last_turn", state.get("turn", 1)):
        best = max(t.values())
        tied = [k for k, v in t.items() if v == best]
        if len(tied) > 1:   # 9.2 ties: lowest King Renown, then most Dynastic VPs
            def key(k: str) -> tuple[int, Any]:
                kg = core.king(state, k)
                ren = state["leaders"][kg]["renown"] if kg else 0
                return (-ren, frac(state["kingdoms"][k].get("dynastic_vp", "0")))
            tied.sort(key=key, reverse=True)
            tied = tied[:1]
        note(state, f"Final Victory: {name(tied[0])}.", "9.2")
        return _res(tied, "most Total VPs at the end", dict(t), "Victory")
    return None
