"""A reused prompt dialog shows the next prompt of its kind in the widgets it has (header,
card, form rows, choice buttons), their texts set anew, rather than building its content
again (about 12 ms a dialog: docs/PERFORMANCE.md)."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gui.dialogs.card import CardDialog
from gui.dialogs.siege import SiegeDialog
from gui.wrap_button import WrapButton
from rules.engine.game import Choice, Prompt


def _card(title: str, text: str, n: int, **rest) -> Prompt:
    choices = [Choice(f"play:{i}", f"Play card {i}") for i in range(n)]
    return Prompt("athens", f"Play {title}?", choices, kind="play-card",
                  context={"card": {"title": title, "text": text}, **rest})


def _texts(dialog) -> list[str]:
    return [w.text() for w in dialog.findChildren(QLabel) if w.isVisibleTo(dialog)]


def test_a_card_dialog_shows_the_next_card_in_its_widgets(qtbot):
    dialog = CardDialog(_card("Plague", "Lose a unit.", 3, hand="Plague, Embassy"))
    qtbot.addWidget(dialog)
    dialog.show()
    content, head, title = dialog._content, dialog.head, dialog.card_title
    buttons = list(dialog.buttons.values())
    dialog.close()
    dialog.show_prompt(_card("Embassy", "Gain an ally.", 4, hand="Embassy", treasury=4))
    dialog.show()
    assert dialog._content is content and dialog.head is head and dialog.card_title is title
    assert list(dialog.buttons.values())[:3] == buttons          # kept, and one more
    assert [b.text() for b in dialog.buttons.values()] == [f"Play card {i}" for i in range(4)]
    shown = _texts(dialog)
    assert "Embassy" in shown and "Gain an ally." in shown and "Treasury:" in shown
    assert "Plague" not in shown and "Lose a unit." not in shown
    dialog.close()
    dialog.show_prompt(_card("Plague", "Lose a unit.", 2))        # no form rows at all now
    dialog.show()
    assert len([w for w in dialog.findChildren(WrapButton) if w.isVisibleTo(dialog)]) == 2
    assert "Treasury:" not in _texts(dialog)


def test_a_kept_button_picks_the_new_prompts_choice(qtbot):
    dialog = CardDialog(_card("Plague", "Lose a unit.", 2))
    qtbot.addWidget(dialog)
    dialog.show_prompt(_card("Embassy", "Gain an ally.", 2))
    dialog.show()
    with qtbot.waitSignal(dialog.chosen) as got:
        qtbot.mouseClick(dialog.buttons["play:1"], Qt.MouseButton.LeftButton)
    assert got.args == ["play:1"]


def test_a_siege_form_keeps_its_rows_and_shows_the_dice_when_rolled(qtbot):
    def siege(**ctx):
        return Prompt("sparta", "Siege", [Choice("ok", "Continue")], kind="siege",
                      context=ctx)

    dialog = SiegeDialog(siege(place="Plataea", need=5))
    qtbot.addWidget(dialog)
    dialog.show()
    rows = dialog.form._rows[:]
    dialog.close()
    dialog.show_prompt(siege(place="Potidaea", need=4, dice=[3, 6]))
    dialog.show()
    assert dialog.form._rows[:2] == rows
    dice = dialog.findChild(QLabel, "dice")
    assert dice is not None and dice.isVisibleTo(dialog) and "6" in dice.text()
    assert "Potidaea" in _texts(dialog) and "Plataea" not in _texts(dialog)
    dialog.close()
    dialog.show_prompt(siege(place="Plataea", need=5))
    dialog.show()
    assert dialog.findChild(QLabel, "dice") is None               # hidden and plain again
