"""A push button whose text wraps onto more lines instead of being cut off or widening its
panel: a choice reads in full however long it is."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

#: the narrowest a wrapping button gets (px); the text wraps to fit
MIN_WIDTH = 80
MIN_HEIGHT = 30


class WrapButton(QPushButton):
    """``QPushButton`` with a word-wrapped label; ``text()`` is the label's text."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(text, self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.label)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def text(self) -> str:  # the label holds it (the button paints none of its own)
        return self.label.text()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt name)
        self.label.setText(text)
        self.updateGeometry()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt name)
        inner = max(1, width - 16)
        return max(MIN_HEIGHT, self.label.heightForWidth(inner) + 8)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        hint = self.label.sizeHint()
        width = min(hint.width(), 420) + 16
        return QSize(max(MIN_WIDTH, width), self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(MIN_WIDTH, MIN_HEIGHT)

    def fits(self) -> bool:
        """Its whole text shows (the label is as tall as its wrapped text needs)."""
        label = self.label
        return (label.isVisible() and label.width() <= self.width()
                and label.height() >= label.heightForWidth(label.width()) - 1
                and all(label.fontMetrics().horizontalAdvance(word) <= label.width()
                        for word in label.text().split()))
