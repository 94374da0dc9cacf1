"""The board's tracks as text: turn, turn order, the Action Cycle Table (ch.8) and one row
per empire (VP, Talents, income, stability, development phases, units and supply), shown by
the side panel (:mod:`.panel`)."""

from __future__ import annotations

from typing import Any

from rules.mare_nostrum.names import PHASE_NAMES

ROMAN = ("–", "I", "II", "III", "IV", "V", "GA")
ACTIONS = (("move", "Move"), ("attack", "Attack"), ("build", "Build"), ("trade", "Trade"),
           ("stability", "Stability"), ("develop", "Develop"), ("armistice", "Armistice"))
COLUMNS = (("Empire", 2.2), ("VP", 0.8), ("Talents", 1.1), ("Income", 1.0),
           ("Stability", 1.1), ("Military", 1.0), ("Fleet", 0.9), ("Economy", 1.0),
           ("Culture", 1.0), ("Legions / supply", 1.7), ("Ships", 0.8), ("Posts", 0.8),
           ("Monuments", 1.3), ("Areas", 0.8))


def acting(state: dict[str, Any]) -> str | None:
    """The empire to decide now (prompt seat without the rules: cycle pointer or action)."""
    act = state.get("action")
    if act:
        return act.get("seat")
    cyc = state.get("cycle")
    order = state.get("order") or []
    if cyc and state.get("phase") == "actions" and 0 <= cyc.get("next", -1) < len(order):
        return order[cyc["next"]]
    return None


def header(state: dict[str, Any]) -> list[str]:
    """Turn line and Action Cycle line."""
    now = acting(state)
    order = " › ".join(("▶ " if e == now else "") + e.capitalize()
                       for e in state.get("order") or [])
    phase = PHASE_NAMES.get(state.get("phase", ""), state.get("phase", ""))
    lines = [f"Turn {state.get('turn', 0)} · {phase} · "
             f"{state.get('vp_target', '?')} VP wins · order: {order}"]
    cyc = state.get("cycle")
    if cyc:
        counts = cyc.get("counts", {})
        last = cyc.get("last") or "—"
        lines.append(f"Action Cycle, round {cyc.get('round', 1)} (each action ≤ "
                     f"{cyc.get('limit', '?')}, ≤ {cyc.get('per_player', 2)} per empire): " +
                     " · ".join(f"{label} {counts.get(a, 0)}" for a, label in ACTIONS) +
                     f" · last: {last.capitalize() if last != '—' else last}")
    return lines


def empire_cells(e: str, emp: dict[str, Any]) -> list[str]:
    """One row of the empires table."""
    if emp.get("revolted"):
        return [e.capitalize(), str(emp.get("vp", 0)), str(emp.get("money", 0)), "",
                "revolution"] + [""] * (len(COLUMNS) - 5)
    ph = emp.get("phases") or {}
    pieces = emp.get("pieces") or {}
    stab = emp.get("stability", 0)
    return [e.capitalize(), str(emp.get("vp", 0)), str(emp.get("money", 0)),
            f"+{emp.get('income', 0)}", "Golden Age" if stab > 10 else f"{stab:+d}",
            *(ROMAN[min(ph.get(r, 0), 6)] for r in ("military", "fleet", "economy", "culture")),
            f"{emp.get('legions', 0)} / {emp.get('supply', 0)}", str(emp.get("ships", 0)),
            str(pieces.get("trade_posts", 0) + pieces.get("fortresses", 0)),
            str(pieces.get("monuments", 0)), str(len(emp.get("control") or []))]


def rows(state: dict[str, Any]) -> list[list[str]]:
    """The text shown: header lines (one cell), column heads, one row per empire."""
    empires = state.get("empires") or {}
    if not empires:
        return []
    order = [e for e in state.get("order") or [] if e in empires]
    order += [e for e in empires if e not in order]
    return ([[line] for line in header(state)] + [[c for c, _ in COLUMNS]] +
            [empire_cells(e, empires[e]) for e in order])
