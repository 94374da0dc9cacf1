"""A new prompt dialog is laid out for good before its first paint and painted once: the
polish requests queued for its new push buttons, delivered after it was shown, had its
content laid out again after that paint, and its rich-text header (the seat in bold) then
repainted itself with the dialog's background under it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMainWindow

from gui.dialogs.base import PromptDialog
from gui.dialogs.card import CardDialog
from rules.engine.game import Choice, Prompt


class _Events(QObject):
    """Paints per widget, and the layouts asked for after the dialog's first paint."""

    def __init__(self, dialog) -> None:
        super().__init__()
        self.dialog = dialog
        self.paints: dict[int, int] = {}
        self.later_layouts = 0

    def eventFilter(self, obj, event):  # noqa: N802 (Qt name)
        kind = event.type()
        if kind == QEvent.Type.Paint:
            self.paints[id(obj)] = self.paints.get(id(obj), 0) + 1
        elif kind == QEvent.Type.LayoutRequest and self.paints.get(id(self.dialog)):
            self.later_layouts += 1
        return False


def _card(n: int) -> Prompt:
    return Prompt("ptolemies", f"Play <i>Embassy</i> {n}?",
                  [Choice(f"play:{i}", f"Play card {i}") for i in range(3)], kind="card",
                  rule="3.4", context={"card": {"title": "Embassy", "text": "Gain an ally."}})


def _plain(n: int) -> Prompt:
    return Prompt("seleucids", f"Choose {n}", [Choice("a", "A"), Choice("b", "B")],
                  kind="x", rule="3.4")


@pytest.mark.parametrize("make", [lambda p: CardDialog(_card(1), p),
                                  lambda p: PromptDialog(_plain(1), p)])
def test_a_new_dialog_is_painted_once(qtbot, qapp, make):
    window = QMainWindow()
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    dialog = make(window)
    events = _Events(dialog)
    qapp.installEventFilter(events)
    try:
        dialog.open()
        qtbot.waitExposed(dialog)
        qtbot.wait(100)
    finally:
        qapp.removeEventFilter(events)
    assert "<b>" in dialog.head.text()                    # a rich-text header
    assert events.paints.get(id(dialog)) == 1
    assert events.paints.get(id(dialog.head)) == 1
    assert events.later_layouts == 0
    dialog.close()
