"""New Game: game -> scenario -> who plays each seat -> options -> seed -> start."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QIntValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rules.engine import registry
from rules.engine.game import Game, Scenario
from rules.engine.options import new_game_options

from .prompt_dock import seat_name

#: seat controller label -> Session controller name ("" = seat not in play)
CONTROLLERS = {"Human": "human", "Bot (random)": "random", "Bot": "bot",
               "Bot (search)": "search", "Not playing": ""}
#: Think time of the search bots: label -> suffix of the ``search`` seat kind
THINK = {"Fast": "fast", "Normal": "normal", "Strong": "strong"}
#: the second line of a set-up-only scenario in the list, and why Start is off for it
SET_UP_ONLY = "Set-up only: play not implemented yet"
SET_UP_ONLY_GREY = QColor("#6b6358")


@dataclass
class NewGameSpec:
    """Everything Session.new needs, plus the curtain switch."""

    game_id: str
    scenario: str
    controllers: dict[str, str]
    options: dict[str, str] = field(default_factory=dict)
    seed: int = 1
    curtain: bool = True
    solo: bool = False


def random_seed() -> int:
    return int.from_bytes(os.urandom(3), "big")


def length_text(scen: Scenario) -> str:
    """'3, 7 or 11 turns recommended; any from 1 to 11' (or the lengths offered)."""
    if not scen.recommended:
        return f"{', '.join(scen.lengths)} turns"
    rec = list(scen.recommended)
    said = f"{', '.join(rec[:-1])} or {rec[-1]}" if len(rec) > 1 else rec[0]
    ns = sorted(int(n) for n in scen.lengths if n.isdigit())
    return f"{said} turns recommended; any from {ns[0]} to {ns[-1]}" if ns else said


class NewGameDialog(QDialog):
    """The New Game wizard on one page. ``spec()`` reads the player's selection."""

    def __init__(self, parent: QWidget | None = None, games: list[Game] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.games = games if games is not None else registry.available()
        self.seat_boxes: dict[str, QComboBox] = {}
        self.option_widgets: dict[str, QCheckBox | QComboBox] = {}
        layout = QHBoxLayout(self)

        left = QVBoxLayout()
        self.game_combo = QComboBox()
        for game in self.games:
            self.game_combo.addItem(game.title or game.id, game.id)
        left.addWidget(QLabel("<b>Game</b>"))
        left.addWidget(self.game_combo)
        left.addWidget(QLabel("<b>Scenario</b>"))
        self.scenario_list = QListWidget()
        self.scenario_list.setWordWrap(True)       # a long title wraps: its mark stays seen
        self.scenario_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scenario_list.setMinimumWidth(320)
        left.addWidget(self.scenario_list, 1)
        self.blurb = QLabel()
        self.blurb.setWordWrap(True)
        self.blurb.setMinimumWidth(280)
        left.addWidget(self.blurb)
        layout.addLayout(left, 1)

        right = QVBoxLayout()
        self.seats_group = QGroupBox("Players")
        self.seats_form = QFormLayout(self.seats_group)
        right.addWidget(self.seats_group)
        self.options_group = QGroupBox("Options")
        self.options_form = QFormLayout(self.options_group)
        right.addWidget(self.options_group)
        extra = QGroupBox("Table")
        extra_form = QFormLayout(extra)
        self.curtain_box = QCheckBox("Hide hands between human players (hot-seat curtain)")
        self.curtain_box.setToolTip("Turn off when one person plays every side (solo).")
        extra_form.addRow(self.curtain_box)
        self.solo_box = QCheckBox("Solo: I play every side (no curtain; a banner in the "
                                  "side's colour names who acts)")
        self.solo_box.setToolTip("One person plays all the human seats at this screen: the "
                                 "hot-seat curtain is off and the Decision panel's header "
                                 "shows the side to act in its colour.")
        self.solo_box.toggled.connect(self._solo_toggled)
        extra_form.addRow(self.solo_box)
        seed_row = QHBoxLayout()
        self.seed_edit = QLineEdit(str(random_seed()))
        self.seed_edit.setValidator(QIntValidator(0, 2_000_000_000, self))
        reroll = QPushButton("Random")
        reroll.clicked.connect(lambda: self.seed_edit.setText(str(random_seed())))
        seed_row.addWidget(self.seed_edit, 1)
        seed_row.addWidget(reroll)
        extra_form.addRow("Seed:", seed_row)
        self.think_combo = QComboBox()
        for label, think in THINK.items():
            self.think_combo.addItem(label, think)
        self.think_combo.setCurrentIndex(1)
        self.think_combo.setToolTip("How far a search bot looks ahead before each decision: "
                                    "fast a tenth of a second, normal about half a second, "
                                    "strong one to two seconds (docs/BOTS.md).")
        extra_form.addRow("Search bots think:", self.think_combo)
        right.addWidget(extra)
        right.addStretch(1)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a11d1d;")
        right.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.setup_button = self.buttons.addButton("Show set-up",
                                                   QDialogButtonBox.ButtonRole.ActionRole)
        self.setup_button.setToolTip("Open the scenario's opening position to look at")
        self.setup_button.clicked.connect(self._try_accept)
        self.start_button = self.buttons.addButton("Start",
                                                   QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setDefault(True)
        self.buttons.accepted.connect(self._try_accept)
        self.buttons.rejected.connect(self.reject)
        right.addWidget(self.buttons)
        layout.addLayout(right, 1)

        self.game_combo.currentIndexChanged.connect(self._game_changed)
        self.scenario_list.currentRowChanged.connect(self._scenario_changed)
        self._game_changed()

    # --- selection -------------------------------------------------------------------------
    def game(self) -> Game | None:
        index = self.game_combo.currentIndex()
        return self.games[index] if 0 <= index < len(self.games) else None

    def scenario(self) -> Scenario | None:
        game = self.game()
        row = self.scenario_list.currentRow()
        if game is None or row < 0:
            return None
        return game.scenarios()[row]

    def select(self, game_id: str, scenario_id: str | None = None) -> None:
        """Select a game (and scenario) by id, as a player would."""
        self.game_combo.setCurrentIndex(self.game_combo.findData(game_id))
        if scenario_id is not None:
            for row in range(self.scenario_list.count()):
                if self.scenario_list.item(row).data(Qt.ItemDataRole.UserRole) == scenario_id:
                    self.scenario_list.setCurrentRow(row)

    def _game_changed(self) -> None:
        game = self.game()
        self.scenario_list.clear()
        if game is None:
            return
        scenarios = game.scenarios()
        for s in scenarios:
            item = QListWidgetItem(f"{s.title}  ({s.year})")
            if not s.playable:
                item.setText(f"{item.text()}\n{SET_UP_ONLY}")
                item.setForeground(QBrush(SET_UP_ONLY_GREY))
                item.setToolTip(SET_UP_ONLY)
            item.setData(Qt.ItemDataRole.UserRole, s.id)
            self.scenario_list.addItem(item)
        self.solo_box.setChecked(False)
        self.curtain_box.setEnabled(game.hidden_information)
        self.curtain_box.setChecked(game.hidden_information)
        # open on the first scenario that plays (the set-up-only ones are for looking at)
        first = next((row for row, s in enumerate(scenarios) if s.playable), 0)
        self.scenario_list.setCurrentRow(first)

    def _scenario_changed(self) -> None:
        game, scen = self.game(), self.scenario()
        _clear_form(self.seats_form)
        _clear_form(self.options_form)
        self.seat_boxes.clear()
        self.option_widgets.clear()
        self._show_playable(scen)
        if game is None or scen is None:
            self.blurb.setText("")
            return
        length = f"<br>Length: {length_text(scen)}" if scen.lengths else ""
        self.blurb.setText(f"<b>{scen.title}</b> — {scen.year}<br>"
                           f"Seats: {', '.join(seat_name(s) for s in scen.seats)}{length}"
                           f"<p>{scen.blurb}</p>"
                           + ("" if scen.playable else
                              "<p><i>Set-up only: the map shows this scenario's opening "
                              "position; its play is not implemented yet.</i></p>"))
        for seat in scen.seats:
            box = QComboBox()
            for label, kind in CONTROLLERS.items():
                if kind or scen.min_seats:
                    box.addItem(label, kind)
            box.setObjectName(f"seat:{seat}")
            self.seats_form.addRow(f"{seat_name(seat)}:", box)
            self.seat_boxes[seat] = box
        options = new_game_options(game, scen)
        for opt in options:
            if opt.choices:
                widget: QCheckBox | QComboBox = QComboBox()
                widget.addItems(list(opt.choices))
                widget.setCurrentText(opt.default)
                self.options_form.addRow(f"{opt.label}:", widget)
            else:
                widget = QCheckBox(opt.label)
                widget.setChecked(opt.default == "yes")
                self.options_form.addRow(widget)
            widget.setToolTip(opt.help)
            self.option_widgets[opt.key] = widget
            if isinstance(widget, QComboBox):
                widget.currentTextChanged.connect(self._seats_follow_options)
            else:
                widget.toggled.connect(self._seats_follow_options)
        self.options_group.setVisible(bool(options))
        self._seats_follow_options()
        self._default_seats()

    def _default_seats(self) -> None:
        """One Human (the first seat that plays), the rest Bot: a game one can start and
        play at once; hot-seat is a change of a box or two."""
        playing = self.playing_seats()
        first = next((seat for seat in self.seat_boxes if seat in playing), None)
        for seat, box in self.seat_boxes.items():
            kind = "human" if seat == first else "bot"
            index = box.findData(kind)
            if index >= 0:
                box.setCurrentIndex(index)

    def _options(self) -> dict[str, str]:
        options = {}
        for key, widget in self.option_widgets.items():
            if isinstance(widget, QCheckBox):
                options[key] = "yes" if widget.isChecked() else "no"
            else:
                options[key] = widget.currentText()
        return options

    def playing_seats(self) -> tuple[str, ...]:
        """The seats the chosen options leave to players (Hubris ``players=2``: not
        Macedon, which the rules run)."""
        game, scen = self.game(), self.scenario()
        if game is None or scen is None:
            return ()
        return game.seats_for(scen, self._options())

    def _seats_follow_options(self) -> None:
        playing = self.playing_seats()
        for seat, box in self.seat_boxes.items():
            box.setEnabled(seat in playing)
            box.setToolTip("" if seat in playing else
                           f"{seat_name(seat)} is run by the rules with these options")

    def _show_playable(self, scen: Scenario | None) -> None:
        """Start for a scenario that plays; for a set-up-only one, Show set-up, and why."""
        playable = scen is None or scen.playable
        self.start_button.setEnabled(playable)
        self.setup_button.setVisible(not playable)
        why = "" if playable else f"{scen.title}: {SET_UP_ONLY.lower()}."
        self.start_button.setToolTip(why or "Start the game")
        self.start_button.setDefault(playable)
        self.setup_button.setDefault(not playable)
        self.error.setStyleSheet("color: #5c4f3a;")       # a notice, not an error
        self.error.setText(why and f"{why} Start is off; Show set-up opens its opening "
                                   "position to look at.")

    def _solo_toggled(self, on: bool) -> None:
        """Solo: the curtain is off (nothing to hide from oneself)."""
        game = self.game()
        hidden = bool(game and game.hidden_information)
        self.curtain_box.setChecked(hidden and not on)
        self.curtain_box.setEnabled(hidden and not on)

    def set_seat(self, seat: str, controller: str) -> None:
        """``controller`` as in a save: ``human``, ``bot``, ``search:strong`` ..."""
        kind, _, think = controller.partition(":")
        box = self.seat_boxes[seat]
        box.setCurrentIndex(box.findData(kind))
        if think:
            self.think_combo.setCurrentIndex(self.think_combo.findData(think))

    # --- result ----------------------------------------------------------------------------
    def spec(self) -> NewGameSpec:
        game, scen = self.game(), self.scenario()
        if game is None or scen is None:
            raise ValueError("choose a game and a scenario")
        think = self.think_combo.currentData()
        playing = self.playing_seats()
        controllers = {seat: (f"search:{think}" if box.currentData() == "search"
                              and think != "normal" else box.currentData())
                       for seat, box in self.seat_boxes.items()
                       if box.currentData() and seat in playing}
        need = len(playing) if playing != scen.seats else (scen.min_seats or len(scen.seats))
        if len(controllers) < need:
            raise ValueError(f"{scen.title} needs at least {need} players")
        options = self._options()
        seed = int(self.seed_edit.text()) if self.seed_edit.text() else random_seed()
        solo = self.solo_box.isChecked()
        return NewGameSpec(game.id, scen.id, controllers, options, seed,
                           self.curtain_box.isChecked() and not solo, solo)

    def _try_accept(self) -> None:
        scen = self.scenario()
        if scen is not None and not scen.playable and self.sender() is not self.setup_button:
            return                  # Enter on a set-up-only scenario: Start is off
        try:
            self.spec()
        except ValueError as exc:
            self.error.setStyleSheet("color: #a11d1d;")
            self.error.setText(str(exc))
            return
        self.accept()


def _clear_form(form: QFormLayout) -> None:
    while form.rowCount():
        form.removeRow(0)
