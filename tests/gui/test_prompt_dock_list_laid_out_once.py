"""A refill of the prompt dock's list lays its rows out once, at the new prompt's texts: the
list is hidden while it is emptied and refilled, so neither clearing it (the last prompt's
rows laid out again) nor making the first choice current (a layout before it is shown at
its width) sizes a row."""

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QMainWindow, QStyledItemDelegate

from gui.prompt_dock import MAX_BUTTONS, PromptDock
from rules.engine.game import Choice, Prompt


def _prompt(word: str, n: int = MAX_BUTTONS + 6) -> Prompt:
    return Prompt("north", "Pick one", [
        Choice(f"{word}{i}", f"{word} {i} with a label long enough to wrap in the dock's list",
               group=f"{word} group {i // 4}") for i in range(n)])


class _Sizes(QStyledItemDelegate):
    """Records the text of every row whose size is asked for."""

    def __init__(self, parent) -> None:
        super().__init__(parent)
        self.asked: list[str] = []

    def sizeHint(self, option, index):  # noqa: N802 (Qt name)
        self.asked.append(index.data())
        return super().sizeHint(option, index)


def _window(qtbot) -> tuple[QMainWindow, PromptDock]:
    window = QMainWindow()
    dock = PromptDock()
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    return window, dock


def test_a_refill_lays_the_new_rows_out_once_and_no_old_one(qtbot):
    _, dock = _window(qtbot)
    dock.show_prompt(_prompt("old"))
    qtbot.wait(50)
    sizes = _Sizes(dock.list)
    dock.list.setItemDelegate(sizes)
    dock.show_prompt(_prompt("new"))
    assert sizes.asked, "the list shown again is laid out at once"
    assert not [text for text in sizes.asked if text.startswith("old")]
    assert len(sizes.asked) < 2 * dock.list.count()          # one pass over the rows
    assert dock.list.isVisible() and dock.list.currentItem().text().startswith("new 0")


def test_the_list_keeps_the_keyboard_focus_across_a_refill(qtbot):
    window, dock = _window(qtbot)
    window.activateWindow()
    dock.show_prompt(_prompt("old"))
    dock.list.setFocus()
    qtbot.waitUntil(dock.list.hasFocus, timeout=2000)
    dock.show_prompt(_prompt("new"))
    assert dock.list.hasFocus()


def test_the_list_shown_again_gets_its_whole_height_at_once(qtbot):
    """Shown beside the buttons' part (still shown) or before the Choose button, the list was
    given part of its height, then the whole: its rows laid out at each."""
    _, dock = _window(qtbot)
    dock.show_prompt(_prompt("old"))
    dock.show_prompt(Prompt("north", "Pick one", [Choice("a", "A"), Choice("b", "B")]))
    qtbot.wait(50)
    heights: list[int] = []

    class Heights(QObject):
        def eventFilter(self, obj, event):   # noqa: N802 (Qt name)
            if event.type() == QEvent.Type.Resize:
                heights.append(event.size().height())
            return False

    watch = Heights()
    dock.list.installEventFilter(watch)
    dock.show_prompt(_prompt("new"))
    qtbot.wait(50)
    assert len(set(heights)) <= 1, heights
