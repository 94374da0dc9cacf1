"""The log dock: one line per entry with its rule number; click to find it on the map.

The entries are paragraphs of a read-only plain-text view: an entry added is laid out on
its own (a list view measured every wrapped row again on each addition: ~17 ms a click
with 300 entries, against ~2 ms).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QDockWidget, QPlainTextEdit, QToolTip, QWidget

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
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.text.viewport().installEventFilter(self)
        self.setWidget(self.text)
        self._shown: list[dict[str, Any]] = []
        self._where: list[str | None] = []        # the place of each paragraph's entry

    def show_log(self, entries: list[dict[str, Any]]) -> None:
        """Show ``entries``, appending when the log only grew."""
        n = len(self._shown)
        if len(entries) >= n and entries[:n] == self._shown:
            new = entries[n:]
        else:
            self.text.clear()
            self._where = []
            new = entries
        cursor = QTextCursor(self.text.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        for entry in new:
            if self._where:
                cursor.insertBlock()
            fmt = QTextCharFormat()
            colour = KIND_COLOURS.get(entry.get("kind", ""))
            if colour:
                fmt.setForeground(QColor(colour))
            cursor.insertText(entry_text(entry), fmt)
            self._where.append(entry.get("where") or None)
        cursor.endEditBlock()
        self._shown = list(entries)
        if new:
            bar = self.text.verticalScrollBar()
            bar.setValue(bar.maximum())

    def count(self) -> int:
        """The number of entries shown."""
        return len(self._where)

    def line(self, i: int) -> str:
        """The text of the ``i``-th entry shown."""
        return self.text.document().findBlockByNumber(i).text()

    def line_centre(self, i: int) -> QPoint:
        """Where the ``i``-th entry is on the viewport (for a click)."""
        t = self.text
        block = t.document().findBlockByNumber(i)
        return t.blockBoundingGeometry(block).translated(t.contentOffset()).center().toPoint()

    def _where_at(self, pos: QPoint) -> str | None:
        i = self.text.cursorForPosition(pos).blockNumber()
        return self._where[i] if 0 <= i < len(self._where) else None

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """A click on an entry with a place emits it; its tooltip says so."""
        kind = event.type()
        if kind == QEvent.Type.MouseButtonRelease \
                and event.button() == Qt.MouseButton.LeftButton:
            where = self._where_at(event.position().toPoint())
            if where:
                self.whereClicked.emit(str(where))
        elif kind == QEvent.Type.ToolTip:
            where = self._where_at(event.pos())
            if where:
                QToolTip.showText(event.globalPos(), f"Click to show {where} on the map",
                                  self.text.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().eventFilter(obj, event)
