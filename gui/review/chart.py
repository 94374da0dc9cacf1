"""The win-chance chart of a review: each seat's chance over the game, drawn with QPainter.

X is the position (0 .. number of choices), Y the win chance 0-100 %. A line per seat joins
the analysed decisions; a marked decision (a clearly better choice was missed) gets a red
triangle on the deciding seat's line; the position shown is a vertical line. Clicking the
chart asks to go to the nearest analysed decision (or to that position).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from rules.engine.review import Verdict

from ..prompt_dock import seat_name

MARK = QColor("#c62828")
GRID = QColor("#d8d2c4")
BACK = QColor("#fbf8f1")


class WinChart(QWidget):
    """``set_verdicts`` as they arrive, ``set_position`` as the review moves."""

    positionClicked = Signal(int)  # noqa: N815 (Qt signal name)

    def __init__(self, total: int, colours: dict[str, QColor],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.total = max(1, total)
        self.colours = colours
        self.verdicts: list[Verdict] = []
        self.position = 0
        self.setMinimumSize(320, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip("Each seat's win chance after each analysed decision, as the analysed "
                        "seat could judge it; red marks: the win chance of a clearly better "
                        "choice that was missed. Click to go there.")

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(600, 200)

    def set_verdicts(self, verdicts: list[Verdict]) -> None:
        self.verdicts = sorted(verdicts, key=lambda v: v.index)
        self.update()

    def set_position(self, k: int) -> None:
        self.position = k
        self.update()

    # --- geometry ------------------------------------------------------------------------
    def _plot(self) -> QRectF:
        return QRectF(44, 22, max(10, self.width() - 56), max(10, self.height() - 46))

    def _x(self, k: float) -> float:
        r = self._plot()
        return r.left() + r.width() * k / self.total

    def _y(self, chance: float) -> float:
        r = self._plot()
        return r.bottom() - r.height() * max(0.0, min(1.0, chance))

    # --- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), BACK)
        r = self._plot()
        font = QFont(self.font())
        font.setPointSizeF(max(7.5, font.pointSizeF() * 0.9))
        p.setFont(font)
        for pct in (0, 25, 50, 75, 100):
            y = self._y(pct / 100)
            p.setPen(QPen(GRID, 1, Qt.PenStyle.SolidLine if pct in (0, 100)
                          else Qt.PenStyle.DotLine))
            p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
            p.setPen(QColor("#6b6355"))
            p.drawText(QRectF(0, y - 8, r.left() - 6, 16),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{pct}%")
        p.drawText(QRectF(r.left(), r.bottom() + 4, r.width(), 18),
                   Qt.AlignmentFlag.AlignLeft, "start")
        p.drawText(QRectF(r.left(), r.bottom() + 4, r.width(), 18),
                   Qt.AlignmentFlag.AlignRight, f"decision {self.total}")
        if not self.verdicts:
            p.setPen(QColor("#8a8170"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter,
                       "Analyse a seat's decisions to see the win chances here.")
        for seat, colour in self.colours.items():
            points = [QPointF(self._x(v.index), self._y(v.chances.get(seat, 0.0)))
                      for v in self.verdicts if seat in v.chances]
            if not points:
                continue
            path = QPainterPath(points[0])
            for pt in points[1:]:
                path.lineTo(pt)
            p.setPen(QPen(colour, 2.2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            p.setBrush(colour)
            for pt in points:
                p.drawEllipse(pt, 2.5, 2.5)
        for v in self.verdicts:        # the chance played, up to the chance missed
            if v.marked:
                x = self._x(v.index)
                low, high = self._y(v.played_chance), self._y(v.best_chance)
                p.setPen(QPen(MARK, 1.6, Qt.PenStyle.DotLine))
                p.drawLine(QPointF(x, low), QPointF(x, high))
                p.setPen(QPen(MARK.darker(120), 1))
                p.setBrush(MARK)
                tri = QPainterPath(QPointF(x, high))
                tri.lineTo(x - 6, high - 9)
                tri.lineTo(x + 6, high - 9)
                tri.closeSubpath()
                p.drawPath(tri)
        x = self._x(self.position)
        p.setPen(QPen(QColor("#2b2b2b"), 1.4, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()))
        self._legend(p, r)
        p.end()

    def _legend(self, p: QPainter, r: QRectF) -> None:
        """The seats' colours, centred under the plot (the top is where marks go)."""
        names = [seat_name(s) for s in self.colours]
        widths = [p.fontMetrics().horizontalAdvance(n) + 36 for n in names]
        x = r.center().x() - sum(widths) / 2
        y = r.bottom() + 15
        for colour, name, width in zip(self.colours.values(), names, widths,
                                       strict=True):
            p.setPen(QPen(colour, 3))
            p.drawLine(QPointF(x, y - 4), QPointF(x + 16, y - 4))
            p.setPen(QColor("#2b2b2b"))
            p.drawText(QPointF(x + 20, y), name)
            x += width

    # --- clicks --------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        r = self._plot()
        k = round((event.position().x() - r.left()) / r.width() * self.total)
        k = max(0, min(self.total, k))
        if self.verdicts:
            near = min(self.verdicts, key=lambda v: abs(v.index - k))
            if abs(self._x(near.index) - event.position().x()) <= 8:
                k = near.index
        self.positionClicked.emit(k)
