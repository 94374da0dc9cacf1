"""Render the main window offscreen to a PNG (``hegemon screenshot``)."""

from __future__ import annotations

import gc
import os
from pathlib import Path


def open_window(game_id: str, scenario_id: str, size: tuple[int, int] = (1600, 1000),
                before_show=None, through_opening: bool = False,
                options: dict[str, str] | None = None):
    """A new game of the scenario (all seats human, seed 1; ``options`` over the defaults) in
    a shown main window, not yet painted: ``(app, window)``; ``before_show(app, window)`` is
    called just before it is shown; ``through_opening``: seeded bots first make the set-up
    decisions that come before the pieces are on the map (``Game.in_opening``). The player's
    settings and autosave are left alone. As at the app's start (``gui.app.run``), garbage is
    collected from the first paint on."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        app, window = _open_window(game_id, scenario_id, size, before_show, through_opening,
                                   options or {})
    except BaseException:
        if collecting:
            gc.enable()
        raise
    if collecting:
        from .app import collect_garbage_after_first_paint  # late: imported with the collector off

        collect_garbage_after_first_paint(window)
    return app, window


def _open_window(game_id: str, scenario_id: str, size: tuple[int, int], before_show,
                 through_opening: bool, options: dict[str, str]):
    from PySide6.QtWidgets import QApplication  # late: imported with the collector off

    from .app import make_app  # first: it makes the imports after PySide6 cheaper

    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from rules.engine import registry  # late: imported with the collector off
    from rules.engine.options import default_options  # late: imported with the collector off
    from rules.engine.session import Session  # late: imported with the collector off

    from .main_window import MainWindow  # late: imported with the collector off

    app = make_app()
    _leave_the_players_settings_alone()
    game = registry.get(game_id)
    info = game.scenario(scenario_id)
    chosen = {**default_options(game, info), **options}
    seats = game.seats_for(info, chosen)
    session = Session.new(game_id, scenario_id, {seat: "human" for seat in seats},
                          chosen, seed=1)
    session.curtain = False
    if through_opening:
        _play_the_opening(session)
    window = MainWindow()
    window.resize(*size)
    if before_show is not None:
        before_show(app, window)
    window.show()
    window.set_session(session)
    session.autosave_path = None
    return app, window


def _play_the_opening(session) -> None:
    """Seeded ``bot`` seats make the set-up decisions that come before the pieces are on
    the map (a deal of generals), so that the picture shows them."""
    from rules.engine.bots import make_bot  # late: imported with the collector off

    seed = session.state["meta"]["seed"]
    while session.game.in_opening(session.state) and session.prompt() is not None:
        seat = session.seat_to_move()
        bot = make_bot("bot", seed, seat, session.game)
        session.choose(bot.choose(session.shown_view(seat), session.prompt(),
                                  len(session.choices)))


def render(game_id: str, scenario_id: str, out_path: str,
           size: tuple[int, int] = (1600, 1000), options: dict[str, str] | None = None) -> None:
    """A new game of the scenario (all seats human, seed 1, ``options`` over the defaults),
    its opening deal made by seeded
    bots (``Game.in_opening``), map fitted, window grabbed."""
    collecting = gc.isenabled()
    app, window = open_window(game_id, scenario_id, size, through_opening=True,
                              options=options)
    try:
        for _ in range(3):
            app.processEvents()
        window.map_view.fit()
        app.processEvents()
        _save(window, out_path)
        window.close()
    finally:
        if collecting:
            gc.enable()    # in case the window was never painted


def render_welcome(out_path: str, size: tuple[int, int] = (1600, 1000)) -> None:
    """The welcome page as a player first sees it (no autosave, no recent saves)."""
    from PySide6.QtWidgets import QApplication  # late: imported with the collector off

    from .app import make_app  # late: imported with the collector off

    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from .main_window import MainWindow  # late: imported with the collector off

    app = make_app()
    _leave_the_players_settings_alone()
    window = MainWindow()
    window.resize(*size)
    window.show()
    window.show_welcome()
    for _ in range(3):
        app.processEvents()
    window.welcome.draw_pictures()
    app.processEvents()
    _save(window, out_path)
    window.close()


def _save(window, out_path: str) -> None:
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(out_path)):
        raise OSError(f"the picture could not be written to {out_path}")


def _leave_the_players_settings_alone() -> None:
    """Settings and autosave in Qt's test-mode folders (``~/.qttest``), window layout
    reset: a screenshot shows what a first start shows and changes nothing of the player's."""
    from PySide6.QtCore import QSettings, QStandardPaths  # late: imported with the collector off

    QStandardPaths.setTestModeEnabled(True)
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, folder)
    QSettings().remove("window")
