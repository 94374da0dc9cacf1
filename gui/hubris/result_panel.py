"""The end of a Hubris game: each Kingdom's Total VPs Turn by Turn as a chart, beside the
Historical Victory Performance table (9.3) the players compare them with.

Reads the state only: ``vp_history`` (the Total VPs at set-up and at every Victory Segment,
:mod:`rules.hubris.victory`), ``kingdoms``, ``last_turn`` and the result's comparison with
history; the 9.3 figures come from :mod:`rules.hubris.history`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rules.hubris.history import TURNS, History, load_history
from rules.hubris.names import KINGDOM_NAMES, PLURAL, join, the
from rules.hubris.numbers import round_half_away
from rules.hubris.victory import AUTO_VICTORY

from .style import GOLD, INK, PARCHMENT, POWER, ink_on, mix

State = dict[str, Any]
Series = dict[str, list[tuple[int, Fraction]]]
GRID = QColor("#cdbf9c")
PLAYED = mix(PARCHMENT, GOLD, 0.35)          # the Turns this game covered, in the table
ORDER = ("seleucids", "ptolemies", "macedon")  # the 9.3 table's order
AHEAD, BEHIND = QColor("#2e6b2e"), QColor("#9c2a1f")  # this game's Total against history


def game_series(state: State) -> Series:
    """Kingdom -> [(Turn, Total VPs)] from set-up (Turn before the first) to the last
    Victory Segment played."""
    rows = list(state.get("vp_history") or [])
    if not rows and state.get("derived", {}).get("vp"):       # a save from before the record
        rows = [{"turn": state.get("turn", 1),
                 "total": {k: v["total"] for k, v in state["derived"]["vp"].items()}}]
    out: Series = {k: [] for k in kingdoms_of(state)}
    for row in rows:
        for k, total in row["total"].items():
            if k in out:
                out[k].append((int(row["turn"]), Fraction(total)))
    return out


def kingdoms_of(state: State) -> list[str]:
    """The Kingdoms played, in the 9.3 table's order (no Non-Player Macedon, 10.1)."""
    ks = state.get("kingdoms", {})
    return [k for k in ORDER if k in ks and ks[k].get("player", True)]


