"""The hand dock: the hidden information of the seat now looking at the screen.

Reads ``view["hands"][seat]`` (a list) from ``session.view(seat)``; games whose view holds
other private things may add ``view["private"][seat]`` (a list of lines).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QListWidget, QWidget

from .lazy_dock import LazyDock
from .prompt_dock import seat_name


def private_lines(view: dict[str, Any], seat: str | None) -> list[str]:
    """What ``seat`` holds privately in ``view``, one line per item."""
    if seat is None:
        return []
    lines: list[str] = []
    hands = view.get("hands")
    if isinstance(hands, dict) and isinstance(hands.get(seat), list):
        lines += [_label(card) for card in hands[seat]]
    private = view.get("private")
    if isinstance(private, dict) and isinstance(private.get(seat), list):
        lines += [str(x) for x in private[seat]]
    return lines


def _label(card: Any) -> str:
    """A card's title; a card that says what it does shows that on a second line."""
    if isinstance(card, dict):
        title = str(card.get("title") or card.get("name") or card.get("id") or card)
        return f"{title}\n{card['text']}" if card.get("text") else title
    return str(card)


class HandDock(LazyDock):
    """Lists the viewer's hand; empty (and titled so) for a spectator. The list is made
    when the dock is first painted (it starts tabbed behind the status)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Hand", parent)
        self.setObjectName("HandDock")
        self._lines: list[str] = []

    def _make_body(self) -> QListWidget:
        shown = QListWidget()
        shown.setWordWrap(True)
        shown.setAlternatingRowColors(True)
        shown.addItems(self._lines)
        return shown

    @property
    def list(self) -> QListWidget:
        return self.body

    def show_hand(self, view: dict[str, Any], seat: str | None) -> None:
        self._lines = private_lines(view, seat) or ["(nothing hidden)"]
        self.setWindowTitle(f"Hand — {seat_name(seat)}" if seat else "Hand")
        if self._body is not None:
            self._body.clear()
            self._body.addItems(self._lines)

    def items(self) -> list[str]:
        return list(self._lines)
