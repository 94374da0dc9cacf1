"""The final dialog: winners, level of victory, reason and scores, and a game's own panel
(Hubris: the VPs Turn by Turn beside the 9.3 table) when the game offers one."""

from __future__ import annotations

import importlib
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rules.engine.game import Result

from ..prompt_dock import seat_name

#: game id -> the module giving that game's end of game: ``result_panel(state)`` (a widget)
#: and ``headline(result)`` (the game's own wording of the outcome)
PANELS: dict[str, str] = {"hubris": "gui.hubris.result_panel"}


def _module(state: dict[str, Any] | None) -> Any:
    name = PANELS.get(((state or {}).get("meta") or {}).get("game", ""))
    return importlib.import_module(name) if name else None


def game_panel(state: dict[str, Any] | None) -> QWidget | None:
    """The end-of-game panel of the game ``state`` belongs to, if it has one."""
    module = _module(state)
    return module.result_panel(state) if module else None


def headline(result: Result, state: dict[str, Any] | None = None) -> str:
    """'Rome wins: Victory', or the game's own wording when ``state``'s game has one."""
    module = _module(state)
    if module is not None:
        return module.headline(result)
    if not result.winners:          # a solitaire Defeat has no winner seat either (12.5)
        return "Defeat" if result.level == "Defeat" else "Draw"
    names = " and ".join(seat_name(w) for w in result.winners)
    verb = "win" if len(result.winners) > 1 else "wins"
    return f"{names} {verb}" + (f": {result.level}" if result.level else "")


class ResultDialog(QDialog):
    """Shows how the game ended. ``new_game_requested`` is set if the player asks for one."""

    def __init__(self, result: Result, parent: QWidget | None = None,
                 state: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.result_ = result
        self.new_game_requested = False
        self.setWindowTitle("Game over")
        layout = QVBoxLayout(self)
        self.panel = game_panel(state)
        self.headline = QLabel(headline(result, state))
        self.headline.setObjectName("headline")
        self.headline.setStyleSheet("font-size: 18pt; font-weight: bold;")
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.headline)
        reason = QLabel(result.reason)
        reason.setWordWrap(True)
        reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(reason)
        if self.panel is not None:
            layout.addWidget(self.panel, 1)
        scores = sorted(result.scores.items(), key=lambda kv: -kv[1])
        self.table = QTableWidget(len(scores), 2)
        self.table.setHorizontalHeaderLabels(["Seat", "Score"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for i, (seat, score) in enumerate(scores):
            self.table.setItem(i, 0, QTableWidgetItem(seat_name(seat)))
            value = int(score) if float(score).is_integer() else score
            self.table.setItem(i, 1, QTableWidgetItem(str(value)))
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setVisible(bool(scores) and not getattr(self.panel, "shows_scores", False))
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.new_button = buttons.addButton("New game", QDialogButtonBox.ButtonRole.AcceptRole)
        self.new_button.clicked.connect(self._new)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _new(self) -> None:
        self.new_game_requested = True
        self.accept()
