"""What a player cannot read: choice texts cut off, a map squeezed (the acceptance check of
"every game usable at 1280x800 and 1600x1000")."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QListWidget, QWidget

try:
    from gui.wrap_button import WrapButton
except ImportError:          # (before the wrapping buttons: every button is a plain one)
    WrapButton = ()


def cut_texts(root: QWidget) -> list[str]:
    """The choice texts under ``root`` that do not show in full."""
    bad: list[str] = []
    for button in root.findChildren(QAbstractButton):
        if not button.isVisible() or not button.objectName().startswith("choice:"):
            continue
        if isinstance(button, WrapButton):
            if not button.fits():
                bad.append(f"button {button.text()!r} ({button.width()}x{button.height()})")
        elif button.fontMetrics().horizontalAdvance(button.text()) + 12 > button.width():
            bad.append(f"button {button.text()!r} ({button.width()} px)")
    for listing in root.findChildren(QListWidget):
        if not listing.isVisible():
            continue
        for i in range(listing.count()):
            item = listing.item(i)
            if item.isHidden():
                continue
            rect = listing.visualItemRect(item)
            width = rect.width() - 4       # the row less its text margins
            metrics = listing.fontMetrics() if item.font() is None else \
                type(listing.fontMetrics())(item.font())
            need = metrics.boundingRect(QRect(0, 0, width, 10000),
                                        int(Qt.TextFlag.TextWordWrap), item.text())
            if need.height() > rect.height() + 1 or need.width() > width + 1:
                bad.append(f"list row {item.text()!r} ({rect.width()}x{rect.height()}, "
                           f"needs {need.width()}x{need.height()})")
    return bad


def clipped_labels(root: QWidget) -> list[str]:
    """Word-wrapped labels under ``root`` shorter than their text needs."""
    bad = []
    for label in root.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text() and label.width() > 0:
            if label.height() + 1 < label.heightForWidth(label.width()):
                bad.append(f"label {label.text()[:60]!r}")
    return bad


def map_share(window) -> float:
    """The share of the window's area the map view has."""
    view = window.map_view
    return (view.width() * view.height()) / float(window.width() * window.height())
