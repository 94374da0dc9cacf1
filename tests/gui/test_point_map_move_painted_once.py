"""A move on a point-to-point map is painted once: the names that moved are marked for
repaint as the window finishes showing the move (its last highlight), so the view's one
paint draws them with the pieces, not a second paint a turn of the event loop later."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject

from rules.engine import registry
from rules.engine.session import Session


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj, event):  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_move_that_moves_names_paints_the_map_once(qtbot, window):
    game = registry.get("sword-of-rome")
    seats = game.scenario("two-player").seats
    session = Session.new("sword-of-rome", "two-player", dict.fromkeys(seats, "human"), {}, 1)
    session.curtain = False
    window.resize(1600, 1000)
    window.set_session(session)
    qtbot.wait(600)
    paints = _Paints()
    viewport = window.map_view.viewport()
    viewport.installEventFilter(paints)
    labels = window.scene.labels
    rng, checked = random.Random(2), 0
    for _ in range(120):
        scale = window.map_view.transform().m11()
        before = dict(labels.placed(scale))
        pieces = game.point_pieces(session.state)
        window.choose(rng.choice(session.prompt().choices).id)
        paints.count = 0
        qtbot.wait(150)                      # the move shown, every paint done
        if window.dialog is not None:
            window.dialog.reject()
        moved = game.point_pieces(session.state) != pieces
        if moved and labels.placed(scale) != before:
            assert paints.count == 1
            checked += 1
            if checked == 3:
                break
    assert checked == 3
