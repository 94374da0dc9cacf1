"""A change of fill or highlight redraws only its part of the board's cell pixmaps, in the
next paint, with the same pixels a full redraw gives and no cells left to draw afterwards."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from rules.engine import registry

from .helpers import shown_view


@pytest.fixture(scope="module")
def game():
    return registry.get("hubris")


def _settled(qtbot, view, tiles) -> QImage:
    for _ in range(3):                  # until the view's scale stops changing
        qtbot.wait(20)
        view.viewport().repaint()
        tiles.settle_now()
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def _far_pixels(a: QImage, b: QImage) -> int:
    assert a.size() == b.size()
    far = 0
    for x in range(0, a.width(), 2):
        for y in range(0, a.height(), 2):
            p, q = QColor(a.pixel(x, y)), QColor(b.pixel(x, y))
            if max(abs(p.red() - q.red()), abs(p.green() - q.green()),
                   abs(p.blue() - q.blue())) > 24:
                far += 1
    return far


def test_a_change_of_control_and_highlight_patches_the_cells_in_one_paint(qtbot, game):
    from gui.hubris.scene import HubrisScene

    state = game.new_game("new-hopes", list(game.scenario("new-hopes").seats), {}, 1)
    scene = HubrisScene(game, state)
    view = shown_view(qtbot, scene, 1000, 700)
    tiles = scene.board
    _settled(qtbot, view, tiles)
    kept = {id(c.pixmap) for c in tiles.cells}
    state["derived"]["control"]["babylonia"] = {"power": "macedon", "level": "full"}
    look = scene._look
    scene.update_state(state, None)
    assert look != scene._look
    assert any(c.dirty is not None for c in tiles.cells)
    scene.highlight({"babylonia", "media"})
    view.viewport().repaint()
    patched = view.viewport().grab().toImage()
    assert not tiles._pending and not tiles._settle.isActive()   # nothing left to draw
    assert {id(c.pixmap) for c in tiles.cells} == kept          # the same pixmaps, patched
    assert all(c.dirty is None for c in tiles.cells if c.pixmap is not None)
    tiles.invalidate()                                          # drawn afresh, as before
    redrawn = _settled(qtbot, view, tiles)
    assert _far_pixels(patched, redrawn) <= 3     # of ~174,000: an antialiased edge or two



def test_mare_nostrum_names_moving_off_a_counter_redraw_only_where_they_were_and_are(qtbot):
    from gui.mare_nostrum.scene import MareNostrumScene

    game = registry.get("mare-nostrum")
    state = game.new_game("short", list(game.scenario("short").seats), {}, 1)
    scene = MareNostrumScene(game, state)
    backdrop = scene.backdrop
    before = dict(backdrop.name_rects)
    city = next(label for label in before if label.startswith("city "))
    changed = backdrop.plan([QRectF(before[city])])       # a counter on that city's name
    after = dict(backdrop.name_rects)
    assert after != before and not changed.isEmpty()
    for label in set(before) | set(after):
        if before.get(label) != after.get(label):
            for rect in (before.get(label), after.get(label)):
                assert rect is None or changed.contains(rect)
    assert not changed.contains(backdrop.boundingRect())   # not the whole board
    assert backdrop.plan([QRectF(before[city])]).isEmpty()  # the same again: nothing moved
