"""Successors side panel: VP, Legitimacy and status of every faction (7, 15-17), the
Usurper, the royal family and Alexander's body (15.4, 18)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from rules.successors.model import COLOURS, NAMES, ed, sname
from rules.successors.victory import (
    all_vp,
    body_controller,
    legitimacy,
    legitimacy_breakdown,
    royal_controller,
)


class SuccessorsPanel(QWidget):
    """Built from the state alone; call :meth:`update_state` after every change."""

    def __init__(self, state: dict[str, Any] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.sections: dict[str, QLabel] = {}
        for key in ("turn", "factions", "royals"):
            label = QLabel()
            label.setWordWrap(True)
            label.setObjectName(f"successors-{key}")
            layout.addWidget(label)
            self.sections[key] = label
        layout.addStretch(1)
        if state is not None:
            self.update_state(state)

    def update_state(self, state: dict[str, Any]) -> None:
        self.sections["turn"].setText(
            f"<b>Turn {state['turn']}</b> of {state['turns']} · round {state['round']} of "
            f"{state['rounds']}<br>Victory: {state['vp_target']} VP or 18 L (from turn 2)")
        vps = all_vp(state)
        rows = ["<tr><th></th><th>VP</th><th>L</th><th>Status</th></tr>"]
        for s in state["players"]:
            lb = legitimacy_breakdown(state, s)
            tip = ", ".join(f"{k} {v:+d}" for k, v in lb.items())
            status = state["status"][s].title() + (" · Usurper" if state.get("usurper") == s
                                                   else "")
            rows.append(f"<tr><td><span style='background:{COLOURS[s]}'>&nbsp;&nbsp;&nbsp;"
                        f"</span> {NAMES[s]}</td><td align=right><b>{vps[s]}</b></td>"
                        f"<td align=right title='{tip}'><b>{legitimacy(state, s)}</b></td>"
                        f"<td>{status}</td></tr>")
        self.sections["factions"].setText("<b>Victory Points and Legitimacy</b> (Prestige = "
                                          "L + the commander's points)<table cellspacing=4>"
                                          + "".join(rows) + "</table>")
        lines = ["<b>The royal family</b>"]
        for rid, rec in state["royals"].items():
            name = ed().royals[rid]["name"]
            if rec["loc"] == "dead":
                lines.append(f"{name}: dead")
                continue
            where = sname(rec["loc"]) if rec["loc"] in ed().spaces else "off the map"
            who = royal_controller(state, rid)
            lines.append(f"{name}: {where}" + (f", held by {NAMES[who]}" if who else "")
                         + ("" if rec["active"] else " (inactive)"))
        body = state["body"]
        if body["loc"] in ed().spaces:
            who = body_controller(state)
            lines.append(f"<b>Alexander</b>: {'Tomb' if body['tomb'] else 'Funeral Cart'} at "
                         f"{sname(body['loc'])}" + (f", {NAMES[who]}" if who else ""))
        else:
            lines.append("<b>Alexander</b>: the Funeral Cart has left the game")
        self.sections["royals"].setText("<br>".join(lines))
