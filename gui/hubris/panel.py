"""Hubris side panel: Turn, VP, Treasury, Senate, Agenda, Second Punic War, boxes (2.5.10-13)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from rules.hubris import names
from rules.hubris.names import the
from rules.hubris.rome import summary

from . import style as S
from .event_cards import event_html, open_card

KINGDOMS = ("macedon", "ptolemies", "seleucids")


def _years(turn: int) -> str:
    start = 220 - 5 * (turn - 1)
    return f"{start}–{start - 4} BCE"


def _num(v: Any) -> str:
    s = str(v)
    if "/" in s:
        n, d = (int(x) for x in s.split("/"))
        return f"{n / d:g}"
    return s


def rome_html(state: dict[str, Any]) -> str:
    """Rome's Agenda, Belligerence, Punic War, Senate and Casus Belli (8.1-8.5)."""
    r = summary(state)
    if not r.get("in_play"):
        return "<b>Rome</b> — " + r.get("why", "not in this scenario")
    war = ("<span style='color:#a01c1c'>At War with " +
           ", ".join(the(k) for k in r["wars"]) + "</span>"
           if r["wars"] else "at Peace")
    lines = [f"<b>Rome</b> — {war}",
             f"Agenda: <b>{r['agenda']}</b> · Scope: {r['scope']} · "
             f"Allies sought: {r['allies_sought']}",
             f"Belligerence: <b>{r['rb']:+d}</b> ({r['rb_name']}), cap {r['rb_cap']:+d}",
             f"Second Punic War: step {r['spw_step']}, '{r['spw']}'"]
    senate = [f"{k.title()} {v}" for k, v in r["senate"].items() if v != "none"]
    lines.append("Senate: " + (", ".join(senate) if senate else "no Influence"))
    cb = "".join(f"<tr><td>{w}</td><td align=right>{t}</td></tr>" for w, t in r["casus_belli"])
    lines.append(f"<i>Casus Belli</i> (8.5), at this Belligerence:<table cellspacing=2>{cb}"
                 "</table>")
    if r["no_cb"]:
        lines.append("No Provoked Casus Belli this Turn: "
                     + ", ".join(k.title() for k in r["no_cb"]))
    for foe, text in r["consuls"].items():
        lines.append(f"Consul against {the(foe)}: {text}")
    if r["freedom_of_greeks"]:
        lines.append("Freedom of the Greeks proclaimed")
    if r["guarantees"]:
        lines.append("Guaranteed: " + ", ".join(r["guarantees"]))
    return "<br>".join(lines)


def _named(units: list[str]) -> str:
    """The units by the names players read ("Seleucid Siege Train"), or a dash."""
    return ", ".join(sorted(names.name(u) for u in units)) or "—"


class HubrisPanel(QWidget):
    """Built from the state alone; call :meth:`update_state` after every change."""

    def __init__(self, state: dict[str, Any] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.sections: dict[str, QLabel] = {}
        for key in ("turn", "vp", "treasury", "rome", "boxes", "events"):
            label = QLabel()
            label.setWordWrap(True)
            label.setObjectName(f"hubris-{key}")
            layout.addWidget(label)
            self.sections[key] = label
        self.state: dict[str, Any] = {}
        self.card_dialog = None
        self.sections["events"].linkActivated.connect(self._open_card)
        layout.addStretch(1)
        if state is not None:
            self.update_state(state)

    def _open_card(self, eid: str) -> None:
        self.card_dialog = open_card(self.state, eid, self)

    def update_state(self, state: dict[str, Any]) -> None:
        self.state = state
        self.sections["events"].setText(event_html(state))
        turn = int(state.get("turn") or 1)
        self.sections["turn"].setText(
            f"<b>Turn {turn}</b> of {state.get('last_turn', 11)} · {_years(turn)}"
            f"<br>Phase: {names.phase_shown(state)}")
        kingdoms = [k for k in KINGDOMS if k in (state.get("kingdoms") or {})
                    and not state["kingdoms"][k].get("non_player")]    # 10.1: no VP, no T
        vp = (state.get("derived") or {}).get("vp") or {}
        rows = ["<tr><th></th><th>Terr</th><th>Dyn</th><th>Ren</th><th>Total</th></tr>"]
        for k in kingdoms:
            v = vp.get(k) or {}
            rows.append(f"<tr><td>{self._swatch(k)}</td>"
                        f"<td align=right>{_num(v.get('territorial', 0))}</td>"
                        f"<td align=right>{_num(v.get('dynastic', 0))}</td>"
                        f"<td align=right>{_num(v.get('renown', 0))}</td>"
                        f"<td align=right><b>{_num(v.get('total', 0))}</b></td></tr>")
        self.sections["vp"].setText("<b>Victory Points</b> (30 wins, 9.1)<table cellspacing=4>"
                                    + "".join(rows) + "</table>")
        trows = []
        for k in kingdoms:
            kd = state["kingdoms"][k]
            t = int(kd.get("treasury") or 0)
            senate = kd.get("senate") or "none"
            trows.append(f"<tr><td>{self._swatch(k)}</td><td align=right>{t} T</td>"
                         f"<td>{'Senate: ' + senate if senate != 'none' else ''}</td></tr>")
        self.sections["treasury"].setText("<b>Treasury</b> (max 60)<table cellspacing=4>"
                                          + "".join(trows) + "</table>")
        self.sections["rome"].setText(rome_html(state))
        boxes: dict[str, list[str]] = {"dispersed": [], "spw": []}
        for uid, u in (state.get("units") or {}).items():
            if u.get("location") in boxes:
                boxes[u["location"]].append(uid)
        self.sections["boxes"].setText(
            f"<b>Dispersed Box</b>: {_named(boxes['dispersed'])}"
            f"<br><b>Second Punic War box</b>: {_named(boxes['spw'])}")

    @staticmethod
    def _swatch(k: str) -> str:
        return f"<span style='color:{S.POWER[k].name()}'>■</span> {k.capitalize()}"
