"""Victory (section 9) and the victory levels of scenario 12.3.

At the start of the Victory Segment of every Winter Quarters (9.0, 3.7.4) :func:`assess`

* records each Kingdom's Total VPs for the Turn in ``state["vp_history"]`` (the end-of-game
  chart draws it beside the 9.3 table);
* 9.1: a Kingdom with 30 Total VPs or more wins an Automatic Victory;
* 9.2: on the last Turn, the scenario's VP modifiers are added (12.1, 12.2, 12.4: Macedon +3
  if the game ends at the end of Turn 7) and the most adjusted Total VPs win; ties go to the
  highest Influence in the Roman Senate, then the King with the lowest Renown, then the most
  Dynastic VPs (rulings R90, R91 for what the text leaves open);
* 9.3: the result compares every Kingdom's Total VPs with its historical score that Turn.

12.3 (ruling R12): Majors are checked first; if both Kingdoms meet their Major condition,
neither is Major and the Minor tests decide. VPs compared are Total VPs rounded (2.1.5).
"""

from __future__ import annotations

from typing import Any

from rules.engine.state import frac

from . import alignment, core
from .core import note
from .flow import Check, add_check
from .history import load_history
from .names import name
from .rome import influence
from .rulesdata import RulesData

State = dict[str, Any]
AUTO_VICTORY = 30
#: 9.2's tie-breaks, in order, as a reader names them
TIE_BREAKS = ("Influence in the Roman Senate", "the lowest King's Renown", "Dynastic VPs")


def played(state: State, k: str) -> bool:
    """A seat plays Kingdom ``k`` (a Non-Player Macedon has no VPs, 10.1)."""
    return state["kingdoms"][k].get("player", True)


def players(state: State) -> list[str]:
    """The Kingdoms a seat plays."""
    return [k for k in state["kingdoms"] if played(state, k)]


def totals(state: State) -> dict[str, int]:
    """Each played Kingdom's Total VPs, rounded (2.1.5)."""
    vp = state["derived"]["vp"]
    return {k: int(vp[k]["total_rounded"]) for k in players(state) if k in vp}


def contenders(state: State) -> list[str]:
    """The Kingdoms that may win: played by a seat and not out of the game (8.8.2, 10.1)."""
    return [k for k in core.kingdoms(state) if played(state, k)]


# --- the record of VPs, Turn by Turn ----------------------------------------------------------
def history_entry(state: State, turn: int) -> dict[str, Any]:
    """Each Kingdom's exact Total VPs now (fractions as strings), for ``turn``."""
    vp = state["derived"]["vp"]
    return {"turn": turn, "total": {k: vp[k]["total"] for k in players(state) if k in vp}}


def record_turn(state: State) -> None:
    """Keep this Turn's Total VPs in ``state["vp_history"]`` (once per Turn)."""
    turn = state.get("turn", 1)
    rows = [e for e in state.setdefault("vp_history", []) if e["turn"] != turn]
    rows.append(history_entry(state, turn))
    state["vp_history"] = rows


# --- 9.2 ----------------------------------------------------------------------------------------
def modifiers(state: State) -> dict[str, int]:
    """The scenario's VP modifiers due if the game ends with this Turn (9.2, section 12), for
    the Kingdoms played ('if any for your player count': none for a Non-Player Macedon)."""
    out: dict[str, int] = {}
    for m in state.get("scenario", {}).get("vp_modifiers") or []:
        if m.get("if_last_turn") in (None, state.get("turn")) and m["kingdom"] in players(state):
            out[m["kingdom"]] = out.get(m["kingdom"], 0) + int(m["vp"])
    return out


def tie_break(state: State, k: str) -> tuple[int, int, Any]:
    """9.2's order among tied Kingdoms, larger first: Senate Influence, then the lowest King's
    Renown (none without a King, 2.11.3), then the most Dynastic VPs."""
    kg = core.king(state, k)
    renown = state["leaders"][kg]["renown"] if kg and kg in state["leaders"] else 0
    return (influence(state, k), -renown, frac(state["kingdoms"][k].get("dynastic_vp", "0")))


