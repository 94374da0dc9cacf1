"""Render the main window offscreen to a PNG (``hegemon screenshot``)."""

from __future__ import annotations

import os
from pathlib import Path


def open_window(game_id: str, scenario_id: str, size: tuple[int, int] = (1600, 1000)):
    """A new game of the scenario (all seats human, seed 1) in a shown main window, not yet
    painted: ``(app, window)``. The player's settings and autosave are left alone."""
    from PySide6.QtWidgets import QApplication

    from .app import make_app  # first: it makes the imports after PySide6 cheaper

    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings, QStandardPaths

    from rules.engine import registry
    from rules.engine.session import Session

    from .main_window import MainWindow

    app = make_app()
    QStandardPaths.setTestModeEnabled(True)   # leave the player's settings and autosave alone
    QSettings().remove("window")
    game = registry.get(game_id)
    info = game.scenario(scenario_id)
    session = Session.new(game_id, scenario_id, {seat: "human" for seat in info.seats}, seed=1)
    session.curtain = False
    window = MainWindow()
    window.resize(*size)
    window.show()
    window.set_session(session)
    session.autosave_path = None
    return app, window


def render(game_id: str, scenario_id: str, out_path: str,
           size: tuple[int, int] = (1600, 1000)) -> None:
    """A new game of the scenario (all seats human, seed 1), map fitted, window grabbed."""
    app, window = open_window(game_id, scenario_id, size)
    for _ in range(3):
        app.processEvents()
    window.map_view.fit()
    app.processEvents()
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(out_path)):
        raise OSError(f"could not write {out_path}")
    window.close()
