"""Menus, toolbar and shortcuts of the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from . import settings

if TYPE_CHECKING:
    from .window_api import MainWindowApi


def _action(window: MainWindowApi, text: str, slot, shortcut=None, tip: str = "",
            **props) -> QAction:
    """One action of ``window``: properties and the slot set in the constructor (one call)."""
    if shortcut is not None:
        props["shortcut"] = shortcut
    if tip:
        props["statusTip"] = tip
    return QAction(text, window, triggered=slot, **props)


def _review(window: MainWindowApi, how: str) -> None:
    """Open a review (gui/review/launch.py, imported when first asked for)."""
    from .review import launch  # late: the review window, opened from the menu only

    getattr(launch, how)(window)


def skip_to_my_turn(window: MainWindowApi) -> None:
    """View > Skip to my turn: the bots play on at full pace, no pauses, the map redrawn
    only now and then, until a human seat must decide (gui.driver)."""
    if window.driver is not None and window.driver.skip_to_human():
        window.action_skip.setEnabled(False)


def show_skipping(window: MainWindowApi, on: bool) -> None:
    """Say in the status bar that the bots are skipped through (the driver's signal)."""
    if on:
        window.statusBar().showMessage("Skipping to the next human decision…")
    else:
        window.statusBar().clearMessage()


def build(window: MainWindowApi) -> None:
    """Create the actions as attributes of ``window`` and fill its menu bar and toolbar."""
    key = QKeySequence.StandardKey
    w = window
    w.action_new = _action(w, "&New game…", w.new_game, key.New)
    w.action_open = _action(w, "&Open…", w.open_dialog, key.Open)
    w.action_save = _action(w, "&Save", w.save, key.Save)
    w.action_save_as = _action(w, "Save &as…", w.save_as, "Ctrl+Shift+S")
    w.action_quit = _action(w, "&Quit", w.close, "Ctrl+Q")
    w.action_undo = _action(w, "&Undo", w.undo, "Ctrl+Z", "Take back your last decision")
    w.action_redo = _action(w, "&Redo", w.redo, "Ctrl+Shift+Z")
    w.action_fit = _action(w, "&Fit map to window", w.map_view.fit, "Ctrl+0")
    w.action_zoom_in = _action(w, "Zoom &in", lambda: w.map_view.zoom_by(1.25), key.ZoomIn)
    w.action_zoom_out = _action(w, "Zoom &out", lambda: w.map_view.zoom_by(0.8), key.ZoomOut)
    w.action_full_screen = _action(w, "F&ull screen", w.toggle_full_screen, "F11",
                                   checkable=True)
    w.action_curtain = _action(w, "Hand-over &curtain", w.set_curtain,
                               tip="Hide hands between human players (off for solo play)",
                               checkable=True)
    w.action_skip = _action(w, "S&kip to my turn", lambda: skip_to_my_turn(w), "Ctrl+J",
                            "Bots play on at full pace, without pauses, until a human "
                            "player must decide", enabled=False)
    # shortcuts work even when the menu bar is hidden (F11)
    w.addActions([w.action_skip, w.action_new, w.action_open, w.action_save, w.action_save_as,
                  w.action_quit, w.action_undo, w.action_redo, w.action_fit, w.action_zoom_in,
                  w.action_zoom_out, w.action_full_screen, w.action_curtain])

    bar = w.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addActions([w.action_new, w.action_open])
    w.recent_menu = file_menu.addMenu("Open &recent")
    w.recent_menu.aboutToShow.connect(w.fill_recent_menu)
    w.action_review_file = _action(w, "Re&view a saved game…", lambda: _review(w, "review_file"),
                                   tip="Step through a saved game and analyse it (read only)")
    w.action_review = _action(w, "Review &this game", lambda: _review(w, "review_session"),
                              tip="Step through the game on screen and analyse it")
    file_menu.addActions([w.action_review_file, w.action_review])
    file_menu.addSeparator()
    file_menu.addActions([w.action_save, w.action_save_as])
    file_menu.addSeparator()
    file_menu.addAction(w.action_quit)

    edit_menu = bar.addMenu("&Edit")
    edit_menu.addActions([w.action_undo, w.action_redo])

    view_menu = bar.addMenu("&View")
    w.action_legend = _action(w, "&Legend", w.show_legend, "F1",
                              "What the map's colours, shades and symbols mean")
    view_menu.addActions([w.action_fit, w.action_zoom_in, w.action_zoom_out, w.action_legend])
    view_menu.addSeparator()
    view_menu.addAction(w.action_skip)
    view_menu.addAction(w.action_full_screen)
    view_menu.addAction(w.action_curtain)
    w.docks_menu = view_menu.addMenu("&Panels")

    pace_menu = view_menu.addMenu("&Bot pace")
    group = QActionGroup(w)
    w.pace_actions = {}
    current = settings.bot_pace()
    for label, ms in settings.PACES.items():
        action = QAction(f"{label} ({ms} ms)" if ms else label, group, checkable=True,
                         checked=ms == current,
                         triggered=lambda _=False, ms=ms: w.set_bot_pace(ms))
        w.pace_actions[ms] = action
    pace_menu.addActions(group.actions())

    tools = w.addToolBar("Game")
    tools.setObjectName("GameToolBar")
    tools.setMovable(False)
    tools.addActions([w.action_new, w.action_open, w.action_save])
    tools.addSeparator()
    tools.addActions([w.action_undo, w.action_redo, w.action_skip])
    tools.addSeparator()
    tools.addActions([w.action_fit, w.action_zoom_in, w.action_zoom_out])
