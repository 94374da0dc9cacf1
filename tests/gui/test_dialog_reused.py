"""A prompt's dialog window is reused for the next prompt of its kind (a new dialog window
cost 12-16 ms more a click to open, docs/PERFORMANCE.md): its content is the new prompt's."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gui.dialogs.card import CardDialog
from rules.engine.session import Session


def test_the_next_event_card_is_shown_in_the_same_dialog(qtbot, window):
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "human", "seleucids": "human"}, seed=1)
    session.curtain = False
    window.set_session(session)
    qtbot.waitUntil(lambda: isinstance(window.dialog, CardDialog)
                    and window.dialog.isVisible(), timeout=3000)
    first = window.dialog
    assert first.prompt.seat == "ptolemies"
    qtbot.mouseClick(first.buttons["ok"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible()
                    and window.dialog.prompt.seat == "seleucids", timeout=3000)
    assert window.dialog is first                       # the same window...
    assert first.prompt is session.prompt()             # ...showing the new prompt
    assert list(first.buttons) == ["ok"] and first.buttons["ok"].isVisible()
    heads = [w.text() for w in first.findChildren(type(first.buttons["ok"]))
             if w.isVisible()]
    assert len(heads) == 1                              # the old content is gone
    qtbot.mouseClick(first.buttons["ok"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.prompt().kind == "choose", timeout=3000)
    assert len(session.choices) == 2 and not first.isVisible()
