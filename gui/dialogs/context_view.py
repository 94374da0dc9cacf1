"""Plain-data prompt context rendered as widgets: modifiers with rules, dice, key/value rows.

Conventions (all optional): ``modifiers`` is a list of ``{label, value, rule}``; ``dice`` a
list of ints; anything else is shown as "key: value".
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
SKIP = {"title", "sides", "modifiers", "dice", "card"}


def dice_text(dice: list[Any]) -> str:
    """'⚂ 3  ⚅ 6' for d6 values, plain numbers otherwise."""
    out = []
    for d in dice:
        if isinstance(d, int) and 1 <= d <= 6:
            out.append(f"{DIE_FACES[d - 1]} {d}")
        else:
            out.append(str(d))
    return "   ".join(out)


def modifier_text(mod: Any) -> str:
    if not isinstance(mod, dict):
        return str(mod)
    value = mod.get("value", "")
    if isinstance(value, int) and value > 0:
        value = f"+{value}"
    rule = f"  (rule {mod['rule']})" if mod.get("rule") else ""
    return f"{value} {mod.get('label', '')}{rule}".strip()


def label_of(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").capitalize()


def form_rows(data: dict[str, Any], skip: set[str] = SKIP) -> list[tuple[str, str, bool]]:
    """The form's rows of ``data``: (name, value text, is the dice row)."""
    rows = []
    for key, value in data.items():
        if key in skip or isinstance(value, dict):
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        rows.append((f"{label_of(key)}:", str(value), False))
    mods = data.get("modifiers")
    if mods:
        rows.append(("Modifiers:", "\n".join(modifier_text(m) for m in mods), False))
    if data.get("dice"):
        rows.append(("Dice:", dice_text(list(data["dice"])), True))
    return rows


class Form(QWidget):
    """A form of a context: rows for plain values, modifiers, dice; :meth:`fill` shows
    another context in the same widgets (rows set anew, added, or hidden).

    A two-column grid, not a ``QFormLayout``: the grid's Qt class is loaded already when the
    first dialog opens at start, the form layout's is not."""

    def __init__(self, data: dict[str, Any], skip: set[str] = SKIP) -> None:
        super().__init__()
        self.skip = skip
        self._grid = QGridLayout(self)
        self._grid.setColumnStretch(1, 1)
        self._rows: list[tuple[QLabel, QLabel]] = []
        self.fill(data)

    def fill(self, data: dict[str, Any]) -> None:
        """Show ``data``: a row's widgets are kept for the row in its place."""
        rows = form_rows(data, self.skip)
        while len(self._rows) < len(rows):
            at = len(self._rows)
            name, value = QLabel(), _wrap("")
            self._grid.addWidget(name, at, 0, Qt.AlignmentFlag.AlignTop)
            self._grid.addWidget(value, at, 1)
            self._rows.append((name, value))
        for i, (name, value) in enumerate(self._rows):
            if i < len(rows):
                _set_text(name, rows[i][0])
                _set_text(value, rows[i][1])
                _dice_look(value, rows[i][2])
            else:
                _dice_look(value, False)
            name.setHidden(i >= len(rows))
            value.setHidden(i >= len(rows))


def form_for(data: dict[str, Any], skip: set[str] = SKIP) -> Form:
    """A form of the context (:class:`Form`)."""
    return Form(data, skip)


def _set_text(label: QLabel, text: str) -> None:
    if label.text() != text:
        label.setText(text)


def _dice_look(label: QLabel, dice: bool) -> None:
    """The dice row's value in large type (the die faces), named ``dice``; else plain."""
    if (label.objectName() == "dice") == dice:
        return
    label.setObjectName("dice" if dice else "")
    label.setWordWrap(not dice)
    if dice:
        font = label.font()
        font.setPointSizeF(18)
        label.setFont(font)
    else:
        label.setFont(QFont())          # the form's own again


def _wrap(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label
