"""Plain-data prompt context rendered as widgets: modifiers with rules, dice, key/value rows.

Conventions (all optional): ``modifiers`` is a list of ``{label, value, rule}``; ``dice`` a
list of ints; anything else is shown as "key: value".
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
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


def form_shape(data: dict[str, Any], skip: set[str] = SKIP) -> tuple[str, ...]:
    """The names of the form's rows: a form of this shape can show ``data`` (:meth:`Form.fill`)."""
    return tuple(name for name, _, _ in form_rows(data, skip))


class Form(QWidget):
    """A form of a context: rows for plain values, modifiers, dice.

    A two-column grid, not a ``QFormLayout``: the grid's Qt class is loaded already when the
    first dialog opens at start, the form layout's is not."""

    def __init__(self, data: dict[str, Any], skip: set[str] = SKIP) -> None:
        super().__init__()
        self.skip = skip
        grid = QGridLayout(self)
        self.values: list[QLabel] = []
        for name, text, dice in form_rows(data, skip):
            r = grid.rowCount()
            grid.addWidget(QLabel(name), r, 0, Qt.AlignmentFlag.AlignTop)
            value = _dice(text) if dice else _wrap(text)
            grid.addWidget(value, r, 1)
            self.values.append(value)
        grid.setColumnStretch(1, 1)

    def fill(self, data: dict[str, Any]) -> None:
        """Show ``data``, a context of this form's shape (:func:`form_shape`), in its rows."""
        for label, (_, text, _) in zip(self.values, form_rows(data, self.skip), strict=True):
            if label.text() != text:
                label.setText(text)


def form_for(data: dict[str, Any], skip: set[str] = SKIP) -> Form:
    """A form of the context (:class:`Form`)."""
    return Form(data, skip)


def _dice(text: str) -> QLabel:
    dice = QLabel(text)
    dice.setObjectName("dice")
    font = dice.font()
    font.setPointSizeF(18)
    dice.setFont(font)
    return dice


def _wrap(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label
