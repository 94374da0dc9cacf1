"""The main window: map in the middle, docks for the decision, log, status and hand."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QStackedWidget,
    QWidget,
)

from rules.engine import registry
from rules.engine.bots import kind_label
from rules.engine.game import Prompt
from rules.engine.saves import WRITES, SaveError
from rules.engine.session import Session

from . import actions, dock_layout, settings
from .dialogs import KINDS, dialog_for
from .driver import SessionDriver
from .first_paint import after_first_paint
from .hand_dock import HandDock
from .info_dock import InfoDock
from .log_dock import LogDock
from .map_view import MapView
from .panel_dock import PanelDock
from .paths import autosave_path
from .prompt_dock import PromptDock, seat_name, set_seat_names
from .scene_api import element_rect
from .scenes import make_scene, panel_class
from .seat_colours import seat_colours
from .status_dock import StatusDock
from .warm_up import warm_up_soon
from .window_api import SAVE_FILTER

if TYPE_CHECKING:   # the dialogs are imported when first opened (not needed to start)
    from PySide6.QtWidgets import QMessageBox

    from .dialogs.base import PromptDialog
    from .dialogs.result import ResultDialog
    from .new_game_dialog import NewGameDialog, NewGameSpec

#: how long one slice of a loaded save's verification replay may take (ms); then the event
#: loop runs, so the window stays responsive while a long game is verified
VERIFY_SLICE_MS = 10
#: at start, the first prompt's dialog waits for the window's first paint, this long at most
FIRST_DIALOG_WAIT_MS = 300


def _seat_names(session: Session) -> dict[str, str]:
    """The game's names for its seats (``Game.names``), those it has."""
    try:
        names = session.game.names(session.state)
    except (KeyError, TypeError, ValueError):
        return {}
    return {seat: str(names[seat]) for seat in session.controllers if names.get(seat)}


