"""The info dock: details of a clicked map element (game.describe), for players: the notes on
where a value comes from (rule numbers of the data, reconstructions, file paths) are left
out (:func:`for_players`); they stay in the data and its checks."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QTextBrowser, QWidget

from .lazy_dock import LazyDock

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTextBrowser


class InfoDock(LazyDock):
    """Its browser is made when first shown or given a text (it starts behind the log)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Info", parent)
        self.setObjectName("InfoDock")

    def _make_body(self) -> QTextBrowser:
        text = QTextBrowser()
        text.setPlaceholderText("Click a space, piece or card for details.")
        return text

    @property
    def text(self) -> QTextBrowser:
        return self.body

    def show_text(self, text: str) -> None:
        self.body.setPlainText(for_players(text))


#: a bracketed note on the data's sources ("[source: rule 5.10.1: ...]")
_BRACKETED = re.compile(r"\s*;?\s*\[sources?:[^\]]*\]", re.IGNORECASE)


def for_players(text: str) -> str:
    """``text`` less its data-source notes: bracketed ``[source: ...]`` parts, and a
    ``Source:`` line with the indented lines under it."""
    text = _BRACKETED.sub("", text)
    out: list[str] = []
    skipping = False
    for line in text.splitlines():
        if re.match(r"\s*(sources?\s*:|reconstructed\b)", line, re.IGNORECASE):
            skipping = True
            continue
        if skipping and (line.startswith((" ", "\t")) or not line.strip()):
            continue
        skipping = False
        out.append(line)
    return "\n".join(out).rstrip()
