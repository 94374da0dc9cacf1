"""The prompt dock shows each prompt's buttons and headings in the widgets it already has,
whatever the last prompt's shape: a widget is made only when there are more rows of its
kind than ever before, and those left over are hidden, not shown with stale text."""

from PySide6.QtCore import Qt

from gui.prompt_dock import PromptDock
from gui.wrap_button import WrapButton
from rules.engine.game import Choice, Prompt


def _prompt(n: int, groups: int = 0) -> Prompt:
    choices = [Choice(f"c{i}", f"Choice {i}", group=f"Group {i % groups}" if groups else "")
               for i in range(n)]
    choices.sort(key=lambda c: c.group)
    return Prompt("north", "Pick one", choices)


def _shown(dock: PromptDock) -> list[WrapButton]:
    return [w for w in dock.button_box.findChildren(WrapButton) if w.isVisible()]


def test_buttons_are_kept_across_prompts_of_other_shapes(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.show()
    dock.show_prompt(_prompt(5))
    first = set(dock.buttons.values())
    assert len(first) == 5
    dock.show_prompt(_prompt(3, groups=2))          # headings between fewer buttons
    assert set(dock.buttons.values()) <= first
    assert len(_shown(dock)) == 3
    assert [b.text() for b in _shown(dock)] == [c.label for c in _prompt(3, groups=2).choices]
    dock.show_prompt(_prompt(5))                    # the spare ones come back
    assert set(dock.buttons.values()) == first
    assert len(dock.button_box.findChildren(WrapButton)) == 5     # none made meanwhile
    order = [dock.button_layout.itemAt(i).widget() for i in range(5)]
    assert [b.text() for b in order] == [f"Choice {i}" for i in range(5)]


def test_a_kept_button_picks_its_new_choice(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.show()
    dock.show_prompt(_prompt(4))
    dock.show_prompt(_prompt(2, groups=2))
    with qtbot.waitSignal(dock.chosen) as got:
        qtbot.mouseClick(dock.buttons["c1"], Qt.MouseButton.LeftButton)
    assert got.args == ["c1"]
