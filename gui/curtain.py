"""The hot-seat curtain: an opaque overlay asking to pass the screen to the next player."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from .prompt_dock import seat_name


class Curtain(QWidget):
    """Covers its parent window entirely until the next player presses the button."""

    passed = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("Curtain")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("#Curtain { background: #2b2118; } QLabel { color: #f3ead7; }")
        self.seat: str | None = None
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("font-size: 26pt; font-weight: bold;")
        self.hint = QLabel("The other players look away. Press the button when ready.")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setStyleSheet("font-size: 12pt;")
        self.button = QPushButton()
        self.button.setMinimumHeight(44)
        self.button.setStyleSheet("font-size: 14pt; padding: 6px 24px;")
        self.button.clicked.connect(self._pass)
        layout.addWidget(self.label)
        layout.addWidget(self.hint)
        layout.addSpacing(16)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
        parent.installEventFilter(self)
        self.hide()

    def show_for(self, seat: str) -> None:
        """Cover the window and ask to pass it to ``seat``."""
        self.seat = seat
        self.label.setText(f"Pass to the {seat_name(seat)} player")
        self.button.setText(f"I am the {seat_name(seat)} player")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.button.setFocus()

    def _pass(self) -> None:
        seat = self.seat
        self.hide()
        if seat is not None:
            self.passed.emit(seat)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False
