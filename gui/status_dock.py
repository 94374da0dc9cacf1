"""The status dock: turn, phase, scores ... as rows from ``game.status(state)``."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

#: the most the table asks of the window's height to show all its rows (px)
MAX_HEIGHT = 360


class _Table(QTableWidget):
    """Its rows take the height of their wrapped text again whenever its width changes
    (a scroll bar coming narrows the value column: a wrapped last line is not cut off)."""

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            QTimer.singleShot(0, self.resizeRowsToContents)


class StatusDock(QDockWidget):
    """A two-column table of (label, value) rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Status", parent)
        self.setObjectName("StatusDock")
        #: the most the table asks of the height (less in the row under a wide map)
        self.max_height = MAX_HEIGHT
        self.table = _Table(0, 2)
        header = self.table.horizontalHeader()
        header.setVisible(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setWidget(self.table)

    def show_rows(self, rows: list[tuple[str, str]]) -> None:
        """Show ``rows``; rows the table shows already are left alone (most clicks change
        one value or none, and measuring every wrapped row again costs a click 5-20 ms)."""
        rows = [(str(label), str(value)) for label, value in rows]
        if rows == self.rows():
            return
        table = self.table
        old = table.rowCount()
        table.setRowCount(len(rows))
        changed, relabelled = [], len(rows) != old
        for i, (label, value) in enumerate(rows):
            head, cell = (table.item(i, 0), table.item(i, 1)) if i < old else (None, None)
            if head is None:
                head = QTableWidgetItem()
                font = head.font()
                font.setBold(True)
                head.setFont(font)
                table.setItem(i, 0, head)
                cell = QTableWidgetItem()
                table.setItem(i, 1, cell)
            if head.text() != label:
                head.setText(label)
                relabelled = True      # the label column's width may change: every row
            if cell.text() != value:
                cell.setText(value)
                changed.append(i)
        if relabelled:
            table.resizeRowsToContents()
        for i in changed if not relabelled else ():
            table.resizeRowToContents(i)
        rows_height = sum(table.rowHeight(i) for i in range(len(rows)))
        # every row shown: the dock takes the height (up to a limit), not a scrollbar
        self._rows_height = rows_height + 2 * table.frameWidth()
        table.setMinimumHeight(min(self.max_height, self._rows_height))

    def cap_height(self, most: int) -> None:
        """Ask at most ``most`` px of height to show every row (then the table scrolls)."""
        self.max_height = most
        self.table.setMinimumHeight(min(most, getattr(self, "_rows_height", 0)))

    def rows(self) -> list[tuple[str, str]]:
        table = self.table
        return [(table.item(i, 0).text(), table.item(i, 1).text())
                for i in range(table.rowCount()) if table.item(i, 0) is not None]
