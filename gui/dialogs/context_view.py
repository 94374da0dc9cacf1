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


def form_for(data: dict[str, Any], skip: set[str] = SKIP) -> QWidget:
    """A form of the context: rows for plain values, modifiers, dice.

    A two-column grid, not a ``QFormLayout``: the grid's Qt class is loaded already when the
    first dialog opens at start, the form layout's is not."""
    box = QWidget()
    grid = QGridLayout(box)

    def row(name: str, widget: QWidget) -> None:
        r = grid.rowCount()
        grid.addWidget(QLabel(name), r, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(widget, r, 1)

    for key, value in data.items():
        if key in skip or isinstance(value, dict):
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        row(f"{label_of(key)}:", _wrap(str(value)))
    mods = data.get("modifiers")
    if mods:
        row("Modifiers:", _wrap("\n".join(modifier_text(m) for m in mods)))
    if data.get("dice"):
        dice = QLabel(dice_text(list(data["dice"])))
        dice.setObjectName("dice")
        font = dice.font()
        font.setPointSizeF(18)
        dice.setFont(font)
        row("Dice:", dice)
    grid.setColumnStretch(1, 1)
    return box


def _wrap(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label
