"""PySide6 6.12.0 drops a reference to None on every void Qt call (pyproject pins <6.12).

20,000 void calls must leave ``sys.getrefcount(None)`` where it was (give or take a few).
"""

import sys

from PySide6.QtCore import QPoint, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsRectItem, QWidget

CALLS = 20_000


def test_void_calls_keep_none_alive(qapp):
    item = QGraphicsRectItem(0, 0, 10, 10)
    widget = QWidget()
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    colour = QColor("red").rgb()
    before = sys.getrefcount(None)
    for i in range(CALLS // 4):
        item.setPos(i % 50, i % 30)
        widget.resize(QSize(100 + i % 7, 80))
        painter.drawLine(QPoint(0, 0), QPoint(i % 64, 63))
        image.setPixel(i % 64, i % 63, colour)
    painter.end()
    after = sys.getrefcount(None)
    assert before - after <= 5, f"None lost {before - after} references in {CALLS} void calls"
