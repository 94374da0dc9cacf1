"""The board's tracks under the map: turn, turn order, the Action Cycle Table (ch.8) and one
row per empire (VP, Talents, income, stability, development phases, units and supply).

Drawn in scene units like the map, so it is read at the same zoom and fills the parchment
the wide map leaves free when the window is fitted. :meth:`TracksItem.rows` is the text
drawn (tests read it).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from rules.mare_nostrum.names import PHASE_NAMES

ROMAN = ("–", "I", "II", "III", "IV", "V", "GA")
ACTIONS = (("move", "Move"), ("attack", "Attack"), ("build", "Build"), ("trade", "Trade"),
           ("stability", "Stability"), ("develop", "Develop"), ("armistice", "Armistice"))
COLUMNS = (("Empire", 2.2), ("VP", 0.8), ("Talents", 1.1), ("Income", 1.0),
           ("Stability", 1.1), ("Military", 1.0), ("Fleet", 0.9), ("Economy", 1.0),
           ("Culture", 1.0), ("Legions / supply", 1.7), ("Ships", 0.8), ("Posts", 0.8),
           ("Monuments", 1.3), ("Areas", 0.8))
INK = QColor("#2b2118")
PAPER = QColor(250, 244, 226, 235)
NOW = QColor(224, 168, 0, 90)


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


class TracksItem(QGraphicsItem):
    """The tracks panel; ``top``/``left``/``width`` in scene units, ``unit`` = text size."""

    def __init__(self, left: float, top: float, width: float, unit: float) -> None:
        super().__init__()
        self.unit = unit
        self.state: dict[str, Any] = {}
        n_rows = 2 + 1 + 5
        self._rect = QRectF(left, top, width, unit * (1.5 * n_rows + 1.2))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(1)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def set_state(self, state: dict[str, Any]) -> None:
        self.state = state or {}
        self.update()

    def rows(self) -> list[list[str]]:
        """The text shown: header lines (one cell), column heads, one row per empire."""
        st = self.state
        empires = st.get("empires") or {}
        if not empires:
            return []
        order = [e for e in st.get("order") or [] if e in empires]
        order += [e for e in empires if e not in order]
        return ([[line] for line in header(st)] + [[c for c, _ in COLUMNS]] +
                [empire_cells(e, empires[e]) for e in order])

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        rows = self.rows()
        if not rows:
            return
        from .scene import EMPIRE_BANDS

        u = self.unit
        r = self._rect
        p.setPen(QPen(QColor(120, 100, 70), 0.06 * u))
        p.setBrush(QBrush(PAPER))
        p.drawRoundedRect(r, 0.4 * u, 0.4 * u)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(1, round(u)))
        bold = QFont(font)
        bold.setBold(True)
        total = sum(w for _, w in COLUMNS)
        inner = r.width() - 1.2 * u
        xs, x = [], r.left() + 0.6 * u
        for _, w in COLUMNS:
            xs.append(x)
            x += inner * w / total
        y = r.top() + 1.3 * u
        now = acting(self.state)
        for row in rows:
            if len(row) == 1:
                p.setFont(bold)
                p.setPen(INK)
                p.drawText(QPointF(xs[0], y), row[0])
            else:
                is_head = row[0] == COLUMNS[0][0]
                e = row[0].lower()
                if not is_head and e == now:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(QBrush(NOW))
                    p.drawRect(QRectF(r.left() + 0.3 * u, y - 1.05 * u, r.width() - 0.6 * u,
                                      1.4 * u))
                p.setFont(bold if is_head else font)
                for i, cell in enumerate(row):
                    tx = xs[i]
                    if i == 0 and not is_head:
                        p.setPen(QPen(INK, 0.05 * u))
                        p.setBrush(QBrush(EMPIRE_BANDS.get(e, QColor("grey"))))
                        p.drawRect(QRectF(tx, y - 0.8 * u, 0.8 * u, 0.8 * u))
                        tx += 1.1 * u
                    p.setPen(INK)
                    p.drawText(QPointF(tx, y), cell)
            y += 1.5 * u
