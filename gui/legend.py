"""The map legend (View > Legend): what each colour, shade and symbol of the map means.

A scene offers ``legend() -> list[tuple[str, list[Entry]]]``: sections of entries, each
entry a sample and its meaning. A sample is a :class:`gui.counters.Counter`, a ``QColor``
(a swatch), or a ``QGraphicsItem`` (painted as it is on the map, scaled to fit the icon).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QGraphicsItem,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from .counters import EDGE, Counter, paint_counter

ICON = 36
Entry = tuple[Any, str]


def sample_pixmap(sample: Any, size: int = ICON) -> QPixmap:
    """A picture of ``sample`` (a Counter, a QColor or a QGraphicsItem)."""
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if isinstance(sample, Counter):
        paint_counter(p, QPointF(size / 2 - 2, size / 2 - 1), size * 0.62, sample)
    elif isinstance(sample, QColor):
        p.setPen(QPen(EDGE, 1.5))
        p.setBrush(sample)
        p.drawRoundedRect(QRectF(4, 8, size - 8, size - 16), 3, 3)
    elif isinstance(sample, QGraphicsItem):
        r = sample.boundingRect()
        k = (size - 4) / max(r.width(), r.height(), 1e-6)
        p.translate(size / 2, size / 2)
        p.scale(k, k)
        p.translate(-r.center())
        sample.paint(p, QStyleOptionGraphicsItem(), None)
    p.end()
    return pix


class LegendDialog(QDialog):
    """A non-modal window listing a scene's legend, section by section."""

    def __init__(self, sections: list[tuple[str, list[Entry]]], title: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Legend — {title}")
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setIconSize(QSize(ICON, ICON))
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for heading, entries in sections:
            head = QListWidgetItem(heading)
            font = head.font()
            font.setBold(True)
            head.setFont(font)
            head.setFlags(Qt.ItemFlag.NoItemFlags | Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(head)
            for sample, text in entries:
                self.list.addItem(QListWidgetItem(QIcon(sample_pixmap(sample)), text))
        layout.addWidget(self.list)
        if not sections:
            layout.addWidget(QLabel("This map has no legend yet."))
        self.resize(460, 620)

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
