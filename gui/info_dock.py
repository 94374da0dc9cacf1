"""The info dock: details of a clicked map element, with its sources (game.describe)."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QTextBrowser, QWidget


class InfoDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Info", parent)
        self.setObjectName("InfoDock")
        self.text = QTextBrowser()
        self.text.setPlaceholderText("Click a space, piece or card for details.")
        self.setWidget(self.text)

    def show_text(self, text: str) -> None:
        self.text.setPlainText(text)
