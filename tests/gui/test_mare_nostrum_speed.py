"""The speed mechanisms of the Mare Nostrum map and of start-up (docs/PERFORMANCE.md) draw
and load exactly what they replace."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF

from .helpers import shown_view


@pytest.fixture(scope="module")
def backdrop():
    from gui.mare_nostrum.backdrop import Backdrop
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


def test_the_coastline_is_cut_where_the_land_hexes_end(qtbot, backdrop):
    """The coastline runs (computed once) draw what a per-paint clip to the board's land
    hexes draws: the same pixels, but for antialiasing where a run ends (never in a sea
    hex)."""
    from gui.mare_nostrum.geometry import load_coast

    rings = load_coast()["rings"]
    board_path = QPainterPath()
    for hid, poly in backdrop.polys.items():
        if backdrop.board.hexes[hid].terrain == "sea":
            continue
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

    def stray(a: set, b: set) -> int:     # pixels of a with no pixel of b next to them
        return sum(1 for x, y in a if not any((x + dx, y + dy) in b for dx in (-2, 0, 2)
                                              for dy in (-2, 0, 2)))

    # a run ends where a clip ends, give or take a pixel (there are many ends: the coast
    # goes in and out of land hexes)
    assert stray(dark_old, dark_new) + stray(dark_new, dark_old) <= 0.01 * len(dark_old)


def test_a_zoom_step_scales_the_board_then_draws_it_at_the_new_scale(qtbot):
    """A repaint copies the board's cell pixmaps; a zoom step draws them scaled (no vector
    drawing in the step), and once the zoom settles the cells are drawn afresh at the new
    scale, one per turn of the event loop (gui.map_tiles)."""
    from gui.mare_nostrum.scene import MareNostrumScene
    from rules.mare_nostrum.board import load_board

    board = load_board()
    scene = MareNostrumScene(None, {"hexes": {}}, board)
    view = shown_view(qtbot, scene, 900, 600)
    tiles = scene.board_item
    view.viewport().repaint()                     # drawn, and its cells wanted
    qtbot.waitUntil(lambda: not tiles._pending and all(
        c.pixmap is not None for c in tiles.cells), timeout=5000)
    calls = []
    real = scene.backdrop.display.paint
    scene.backdrop.display.paint = lambda p, exposed: calls.append(  # type: ignore[method-assign]
        p.transform().m11()) or real(p, exposed)
    view.viewport().repaint()
    assert calls == []                            # repaint: the cells are copied
    view.zoom_by(1.2)
    view.viewport().repaint()
    assert calls == []                            # the step: the same cells, scaled
    qtbot.waitUntil(lambda: len(calls) >= 3, timeout=5000)      # then drawn afresh
    assert calls[-1] == pytest.approx(view.transform().m11())


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
    from gui.mare_nostrum.backdrop import Backdrop
    from gui.mare_nostrum.geometry import coast_runs, load_coast
    from rules.mare_nostrum.board import load_board

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    b = Backdrop(load_board())
    assert b.display.ops                            # recorded: computed, then stored
    expected = coast_runs(load_coast()["rings"], b._land_test, b.R / 2)
    assert list((tmp_path / "derived").glob("mare-nostrum-coast-*.pickle"))
    assert b._coast_runs() == expected              # read back


def test_a_warm_start_reads_the_board_layout_back(qtbot, tmp_path, monkeypatch):
    """The second Backdrop computes no coastline run nor border segment (both cached, in
    entries no other kind's write removes), and records the same drawing."""
    from gui.mare_nostrum import backdrop
    from rules.mare_nostrum.board import load_board

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    first = backdrop.Backdrop(load_board())
    assert first.display.ops

    def never(*args, **kwargs):
        raise AssertionError("computed again on a warm start")

    monkeypatch.setattr(backdrop, "coast_runs", never)
    monkeypatch.setattr(backdrop, "board_geometry", never)
    again = backdrop.Backdrop(load_board())
    assert [(k, b) for k, b, *_ in again.display.ops] == \
        [(k, b) for k, b, *_ in first.display.ops]


def _mn_scene():
    from gui.mare_nostrum.scene import MareNostrumScene
    from rules.engine import registry

    game = registry.get("mare-nostrum")
    info = game.scenario("standard")
    return MareNostrumScene(game, game.new_game("standard", list(info.seats), {}, 1))


