"""The prompt dock fills its buttons (or its list) before it shows them: showing a part lays
it out at once, so shown first it would be laid out with the last prompt's texts, then again
with the new ones (a second layout of every word-wrapped button in the click)."""

from PySide6.QtCore import QEvent, QObject

from gui.prompt_dock import MAX_BUTTONS, PromptDock
from rules.engine.game import Choice, Prompt


def _prompt(n: int, word: str) -> Prompt:
    return Prompt("north", "Pick one", [Choice(f"{word}{i}", f"{word} {i}") for i in range(n)])


class _AtShow(QObject):
    """What ``read()`` gives when the watched widget is shown."""

    def __init__(self, widget, read) -> None:
        super().__init__()
        self.seen: list = []
        self._read = read
        widget.installEventFilter(self)

    def eventFilter(self, obj, event):   # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Show:
            self.seen.append(self._read())
        return False


def test_buttons_carry_the_new_choices_when_shown(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.show()
    dock.show_prompt(_prompt(3, "old"))
    dock.show_prompt(_prompt(MAX_BUTTONS + 2, "long"))        # the list: the buttons hidden
    watch = _AtShow(dock.scroll, lambda: sorted(b.text() for b in dock.buttons.values()))
    dock.show_prompt(_prompt(3, "new"))
    assert watch.seen == [["new 0", "new 1", "new 2"]]


def test_the_list_holds_the_new_choices_when_shown(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.show()
    dock.show_prompt(_prompt(MAX_BUTTONS + 1, "old"))
    dock.show_prompt(_prompt(2, "short"))                     # buttons: the list hidden
    watch = _AtShow(dock.list, lambda: dock.list.count())
    dock.show_prompt(_prompt(MAX_BUTTONS + 3, "new"))
    assert watch.seen == [MAX_BUTTONS + 3]
