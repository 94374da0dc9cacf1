"""A push button whose text wraps onto more lines instead of being cut off or widening its
panel: a choice reads in full however long it is."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

#: the narrowest a wrapping button gets (px); the text wraps to fit
MIN_WIDTH = 80
MIN_HEIGHT = 27
#: the colour of a button's detail line
DETAIL_INK = QColor("#4a4038")


class WrapButton(QPushButton):
    """``QPushButton`` with a word-wrapped label; ``text()`` is the label's text. A
    ``detail`` (what a card does) is shown under it in smaller type."""

    def __init__(self, text: str = "", parent: QWidget | None = None, detail: str = ""
                 ) -> None:
        super().__init__(parent)
        self.label = self._line(text)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(1)
        layout.addWidget(self.label)
        self.detail: QLabel | None = None
        self.set_detail(detail)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_detail(self, detail: str) -> None:
        """Show ``detail`` under the label (none: the line is hidden)."""
        if detail and self.detail is None:
            self.detail = self._line(detail)
            font = self.detail.font()
            font.setPointSizeF(font.pointSizeF() * 0.9)
            self.detail.setFont(font)
            palette = self.detail.palette()    # a palette, not a style sheet: quicker to
            palette.setColor(QPalette.ColorRole.WindowText, DETAIL_INK)   # make and polish
            self.detail.setPalette(palette)
            self.layout().addWidget(self.detail)
            self.detail.setHidden(False)
            self.updateGeometry()
        elif self.detail is not None and self.detail.text() != detail:
            self.detail.setText(detail)
            self.detail.setHidden(not detail)
            self.updateGeometry()

    def _line(self, text: str) -> QLabel:
        label = QLabel(text, self)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        return label

    def _labels(self) -> list[QLabel]:
        detail = self.detail
        return [self.label] + ([detail] if detail is not None and detail.text() else [])

    def text(self) -> str:  # the label holds it (the button paints none of its own)
        return self.label.text()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt name)
        if self.label.text() != text:
            self.label.setText(text)
            self.updateGeometry()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt name)
        inner = max(1, width - 16)
        lines = sum(label.heightForWidth(inner) for label in self._labels())
        return max(MIN_HEIGHT, lines + 8 + (len(self._labels()) - 1))

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        hint = max(label.sizeHint().width() for label in self._labels())
        width = min(hint, 420) + 16
        return QSize(max(MIN_WIDTH, width), self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(MIN_WIDTH, MIN_HEIGHT)

    def fits(self) -> bool:
        """Its whole text shows (the label is as tall as its wrapped text needs)."""
        return all(label.isVisible() and label.width() <= self.width()
                   and label.height() >= label.heightForWidth(label.width()) - 1
                   and all(label.fontMetrics().horizontalAdvance(word) <= label.width()
                           for word in label.text().split())
                   for label in self._labels())
