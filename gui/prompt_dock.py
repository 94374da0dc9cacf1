"""The prompt dock: who decides, what, under which rule, and the legal choices."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rules.engine.game import Choice, Prompt
from rules.engine.names import rule_words

from .counters import ink_on
from .wrap_button import WrapButton

#: more choices than this are shown as a filterable list instead of buttons
MAX_BUTTONS = 10


#: seat id -> the name players read, from the game on screen (:func:`set_seat_names`)
_SEAT_NAMES: dict[str, str] = {}


def set_seat_names(names: dict[str, str]) -> None:
    """The seats of the game now on screen as its rules name them (``Game.names``):
    ``gauls-greeks`` reads "Gallic and Greek", not "Gauls Greeks"."""
    _SEAT_NAMES.clear()
    _SEAT_NAMES.update(names)


def seat_name(seat: str) -> str:
    known = _SEAT_NAMES.get(seat)
    return known if known else seat.replace("-", " ").replace("_", " ").title()


class PromptDock(QDockWidget):
    """Shows a prompt; emits ``chosen(choice_id)`` when the player picks a choice."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Decision", parent)
        self.setObjectName("PromptDock")
        self.prompt: Prompt | None = None
        self.buttons: dict[str, QPushButton] = {}
        #: the buttons part's rows, ("heading", label) or ("button", button), kept for the
        #: next prompt (:meth:`_show_buttons`); hidden ones of each kind kept for later
        self._rows: list[tuple[str, QWidget]] = []
        self._spare: dict[str, list[QWidget]] = {"heading": [], "button": []}
        #: solo play (one person, every side, no curtain): each seat's colour; the header
        #: then becomes a banner in the colour of the side to act (:meth:`_header`)
        self.seat_colours: dict[str, QColor] = {}
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
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
        self.button_layout.setSpacing(4)
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
        self._list.setWordWrap(True)              # a long choice reads in full, on two lines
        self._list.setUniformItemSizes(False)
        self._list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self._list.setResizeMode(QListView.ResizeMode.Adjust)
        self._list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        focused = self._list is not None and self._list.hasFocus()
        if self._list is not None:
            # hidden while emptied and refilled: a shown list lays its rows out at once
            # whenever one is cleared or made current (twice more than the one layout at
            # its width once shown again by ``_mode``)
            self._list.setVisible(False)
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
        self.rule.setVisible(bool(self.rule.text()))
        if waiting:
            self.text.setText(f"{prompt.text}\n\n{waiting}")
            self._mode(None)
            return
        # the part is filled, then shown: showing lays it out at once (every wrapped text's
        # height), so shown first it would be laid out with the last prompt's texts and
        # again with these
        if len(prompt.choices) > MAX_BUTTONS:
            group = None
            for choice in prompt.choices:
                if choice.group and choice.group != group:
                    self.list.addItem(_heading(choice.group))
                group = choice.group
                news = news_in(choice)
                item = QListWidgetItem(short_label(choice) + (f"\n{news}" if news else ""))
                item.setData(Qt.ItemDataRole.UserRole, choice.id)
                item.setData(SEARCH_ROLE, f"{choice.group} {choice.label}".lower())
                item.setToolTip(choice.detail)
                self.list.addItem(item)
            self.list.setCurrentItem(next(iter(self.choice_items()), None))
            self.list.setEnabled(enabled)
            self.choose_button.setEnabled(enabled)
            self._mode("list")
            if focused:
                self._list.setFocus()          # kept, as if it had never been hidden
        else:
            self._show_buttons(prompt.choices, enabled)
            self._mode("buttons")

    def _show_buttons(self, choices: list[Choice], enabled: bool) -> None:
        """The choices as buttons under their groups' headings, in the last prompt's
        widgets where there are enough of each kind: setting a text costs less than making
        and polishing a widget (:meth:`_arrange`)."""
        rows: list[tuple[str, object]] = []
        group = None
        for choice in choices:
            if choice.group and choice.group != group:
                group = choice.group
                rows.append(("heading", group))
            rows.append(("button", choice))
        shape = [kind for kind, _ in rows]
        if shape != [kind for kind, _ in self._rows]:
            self._arrange(shape)
        for (kind, what), (_, widget) in zip(rows, self._rows, strict=True):
            if kind == "heading":
                widget.setText(what)
            else:
                self._set_button(widget, what, enabled)

    def _heading_label(self) -> QLabel:
        heading = QLabel()
        bold = heading.font()
        bold.setBold(True)
        heading.setFont(bold)           # a font, not a style sheet: cheaper to polish
        heading.setContentsMargins(0, 4, 0, 0)
        return heading

    def _new_button(self) -> WrapButton:
        button = WrapButton()
        button.setMinimumHeight(27)
        button.clicked.connect(lambda _=False, b=button: self.chosen.emit(b.choice_id))
        return button

    def _set_button(self, button: WrapButton, choice: Choice, enabled: bool) -> None:
        button.choice_id = choice.id
        button.setText(choice.label)
        button.set_detail(news_in(choice))
        button.setObjectName(f"choice:{choice.id}")
        button.setToolTip(choice.detail)
        button.setEnabled(enabled)
        self.buttons[choice.id] = button

    def _arrange(self, shape: list[str]) -> None:
        """Rows of ``shape`` ("heading" or "button" each), in order: the widgets shown and
        the spare ones of each kind first, new ones for the rest; those left over are
        hidden and kept for a later prompt."""
        free = {kind: list(spare) for kind, spare in self._spare.items()}
        for kind, widget in reversed(self._rows):
            self.button_layout.removeWidget(widget)
            free[kind].insert(0, widget)
        self._rows = []
        for kind in shape:
            if free[kind]:
                widget = free[kind].pop(0)
            else:
                widget = self._heading_label() if kind == "heading" else self._new_button()
            self.button_layout.insertWidget(self.button_layout.count() - 1, widget)
            widget.setVisible(True)         # now, not a turn of the event loop later
            self._rows.append((kind, widget))
        for spare in free.values():
            for widget in spare:
                widget.hide()
        self._spare = free

    def _header(self, seat: str | None) -> None:
        """"<Seat> to decide"; in solo play a banner in the seat's colour, so the one person
        at the screen sees at a glance which side now acts."""
        colour = self.seat_colours.get(seat) if seat else None
        if colour is None:
            _restyle(self.who, "font-weight: bold; font-size: 13pt;")
            self.who.setText(f"{seat_name(seat)} to decide" if seat else "")
            self.who.setToolTip("")
            return
        _restyle(
            self.who,
            f"font-weight: bold; font-size: 13pt; padding: 1px 8px; border-radius: 3px; "
            f"background: {colour.name()}; color: {ink_on(colour).name()}; "
            f"border: 1px solid {colour.darker(150).name()};")
        self.who.setText(f"{seat_name(seat)} to decide")
        self.who.setToolTip("Solo play: you play every side; this banner names the side "
                            "to act now.")

    def choice_items(self) -> list[QListWidgetItem]:
        """The list's rows that are choices (not the group headings between them)."""
        rows = (self.list.item(i) for i in range(self.list.count()))
        return [item for item in rows if item.data(Qt.ItemDataRole.UserRole) is not None]

    def _mode(self, mode: str | None) -> None:
        """Show the part of ``mode`` ("list", "buttons" or None), the other hidden first: a
        part shown is given its place in the dock at once, so shown beside the other it
        would be laid out at part of its height and again at the whole."""
        parts = [(self.scroll, mode == "buttons")]
        if mode == "list" or self._list is not None:
            # the list last: each part shown lays the dock out, the list at what is left
            parts += [(w, mode == "list") for w in (self.filter, self.choose_button, self.list)]
        for widget, shown in parts:
            if not shown:
                widget.setVisible(False)
        for widget, shown in parts:
            if shown:
                widget.setVisible(True)

    def _clear(self) -> None:
        for button in self.buttons.values():
            button.setObjectName("")        # kept for the next prompt, no choice of this one
        self.buttons.clear()
        if self._list is not None:
            self._list.clear()
            self.filter.blockSignals(True)
            self.filter.clear()
            self.filter.blockSignals(False)

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
            for item in self.choice_items():
                item.setHidden(item.data(Qt.ItemDataRole.UserRole) not in ids)
            self._hide_empty_headings()
        elif matches:
            self.buttons[matches[0].id].setFocus()
        return False

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for item in self.choice_items():
            item.setHidden(bool(needle) and needle not in item.data(SEARCH_ROLE))
        self._hide_empty_headings()

    def _hide_empty_headings(self) -> None:
        """A group heading shows while one of its choices does."""
        heading = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) is None:
                heading = item
                heading.setHidden(True)
            elif heading is not None and not item.isHidden():
                heading.setHidden(False)

    def _item_chosen(self, item: QListWidgetItem) -> None:
        if item.data(Qt.ItemDataRole.UserRole) is not None:
            self.chosen.emit(item.data(Qt.ItemDataRole.UserRole))

    def _list_chosen(self) -> None:
        item = self.list.currentItem()
        if item is not None and not item.isHidden() \
                and item.data(Qt.ItemDataRole.UserRole) is not None:
            self.chosen.emit(item.data(Qt.ItemDataRole.UserRole))


