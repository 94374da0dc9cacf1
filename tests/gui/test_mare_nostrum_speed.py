"""The speed mechanisms of the Mare Nostrum map and of start-up (docs/PERFORMANCE.md) draw
and load exactly what they replace."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF

from .helpers import shown_view


@pytest.fixture(scope="module")
def backdrop():
    from gui.mare_nostrum.scene import Backdrop
    from rules.mare_nostrum.board import load_board

    return Backdrop(load_board())


def _render(backdrop, scale: float, origin: QPointF, clip: QRectF | None,
            exposed: QRectF | None, size=(500, 400)) -> QImage:
    img = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(scale, scale)
    p.translate(-origin)
    if clip is not None:
        p.setClipRect(clip)
    backdrop.display.paint(p, exposed)
    p.end()
    return img


def test_painting_only_the_exposed_part_draws_the_same_pixels_there(qtbot, backdrop):
    """The display list skips what lies outside the exposed rectangle: inside it, the
    picture is the one a full replay gives."""
    board = backdrop.board
    centre = QPointF(*board.to_pixel(board.capital("rome")))
    scale = 1.2
    origin = centre - QPointF(250 / scale, 200 / scale)
    exposed = QRectF(origin + QPointF(60 / scale, 50 / scale), QPointF(centre.x() + 150 / scale,
                                                                     centre.y() + 120 / scale))
    everything = _render(backdrop, scale, origin, None, None)
    full = _render(backdrop, scale, origin, exposed, None)       # the same clip, no culling
    part = _render(backdrop, scale, origin, exposed, exposed)
    inside = QRectF((exposed.topLeft() - origin) * scale, (exposed.bottomRight() - origin) * scale)
    assert full == part
    outside = [(x, y) for x in range(0, 500, 7) for y in range(0, 400, 7)
               if not inside.adjusted(-3, -3, 3, 3).contains(QPointF(x, y))]
    assert all(part.pixel(x, y) == QColor("white").rgb() for x, y in outside)
    assert len({everything.pixel(x, y) for x, y in outside}) > 5   # the map is there


def test_the_coastline_is_cut_where_the_board_ends(qtbot, backdrop):
    """The coastline runs (computed once) draw what the old per-paint clip to the board's
    hexes drew: the same pixels, but for antialiasing where a run ends."""
    from gui.mare_nostrum.scene import load_coast

    rings = load_coast()["rings"]
    board_path = QPainterPath()
    for poly in backdrop.polys.values():
        board_path.addPolygon(poly)
        board_path.closeSubpath()
    coast = QPainterPath()
    for ring in rings:
        coast.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        coast.closeSubpath()
    runs = [op for op in backdrop.display.ops if op[0] == "polyline"]
    assert runs
    rect = backdrop.boundingRect()
    scale = 1600 / rect.width()
    size = (1600, int(rect.height() * scale) + 1)

    def draw(paint) -> QImage:
        img = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("white"))
        p = QPainter(img)
        p.scale(scale, scale)
        p.translate(-rect.topLeft())
        p.setPen(QPen(QColor("black"), 3 / scale))
        paint(p)
        p.end()
        return img

    def clipped(p: QPainter) -> None:
        p.setClipPath(board_path)
        p.drawPath(coast)

    def cut(p: QPainter) -> None:
        for op in runs:
            p.drawPolyline(op[4])

    old, new = draw(clipped), draw(cut)
    dark_old = {(x, y) for x in range(0, size[0], 2) for y in range(0, size[1], 2)
                if QColor(old.pixel(x, y)).lightness() < 100}
    dark_new = {(x, y) for x in range(0, size[0], 2) for y in range(0, size[1], 2)
                if QColor(new.pixel(x, y)).lightness() < 100}
    assert len(dark_old) > 1000
    assert len(dark_old ^ dark_new) <= 0.01 * len(dark_old)


def test_a_zoom_step_redraws_the_board_at_the_new_scale(qtbot):
    """After a zoom step the cached board is drawn again, at the new size (not a stretched
    copy of the old cache)."""
    from gui.mare_nostrum.scene import MareNostrumScene
    from rules.mare_nostrum.board import load_board

    board = load_board()
    scene = MareNostrumScene(None, {"hexes": {}}, board)
    view = shown_view(qtbot, scene, 900, 600)
    qtbot.wait(20)                                # the scene indexes its items
    view.viewport().repaint()                     # the board is drawn into the cache
    calls = []
    real = scene.backdrop.display.paint
    scene.backdrop.display.paint = lambda p, exposed: calls.append(  # type: ignore[method-assign]
        p.transform().m11()) or real(p, exposed)
    view.viewport().repaint()
    assert calls == []                            # repaint: the cache is blitted
    view.zoom_by(1.2)
    view.viewport().repaint()
    assert calls and calls[-1] == pytest.approx(view.transform().m11())


@pytest.mark.parametrize("game,scenario", [("mare-nostrum", "standard")])
def test_starting_a_game_does_not_import_networkx(game, scenario):
    """networkx is loaded only for a graph search, never to set a game up and show it."""
    code = (
        "import sys, os\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "from gui.app import make_app\n"
        "app = make_app()\n"
        "from rules.engine.session import Session\n"
        "from gui.scenes import make_scene\n"
        "from rules.engine import registry\n"
        f"info = registry.get({game!r}).scenario({scenario!r})\n"
        f"s = Session.new({game!r}, {scenario!r}, dict.fromkeys(info.seats, 'human'), seed=1)\n"
        "s.prompt()\n"
        "make_scene(s.game, s.view(None))\n"
        "print('networkx' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_cached_coast_runs_equal_computed_ones(qtbot, tmp_path, monkeypatch):
    from gui.mare_nostrum.scene import Backdrop, coast_runs, load_coast
    from rules.mare_nostrum.board import load_board

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    b = Backdrop(load_board())
    assert b.display.ops                            # recorded: computed, then stored
    expected = coast_runs(load_coast()["rings"], b._board_test, b.R / 2)
    assert list((tmp_path / "derived").glob("mare-nostrum-coast-*.pickle"))
    assert b._coast_runs() == expected              # read back


def test_a_warm_start_reads_the_board_layout_back(qtbot, tmp_path, monkeypatch):
    """The second Backdrop computes no coastline run nor border segment (both cached, in
    entries no other kind's write removes), and records the same drawing."""
    from gui.mare_nostrum import scene
    from rules.mare_nostrum.board import load_board

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    first = scene.Backdrop(load_board())
    assert first.display.ops

    def never(*args, **kwargs):
        raise AssertionError("computed again on a warm start")

    monkeypatch.setattr(scene, "coast_runs", never)
    monkeypatch.setattr(scene, "board_geometry", never)
    again = scene.Backdrop(load_board())
    assert [(k, b) for k, b, *_ in again.display.ops] == \
        [(k, b) for k, b, *_ in first.display.ops]


def _mn_scene():
    from gui.mare_nostrum.scene import MareNostrumScene
    from rules.engine import registry

    game = registry.get("mare-nostrum")
    info = game.scenario("standard")
    return MareNostrumScene(game, game.new_game("standard", list(info.seats), {}, 1))


def test_a_start_paints_the_board_from_the_pixels_kept_by_the_last(qtbot, tmp_path,
                                                                   monkeypatch):
    """The first paint of the first start draws the board and keeps its pixels (just
    after); the next start at the same size copies them, pixel for pixel, and records the
    board's drawing only after its first paint. Another size draws again."""
    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    first = _mn_scene()
    view = shown_view(qtbot, first, 700, 500)
    qtbot.waitUntil(lambda: first.pixels.hit is False, timeout=3000)
    qtbot.waitUntil(lambda: bool(list((tmp_path / "derived").glob("mare-nostrum-pixels-*"))),
                    timeout=3000)
    drawn = view.viewport().grab().toImage()

    second = _mn_scene()
    assert "display" not in vars(second.backdrop)           # nothing recorded yet
    view2 = shown_view(qtbot, second, 700, 500)
    qtbot.waitUntil(lambda: second.pixels.hit is True, timeout=3000)
    assert view2.viewport().grab().toImage() == drawn
    qtbot.waitUntil(lambda: "display" in vars(second.backdrop), timeout=3000)

    third = _mn_scene()
    view3 = shown_view(qtbot, third, 640, 500)
    qtbot.waitUntil(lambda: third.pixels.hit is not None, timeout=3000)
    assert third.pixels.hit is False and view3.isVisible()


def test_a_damaged_kept_image_is_only_a_miss(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    first = _mn_scene()
    view = shown_view(qtbot, first, 600, 400)
    qtbot.waitUntil(lambda: bool(list((tmp_path / "derived").glob("mare-nostrum-pixels-*"))),
                    timeout=3000)
    for kept in (tmp_path / "derived").glob("mare-nostrum-pixels-*"):
        kept.write_bytes(kept.read_bytes()[:1000])
    second = _mn_scene()
    view2 = shown_view(qtbot, second, 600, 400)
    qtbot.waitUntil(lambda: second.pixels.hit is not None, timeout=3000)
    assert second.pixels.hit is False and view.isVisible()
    assert len({view2.viewport().grab().toImage().pixel(x, 200) for x in range(0, 600, 10)}) > 3


_TWO_STARTS = """
import os, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gui.map_view import MapView
from gui.mare_nostrum.scene import MareNostrumScene
from rules.engine import registry
game = registry.get("mare-nostrum")
def start():
    scene = MareNostrumScene(game, game.new_game("standard", list(game.scenario(
        "standard").seats), {}, 1))
    view = MapView(); view.resize(600, 400); view.setScene(scene); view.show()
    for _ in range(20):
        app.processEvents()
    return scene, view.viewport().grab().toImage()
(a, first), (b, second) = start(), start()
print(a.pixels.hit, b.pixels.hit, first == second, first.devicePixelRatio())
"""


@pytest.mark.parametrize("ratio, expected", [("2", "False True True 2.0"),
                                             ("1.5", "None None True 1.5")])
def test_kept_pixels_at_a_device_pixel_ratio(tmp_path, ratio, expected):
    """At a whole ratio (2: HiDPI) the kept pixels are copied one for one, the same as
    drawn; at a fractional one (1.5) they would be rescaled, so none are kept."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR=ratio,
               HEGEMON_CACHE_DIR=str(tmp_path))
    env.pop("HEGEMON_NO_CACHE", None)
    out = subprocess.run([sys.executable, "-c", _TWO_STARTS], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.split("\n")[-2] == expected, out.stderr[-2000:]
