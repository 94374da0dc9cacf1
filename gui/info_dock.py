"""The info dock: details of a clicked map element, with its sources (game.describe)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from .lazy_dock import LazyDock

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTextBrowser


class InfoDock(LazyDock):
    """Its browser is made when first shown or given a text (it starts behind the log)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Info", parent)
        self.setObjectName("InfoDock")

    def _make_body(self) -> QTextBrowser:
        from PySide6.QtWidgets import QTextBrowser

        text = QTextBrowser()
        text.setPlaceholderText("Click a space, piece or card for details.")
        return text

    @property
    def text(self) -> QTextBrowser:
        return self.body

    def show_text(self, text: str) -> None:
        self.body.setPlainText(text)