#: item data role of a list row's searchable text (its group and its full label)
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 1


def _heading(group: str) -> QListWidgetItem:
    """A group's heading row in the list: bold, not a choice, not selectable."""
    item = QListWidgetItem(group)
    font = item.font()
    font.setBold(True)
    item.setFont(font)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    item.setBackground(QColor(236, 228, 214))
    return item


def news_in(choice: Choice) -> str:
    """The choice's detail if it tells more than its label (what a card does), else "":
    shown on the choice itself, not only in a tooltip."""
    detail = (choice.detail or "").strip()
    if not detail:
        return ""
    words = set(re.findall(r"\w+", detail.lower()))
    known = set(re.findall(r"\w+", choice.label.lower()))
    return detail if len(words - known) > max(2, len(words) // 3) else ""


def short_label(choice: Choice) -> str:
    """The choice's label, less a leading ``"<name>: "`` its group's heading already says
    (``Philippos V: Land Campaign`` under ``Philippos V [M6], Fresh``)."""
    head, sep, rest = choice.label.partition(": ")
    if sep and rest and choice.group and choice.group.startswith(head):
        return rest
    return choice.label


def rule_reference(rule: str) -> str:
    """``Rule 5.1`` for a numbered rule; nothing for a named section of a player aid
    ("turn-sequence"): a name that says no more than the prompt does."""
    if not rule or not rule[0].isdigit():
        return ""
    return f"Rule {rule_words(rule)}"


def _restyle(widget: QWidget, css: str) -> None:
    """Set ``widget``'s style sheet if it changes (setting it polishes the widget again,
    even to the same text)."""
    if widget.styleSheet() != css:
        widget.setStyleSheet(css)
