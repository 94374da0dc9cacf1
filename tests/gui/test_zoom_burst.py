"""A run of zoom steps (a burst) draws what was drawn before it, scaled, and once the burst
settles the view is drawn afresh at the new scale, as crisply as a view that never zoomed
(gui/map_view.py, gui/scale_cache.py, gui/map_tiles.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsView

from gui import point_map
from gui.counters import CounterItem
from gui.map_tiles import BoardTiles
from gui.point_map import PointMapScene, SpaceItem
from rules.engine import registry

from .helpers import shown_view

SMOOTH = QPainter.RenderHint.SmoothPixmapTransform


def _scene() -> PointMapScene:
    game = registry.get("sword-of-rome")
    state = game.new_game("two-player", list(game.scenario("two-player").seats), {}, 1)
    return PointMapScene(game, state)


def _view(qtbot, scene: PointMapScene):
    """The app's map view showing ``scene``, its window exposed (a repaint paints)."""
    view = shown_view(qtbot, scene, 900, 600)
    qtbot.waitUntil(lambda: view.windowHandle() is not None
                    and view.windowHandle().isExposed(), timeout=5000)
    return view


def _settled(qtbot, view, scene: PointMapScene) -> None:
    """Wait until the burst is over and the board's cells are all drawn at the scale."""
    tiles = scene.board_tiles
    qtbot.waitUntil(lambda: not view.zooming and not tiles._pending
                    and not tiles._settle.isActive(), timeout=20000)
    view.viewport().repaint()
    for _ in range(100):        # a paint draws afresh for a few ms: the rest in the next
        if not view.drawn_left:
            break
        view.viewport().repaint()
    assert not view.drawn_left


def _grab(view) -> QImage:
    return view.viewport().grab().toImage()


@pytest.fixture
def draws(monkeypatch):
    """The scale (device pixels per unit) of every drawing of a space from its vectors.
    (The tests pass with QT_SCALE_FACTOR=2 or 1.5 as well: a high-dpi screen.)"""
    calls: list[float] = []
    real = SpaceItem._draw

    def counted(self, p):
        calls.append(p.worldTransform().m11())
        real(self, p)

    monkeypatch.setattr(point_map.SpaceItem, "_draw", counted)
    return calls


def test_a_zoom_step_starts_a_burst_that_settles(qtbot):
    view = _view(qtbot, _scene())
    assert not view.zooming
    assert view.cacheMode() == QGraphicsView.CacheModeFlag.CacheBackground
    assert view.renderHints() & SMOOTH
    view.zoom_by(1.2)
    assert view.zooming
    assert view.cacheMode() == QGraphicsView.CacheModeFlag.CacheNone
    assert not view.renderHints() & SMOOTH
    qtbot.waitUntil(lambda: not view.zooming, timeout=5000)
    assert view.cacheMode() == QGraphicsView.CacheModeFlag.CacheBackground
    assert view.renderHints() & SMOOTH


def test_the_spaces_are_scaled_in_a_burst_and_drawn_afresh_after_it(qtbot, draws):
    scene = _scene()
    view = _view(qtbot, scene)
    view.viewport().repaint()
    _settled(qtbot, view, scene)
    draws.clear()
    view.viewport().repaint()
    assert draws == []                          # settled: each space's pixmap is copied
    view.zoom_by(1.2)
    view.viewport().repaint()
    burst = _grab(view)
    assert draws == []                          # the step: the same pixmaps, scaled
    assert not view.drawn_left                  # and no paint asked for until it settles
    view.settle_zoom()
    view.viewport().repaint()                   # settled: some drawn afresh, not all
    assert draws and view.drawn_left
    _settled(qtbot, view, scene)
    device_scale = view.transform().m11() * view.devicePixelRatioF()
    assert draws and all(s == pytest.approx(device_scale) for s in draws)
    settled = _grab(view)
    for item in scene.items():                  # no item's pixmap kept: drawn afresh
        cache = getattr(item, "_cache", None)
        if cache is not None:
            cache.clear()
    view.viewport().repaint()
    fresh = _grab(view)
    assert settled == fresh
    assert burst != settled


