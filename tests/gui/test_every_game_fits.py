"""Acceptance: every game usable at 1280x800 and 1600x1000. Each game's default scenario
is opened at both sizes and played by seeded bots for a while; at every decision shown the
choice texts read in full (buttons, list rows, the dialog's), the Decision panel needs no
horizontal scroll bar, the window keeps its size and the map has at least half of it."""

from __future__ import annotations

import pytest

from gui.main_window import MainWindow
from rules.engine import registry
from rules.engine.bots import make_bot
from rules.engine.options import default_options
from rules.engine.session import Session

from .fit_check import clipped_labels, cut_texts, map_share

GAMES = ["hubris", "mare-nostrum", "sword-of-rome", "successors", "athens-sparta"]
SIZES = [(1280, 800), (1600, 1000)]
#: decisions made by bots between two looks (and how many looks)
STEP, LOOKS = 4, 12


def _session(game_id: str) -> Session:
    game = registry.get(game_id)
    info = next(s for s in game.scenarios() if getattr(s, "playable", True))
    options = default_options(game, info)
    seats = game.seats_for(info, options)
    session = Session.new(game_id, info.id, {s: "human" for s in seats}, options, seed=1)
    session.curtain = False
    return session


def _look(qtbot, window: MainWindow, size, where: str) -> list[str]:
    qtbot.wait(30)
    window._open_current_dialog()
    qtbot.wait(30)
    found = []
    if (window.width(), window.height()) != size:
        found.append(f"{where}: window grew to {window.width()}x{window.height()}")
    share = map_share(window)
    if share < 0.5:
        found.append(f"{where}: the map has {share:.0%} of the window")
    dock = window.prompt_dock
    if dock.scroll.horizontalScrollBar().isVisible():
        found.append(f"{where}: the Decision panel scrolls sideways")
    found += [f"{where}: {t}" for t in cut_texts(dock)]
    if window.dialog is not None and window.dialog.isVisible():
        dialog = window.dialog
        found += [f"{where} (dialog): {t}" for t in cut_texts(dialog)]
        found += [f"{where} (dialog): {t}" for t in clipped_labels(dialog)]
        hint = dialog.sizeHint()
        if dialog.width() < hint.width() or dialog.height() < hint.height():
            found.append(f"{where} (dialog): {dialog.width()}x{dialog.height()}, "
                         f"its content needs {hint.width()}x{hint.height()}")
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_usable_at_both_sizes(qtbot, game_id, size):
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    session = _session(game_id)
    window.set_session(session)
    session.autosave_path = None
    found = _look(qtbot, window, size, "start")
    for _step in range(LOOKS):
        for _ in range(STEP):
            prompt = session.prompt()
            if prompt is None:
                break
            bot = make_bot("bot", 1, prompt.seat, session.game)
            session.choose(bot.choose(session.view(prompt.seat), prompt, len(session.choices)))
        if session.prompt() is None:
            break
        window.refresh()
        found += _look(qtbot, window, size, f"{session.prompt().text[:50]!r}")
    window._close_prompt_dialog()
    assert not found, "\n".join(found)
