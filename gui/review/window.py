"""The Review window: a finished game (or any save) position by position, and Analyse.

A window of its own beside the main window: the map, the game's side panel, status and the
whole log show the position the history slider is on; step buttons, the slider, a click in
the log (its entry's position) or on the chart move it. Analyse runs the search seat over
one seat's decisions in the background (gui/review/worker.py) and marks each decision where
its preferred choice was worth clearly more than the one played. Nothing here writes: the
save record is only read (rules/engine/review.py replays it).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rules.engine.review import Timeline, Verdict, can_analyse
from rules.engine.search import THINK

from ..dialogs.result import headline
from ..log_dock import KIND_COLOURS, entry_text
from ..map_view import MapView
from ..prompt_dock import seat_name
from ..scenes import make_scene, panel_class
from ..seat_colours import seat_colours
from .chart import MARK, WinChart
from .worker import Analysis

FUTURE = QColor("#b3ab9c")        # log entries after the position shown
#: the slider moves the position at most this often (ms): a drag redraws once per tick
SLIDER_MS = 15


def pct(chance: float) -> str:
    return f"{round(chance * 100)}%"


class ReviewWindow(QMainWindow):
    """Review of the save record ``data`` (game, scenario, options, seats, seed, choices,
    hash), called ``name``. Raises SaveError (from the replay) if it does not replay."""

    def __init__(self, data: dict[str, Any], name: str = "save",
                 parent: QWidget | None = None, only_seat: str | None = None) -> None:
        super().__init__(parent)
        self.only_seat = only_seat
        self.setWindowFlag(Qt.WindowType.Window)
        self.timeline = Timeline(data, name)
        self.data = data
        self.game = self.timeline.game
        self.total = len(self.timeline)
        self.result = self.game.result(self.timeline.final)
        self.position = 0              # the log is first shaded for the start (_fill_log)
        self.verdicts: dict[int, Verdict] = {}
        self.analysis: Analysis | None = None
        scen = self.game.scenario(data["scenario"]).title
        self.setWindowTitle(f"Review: {self.game.title}: {scen} [{name}] — Hegemon")
        self.resize(1600, 1000)
        self._build()
        self._sized = False
        self._pending: int | None = None
        self._slider_timer = QTimer(self)
        self._slider_timer.setSingleShot(True)
        self._slider_timer.setInterval(SLIDER_MS)
        self._slider_timer.timeout.connect(self._slider_settled)
        self._fill_log()
        self.go(self.total)

    # --- building ------------------------------------------------------------------------
    def _build(self) -> None:
        body = QWidget()
        outer = QVBoxLayout(body)
        outer.setContentsMargins(8, 6, 8, 8)
        self.headline = QLabel(self._headline())
        self.headline.setStyleSheet("font-size: 13pt; font-weight: bold;")
        outer.addWidget(self.headline)

        split = QSplitter(Qt.Orientation.Vertical)
        top = self.top = QSplitter(Qt.Orientation.Horizontal)
        self.map_view = MapView()
        self.scene = make_scene(self.game, self._view(self.total))
        self.scene.elementClicked.connect(self._describe)
        self.map_view.setScene(self.scene)
        top.addWidget(self.map_view)
        top.addWidget(self._side())
        top.setStretchFactor(0, 3)
        top.setStretchFactor(1, 1)
        top.setSizes([1080, 480])
        split.addWidget(top)
        split.addWidget(self._bottom())
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([640, 300])
        outer.addWidget(split, 1)
        self.setCentralWidget(body)
        for keys, slot in (("Left", lambda: self.step(-1)), ("Right", lambda: self.step(1)),
                           ("Home", lambda: self.go(0)), ("End", lambda: self.go(self.total)),
                           ("Ctrl+W", self.close)):
            QShortcut(QKeySequence(keys), self, activated=slot)

    def _side(self) -> QWidget:
        side = QWidget()
        lay = QVBoxLayout(side)
        lay.setContentsMargins(6, 0, 0, 0)
        self.where = QLabel()
        self.where.setWordWrap(True)
        self.where.setTextFormat(Qt.TextFormat.RichText)
        self.where.setStyleSheet("font-size: 10.5pt;")
        self.where.setMinimumHeight(96)
        self.where.setAlignment(Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.where)
        self.tabs = QTabWidget()
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setToolTip("Click an entry to go to the position it was written in")
        self.log.itemClicked.connect(self._log_clicked)
        self.tabs.addTab(self.log, "Log")
        self.status = QTableWidget(0, 2)
        self.status.horizontalHeader().setVisible(False)
        self.status.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents)
        self.status.horizontalHeader().setStretchLastSection(True)
        self.status.verticalHeader().setVisible(False)
        self.status.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.status.setWordWrap(True)
        self.tabs.addTab(self.status, "Status")
        cls = panel_class(self.game.id)
        self.panel = cls() if cls is not None else None
        if self.panel is not None:      # scrolled: a wide panel does not squeeze the map
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(self.panel)
            self.tabs.addTab(scroll, "Board")
        self.info = QLabel("Click a place on the map for its details.")
        self.info.setWordWrap(True)
        self.info.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.tabs.addTab(self.info, "Info")
        lay.addWidget(self.tabs, 1)
        return side

    def _bottom(self) -> QWidget:
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 4, 0, 0)
        nav = QHBoxLayout()
        self.first_button = self._button("|◀", "To the start (Home)", lambda: self.go(0))
        self.back_button = self._button("◀", "One decision back (Left)", lambda: self.step(-1))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, self.total)
        self.slider.setPageStep(max(1, self.total // 20))
        self.slider.valueChanged.connect(self._slider_moved)
        self.next_button = self._button("▶", "One decision on (Right)", lambda: self.step(1))
        self.last_button = self._button("▶|", "To the end (End)", lambda: self.go(self.total))
        self.prev_mark = self._button("◀ mark", "The marked decision before this position",
                                      lambda: self.to_mark(-1))
        self.next_mark = self._button("mark ▶", "The next marked decision",
                                      lambda: self.to_mark(1))
        self.counter = QLabel()
        self.counter.setMinimumWidth(170)
        for w in (self.first_button, self.back_button):
            nav.addWidget(w)
        nav.addWidget(self.slider, 1)
        for w in (self.next_button, self.last_button, self.counter, self.prev_mark,
                  self.next_mark):
            nav.addWidget(w)
        lay.addLayout(nav)

        row = QHBoxLayout()
        row.addWidget(QLabel("<b>Analyse</b> the decisions of"))
        self.seat_box = QComboBox()
        hiding = self.result is None and self.game.hidden_information
        for seat in self.timeline.seats:
            if not (hiding and self.only_seat) or seat == self.only_seat:
                self.seat_box.addItem(seat_name(seat), seat)
        humans = [s for s, k in self.data.get("seats", {}).items() if k == "human"]
        if humans and self.seat_box.findData(humans[0]) >= 0:
            self.seat_box.setCurrentIndex(self.seat_box.findData(humans[0]))
        if hiding:
            self.seat_box.setToolTip("The game is not over and hides cards: it is shown as "
                                     "this seat sees it")
        self.seat_box.currentIndexChanged.connect(self._seat_changed)
        row.addWidget(self.seat_box)
        row.addWidget(QLabel("from this position, at most"))
        self.limit = QSpinBox()
        self.limit.setRange(0, 9999)
        self.limit.setSpecialValueText("all")
        self.limit.setSuffix(" decisions")
        self.limit.setValue(0)
        row.addWidget(self.limit)
        row.addWidget(QLabel("thinking"))
        self.think = QComboBox()
        for level in THINK:
            self.think.addItem(level, level)
        self.think.setCurrentIndex(list(THINK).index("normal"))
        row.addWidget(self.think)
        self.analyse_button = QPushButton("Analyse")
        self.analyse_button.clicked.connect(self.analyse)
        row.addWidget(self.analyse_button)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m decisions")
        self.progress.setTextVisible(False)
        self.progress.setMinimumWidth(220)
        row.addWidget(self.progress, 1)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        row.addWidget(self.cancel_button)
        if not can_analyse(self.game):
            self.analyse_button.setEnabled(False)
            self.analyse_button.setToolTip("The search cannot yet guess this game's hidden "
                                           "cards, so it cannot judge a seat fairly")
        lay.addLayout(row)

        results = QSplitter(Qt.Orientation.Horizontal)
        colours = seat_colours(self.game.id, self.timeline.seats)
        self.chart = WinChart(self.total, colours)
        self.chart.positionClicked.connect(self.go)
        results.addWidget(self.chart)
        marks_box = QWidget()
        marks_lay = QVBoxLayout(marks_box)
        marks_lay.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel("No analysis yet.")
        self.summary.setWordWrap(True)
        marks_lay.addWidget(self.summary)
        self.marks = QListWidget()
        self.marks.setWordWrap(True)
        self.marks.setAlternatingRowColors(True)
        self.marks.setToolTip("Decisions where the search preferred a clearly better choice "
                              "(win chance with its choice → with the one played)")
        self.marks.itemClicked.connect(lambda item: self.go(item.data(Qt.ItemDataRole.UserRole)))
        marks_lay.addWidget(self.marks, 1)
        if not can_analyse(self.game):
            self.summary.setText("Analyse is off for this game: the search cannot yet guess "
                                 "its hidden cards, so it could not judge a seat fairly. "
                                 "Stepping through the game works.")
        results.addWidget(marks_box)
        results.setSizes([900, 560])
        lay.addWidget(results, 1)
        return box

    def _button(self, text: str, tip: str, slot) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setMaximumWidth(max(44, button.fontMetrics().horizontalAdvance(text) + 24))
        button.clicked.connect(slot)
        return button

    def _headline(self) -> str:
        if self.result is None:
            return f"{self.game.title}: a game in progress, {self.total} decisions so far"
        return f"{self.game.title}: {headline(self.result, self.timeline.final)}"

    # --- whose eyes ----------------------------------------------------------------------
    @property
    def viewer(self) -> str | None:
        """None: everything is shown (a finished game, or one with nothing hidden); else the
        seat chosen for analysis, whose view a game in progress is shown in."""
        if self.result is not None or not self.game.hidden_information:
            return None
        return self.seat_box.currentData()

    def _view(self, k: int) -> dict[str, Any]:
        """Position ``k`` as its decision was asked (a new Hubris game's first prompt comes
        after the automatic start: ``Game.shown_state``), in the viewer's eyes."""
        state = self.game.shown_state(self.timeline.state_at(k))
        viewer = self.viewer if hasattr(self, "seat_box") else None
        return state if viewer is None else self.game.view(state, viewer)

    def _open(self, seat: str) -> bool:
        """Whether what ``seat`` chose may be shown (everything, or the viewer's own)."""
        return self.viewer is None or seat == self.viewer

    def _seat_changed(self) -> None:
        if self.viewer is not None:       # the view changes with the seat
            self._fill_log()
            self.go(self.position, force=True)

    # --- moving --------------------------------------------------------------------------
    def step(self, delta: int) -> None:
        self.go(self.position + delta)

    def to_mark(self, direction: int) -> None:
        marks = sorted(i for i, v in self.verdicts.items() if v.marked)
        if direction > 0:
            later = [i for i in marks if i > self.position]
            if later:
                self.go(later[0])
        else:
            earlier = [i for i in marks if i < self.position]
            if earlier:
                self.go(earlier[-1])

    def _slider_moved(self, value: int) -> None:
        if value != self.position:
            self._pending = value
            self._slider_timer.start()

    def _slider_settled(self) -> None:
        if self._pending is not None:
            k, self._pending = self._pending, None
            self.go(k)

    def go(self, k: int, force: bool = False) -> None:
        """Show position ``k`` (after the first ``k`` choices)."""
        k = max(0, min(int(k), self.total))
        old, self.position = self.position, k
        view = self._view(k)
        nxt = self.timeline.decisions[k] if k < self.total else None
        self.scene.update_state(view, None)
        target = nxt.target if nxt is not None and self._open(nxt.seat) else None
        self.scene.highlight({target} if target else set())
        self._shade_log(old, k, force)
        self._show_status(view)
        if self.panel is not None:
            self.panel.update_state(view)
        self.where.setText(self._where_text(k))
        if self.slider.value() != k:
            self.slider.blockSignals(True)
            self.slider.setValue(k)
            self.slider.blockSignals(False)
        self.counter.setText(f"{k} of {self.total} decisions made")
        self.first_button.setEnabled(k > 0)
        self.back_button.setEnabled(k > 0)
        self.next_button.setEnabled(k < self.total)
        self.last_button.setEnabled(k < self.total)
        self.chart.set_position(k)
        self._update_mark_buttons()

    def _where_text(self, k: int) -> str:
        lines = []
        if k == 0:
            lines.append("<b>The start</b>: the set-up, before any decision.")
        else:
            d = self.timeline.decisions[k - 1]
            what = f"“{d.label}”" if self._open(d.seat) else "(hidden)"
            lines.append(f"<b>After decision {k}</b>: {seat_name(d.seat)} chose {what}.")
        if k < self.total:
            d = self.timeline.decisions[k]
            what = f"played “{d.label}”" if self._open(d.seat) else "decided"
            forced = "" if d.options > 1 else " (the only choice)"
            who = seat_name(d.seat)
            question = d.question if d.question.startswith(who) else f"{who}: {d.question}"
            lines.append(f"<b>Decision {k + 1}</b>: {question} — {what}{forced}.")
            v = self.verdicts.get(k)
            if v is not None:
                if v.best == v.played:
                    lines.append(f"Search agrees: win chance {pct(v.played_chance)}.")
                else:
                    colour = MARK.name() if v.marked else "#5a5346"
                    lines.append(f"<span style='color:{colour}'>Search preferred "
                                 f"“{v.best_label}”: win chance {pct(v.best_chance)} against "
                                 f"{pct(v.played_chance)} for the choice played.</span>")
        elif self.result is not None:
            lines.append(f"<b>Game over</b>: {self.result.reason}")
        return "<br>".join(lines)

    def _show_status(self, view: dict[str, Any]) -> None:
        try:
            rows = list(self.game.status(view))
        except (KeyError, TypeError, ValueError):
            rows = list(self.game.status(self.timeline.state_at(self.position)))
        self.status.setRowCount(len(rows))
        for i, (label, value) in enumerate(rows):
            head = QTableWidgetItem(str(label))
            font = QFont(head.font())
            font.setBold(True)
            head.setFont(font)
            self.status.setItem(i, 0, head)
            self.status.setItem(i, 1, QTableWidgetItem(str(value)))
        self.status.resizeRowsToContents()

    def _describe(self, element: str) -> None:
        view = self._view(self.position)
        text = str(self.game.describe(view, element))
        pieces = getattr(self.scene, "pieces_text", None)
        extra = pieces(element) if callable(pieces) else ""
        self.info.setText(text + ("\n\n" + extra if extra else ""))
        self.tabs.setCurrentWidget(self.info)

    # --- the log -------------------------------------------------------------------------
    def _fill_log(self) -> None:
        """The whole game's log (as the viewer may see it); entries later than the position
        shown are greyed, and any entry can be clicked to go where it was written."""
        self.log.clear()
        final = self.timeline.final
        entries = (final if self.viewer is None else self.game.view(final, self.viewer)) \
            .get("log", [])
        self._log_positions: list[int] = []
        self._log_brushes: list[QBrush] = []
        plain = self.log.palette().text()
        for i, entry in enumerate(entries):
            item = QListWidgetItem(entry_text(entry))
            colour = KIND_COLOURS.get(entry.get("kind", ""))
            self._log_brushes.append(QBrush(QColor(colour)) if colour else plain)
            k = self.timeline.position_of_log_entry(int(entry.get("n", i + 1)) - 1)
            item.setData(Qt.ItemDataRole.UserRole, k)
            self._log_positions.append(k)
            self.log.addItem(item)
        self._shade_log(0, 0, force=True)

    def _shade_log(self, old: int, new: int, force: bool = False) -> None:
        lo, hi = (0, self.total) if force else (min(old, new), max(old, new))
        last_present = None
        for i, k in enumerate(self._log_positions):
            if k <= new:
                last_present = i
            if not lo <= k <= hi and not force:
                continue
            self.log.item(i).setForeground(QBrush(FUTURE) if k > new
                                           else self._log_brushes[i])
        if last_present is not None:
            self.log.setCurrentRow(last_present)
            self.log.scrollToItem(self.log.item(last_present),
                                  QListWidget.ScrollHint.PositionAtCenter)

    def _log_clicked(self, item: QListWidgetItem) -> None:
        self.go(item.data(Qt.ItemDataRole.UserRole))

    # --- analysis ------------------------------------------------------------------------
    def analyse(self) -> None:
        """Judge the chosen seat's decisions from the position shown on (at most as many as
        asked), in the background."""
        if self.analysis is not None and self.analysis.running:
            return
        seat = self.seat_box.currentData()
        indices = self.timeline.decisions_of(seat, self.position)
        if self.limit.value():
            indices = indices[:self.limit.value()]
        if not indices:
            self.summary.setText(f"{seat_name(seat)} has no decision with a choice from here "
                                 "on: go back (|◀) and Analyse again.")
            return
        self.analysis = Analysis(self.data, indices, THINK[self.think.currentData()], self)
        self.analysis.verdict.connect(self._verdict)
        self.analysis.finished.connect(self._analysis_finished)
        self.analysis.failed.connect(lambda text: self.summary.setText(
            f"The analysis stopped: {text}"))
        self.progress.setRange(0, len(indices))
        self.progress.setTextVisible(True)
        self.progress.setValue(0)
        self.analyse_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText(f"Analysing {len(indices)} decisions of {seat_name(seat)}…")
        self.analysis.start()

    def cancel(self) -> None:
        if self.analysis is not None:
            self.analysis.cancel()

    def _verdict(self, v: Verdict) -> None:
        self.verdicts[v.index] = v
        self.progress.setValue(self.analysis.done if self.analysis else self.progress.value())
        self.chart.set_verdicts(list(self.verdicts.values()))
        self._fill_marks()
        if v.index == self.position:
            self.where.setText(self._where_text(self.position))

    def _fill_marks(self) -> None:
        marked = sorted((v for v in self.verdicts.values() if v.marked), key=lambda v: v.index)
        self.marks.clear()
        for v in marked:
            item = QListWidgetItem(
                f"Decision {v.index + 1} · {seat_name(v.seat)}: "
                f"{round(v.loss * 100)} points of win chance lost\n"
                f"   played “{v.played_label}”: {pct(v.played_chance)}\n"
                f"   search preferred “{v.best_label}”: {pct(v.best_chance)}")
            item.setData(Qt.ItemDataRole.UserRole, v.index)
            item.setForeground(QBrush(MARK.darker(110)))
            self.marks.addItem(item)
        n = len(self.verdicts)
        self.summary.setText(f"{n} decision{'s' * (n != 1)} analysed, {len(marked)} marked "
                             f"(a choice worth clearly more — at least 10 points of win "
                             f"chance — was missed). Click one to go there.")
        self._update_mark_buttons()

    def _update_mark_buttons(self) -> None:
        marks = [i for i, v in self.verdicts.items() if v.marked]
        self.prev_mark.setEnabled(any(i < self.position for i in marks))
        self.next_mark.setEnabled(any(i > self.position for i in marks))

    def _analysis_finished(self, cancelled: bool) -> None:
        self.analyse_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if cancelled:
            self.summary.setText(self.summary.text() + " (cancelled)")

    def showEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """The map gets most of the width once the window has its size."""
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            width = self.top.width()
            self.top.setSizes([width - min(520, width // 3), min(520, width // 3)])

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self.cancel()
        super().closeEvent(event)