class VictoryChart(QWidget):
    """A line per Kingdom: its Total VPs after each Turn of this game (solid, with dots) and
    history's (dashed, 9.3); a gold line at the 30 VPs of an Automatic Victory (9.1)."""

    def __init__(self, series: Series, history: dict[str, dict[int, int]],
                 first: int, last: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.series, self.history = series, history
        self.first, self.last = first, max(last, first + 1)
        values = [float(v) for pts in series.values() for _, v in pts] + \
            [v for h in history.values() for t, v in h.items() if first <= t <= last]
        self.low = min(0, 5 * int((min(values, default=0) - 4) // 5)) if values else 0
        self.high = max(AUTO_VICTORY + 5, 5 * (int(max(values, default=0)) // 5 + 1))
        self.setMinimumSize(420, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip("Total VPs after each Turn: solid, this game; dashed, history (9.3)")

    def sizeHint(self) -> QSize:
        return QSize(520, 360)

    # geometry ------------------------------------------------------------------------------
    def _plot(self) -> QRectF:
        return QRectF(44, 34, self.width() - 44 - 130, self.height() - 34 - 46)

    def x_of(self, turn: float) -> float:
        r = self._plot()
        return r.left() + (turn - self.first) / (self.last - self.first) * r.width()

    def y_of(self, vp: float) -> float:
        r = self._plot()
        return r.bottom() - (vp - self.low) / (self.high - self.low) * r.height()

    # painting ------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), PARCHMENT)
        plot = self._plot()
        font = QFont(self.font())
        font.setPointSizeF(max(8.0, font.pointSizeF()))
        p.setFont(font)
        metrics = p.fontMetrics()
        title = QFont(font)
        title.setBold(True)
        p.setFont(title)
        p.setPen(INK)
        p.drawText(QRectF(plot.left(), 6, plot.width(), 22), Qt.AlignmentFlag.AlignLeft,
                   "Total VPs, Turn by Turn")
        p.setFont(font)
        # horizontal grid every 5 VPs, labelled
        for vp in range(self.low, self.high + 1, 5):
            y = self.y_of(vp)
            p.setPen(QPen(GRID, 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(INK)
            p.drawText(QRectF(0, y - 9, plot.left() - 6, 18),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(vp))
        # the Automatic Victory line (9.1)
        y30 = self.y_of(AUTO_VICTORY)
        p.setPen(QPen(mix(GOLD, INK, 0.25), 2, Qt.PenStyle.DashDotLine))
        p.drawLine(QPointF(plot.left(), y30), QPointF(plot.right(), y30))
        p.setPen(INK)
        p.drawText(QRectF(plot.left() + 4, y30 - 18, plot.width(), 16),
                   Qt.AlignmentFlag.AlignLeft, f"{AUTO_VICTORY}: Automatic Victory (9.1)")
        # Turn axis
        p.setPen(QPen(INK, 1))
        p.drawLine(QPointF(plot.left(), plot.bottom()), QPointF(plot.right(), plot.bottom()))
        for turn in range(self.first, self.last + 1):
            x = self.x_of(turn)
            p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4))
            label = "Set-up" if turn == self.first else str(turn)
            w = metrics.horizontalAdvance(label) + 8
            p.drawText(QRectF(x - w / 2, plot.bottom() + 6, w, 16),
                       Qt.AlignmentFlag.AlignHCenter, label)
        p.drawText(QRectF(plot.left(), plot.bottom() + 24, plot.width(), 18),
                   Qt.AlignmentFlag.AlignHCenter, "Turn")
        # history, dashed, behind this game's lines
        for k, by_turn in self.history.items():
            pts = [QPointF(self.x_of(t), self.y_of(v)) for t, v in sorted(by_turn.items())
                   if self.first <= t <= self.last]
            faded = mix(POWER[k], PARCHMENT, 0.25)
            self._line(p, pts, QPen(faded, 1.6, Qt.PenStyle.DashLine))
            p.setPen(QPen(faded, 1.6))
            p.setBrush(QBrush(PARCHMENT))
            for pt in pts:
                p.drawEllipse(pt, 3, 3)
        for k, series in self.series.items():
            pts = [QPointF(self.x_of(t), self.y_of(float(v))) for t, v in series]
            self._line(p, pts, QPen(POWER[k], 3))
            p.setBrush(QBrush(POWER[k]))
            p.setPen(QPen(INK, 1))
            for pt in pts:
                p.drawEllipse(pt, 4, 4)
        self._legend(p, plot)
        p.end()

    @staticmethod
    def _line(p: QPainter, pts: list[QPointF], pen: QPen) -> None:
        if len(pts) < 2:
            return
        path = QPainterPath(pts[0])
        for pt in pts[1:]:
            path.lineTo(pt)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)

    def _legend(self, p: QPainter, plot: QRectF) -> None:
        x, y = plot.right() + 14, plot.top()
        for k in [k for k in ORDER if k in self.series]:
            p.setPen(QPen(POWER[k], 3))
            p.drawLine(QPointF(x, y + 8), QPointF(x + 22, y + 8))
            p.setPen(INK)
            p.drawText(QRectF(x + 28, y, 100, 18), Qt.AlignmentFlag.AlignLeft,
                       KINGDOM_NAMES.get(k, k))
            y += 22
        y += 8
        p.setPen(QPen(INK, 2))
        p.drawLine(QPointF(x, y + 8), QPointF(x + 22, y + 8))
        p.drawText(QRectF(x + 28, y, 100, 18), Qt.AlignmentFlag.AlignLeft, "this game")
        y += 20
        p.setPen(QPen(INK, 1.4, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(x, y + 8), QPointF(x + 22, y + 8))
        p.setPen(INK)
        p.drawText(QRectF(x + 28, y, 100, 18), Qt.AlignmentFlag.AlignLeft, "history (9.3)")


class HistoryTable(QTableWidget):
    """The 9.3 table: per Kingdom its historical Territorial VPs, Dynastic VPs, Renown and
    Total, with this game's Totals under them (green where they match or beat history); the
    Turns this game covered are shaded."""

    ROWS = (("Territorial VPs", "territorial"), ("Dynastic VPs", "dynastic"),
            ("Renown", "renown"), ("Total VPs, history", "total"), ("Total VPs, this game", ""))

    def __init__(self, history: History, series: Series, kingdoms: list[str],
                 first: int, last: int, parent: QWidget | None = None) -> None:
        per = len(self.ROWS) + 1
        super().__init__(per * len(kingdoms), TURNS + 1, parent)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setHorizontalHeaderLabels(["Turn"] + [str(t) for t in range(1, TURNS + 1)])
        for t in range(1, TURNS + 1):
            self.horizontalHeaderItem(t).setToolTip(history.years[t])
        self.verticalHeader().setVisible(False)
        self.setWordWrap(False)
        bold = QFont(self.font())
        bold.setBold(True)
        played = {t for pts in series.values() for t, _ in pts if t > first}   # not set-up
        for i, k in enumerate(kingdoms):
            top = i * per
            head = QTableWidgetItem(f"{KINGDOM_NAMES.get(k, k)}")
            head.setFont(bold)
            head.setBackground(QBrush(POWER[k]))
            head.setForeground(QBrush(ink_on(k)))
            self.setItem(top, 0, head)
            self.setSpan(top, 0, 1, TURNS + 1)
            game = {t: round_half_away(v) for t, v in series.get(k, []) if t in played}
            for j, (label, attr) in enumerate(self.ROWS, start=1):
                item = QTableWidgetItem(label)
                if attr in ("total", ""):
                    item.setFont(bold)
                self.setItem(top + j, 0, item)
                for t in range(1, TURNS + 1):
                    perf = history.of(k, t)
                    cell = QTableWidgetItem()
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    if attr:
                        cell.setText(_show(getattr(perf, attr)) if perf else "")
                    elif t in game:
                        cell.setText(str(game[t]))
                        ahead = perf is None or game[t] >= perf.total
                        cell.setForeground(QBrush(AHEAD if ahead else BEHIND))
                        cell.setToolTip(f"{game[t]} against history's "
                                        f"{perf.total if perf else '?'} ({history.years[t]})")
                    if t in played:
                        cell.setBackground(QBrush(PLAYED))
                    if attr in ("total", ""):
                        cell.setFont(bold)
                    self.setItem(top + j, t, cell)
        self.resizeColumnsToContents()
        widest = max(self.columnWidth(t) for t in range(1, TURNS + 1))
        for t in range(1, TURNS + 1):           # every Turn as wide as the widest
            self.setColumnWidth(t, widest)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.resizeRowsToContents()
        self.setToolTip("Historical Victory Performance (9.3); shaded: the Turns of this game")

    def sizeHint(self) -> QSize:
        w = 4 + sum(self.columnWidth(c) for c in range(self.columnCount()))
        h = self.horizontalHeader().height() + 4 + sum(
            self.rowHeight(r) for r in range(self.rowCount()))
        return QSize(w, h)


def _show(value: Any) -> str:
    f = Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    return f"{int(f)}½" if f - int(f) == Fraction(1, 2) else str(float(f))


class HubrisResultPanel(QWidget):
    """Chart and 9.3 table side by side, and each Kingdom's final Total against history."""

    def __init__(self, state: State, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        history = load_history()
        series = game_series(state)
        kingdoms = kingdoms_of(state)
        first = min((t for pts in series.values() for t, _ in pts),
                    default=state.get("turn", 1) - 1)
        last = max(int(state.get("last_turn") or 0), state.get("turn", 1))
        hist = {k: history.totals(k) for k in kingdoms}
        self.chart = VictoryChart({k: series.get(k, []) for k in kingdoms}, hist, first, last)
        self.table = HistoryTable(history, series, kingdoms, first, last)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.chart, 1)
        row.addWidget(self.table, 0)
        layout.addLayout(row, 1)
        self.versus = QLabel(self._versus(state))
        self.versus.setObjectName("versus-history")
        self.versus.setWordWrap(True)
        layout.addWidget(self.versus)
        self.shows_scores = bool(self.versus.text())     # the dialog's score table is not needed

    @staticmethod
    def _versus(state: State) -> str:
        comp = (state.get("result") or {}).get("history") or {}
        if not comp:
            return ""
        turn = state.get("turn", 1)
        parts = []
        for k in [k for k in ORDER if k in comp]:
            c = comp[k]
            parts.append(f"<b>{KINGDOM_NAMES.get(k, k)}</b> {c['total']} "
                         f"(history {c['historical']}, {c['margin']:+d})")
        return f"Total VPs at the end of Turn {turn} against history (9.3): " + \
            ", ".join(parts)


def headline(result: Any) -> str:
    """'The Ptolemies win: Final Victory' (the generic line would say 'Ptolemies wins')."""
    if not result.winners:
        return result.level or "Draw"          # 'Draw', or a solitaire 'Defeat' (12.5)
    who = join([the(k) for k in result.winners])
    who = who[0].upper() + who[1:]
    plural = len(result.winners) > 1 or result.winners[0] in PLURAL
    return f"{who} {'win' if plural else 'wins'}" + (f": {result.level}" if result.level else "")


def result_panel(state: State) -> QWidget:
    return HubrisResultPanel(state)
