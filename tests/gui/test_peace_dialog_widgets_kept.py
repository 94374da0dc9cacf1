"""The Peace dialog shows every prompt of a negotiation in the widgets it has: a prompt with
a note the last one lacked (Treasuries, what swearing does) or with many answers where the
last had few (one under another rather than in a row) no longer builds its content anew
(about 10 ms and a layout of a new dialog's content); shown, it reads as a new one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QLabel, QPushButton

from gui.hubris.peace_dialog import PeaceDialog
from rules.engine.game import Choice, Prompt


def _prompt(answers: int, **notes) -> Prompt:
    choices = [Choice("add:talents:us", "Talents"), Choice("add:garrison:them", "Garrison")]
    choices += [Choice(f"answer:{i}", f"Answer {i}") for i in range(answers)]
    return Prompt("seleucids", "Peace with the Ptolemies", choices, kind="peace",
                  context={"title": "Peace", "terms": ["5 T to the Ptolemies"], **notes})


def _shown_texts(dialog) -> list[str]:
    return [w.text() for w in dialog.findChildren(QLabel) if w.isVisibleTo(dialog)]


def _answers(dialog) -> list[QPushButton]:
    return [dialog.buttons[f"answer:{i}"] for i in range(len(dialog.buttons))
            if f"answer:{i}" in dialog.buttons]


def test_many_answers_then_few_then_a_note_keep_the_widgets(qtbot):
    dialog = PeaceDialog(_prompt(5))
    qtbot.addWidget(dialog)
    dialog.show()
    content, adds = dialog._content, dict(dialog._adds)
    column = _answers(dialog)
    assert len({b.x() for b in column}) == 1 and len({b.y() for b in column}) == 5
    dialog.close()
    dialog.show_prompt(_prompt(2, effect="The war ends"))
    dialog.show()
    assert dialog._content is content and dialog._adds == adds     # nothing built anew
    row = _answers(dialog)
    assert row == column[:2]                                       # the same buttons
    assert len({b.y() for b in row}) == 1 and row[0].x() < row[1].x()   # now in a row
    assert dialog._row.direction() == QBoxLayout.Direction.LeftToRight
    assert row[1].geometry().right() > dialog._content.width() * 0.6    # at the right
    assert any("The war ends" in t for t in _shown_texts(dialog))
    assert not any("Treasuries" in t for t in _shown_texts(dialog))
    dialog.close()
    dialog.show_prompt(_prompt(4, treasuries="Ptolemies 7 T, Seleucids 5 T"))
    dialog.show()
    assert dialog._content is content
    assert len({b.x() for b in _answers(dialog)}) == 1             # one under another again
    shown = _shown_texts(dialog)
    assert any("Ptolemies 7 T" in t for t in shown) and not any("war ends" in t for t in shown)
    with qtbot.waitSignal(dialog.chosen) as got:
        qtbot.mouseClick(dialog.buttons["answer:3"], Qt.MouseButton.LeftButton)
    assert got.args == ["answer:3"]
