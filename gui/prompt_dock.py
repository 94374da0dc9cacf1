"""The prompt dock: who decides, what, under which rule, and the legal choices."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rules.engine.game import Choice, Prompt
from rules.engine.names import rule_words

#: more choices than this are shown as a filterable list instead of buttons
MAX_BUTTONS = 10


def seat_name(seat: str) -> str:
    return seat.replace("-", " ").replace("_", " ").title()


class PromptDock(QDockWidget):
    """Shows a prompt; emits ``chosen(choice_id)`` when the player picks a choice."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Decision", parent)
        self.setObjectName("PromptDock")
        self.prompt: Prompt | None = None
        self.buttons: dict[str, QPushButton] = {}
        #: solo play (one person, every side, no curtain): each seat's colour; the header
        #: then becomes a banner in the colour of the side to act (:meth:`_header`)
        self.seat_colours: dict[str, QColor] = {}
        body = QWidget()
        layout = QVBoxLayout(body)
        self.who = QLabel()
        self.who.setObjectName("PromptSeat")
        self.who.setStyleSheet("font-weight: bold; font-size: 13pt;")
        self.who.setWordWrap(True)       # a long status line must not widen the dock
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.rule = QLabel()
        self.rule.setStyleSheet("color: #6b5d4f;")
        # the filter, list and Choose button (long prompts) are made when first needed
        self._list: QListWidget | None = None
        self.button_box = QWidget()
        self.button_layout = QVBoxLayout(self.button_box)
        self.button_layout.setContentsMargins(0, 0, 0, 0)
        self.button_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.button_box)
        self.scroll = scroll
        for w in (self.who, self.text, self.rule, self.scroll):
            layout.addWidget(w)
        self._layout = layout
        self.setWidget(body)
        self.show_prompt(None)

    # --- the list part (made on first use) ----------------------------------------------------
    def _make_list_part(self) -> None:
        self._filter = QLineEdit()
        self._filter.setPlaceholderText("Filter choices…")
        self._filter.setClearButtonEnabled(True)
        self._filter.textChanged.connect(self._apply_filter)
        self._choose = QPushButton("Choose")
        self._choose.clicked.connect(self._list_chosen)
        self._list = QListWidget()
        self._list.itemActivated.connect(self._item_chosen)
        for i, w in enumerate((self._filter, self._list, self._choose)):
            self._layout.insertWidget(3 + i, w)
            w.setVisible(False)                  # shown by ``_mode("list")``

    @property
    def list(self) -> QListWidget:
        """The list of choices of a long prompt."""
        if self._list is None:
            self._make_list_part()
        return self._list

    @property
    def filter(self) -> QLineEdit:
        """Narrows the list down to the choices containing its text."""
        if self._list is None:
            self._make_list_part()
        return self._filter

    @property
    def choose_button(self) -> QPushButton:
        if self._list is None:
            self._make_list_part()
        return self._choose

    # --- showing ---------------------------------------------------------------------------
    def show_prompt(self, prompt: Prompt | None, *, waiting: str = "", enabled: bool = True
                    ) -> None:
        """Show ``prompt``; ``waiting`` replaces the choices (e.g. a bot is thinking)."""
        self.prompt = prompt
        self._clear()
        if prompt is None:
            self._header(None)
            self.who.setText(waiting or "No game")
            self.text.setText("")
            self.rule.setText("")
            self._mode(None)
            return
        self._header(prompt.seat)
        self.text.setText(prompt.text)
        self.rule.setText(rule_reference(prompt.rule))
        if waiting:
            self.text.setText(f"{prompt.text}\n\n{waiting}")
            self._mode(None)
            return
        if len(prompt.choices) > MAX_BUTTONS:
            self._mode("list")
            for choice in prompt.choices:
                label = f"{choice.group}: {choice.label}" if choice.group else choice.label
                item = QListWidgetItem(label)
                item.setData(Qt.ItemDataRole.UserRole, choice.id)
                item.setToolTip(choice.detail)
                self.list.addItem(item)
            self.list.setCurrentRow(0)
            self.list.setEnabled(enabled)
            self.choose_button.setEnabled(enabled)
        else:
            self._mode("buttons")
            group = None
            for choice in prompt.choices:
                if choice.group and choice.group != group:
                    group = choice.group
                    heading = QLabel(group)
                    heading.setStyleSheet("font-weight: bold; margin-top: 4px;")
                    self.button_layout.insertWidget(self.button_layout.count() - 1, heading)
                self.button_layout.insertWidget(self.button_layout.count() - 1,
                                                self._button(choice, enabled))

    def _header(self, seat: str | None) -> None:
        """"<Seat> to decide"; in solo play a banner in the seat's colour, so the one person
        at the screen sees at a glance which side now acts."""
        colour = self.seat_colours.get(seat) if seat else None
        if colour is None:
            self.who.setStyleSheet("font-weight: bold; font-size: 13pt;")
            self.who.setText(f"{seat_name(seat)} to decide" if seat else "")
            self.who.setToolTip("")
            return
        from .counters import ink_on
        self.who.setStyleSheet(
            f"font-weight: bold; font-size: 13pt; padding: 1px 8px; border-radius: 3px; "
            f"background: {colour.name()}; color: {ink_on(colour).name()}; "
            f"border: 1px solid {colour.darker(150).name()};")
        self.who.setText(f"{seat_name(seat)} to decide")
        self.who.setToolTip("Solo play: you play every side; this banner names the side "
                            "to act now.")

    def _button(self, choice: Choice, enabled: bool) -> QPushButton:
        button = QPushButton(choice.label)
        button.setObjectName(f"choice:{choice.id}")
        button.setToolTip(choice.detail)
        button.setEnabled(enabled)
        button.setMinimumHeight(30)
        button.clicked.connect(lambda _=False, cid=choice.id: self.chosen.emit(cid))
        self.buttons[choice.id] = button
        return button

    def _mode(self, mode: str | None) -> None:
        if mode == "list" or self._list is not None:
            self.filter.setVisible(mode == "list")
            self.list.setVisible(mode == "list")
            self.choose_button.setVisible(mode == "list")
        self.scroll.setVisible(mode == "buttons")

    def _clear(self) -> None:
        self.buttons.clear()
        if self._list is not None:
            self._list.clear()
            self.filter.blockSignals(True)
            self.filter.clear()
            self.filter.blockSignals(False)
        while self.button_layout.count() > 1:
            item = self.button_layout.takeAt(0)
            if item.widget():
                item.widget().hide()          # gone now, deleted when the loop gets to it
                item.widget().deleteLater()

    # --- picking ---------------------------------------------------------------------------
    def pick_target(self, element_id: str) -> bool:
        """The player clicked a map element: pick the choice targeting it.

        One matching choice is chosen at once; several are narrowed down in the list.
        """
        if self.prompt is None:
            return False
        matches = [c for c in self.prompt.choices if c.target == element_id]
        if len(matches) == 1:
            self.chosen.emit(matches[0].id)
            return True
        ids = {c.id for c in matches}
        if matches and self._list is not None and not self._list.isHidden():
            for i in range(self.list.count()):
                item = self.list.item(i)
                item.setHidden(item.data(Qt.ItemDataRole.UserRole) not in ids)
        elif matches:
            self.buttons[matches[0].id].setFocus()
        return False

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def _item_chosen(self, item: QListWidgetItem) -> None:
        self.chosen.emit(item.data(Qt.ItemDataRole.UserRole))

    def _list_chosen(self) -> None:
        item = self.list.currentItem()
        if item is not None and not item.isHidden():
            self.chosen.emit(item.data(Qt.ItemDataRole.UserRole))


def rule_reference(rule: str) -> str:
    """``Rule 5.1`` for a numbered rule, ``Section: Turn sequence`` for a named one."""
    if not rule:
        return ""
    words = rule_words(rule)
    return f"Rule {words}" if rule[0].isdigit() else f"Section: {words}"