def best(state: State, scores: dict[str, int], among: list[str]) -> tuple[list[str], str]:
    """The Kingdoms of ``among`` with the most ``scores``, 9.2's tie-breaks applied, and the
    tie-break that decided ('' when none was needed). Still tied after all three: they
    share the victory (ruling R91)."""
    top = max(scores[k] for k in among)
    tied = [k for k in among if scores[k] == top]
    if len(tied) == 1:
        return tied, ""
    keys = {k: tie_break(state, k) for k in tied}
    for i, why in enumerate(TIE_BREAKS):
        first = max(keys[k][i] for k in tied)
        tied = [k for k in tied if keys[k][i] == first]
        if len(tied) == 1:
            return tied, why
    return tied, ""


# --- 9.3 ----------------------------------------------------------------------------------------
def against_history(state: State, scores: dict[str, int]) -> dict[str, dict[str, int]]:
    """Each Kingdom's Total VPs this Turn beside its historical score (9.3), and the margin."""
    hist = load_history()
    out = {}
    for k, v in scores.items():
        row = hist.of(k, state.get("turn", 1))
        if row is not None:
            out[k] = {"total": v, "historical": row.total, "margin": v - row.total}
    return out


# --- the Victory Segment ------------------------------------------------------------------------
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


def _who(ks: list[str]) -> str:
    return " and ".join(name(k) for k in ks)


def conquered(state: State) -> dict[str, Any]:
    """Nobody wins when Rome has put every played Kingdom out of the game (1.1, 8.8.2)."""
    t = totals(state)
    note(state, "No Kingdom is left to win: Rome has conquered them all.", "9.2")
    return dict(_res([], "Rome has conquered every Kingdom", t, "Draw"),
                history=against_history(state, t))


def all_conquered(data: RulesData, state: State) -> None:
    """Checked before every step: the game ends as soon as no played Kingdom is left."""
    if state.get("result") or contenders(state) or not players(state):
        return
    alignment.refresh(data, state)
    record_turn(state)
    state["result"] = conquered(state)


add_check(Check(all_conquered, watched=True))


def assess(data: RulesData, state: State) -> dict[str, Any] | None:
    """The Victory Segment (3.7.4): 12.3's levels, else 9.1 automatic and 9.2 final."""
    alignment.refresh(data, state)
    record_turn(state)
    if state.get("scenario", {}).get("id") == "fourth-syrian-war" or \
            state.get("meta", {}).get("scenario") == "fourth-syrian-war":
        res = fourth_syrian_war(state)
        scores = ", ".join(f"{name(k)} {v}" for k, v in res["scores"].items())
        note(state, f"Victory: {res['level']} ({res['reason']}); VPs: {scores}.", "12.3")
        return dict(res, history=against_history(state, res["scores"]))
    t = totals(state)
    able = contenders(state)
    turn = state.get("turn", 1)
    if not able:
        return conquered(state)
    over = [k for k in able if t[k] >= AUTO_VICTORY]
    if over:
        win, why = best(state, t, over)
        reason = f"{AUTO_VICTORY} or more Total VPs at the end of Turn {turn}" + \
            (f" (tie broken by {why})" if why else "")
        note(state, f"Automatic Victory: {_who(win)} with {t[win[0]]} Total VPs.", "9.1")
        return dict(_res(win, reason, dict(t), "Automatic Victory"),
                    history=against_history(state, t))
    if turn < state.get("last_turn", turn):
        return None
    mods = modifiers(state)
    adjusted = {k: v + mods.get(k, 0) for k, v in t.items()}
    for k, m in mods.items():
        note(state, f"The scenario's VP modifier: {name(k)} {m:+d} Total VPs for ending at "
                    f"the end of Turn {turn}.", "9.2")
    win, why = best(state, adjusted, able)
    reason = f"most Total VPs at the end of Turn {turn}" + \
        "".join(f", {name(k)} {m:+d} by the scenario" for k, m in mods.items()) + \
        (f" (tie broken by {why})" if why else "")
    note(state, f"Final Victory: {_who(win)} with {adjusted[win[0]]} Total VPs"
                + (f", tie broken by {why}" if why else "") + ".", "9.2")
    return dict(_res(win, reason, adjusted, "Final Victory"),
                history=against_history(state, t))
