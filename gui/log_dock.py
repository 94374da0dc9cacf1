"""The log dock: one line per entry with its rule number; click to find it on the map."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QDockWidget, QListWidget, QListWidgetItem, QWidget

from rules.engine.names import rule_words

KIND_COLOURS = {"commit": "#6b4f1d", "error": "#a11d1d"}


def entry_text(entry: dict[str, Any]) -> str:
    rule = f"  [{rule_words(entry['rule'])}]" if entry.get("rule") else ""
    return f"{entry.get('n', '')}. {entry.get('text', '')}{rule}"


class LogDock(QDockWidget):
    """Shows ``state["log"]``; emits ``whereClicked(element)`` for entries with a place."""

    whereClicked = Signal(str)  # noqa: N815 (Qt signal name)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Log", parent)
        self.setObjectName("LogDock")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.itemClicked.connect(self._clicked)
        self.setWidget(self.list)
        self._shown: list[dict[str, Any]] = []

    def show_log(self, entries: list[dict[str, Any]]) -> None:
        """Show ``entries``, appending when the log only grew (keeps the scroll position)."""
        n = len(self._shown)
        if len(entries) >= n and entries[:n] == self._shown:
            new = entries[n:]
        else:
            self.list.clear()
            new = entries
        for entry in new:
            item = QListWidgetItem(entry_text(entry))
            if entry.get("where"):
                item.setData(Qt.ItemDataRole.UserRole, entry["where"])
                item.setToolTip(f"Click to show {entry['where']} on the map")
            colour = KIND_COLOURS.get(entry.get("kind", ""))
            if colour:
                item.setForeground(QBrush(QColor(colour)))
            self.list.addItem(item)
        self._shown = list(entries)
        if new:
            self.list.scrollToBottom()

    def _clicked(self, item: QListWidgetItem) -> None:
        where = item.data(Qt.ItemDataRole.UserRole)
        if where:
            self.whereClicked.emit(str(where))
