"""The Mare Nostrum side panel: the turn and Action Cycle lines, and the empires' table
(:mod:`.tracks`), in the row of docks under the map (``DOCK_AREA``), every row shown."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .scene import EMPIRE_COLOURS
from .tracks import acting, rows

#: where the main window puts its docks for this game (the board is wide: under the map,
#: :mod:`gui.dock_layout`)
DOCK_AREA = "bottom"
NOW = QColor(224, 168, 0, 90)


class MareNostrumPanel(QWidget):
    """``update_state(view)`` shows the tracks of ``view``."""

    DOCK_AREA = DOCK_AREA

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        font = self.header.font()
        font.setBold(True)
        self.header.setFont(font)
        layout.addWidget(self.header)
        self.table = QTableWidget(0, 0)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        layout.addWidget(self.table)
        layout.addStretch(1)
        self._rows: list[list[str]] = []
        self._shown: tuple | None = None     # (rows, empire acting) on show

    def update_state(self, view: dict[str, Any]) -> None:
        """Show the tracks of ``view``: with the same columns and empires as shown, only
        the cells that changed and the acting empire's row are set; else the table anew."""
        table, now = rows(view or {}), acting(view or {})
        if (table, now) == self._shown:      # nothing new to show: no table rebuilt
            return
        before = self._shown
        self._shown = (table, now)
        self._rows = table
        lines = [r[0] for r in table if len(r) == 1]
        body = [r for r in table if len(r) > 1]
        self.header.setText("\n".join(lines))
        if not body:
            self.table.setRowCount(0)
            return
        old = [r for r in before[0] if len(r) > 1] if before is not None else []
        if old and old[0] == body[0] and [r[0] for r in old] == [r[0] for r in body]:
            self._set_cells(body[1:], before[1], now)
        else:
            self._fill(body[0], body[1:], now)

    def _set_cells(self, empires: list[list[str]], was: str, now: str) -> None:
        """The table's items given the new texts where they changed (same rows, columns)."""
        for i, row in enumerate(empires):
            for j, cell in enumerate(row):
                item = self.table.item(i, j)
                if item.text() != cell:
                    item.setText(cell)
            key = row[0].lower()
            if was != now and key in (was, now):
                for j in range(len(row)):
                    self._mark(self.table.item(i, j), j, key == now)

    def _fill(self, head: list[str], empires: list[list[str]], now: str) -> None:
        """The whole table made anew (columns, rows, widths, heights)."""
        self.table.setColumnCount(len(head))
        self.table.setHorizontalHeaderLabels(head)
        header = self.table.horizontalHeader()
        for j, title in enumerate(head):     # the empire and the long heads: their width
            header.setSectionResizeMode(j, QHeaderView.ResizeMode.ResizeToContents
                                        if j == 0 or "/" in title or len(title) >= 8
                                        else QHeaderView.ResizeMode.Stretch)
        self.table.setRowCount(len(empires))
        for i, row in enumerate(empires):
            key = row[0].lower()
            for j, cell in enumerate(row):
                item = QTableWidgetItem(cell)
                if j == 0:
                    swatch = QPixmap(12, 12)
                    swatch.fill(EMPIRE_COLOURS.get(key, QColor("grey")))
                    item.setIcon(swatch)
                self._mark(item, j, key == now)
                self.table.setItem(i, j, item)
        self.table.resizeRowsToContents()
        height = self.table.horizontalHeader().height() + 2 * self.table.frameWidth()
        height += sum(self.table.rowHeight(i) for i in range(self.table.rowCount()))
        self.table.setFixedHeight(height)

    @staticmethod
    def _mark(item: QTableWidgetItem, column: int, acting_now: bool) -> None:
        """The acting empire's row: shaded, its name in bold."""
        if column == 0:
            font = QFont(item.font())
            font.setBold(acting_now)
            item.setFont(font)
        item.setBackground(QBrush(NOW) if acting_now else QBrush())

    def shown_rows(self) -> list[list[str]]:
        """The text shown (header lines, column heads, one row per empire)."""
        return self._rows
