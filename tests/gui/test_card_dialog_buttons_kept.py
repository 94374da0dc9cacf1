"""The card dialog shows each "play an action card" prompt in the choice buttons it has,
however many cards the hand holds: the buttons are a pool that grows only past the most
choices shown so far (the rest hidden), and their row is turned, not rebuilt, when the
choices go from one under another (more than four) to a row and back. Building them anew
cost Athens and Sparta's card-dialog clicks 20-30 ms (issue #31, docs/PERFORMANCE.md)."""

from PySide6.QtWidgets import QBoxLayout

from gui.dialogs.card import CardDialog
from gui.wrap_button import WrapButton
from rules.engine.game import Choice, Prompt


def _play_card(n: int) -> Prompt:
    choices = [Choice(f"card:{i}", f"Card {i}") for i in range(n - 1)]
    choices.append(Choice("pass", "Pass"))
    return Prompt("sparta", "Turn 1, round 1: Sparta: play an action card", choices,
                  kind="play-card", context={})


def _shown(dialog: CardDialog) -> list[WrapButton]:
    return [b for b in dialog.findChildren(WrapButton) if b.isVisibleTo(dialog)]


def _reshow(qtbot, dialog: CardDialog, n: int) -> None:
    dialog.close()
    dialog.show_prompt(_play_card(n))
    dialog.show()
    qtbot.waitExposed(dialog)


def test_card_prompts_of_any_count_are_shown_in_the_same_buttons(qtbot):
    dialog = CardDialog(_play_card(6))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    content, pool = dialog._content, set(dialog.findChildren(WrapButton))
    for n in (3, 6, 2, 5):      # a row, a column, a row, a column: no button made anew
        _reshow(qtbot, dialog, n)
        assert dialog._content is content
        shown = _shown(dialog)
        assert len(shown) == n and set(shown) <= pool
        assert [b.choice_id for b in shown] == [c.id for c in _play_card(n).choices]
        assert list(dialog.buttons.values()) == shown
    _reshow(qtbot, dialog, 8)   # more than ever: only the two missing are made
    assert len(_shown(dialog)) == 8
    assert len(set(dialog.findChildren(WrapButton)) - pool) == 2


def test_the_kept_row_turns_with_the_count_of_choices(qtbot):
    dialog = CardDialog(_play_card(6))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    column = _shown(dialog)
    assert len({b.x() for b in column}) == 1
    assert [b.y() for b in column] == sorted({b.y() for b in column})
    _reshow(qtbot, dialog, 3)
    row = _shown(dialog)
    assert len({b.y() for b in row}) == 1
    assert [b.x() for b in row] == sorted({b.x() for b in row})
    assert row[-1].geometry().right() > dialog.width() - 40     # at the right, as before
    assert dialog._choice_row.direction() == QBoxLayout.Direction.LeftToRight