class MainWindow(QMainWindow):
    """One game at a time. Everything a rule decides comes from the Session."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hegemon")
        self.resize(1366, 768)
        self.session: Session | None = None
        self.driver: SessionDriver | None = None
        self.scene = None
        self.save_path: str | None = None
        self.viewer: str | None = None         # the human seat whose eyes are on the screen
        self.dialog: PromptDialog | None = None
        self.result_dialog: ResultDialog | None = None
        self.new_game_dialog: NewGameDialog | None = None
        self.error_box: QMessageBox | None = None
        self._dialog_for: object = None      # the state whose prompt's dialog is open
        self._spare_dialogs: dict[type, PromptDialog] = {}   # one of each kind, reused
        self._hidden_floating: list = []
        self._verify_timer = QTimer(self)      # replays a loaded save in slices (open_path)
        self._verify_timer.setInterval(0)
        self._verify_timer.timeout.connect(self._verify_slice)
        self._resumed = False
        self._undone = False            # the last step was an undo (_answers_itself)
        self._thinking_bar = None
        self._dialog_shown: tuple[str, str] | None = None    # the last dialog's prompt
        self._painted = False           # the window's first paint is done (_first_painted)
        self._dialog_waits = False      # a dialog waits for it (_open_dialog_soon)
        after_first_paint(self, self._first_painted)
        #: (state, viewer, view) the scene was built from by set_session, until refresh
        self._scene_shows: tuple | None = None

        self.map_view = MapView(self)
        self.pages = QStackedWidget(self)     # the welcome page until a game is on, then the map
        self.pages.addWidget(self.map_view)
        self.setCentralWidget(self.pages)
        self.welcome = None                   # made when first shown (show_welcome)
        self._docks_away: list[QDockWidget] = []   # hidden while the welcome page shows
        self.prompt_dock = PromptDock(self)
        self.status_dock = StatusDock(self)
        self.hand_dock = HandDock(self)
        self.log_dock = LogDock(self)
        self.info_dock = InfoDock(self)
        self.panel_dock = PanelDock(self)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in (self.prompt_dock, self.status_dock, self.hand_dock, self.log_dock,
                     self.info_dock, self.panel_dock):
            self.addDockWidget(right, dock)
        self._laid_out = False
        self.prompt_dock.chosen.connect(self.choose)
        self.log_dock.whereClicked.connect(self.centre_on)
        self._curtain = None      # built when first shown (the ``curtain`` property)
        self.solo = False         # New Game "Solo": one person plays every side (banner)
        actions.build(self)
        for dock in (self.prompt_dock, self.status_dock, self.hand_dock, self.log_dock,
                     self.info_dock, self.panel_dock):
            self.docks_menu.addAction(dock.toggleViewAction())
        self._install_panel(None)
        self._restore_layout()
        self._update_actions()
        self.statusBar().showMessage("Ctrl+N: new game   Ctrl+O: open a saved game")

    # --- starting and ending games ---------------------------------------------------------
    def show_welcome(self) -> None:
        """The welcome page (gui/welcome.py) in the map's place; its pictures are drawn
        once the window is on screen."""
        if self.welcome is None:
            from .welcome import WelcomePage  # late: the welcome page only

            self.welcome = WelcomePage([g for g in registry.available() if g.scenarios()])
            self.welcome.newGame.connect(self.new_game_of)
            self.welcome.resume.connect(self.resume_autosave)
            self.welcome.openFile.connect(self.open_path)
            self.welcome.openDialog.connect(self.open_dialog)
            self.pages.addWidget(self.welcome)
            after_first_paint(self, self.welcome.draw_pictures)
        self.welcome.refresh()
        self.pages.setCurrentWidget(self.welcome)
        self._docks_away += [d for d in self.findChildren(QDockWidget) if d.isVisible()]
        for dock in self._docks_away:          # no empty docks beside it
            dock.hide()

    def resume_autosave(self) -> bool:
        """Open the game saved automatically (the welcome page's Resume)."""
        return self.open_path(str(autosave_path()), resume=True)

    def new_game(self) -> None:
        """Open the New Game dialog (non-blocking); the game starts when it is accepted."""
        self.new_game_of(None)

    def new_game_of(self, game_id: str | None) -> None:
        """New Game, preselected on ``game_id`` (and its first playable scenario) if given."""
        from .new_game_dialog import NewGameDialog  # late: a dialog only New Game opens

        dialog = NewGameDialog(self)
        if game_id is not None:
            dialog.select(game_id)
        dialog.accepted.connect(lambda: self.start_new(dialog.spec()))
        self.new_game_dialog = dialog
        dialog.open()

    def start_new(self, spec: NewGameSpec) -> None:
        try:
            session = Session.new(spec.game_id, spec.scenario, spec.controllers, spec.options,
                                  spec.seed)
        except (KeyError, ValueError) as exc:
            self.show_error(f"Could not start the game: {exc.args[0] if exc.args else exc}")
            return
        session.curtain = spec.curtain and session.game.hidden_information
        self.solo = spec.solo
        self.set_session(session)
        self._autosave_now()

    def set_session(self, session: Session, path: str | None = None,
                    curtain_first: bool = False) -> None:
        """Show ``session``; bots start moving at the configured pace.

        ``curtain_first``: a loaded hot-seat game opens behind the curtain, since nobody
        knows who sits at the screen.
        """
        if self.driver is not None:
            self.driver.stop()
            self.driver.deleteLater()
        self._verify_timer.stop()
        self._close_prompt_dialog()
        if self.result_dialog is not None:
            self.result_dialog.close()
            self.result_dialog = None
        self._hide_curtain()
        if self._laid_out and self.session is not None and not self._docks_away:
            dock_layout.save_for(self, self.session.game.id)   # kept to that game
        self.session = session
        self.save_path = path
        set_seat_names(_seat_names(session))
        session.autosave_path = autosave_path()
        session.autosave_behind = True        # a click does not wait for the disk
        self.driver = SessionDriver(session, settings.bot_pace(), self)
        self.driver.changed.connect(self.refresh)
        self.driver.error.connect(self.show_error)
        self.driver.thinking.connect(self._show_thinking)
        self.driver.skipping_changed.connect(lambda on: actions.show_skipping(self, on))
        self.viewer = None
        self._dialog_for = None
        self.viewer = self._viewer_for(session.prompt())
        view = session.shown_view(self.viewer)
        self.scene = make_scene(session.game, view)
        self._scene_shows = (session.state, self.viewer, view)   # refresh need not redraw it
        self._install_panel(session.game.id)
        self.scene.elementClicked.connect(self._element_clicked)
        hovered = getattr(self.scene, "elementHovered", None)
        if hovered is not None:
            hovered.connect(self._hovered)
        self.map_view.setScene(self.scene)
        self.pages.setCurrentWidget(self.map_view)
        for dock in self._docks_away:
            if dock.toggleViewAction().isVisible():     # not a Hand this game has none of
                dock.show()
        self._docks_away = []
        self.action_curtain.setChecked(session.curtain)
        self.action_curtain.setEnabled(session.game.hidden_information)
        first = self.viewer
        if curtain_first and first and session.needs_curtain("", first) and self.human_turn():
            self.viewer = ""
        self.refresh()
        self.driver.schedule_bots()
        warm_up_soon(self, session.game.id)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open saved game", self._save_dir(),
                                              SAVE_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str, resume: bool = False) -> bool:
        """Open a save; a bad file gets a one-line message and the game in progress goes on.

        A format-2 save shows its position at once and is verified by replay in slices from
        the event loop (docs/SAVES.md): meanwhile undo is off and nothing is written; if the
        replay fails the game stays on screen read-only. A format-1 save is replayed first.
        """
        try:
            session = Session.load(path, verify="background")
        except SaveError as exc:
            self.show_error(f"Could not open the game: {exc}")
            return False
        mode = settings.play_mode(path)         # curtain and Solo as it was played here
        if mode is not None:
            session.curtain = mode[0] and session.game.hidden_information
        self.solo = mode[1] if mode is not None else False
        self.set_session(session, None if resume else path, curtain_first=True)
        self._resumed = resume
        if not resume:
            settings.add_recent_file(str(Path(path).resolve()))
        if session.verifying:
            self.statusBar().showMessage("Verifying the save… (undo is available once done)")
            self._verify_timer.start()
        else:
            self._verified()
        return True

    def _verify_slice(self, budget_ms: float | None = None) -> None:
        """One slice of the loaded save's verification replay (the timer's slot)."""
        budget_ms = VERIFY_SLICE_MS if budget_ms is None else budget_ms
        s = self.session
        if s is None or not s.verifying:
            self._verify_timer.stop()
            return
        try:
            done = s.verify_for(budget_ms / 1000)
        except SaveError as exc:
            self._verify_timer.stop()
            if s.verify_error is None:          # verified; the autosave of moves since failed
                self.show_error(f"Autosave failed: {exc}")
                self._verified()
            else:
                self._verification_failed(s.verify_error)
            return
        if done:
            self._verify_timer.stop()
            self._verified()
        else:
            n, total = s.verify_progress
            self.statusBar().showMessage(f"Verifying the save… {n}/{total} choices "
                                         "(undo is available once done)")

    def finish_verification(self) -> bool:
        """Complete a running verification now; False if the save failed it."""
        while self.session is not None and self.session.verifying:
            self._verify_slice(float("inf"))
        return self.session is None or self.session.verify_error is None

    def _verified(self) -> None:
        """The loaded game is the replay's: undo on, and it becomes the autosave."""
        self.statusBar().showMessage("Save verified.", 3000)
        if not self._resumed:
            self._autosave_now()
        if self.session is not None and self.session.result() is not None:
            WRITES.done()                                # (its last write landed first)
            autosave_path().unlink(missing_ok=True)      # a finished game is not resumed
        self._update_actions()

    def _verification_failed(self, reason: str) -> None:
        """Show why; the position stays on screen read-only and nothing is written."""
        if self.driver is not None:
            self.driver.stop()
            self.driver.paused = True
        self._close_prompt_dialog()
        if self.result_dialog is not None:       # the result shown was not verified either
            self.result_dialog.close()
            self.result_dialog = None
        self.save_path = None
        self.refresh()
        self.show_error(f"Not verified, shown read-only (nothing was saved): {reason}")

    # --- saving --------------------------------------------------------------------------
    def save(self) -> bool:
        if self.save_path:
            return self.save_to(self.save_path)
        return self.save_as()

    def save_as(self) -> bool:
        if self.session is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save game", self._save_dir(), SAVE_FILTER)
        if not path:
            return False
        if not Path(path).suffix:
            path += ".json"
        return self.save_to(path)

    def save_to(self, path: str) -> bool:
        """Save the game to ``path``; a failure leaves the old file and shows why."""
        if self.session is None:
            return False
        if not self.finish_verification():
            return False
        try:
            self.session.save(path)
        except SaveError as exc:
            self.show_error(f"The game was not saved: {exc}")
            return False
        self.save_path = path
        self._remember_play_mode(path)
        settings.add_recent_file(str(Path(path).resolve()))
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        self._update_title()
        return True

    def _autosave_now(self) -> None:
        if self.session is not None and self.session.verified and self.session.result() is None:
            try:
                self.session.save(autosave_path())
            except SaveError as exc:
                self.show_error(f"Autosave failed: {exc}")
            self._remember_play_mode(str(autosave_path()))

    def _remember_play_mode(self, path: str) -> None:
        if self.session is not None:
            settings.remember_play_mode(path, self.session.curtain, self.solo)

    def _save_dir(self) -> str:
        return str(Path(self.save_path).parent) if self.save_path else str(Path.home())

    def fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = settings.recent_files()
        for path in files:
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", settings.clear_recent_files)

    # --- playing ---------------------------------------------------------------------------
    def choose(self, choice_id: str) -> None:
        if self.driver is None or self._curtain_up():
            return
        self._close_prompt_dialog()
        self._undone = False
        self.driver.choose(choice_id)

    def undo(self) -> None:
        if self.driver is not None and self.session.can_undo():
            self._undone = True
            self.driver.undo()

    def redo(self) -> None:
        if self.driver is not None and self.session.can_redo():
            self.driver.redo()

    def human_turn(self) -> bool:
        return self.session is not None and self._human_answers(self.session.prompt())

    def _human_answers(self, prompt: Prompt | None) -> bool:
        """Whether a human answers ``prompt``, the decision due now (asked once)."""
        return prompt is not None and not self.session.bot_answers(prompt)

    def _viewer_for(self, prompt: Prompt | None) -> str | None:
        """Whose eyes are on the screen: the human to move, else the last human."""
        humans = [seat for seat, kind in self.session.controllers.items() if kind == "human"]
        if prompt is not None and prompt.seat in humans:
            return prompt.seat
        return self.viewer if self.viewer in humans else (humans[0] if humans else None)

    @property
    def thinking_bar(self):
        """A busy bar in the status bar while a search bot thinks (made when first needed)."""
        if self._thinking_bar is None:
            bar = QProgressBar()
            bar.setRange(0, 0)                  # busy: no end known
            bar.setMaximumWidth(160)
            bar.setMaximumHeight(14)
            bar.setTextVisible(False)
            bar.setToolTip("A search bot is thinking (View > Bot pace sets the other bots' "
                           "pace)")
            self.statusBar().addPermanentWidget(bar)
            bar.hide()
            self._thinking_bar = bar
        return self._thinking_bar

    def _show_thinking(self, on: bool) -> None:
        """A search bot works in the background: say so in the status bar, with a busy
        bar, until it has chosen."""
        if on and self.session is not None:
            seat = self.session.seat_to_move()
            self.statusBar().showMessage(f"{seat_name(seat or '')} (search bot) is thinking…")
            self.thinking_bar.show()
        else:
            self.statusBar().clearMessage()
            if self._thinking_bar is not None:
                self._thinking_bar.hide()

    def refresh(self) -> None:
        """Redraw everything from the session (after every change)."""
        s = self.session
        shown, self._scene_shows = self._scene_shows, None
        if s is None:
            return
        if s.verify_error is not None:
            self._show_read_only(s)
            return
        prompt, result = s.prompt(), s.result()
        viewer = self._viewer_for(prompt)
        if result is None and self._answers_itself(prompt, viewer):
            return
        if result is None and s.needs_curtain(self.viewer, viewer):
            self._close_prompt_dialog()
            self.hand_dock.show_hand({}, None)
            self._show_curtain(viewer)
            self._update_actions(prompt)
            return
        self.viewer = viewer
        self.prompt_dock.seat_colours = self._banner_colours()
        human = self._human_answers(prompt)
        if (shown is not None and shown[0] is s.state and shown[1] == viewer
                and result is None and getattr(self.scene, "PROMPT_ONLY_HIGHLIGHTS", False)):
            view = shown[2]      # the scene was just built from this very view: only the
        else:                    # prompt's highlight (below) is left to show
            view = s.state if result is not None else s.shown_view(viewer)
            self.scene.update_state(view, prompt if human else None)
        self.scene.highlight({c.target for c in prompt.choices if c.target}
                             if human and prompt else set())
        if result is not None:
            from .dialogs.result import headline  # late: at the game's end only

            self.prompt_dock.show_prompt(None, waiting=f"Game over: {headline(result, s.state)}")
        elif prompt is None:
            self.prompt_dock.show_prompt(
                None, waiting="Set-up shown; play of this scenario is not implemented yet.")
        elif human:
            self.prompt_dock.show_prompt(prompt)
        else:
            self.prompt_dock.show_prompt(
                prompt, waiting=f"{seat_name(prompt.seat)} (bot) is thinking…")
        self.log_dock.show_log(view.get("log", []))
        self.status_dock.show_rows(self._status_rows(view))
        self.panel_dock.show_state(view)
        self.hand_dock.show_hand(view, viewer)
        self._update_actions(prompt)
        self._update_title()
        if result is not None:
            self._show_result(result)
        elif human and prompt is not None:
            self._open_dialog_soon()

    def _answers_itself(self, prompt: Prompt | None, viewer: str | None) -> bool:
        """Hot-seat: a prompt with one choice for a human seat behind the curtain is
        answered at once, without passing the screen: there is nothing to decide and
        nothing to see ("No response" alone, "Continue" under an Event card or a battle
        the player at the screen has just seen). A card, battle ... the screen has not
        shown yet still waits for its player; nothing answers itself right after an undo.
        """
        s = self.session
        if (prompt is None or len(prompt.choices) != 1 or self._undone
                or not self._human_answers(prompt) or not s.needs_curtain(self.viewer, viewer)):
            return False
        if prompt.kind in KINDS and (prompt.kind, prompt.text) != self._dialog_shown:
            return False
        state, choice = s.state, prompt.choices[0].id
        self._close_prompt_dialog()
        self.prompt_dock.show_prompt(prompt, waiting="Answered for the player: nothing to "
                                                     "choose.")

        def answer() -> None:
            if self.session is s and s.state is state and self.driver is not None:
                self.driver.choose(choice)

        QTimer.singleShot(0, answer)
        return True

    def _show_read_only(self, s: Session) -> None:
        """A loaded save that failed verification: its position, open to all, no play."""
        self._hide_curtain()
        self.scene.update_state(s.state, None)
        self.scene.highlight(set())
        self.prompt_dock.show_prompt(
            None, waiting="Read-only: this save did not verify, so it cannot be played on. "
                          "Open another game or start a new one.")
        self.log_dock.show_log(s.state.get("log", []))
        self.status_dock.show_rows(self._status_rows(s.state))
        self.panel_dock.show_state(s.state)
        self.hand_dock.show_hand({}, None)
        self._update_actions()
        self._update_title()

    def _status_rows(self, view: dict) -> list[tuple[str, str]]:
        game = self.session.game
        state = game.shown_state(self.session.state)
        try:
            rows = list(game.status(view))
        except (KeyError, TypeError, ValueError):
            rows = list(game.status(state))   # the game's status needs the full state
        seats = ", ".join(f"{seat_name(s)}: {kind_label(k)}"
                          for s, k in self.session.controllers.items())
        return rows + [("Players", seats)]

    @property
    def panel(self) -> QWidget | None:
        """The game's own side panel (``gui.scenes.PANELS``) in the Board dock, or None."""
        return self.panel_dock.panel

    def _install_panel(self, game_id: str | None) -> None:
        """The game's side panel goes in the Board dock, tabbed with Status (made when that
        tab is first shown), or the dock is hidden if the game has none."""
        cls = panel_class(game_id) if game_id else None
        self.panel_dock.install(cls)
        hands = bool(game_id) and self.session is not None and \
            self.session.game.hidden_information          # no hidden hand: no Hand tab
        self.hand_dock.setVisible(hands)
        self.hand_dock.toggleViewAction().setVisible(hands)
        if self._laid_out:
            self._lay_out(game_id)

    def _lay_out(self, game_id: str | None) -> None:
        """The docks as ``game_id``'s panel wants them (:mod:`gui.dock_layout`), then as the
        player last left them in that game, if ever."""
        cls = panel_class(game_id) if game_id else None
        where = dock_layout.where_for(cls)
        dock_layout.arrange(self, where)
        dock_layout.restore_for(self, game_id)
        if where == "below" and cls is not None:
            _ = self.panel_dock.panel       # shown at once, not behind a tab: made now

    # --- curtain -------------------------------------------------------------------------
    @property
    def curtain(self):
        """The hand-over curtain (``gui.curtain.Curtain``), made when first needed."""
        if self._curtain is None:
            from .curtain import Curtain  # late: only a hot-seat game hides the screen

            self._curtain = Curtain(self)
            self._curtain.passed.connect(self._curtain_passed)
        return self._curtain

    def _curtain_up(self) -> bool:
        return self._curtain is not None and self._curtain.isVisible()

    def _hide_curtain(self) -> None:
        if self._curtain is not None:
            self._curtain.hide()

    def _show_curtain(self, seat: str) -> None:
        self._hidden_floating = [d for d in self.findChildren(QDockWidget)
                                 if d.isFloating() and d.isVisible()]
        for dock in self._hidden_floating:
            dock.hide()
        self.curtain.show_for(seat)

    def _curtain_passed(self, seat: str) -> None:
        for dock in self._hidden_floating:
            dock.show()
        self._hidden_floating = []
        self.viewer = seat
        self.refresh()

    def set_curtain(self, on: bool) -> None:
        if self.session is not None:
            self.session.curtain = bool(on) and self.session.game.hidden_information
            if not self.session.curtain and self._curtain_up():
                self._hide_curtain()
            for path in filter(None, (self.save_path, str(autosave_path()))):
                self._remember_play_mode(path)
            self.refresh()              # the solo banner comes or goes with the curtain

    def _banner_colours(self) -> dict:
        """Seat colours for the Decision header's banner (gui.seat_colours) when one person
        plays several sides at this screen: New Game's Solo switch, or two human seats or
        more with no curtain between them; else none (the plain header)."""
        s = self.session
        humans = [seat for seat, kind in s.controllers.items() if kind == "human"]
        shared = len(humans) >= 2 and not (s.curtain and s.game.hidden_information)
        if not (self.solo or shared) or len(s.controllers) < 2:
            return {}
        return seat_colours(s.game.id, list(s.controllers))

    # --- dialogs -------------------------------------------------------------------------
    def _open_dialog_soon(self) -> None:
        """Open the prompt's dialog once the window shows the position: a tick later, and
        at start after the window's first paint (which so does without the dialog's
        imports, widgets and window), or after ``FIRST_DIALOG_WAIT_MS`` at most."""
        if self._painted or not self.isVisible():
            QTimer.singleShot(0, self._open_current_dialog)
        elif not self._dialog_waits:
            self._dialog_waits = True
            QTimer.singleShot(FIRST_DIALOG_WAIT_MS, self._open_current_dialog)

    def _first_painted(self) -> None:
        self._painted = True
        if self._dialog_waits:
            self._open_current_dialog()

    def _open_current_dialog(self) -> None:
        """The dialog of the prompt now up, if it is a human's and shown (see refresh)."""
        s = self.session
        if (s is None or s.verify_error is not None or s.result() is not None
                or self._curtain_up()):
            return
        prompt = s.prompt()
        if self._human_answers(prompt):
            self._open_prompt_dialog(prompt)

    def _open_prompt_dialog(self, prompt: Prompt) -> None:
        if self.session.state is self._dialog_for:      # the same decision point
            return
        self._dialog_for = self.session.state
        self._dialog_shown = (prompt.kind, prompt.text)
        self._close_prompt_dialog()
        dialog = dialog_for(prompt, self, self._spare_dialogs)
        if dialog is not None:
            if dialog not in self._spare_dialogs.values():
                dialog.chosen.connect(self.choose)
                self._spare_dialogs[type(dialog)] = dialog
            self.dialog = dialog
            dialog.open()

    def _close_prompt_dialog(self) -> None:
        """Close the prompt's dialog (kept to show its kind's next prompt)."""
        if self.dialog is not None:
            dialog, self.dialog = self.dialog, None
            dialog.close()

    def _show_result(self, result) -> None:
        if self.result_dialog is not None:
            return
        if self.session.verified:        # else once verified (_verified)
            WRITES.done()                # (its last write landed first)
            autosave_path().unlink(missing_ok=True)
        from .dialogs.result import ResultDialog  # late: only at the game's end

        self.result_dialog = ResultDialog(result, self, state=self.session.state)
        from .review.launch import add_review_button  # late: only at the game's end
        add_review_button(self.result_dialog, self)
        self.result_dialog.finished.connect(self._result_closed)
        self.result_dialog.open()

    def _result_closed(self) -> None:
        if self.result_dialog is not None and self.result_dialog.new_game_requested:
            self.new_game()

    def show_error(self, text: str, title: str = "Hegemon") -> None:
        """A message box with one clear line (no traceback); repeats are not stacked."""
        line = str(text).strip().splitlines()[0] if str(text).strip() else "Unknown error"
        if self.error_box is not None and self.error_box.isVisible() \
                and self.error_box.text() == line:
            return
        box = QMessageBox(QMessageBox.Icon.Warning, title, line, QMessageBox.StandardButton.Ok,
                          self)
        self.error_box = box
        self.statusBar().showMessage(line, 10000)
        box.open()

    # --- map -----------------------------------------------------------------------------
    def centre_on(self, element_id: str) -> None:
        if self.scene is None:
            return
        rect = element_rect(self.scene, element_id)
        if rect is not None:
            self.map_view.centre_on(rect)
        self._describe(element_id)

    def _element_clicked(self, element_id: str) -> None:
        if self._curtain_up():
            return
        if self.human_turn() and self.prompt_dock.pick_target(element_id):
            return
        self._describe(element_id)

    def _describe(self, element_id: str, raise_dock: bool = True) -> None:
        """What the map shows of ``element_id`` (the game's description, then the pieces
        there as the scene draws them) in the Info panel."""
        if self.session is None:
            return
        view = self.session.shown_view(self.viewer)
        text = str(self.session.game.describe(view, element_id))
        pieces = getattr(self.scene, "pieces_text", None)
        extra = pieces(element_id) if callable(pieces) else ""
        self.info_dock.show_text(text + ("\n\n" + extra if extra else ""))
        if raise_dock:
            self.info_dock.raise_()

    def _hovered(self, element_id: str) -> None:
        if not self._curtain_up():
            self._describe(element_id, raise_dock=False)

    def show_legend(self) -> None:
        """The legend of the map shown (View > Legend), in a window beside the map."""
        from .legend import LegendDialog  # late: a dialog only the Legend menu opens

        legend = getattr(self.scene, "legend", None)
        title = self.session.game.title if self.session is not None else "Map"
        self.legend_dialog = LegendDialog(legend() if callable(legend) else [], title, self)
        self.legend_dialog.show()

    # --- settings, window ------------------------------------------------------------------
    def set_bot_pace(self, ms: int) -> None:
        settings.set_bot_pace(ms)
        if self.driver is not None:
            self.driver.set_pace(ms)

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.action_full_screen.setChecked(self.isFullScreen())

    def _update_actions(self, prompt: Prompt | None = None) -> None:
        s = self.session
        hidden = self._curtain_up()
        self.action_undo.setEnabled(bool(s and s.can_undo()) and not hidden)
        self.action_redo.setEnabled(bool(s and s.can_redo()) and not hidden)
        prompt = prompt or (s.prompt() if s is not None else None)
        self.action_skip.setEnabled(bool(s and s.result() is None and s.bot_answers(prompt)
                                         and not self.driver.skipping))
        writable = s is not None and s.verify_error is None
        self.action_save.setEnabled(writable)
        self.action_save_as.setEnabled(writable)

    def _update_title(self) -> None:
        s = self.session
        if s is None:
            self.setWindowTitle("Hegemon")
            return
        scen = s.game.scenario(s.state["meta"]["scenario"])
        name = f" [{Path(self.save_path).name}]" if self.save_path else ""
        self.setWindowTitle(f"{s.game.title}: {scen.title}{name} — Hegemon")

    def _restore_layout(self) -> None:
        geometry = QSettings().value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """Tab and size the docks once shown (tabbing earlier leaves a stray tab bar)."""
        super().showEvent(event)
        if self._laid_out:
            return
        self._laid_out = True
        self._lay_out(self.session.game.id if self.session is not None else None)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        store = QSettings()
        store.setValue("window/geometry", self.saveGeometry())
        if not self._docks_away and self.session is not None:   # as left in this game
            dock_layout.save_for(self, self.session.game.id)
        if self.driver is not None:
            self.driver.stop()
        self._verify_timer.stop()
        WRITES.done()                   # the last choice is on disk when the window closes
        super().closeEvent(event)