def test_a_counter_changed_in_a_burst_is_drawn_as_it_now_is(qtbot):
    scene = _scene()
    view = _view(qtbot, scene)
    _settled(qtbot, view, scene)
    counter = next(c for c in scene.counter_items() if c.isVisible())
    view.centerOn(counter)
    view.viewport().repaint()
    drawn: list[bool] = []
    real = CounterItem._draw
    counter._draw = lambda p: drawn.append(counter.lit) or real(counter, p)  # type: ignore
    view.zoom_by(1.2)
    view.viewport().repaint()
    assert drawn == []
    counter.set_lit(True)
    view.viewport().repaint()
    assert drawn == [True]


def test_board_cells_are_scaled_without_smoothing_until_drawn_afresh(qtbot):
    """A zoom step draws a cell's pixmap made at another scale to the nearest pixel: only
    the board's own colours, no blend of them (a smooth scale of the whole view costs as
    much again as the rest of the step, in Qt's threads)."""
    black, white = QColor("black"), QColor("white")

    def checks(p: QPainter, exposed: QRectF) -> None:      # 1-unit squares
        p.fillRect(exposed, white)
        for i in range(40):
            for j in range(40):
                if (i + j) % 2:
                    p.fillRect(QRectF(i, j, 1, 1), black)

    tiles = BoardTiles(QRectF(0, 0, 40, 40), checks, 40, white, lambda rect: None)

    def paint(scale: float) -> QImage:
        img = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("magenta"))
        p = QPainter(img)
        p.setRenderHint(SMOOTH)
        p.scale(scale, scale)
        tiles.paint(p, QRectF(-5, -5, 200 / scale + 10, 200 / scale + 10))
        p.end()
        return img

    paint(3.0)
    tiles.settle_now()                          # the cell's pixmap, at scale 3
    paint(3.0)
    img = paint(3.7)                            # another scale: the pixmap scaled
    colours = {img.pixel(x, y) for x in range(200) for y in range(200)}
    assert colours == {black.rgba(), white.rgba()}          # nor magenta: the ground round
    tiles.settle_now()
    assert tiles.cells[0].scale == pytest.approx(3.7)      # then drawn afresh at 3.7


def _far(a: QImage, b: QImage) -> int:
    """Pixels (every other one each way) differing by more than 40 in a channel."""
    far = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            p, q = QColor(a.pixel(x, y)), QColor(b.pixel(x, y))
            if max(abs(p.red() - q.red()), abs(p.green() - q.green()),
                   abs(p.blue() - q.blue())) > 40:
                far += 1
    return far


@pytest.mark.parametrize("game_id", ["sword-of-rome", "successors", "athens-sparta"])
def test_a_space_from_its_pixmap_looks_as_drawn_directly(qtbot, monkeypatch, game_id):
    """A space's pixmap holds all it draws (marker, glow, royals, siege, counters): the
    view from the pixmaps has the pixels of the view drawn straight from the vectors, the
    whole map and zoomed in on spaces with something beside them."""
    from gui.scale_cache import ScaleCache

    game = registry.get(game_id)
    scenario = game.scenarios()[0].id
    state = game.new_game(scenario, list(game.scenario(scenario).seats), {}, 1)
    scene = PointMapScene(game, state)
    scene.highlight(set(list(scene.items_by_id)[::7]))          # some spaces lit
    view = _view(qtbot, scene)
    busy = [it for it in scene.items_by_id.values()
            if it.pieces.get("royals") or it.pieces.get("siege") is not None
            or it.space["kind"] == "box" or it.lit][:3]
    places = [None] + busy
    real = ScaleCache.paint
    for place in places:
        view.fit()
        if place is not None:
            view.zoom_by(3.0)
            view.centerOn(place)
        _settled(qtbot, view, scene)
        cached = _grab(view)
        monkeypatch.setattr(ScaleCache, "paint",
                            lambda self, item, p, widget, draw, ink=None: draw(p))
        view.viewport().repaint()
        direct = _grab(view)
        monkeypatch.setattr(ScaleCache, "paint", real)
        assert _far(cached, direct) == 0, place and place.sid
