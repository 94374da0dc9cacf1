"""A dialog that shows a prompt's context and offers its choices as buttons."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rules.engine.game import Prompt

from ..prompt_dock import news_in, seat_name
from ..wrap_button import WrapButton


def _names_a_side(text: str) -> bool:
    """The prompt's text starts with a side's name and a colon ("Etruscan-Samnite: ...")."""
    head, sep, _ = text.partition(":")
    return bool(sep) and 0 < len(head) <= 30 and head[:1].isupper() and " " not in head


def fit_to_content(dialog: QDialog) -> None:
    """Resize ``dialog`` to its content's size hint (wrapped labels at their full height),
    no smaller than now and no larger than the window it opens over (or its screen)."""
    parent = dialog.parentWidget()
    room = parent.window().size() if parent is not None else None
    if room is None or room.width() < 200:
        screen = dialog.screen()
        room = screen.availableSize() if screen is not None else dialog.size()
    hint = dialog.sizeHint()
    width = min(max(dialog.width(), hint.width()), room.width() - 20)
    layout = dialog.layout()
    height = hint.height()
    if layout is not None and layout.hasHeightForWidth():
        height = max(height, layout.totalHeightForWidth(width))
    height = min(max(dialog.height() if dialog.isVisible() else 0, height),
                 room.height() - 20)
    dialog.resize(width, height)


def settle_before_paint(dialog: QWidget, content: QWidget) -> None:
    """Lay a dialog just shown out for good before its first paint, so that it is painted
    once. Every new widget has a polish request queued for it, and a push button answers
    its request by asking for a new layout: delivered after the dialog is shown, the
    requests had the content laid out again after the first paint, and the rich-text header
    (the seat in bold), asked its height again while shown, repainted itself, and the
    dialog's background under it (a new dialog painted twice). So the requests are
    delivered now and ``content`` laid out at once."""
    for widget in [dialog, *dialog.findChildren(QWidget)]:
        QCoreApplication.sendPostedEvents(widget, QEvent.Type.PolishRequest)
    layout = content.layout()
    if layout is not None:
        layout.activate()


class PromptDialog(QDialog):
    """Header (seat, text, rule), a body from :meth:`build_body`, choice buttons.

    Emits ``chosen(choice_id)`` and closes. Closing without a choice leaves the decision to
    the prompt dock, which shows the same choices. The main window keeps a closed dialog and
    shows its kind's next prompt in it (:meth:`show_prompt`): a new dialog window costs
    12-16 ms more to open than its content. A prompt of the same shape as the last one
    (:meth:`body_shape`, the number of choices) is shown in the same widgets, their texts
    set anew (:meth:`fill_body`): making and polishing them again cost as much again.
    """

    chosen = Signal(str)
    title = "Decision"

    def __init__(self, prompt: Prompt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self._content: QWidget | None = None
        self._shape: object = None
        self.show_prompt(prompt)

    def show_prompt(self, prompt: Prompt) -> None:
        """Show ``prompt``: its header, body and choices replace the previous prompt's."""
        self.prompt = prompt
        self.setWindowTitle(str(prompt.context.get("title") or self.title))
        shape = self.body_shape(prompt)
        shape = None if shape is None else (shape, self.choices_shape(prompt))
        if self._content is not None:           # a dialog reused: sized to the new content
            self.resize(1, 1)
            focused = self.focusWidget()
            if focused is not None:             # focus goes to the first choice, as in a
                focused.clearFocus()            # new dialog, not the last prompt's button
            for button in self.findChildren(QPushButton):
                button.setDefault(False)        # (the one last clicked was made default)
            if shape is not None and shape == self._shape:
                self.head.setText(_head_text(prompt))
                self.fill_body()
                self.fill_choices()
                return
            self.layout().removeWidget(self._content)
            self._content.hide()
            self._content.deleteLater()
        self._shape = shape
        self.buttons: dict[str, QPushButton] = {}
        self._content = QWidget(self)
        layout = QVBoxLayout(self._content)
        head = QLabel(_head_text(prompt))
        head.setWordWrap(True)
        self.head = head
        layout.addWidget(head)
        self.build_body(layout)
        layout.addLayout(self.build_choices())
        self.layout().addWidget(self._content)

    def body_shape(self, prompt: Prompt) -> object:
        """What the body's widgets depend on (besides their texts): a prompt of the last
        one's shape is shown in its widgets by :meth:`fill_body` and :meth:`fill_choices`;
        None: never (the content is built anew)."""
        return None

    def choices_shape(self, prompt: Prompt) -> object:
        """What the choices' widgets depend on: :meth:`build_choices` puts more than four
        choices one under another, fewer in a row."""
        return len(prompt.choices) > 4

    def build_body(self, layout: QVBoxLayout) -> None:
        """Subclasses add what the moment needs to show."""

    def fill_body(self) -> None:
        """Show :attr:`prompt` in the body built for a prompt of the same shape."""

    def build_choices(self) -> QHBoxLayout | QVBoxLayout:
        """The choices as buttons: in a row, or one under another when there are many."""
        self._choice_row = QVBoxLayout() if len(self.prompt.choices) > 4 else QHBoxLayout()
        self._choice_row.addStretch(1)
        self._choice_buttons: list[WrapButton] = []
        self.fill_choices()
        return self._choice_row

    def fill_choices(self) -> None:
        """The prompt's choices on the buttons of :meth:`build_choices`, in order (as many
        buttons as choices: the last prompt's kept, the missing added, the rest removed)."""
        buttons = self._choice_buttons
        while len(buttons) < len(self.prompt.choices):
            button = WrapButton()
            button.clicked.connect(lambda _=False, b=button: self.pick(b.choice_id))
            self._choice_row.addWidget(button)
            buttons.append(button)
        while len(buttons) > len(self.prompt.choices):
            button = buttons.pop()
            self._choice_row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.buttons = {}
        for choice, button in zip(self.prompt.choices, buttons, strict=True):
            button.choice_id = choice.id
            button.setText(choice.label)
            button.set_detail(news_in(choice))
            button.setObjectName(f"choice:{choice.id}")
            button.setToolTip(choice.detail)
            self.buttons[choice.id] = button

    def showEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """Open as large as the content needs (modifiers and all), within the window."""
        super().showEvent(event)
        fit_to_content(self)
        if self.focusWidget() is None:      # the first choice, also in a dialog reused
            self.focusNextChild()

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt name)
        """Shown: laid out for good before its first paint (:func:`settle_before_paint`)."""
        super().setVisible(visible)
        if visible and self._content is not None:
            settle_before_paint(self, self._content)

    def pick(self, choice_id: str) -> None:
        self.accept()
        self.chosen.emit(choice_id)


def _head_text(prompt: Prompt) -> str:
    """The header: who decides (unless the text names the side) and what, with its rule."""
    who = f"<b>{seat_name(prompt.seat)}</b>: " if prompt.seat else ""     # a read-only card
    if _names_a_side(prompt.text):
        who = ""                      # the text names the side already ("Greek: ...")
    return (f"{who}{prompt.text}"
            + (f" <span style='color:#6b5d4f'>(rule {prompt.rule})</span>"
               if prompt.rule[:1].isdigit() else ""))    # not a named aid section
