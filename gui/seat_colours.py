"""Each seat's colour, for the banner that names the side to act when one person plays
several seats at one screen (solo, no curtain)."""

from __future__ import annotations

import importlib

from PySide6.QtGui import QColor

#: game id -> "module:attribute" of a dict seat -> QColor, read when first needed
COLOURS: dict[str, str] = {
    "hubris": "gui.hubris.style:POWER",
    "mare-nostrum": "gui.mare_nostrum.scene:EMPIRE_COLOURS",
}
#: for the games without their own: distinct, dark enough for white text
FALLBACK = ("#8c2d19", "#1f5c8a", "#5b7a1f", "#6a3491", "#9b6b00", "#2f6e63")


def seat_colours(game_id: str, seats: list[str]) -> dict[str, QColor]:
    """Every seat of ``seats`` with its colour: the game's own, else a fixed palette by
    the seat's place in the list."""
    own: dict = {}
    spec = COLOURS.get(game_id)
    if spec:
        module, _, attr = spec.partition(":")
        try:
            own = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            own = {}
    out = {}
    for i, seat in enumerate(seats):
        colour = own.get(seat) if seat in own else None
        out[seat] = QColor(colour) if colour is not None else QColor(FALLBACK[i % len(FALLBACK)])
    return out
