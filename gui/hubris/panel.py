"""Hubris side panel: Turn, VP, Treasury, Senate, Agenda, Second Punic War, boxes (2.5.10-13)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from rules.hubris import names

from . import style as S

KINGDOMS = ("macedon", "ptolemies", "seleucids")
RB_NAMES = {-2: "Very Low", -1: "Low", 0: "Medium", 1: "High", 2: "Very High"}


def _years(turn: int) -> str:
    start = 220 - 5 * (turn - 1)
    return f"{start}–{start - 4} BCE"


def _num(v: Any) -> str:
    s = str(v)
    if "/" in s:
        n, d = (int(x) for x in s.split("/"))
        return f"{n / d:g}"
    return s


class HubrisPanel(QWidget):
    """Built from the state alone; call :meth:`update_state` after every change."""

    def __init__(self, state: dict[str, Any] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.sections: dict[str, QLabel] = {}
        for key in ("turn", "vp", "treasury", "rome", "boxes"):
            label = QLabel()
            label.setWordWrap(True)
            label.setObjectName(f"hubris-{key}")
            layout.addWidget(label)
            self.sections[key] = label
        layout.addStretch(1)
        if state is not None:
            self.update_state(state)

    def update_state(self, state: dict[str, Any]) -> None:
        turn = int(state.get("turn") or 1)
        self.sections["turn"].setText(
            f"<b>Turn {turn}</b> of {state.get('last_turn', 11)} · {_years(turn)}"
            f"<br>Phase: {names.phase(state.get('phase'))}")
        kingdoms = [k for k in KINGDOMS if k in (state.get("kingdoms") or {})]
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
        rome = state.get("rome") or {}
        rb = int(rome.get("rb") or 0)
        wars = [k for k, v in (state.get("wars") or {}).items() if v == "war" and "rome" in k]
        lines = [f"<b>Rome</b> — Belligerence {rb:+d} ({RB_NAMES.get(rb, '?')})"
                 + (", At War: " + ", ".join("–".join(map(names.name, w.split("|")))
                                             for w in wars) if wars else "")]
        if rome.get("agenda"):
            lines.append(f"Agenda: {rome['agenda'].upper()} "
                         f"{str(rome.get('agenda_side', '')).replace('-', ' ').upper()}")
        if rome.get("spw"):
            lines.append(f"Second Punic War: {str(rome['spw']).replace('-', ' ')}")
        if rome.get("freedom_of_greeks"):
            lines.append("Freedom of the Greeks proclaimed")
        self.sections["rome"].setText("<br>".join(lines))
        boxes: dict[str, list[str]] = {"dispersed": [], "spw": []}
        for uid, u in (state.get("units") or {}).items():
            if u.get("location") in boxes:
                boxes[u["location"]].append(uid)
        self.sections["boxes"].setText(
            f"<b>Dispersed Box</b>: {', '.join(sorted(boxes['dispersed'])) or '—'}"
            f"<br><b>Second Punic War box</b>: {', '.join(sorted(boxes['spw'])) or '—'}")

    @staticmethod
    def _swatch(k: str) -> str:
        return f"<span style='color:{S.POWER[k].name()}'>■</span> {k.capitalize()}"
