"""The speed mechanisms of the map (docs/PERFORMANCE.md) show exactly what the state says."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from gui.hubris import style as S
from gui.map_view import MapView
from rules.engine import registry

from .helpers import shown_view


@pytest.fixture(scope="module")
def game():
    return registry.get("hubris")


def _state(game, scenario: str = "new-hopes"):
    return game.new_game(scenario, list(game.scenario(scenario).seats), {}, 1)


def _grab(view: MapView) -> QImage:
    return view.viewport().grab().toImage()


def _point_in(scene, sid: str):
    """A point of ``sid``'s fill clear of names, banners, markers and chips."""
    path = scene.areas[sid].path()
    covered = [it.sceneBoundingRect() for it in scene.items()
               if it.isVisible() and it not in scene.areas.values() and it.zValue() >= 2.5
               and it.sceneBoundingRect().width() < 600]
    r = path.boundingRect()
    for i in range(1, 20):
        for j in range(1, 20):
            x, y = r.left() + r.width() * i / 20, r.top() + r.height() * j / 20
            probe = QRectF(x - 12, y - 12, 24, 24)
            if path.contains(probe) and not any(c.intersects(probe) for c in covered):
                return x, y
    raise AssertionError(f"no clear point in {sid}")


def test_only_counters_paint_themselves(qtbot, game):
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game))
    live = [it for it in scene.items()
            if not QGraphicsItem.flags(it) & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents]
    assert live and all(it in scene._pieces for it in live)
    assert set(scene.areas.values()) <= set(scene._baked)
    assert set(scene.places.values()) <= set(scene._baked)
    # the Place markers over everything else baked (as when they were items of their own)
    first_place = min(scene._baked.index(it) for it in scene.places.values())
    assert all(it in scene.places.values() for it in scene._baked[first_place:])


def test_the_cached_background_follows_a_change_of_control(qtbot, game):
    """A Satrapy changing hands is repainted in the view at once: the baked background is
    invalidated by update_state, not left stale in the view's cache."""
    from gui.hubris.scene import HubrisScene

    state = _state(game)
    scene = HubrisScene(game, state)
    view = shown_view(qtbot, scene, 1000, 700)
    sid = "babylonia"
    at = view.mapFromScene(*_point_in(scene, sid))
    before = _grab(view).pixelColor(at)
    state["derived"]["control"][sid] = {"power": "macedon", "level": "full"}
    scene.update_state(state, None)
    after = _grab(view).pixelColor(at)
    want = S.mix(S.POWER["macedon"], S.PARCHMENT, 0.35)
    assert before != after
    assert max(abs(after.red() - want.red()), abs(after.green() - want.green()),
               abs(after.blue() - want.blue())) <= 3


def test_a_highlighted_satrapy_is_outlined_in_the_view(qtbot, game):
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game))
    view = shown_view(qtbot, scene, 1000, 700)
    edge = scene.areas["babylonia"].path().boundingRect()
    top = view.mapFromScene(edge.center().x(), edge.top())
    column = [view.mapFromScene(edge.center().x(), y).y()
              for y in (edge.top() - 30, edge.top() + 30)]

    def gold_near() -> bool:
        img = _grab(view)
        return any(_close(img.pixelColor(top.x() + dx, y), S.GOLD)
                   for dx in range(-40, 41, 2) for y in range(column[0], column[1] + 1))

    assert not gold_near()
    scene.highlight({"babylonia"})
    assert gold_near()
    scene.highlight(set())
    assert not gold_near()


def _close(a: QColor, b: QColor, tol: int = 40) -> bool:
    return (abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())) <= tol


def test_fit_keeps_the_transform_and_caches_when_already_fitted(qtbot):
    scene = QGraphicsScene()
    scene.setSceneRect(QRectF(0, 0, 3000, 2000))
    view = shown_view(qtbot, scene, 900, 700)
    view.fit()
    fitted = view.transform()
    drawn = []
    scene.drawBackground = lambda painter, rect: drawn.append(rect)  # type: ignore[method-assign]
    view.viewport().repaint()
    drawn.clear()
    view.fit()                                   # already fitted: nothing to redraw
    view.viewport().repaint()
    assert view.transform() == fitted and drawn == []
    view.zoom_by(2.0)
    view.fit()                                   # zoomed: fitted again, same figure
    assert abs(view.transform().m11() - fitted.m11()) < 1e-9 and view.zoom() == 1.0


def test_label_layout_from_the_disk_cache_equals_a_fresh_one(qtbot, game, tmp_path,
                                                            monkeypatch):
    from gui.hubris import scene as hs

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    calls = []
    real = hs.layout_labels
    monkeypatch.setattr(hs, "layout_labels", lambda *a: calls.append(1) or real(*a))
    layouts = []
    for _ in range(2):
        hs._LAYOUTS.clear()
        s = hs.HubrisScene(game, _state(game))
        layouts.append({sid: (round(s.names[sid].pos().x(), 6), round(s.names[sid].pos().y(), 6))
                        for sid in s.names})
        layouts[-1].update({pid: (round(lab.pos().x(), 6), round(lab.pos().y(), 6), lab.min_lod)
                            for pid, lab in s.place_labels.items()})
    assert calls == [1]                          # the second scene read the stored layout
    assert layouts[0] == layouts[1]
    assert list((tmp_path / "derived").glob("hubris-labels-*.pickle"))


def test_highlight_the_same_targets_twice_does_not_redraw(qtbot, game):
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game))
    scene.highlight({"babylonia"})
    invalidated = []
    orig = scene.board.invalidate
    scene.board.invalidate = lambda rect=None: invalidated.append(1) or orig(rect)  # type: ignore
    scene.highlight({"babylonia"})
    assert invalidated == []


def test_render_of_the_whole_scene_still_paints_the_baked_layers(qtbot, game):
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game))
    img = QImage(800, 560, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    scene.render(painter)
    painter.end()
    colours = {img.pixelColor(x, y).name() for x in range(0, 800, 20) for y in range(0, 560, 20)}
    assert S.WATER.name() in colours or S.SEA.name() in colours
    assert len(colours) > 10                     # fills, borders, names: not a blank sheet


def _background(scene, rect: QRectF, size=(800, 560)) -> QImage:
    """``scene``'s baked background of ``rect``, drawn as the view draws it (the scene's
    whole rectangle mapped onto the image)."""
    img = QImage(*size, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    whole = scene.sceneRect()
    painter.scale(size[0] / whole.width(), size[1] / whole.height())
    painter.translate(-whole.left(), -whole.top())
    painter.setClipRect(rect)
    scene._draw_baked(painter, rect)
    painter.end()
    return img


def test_the_whole_board_background_is_drawn_without_culling_to_the_same_pixels(qtbot, game):
    """A paint of the whole board skips the per-item cull (the first paint of a fitted
    view); the pixels are those of a culled paint of a rectangle just inside it."""
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game))
    whole = scene.sceneRect()
    inner = whole.adjusted(0.5, 0.5, -0.5, -0.5)       # not the whole board: culled
    culled = [it for it in scene._baked if it.isVisible()
              and not it.sceneBoundingRect().intersects(inner)]
    a, b = _background(scene, whole), _background(scene, inner)
    assert len({a.pixel(x, y) for x in range(0, 800, 20) for y in range(0, 560, 20)}) > 10
    assert a.copy(2, 2, 796, 556) == b.copy(2, 2, 796, 556)
    assert culled == []          # nothing lies wholly outside: the cull only costs time


def test_cached_geo_equals_the_parsed_file(tmp_path, monkeypatch):
    import json

    from gui.hubris import geo as hs
    from rules.engine.registry import asset_dir

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    path = asset_dir("hubris") / "geo.json"
    want = json.loads(path.read_bytes())
    for _ in range(2):                          # parsed and stored, then read back
        hs.load_geo.cache_clear()
        assert hs.load_geo() == want
    assert list((tmp_path / "derived").glob("hubris-geo-*.pickle"))
    hs.load_geo.cache_clear()


def test_packed_rings_make_the_same_paths_as_the_points(qtbot, tmp_path, monkeypatch):
    from gui.hubris import geo as hs

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    geo = hs.load_geo()
    for _ in range(2):                          # packed and stored, then read back
        packed = hs.packed_rings(geo)
        assert hs.rings_path(packed["land"]) == hs.rings_path(geo["land"])
        for aid, rec in geo["areas"].items():
            assert hs.rings_path(packed[f"area:{aid}"]) == hs.rings_path(rec["polygons"])
            if "frame" in rec:
                assert hs.rings_path(packed[f"frame:{aid}"]) == hs.rings_path(rec["frame"])


def test_the_scene_geometry_without_point_lists_draws_the_same_map(qtbot, tmp_path, monkeypatch):
    """The scene reads geo.json without its long point lists (packed rings instead): the
    same picture as a scene given the whole file."""
    from PySide6.QtGui import QColor, QImage, QPainter

    from gui.hubris import scene as hs
    from gui.hubris.geo import load_geo
    from rules.engine import registry
    from rules.engine.session import Session

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    hs.load_scene_geo.cache_clear()
    game = registry.get("hubris")
    seats = game.scenario("fourth-syrian-war").seats
    view = Session.new("hubris", "fourth-syrian-war", dict.fromkeys(seats, "human"),
                       seed=1).view(None)

    def render(scene) -> QImage:
        img = QImage(900, 600, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("white"))
        p = QPainter(img)
        scene.render(p)
        p.end()
        return img

    light = hs.HubrisScene(game, view)
    assert "land" not in light.geo
    full = hs.HubrisScene(game, view, geo=load_geo())
    assert render(light) == render(full)
    assert light._static_flags == full._static_flags
    hs.load_scene_geo.cache_clear()


def test_stacking_order_is_qts_whatever_order_the_scene_gives():
    """A scene without an index gives its items in insertion order; the baked layers are
    drawn bottom first as Qt stacks them: by z, then insertion; children above their parent
    (below it with a negative z)."""
    from PySide6.QtWidgets import QGraphicsRectItem

    from gui.hubris.stacks import stacking_order

    scene = QGraphicsScene()
    scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
    top, low, mid, also_low = (QGraphicsRectItem() for _ in range(4))
    for item, z in ((top, 5), (low, 1), (mid, 2), (also_low, 1)):
        item.setZValue(z)
        scene.addItem(item)
    front, behind = QGraphicsRectItem(low), QGraphicsRectItem(low)
    behind.setZValue(-1)
    assert stacking_order(scene.items()) == [behind, low, front, also_low, mid, top]


def test_no_fill_is_drawn_over_a_satrapy_name(qtbot, game):
    """Every ink pixel of every Satrapy name shows in the painted board (Sea Areas added to
    the scene after a Satrapy once covered its name: KOINON NESIOTON, IONIA, KYPROS)."""
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game))
    board = _background(scene, scene.sceneRect(), size=(1600, 1120))
    whole = scene.sceneRect()
    sx, sy = 1600 / whole.width(), 1120 / whole.height()
    for sid, name in scene.names.items():
        r = name.sceneBoundingRect()
        alone = QImage(1600, 1120, QImage.Format.Format_ARGB32)
        alone.fill(0)
        p = QPainter(alone)
        p.scale(sx, sy)
        p.translate(-whole.left(), -whole.top())
        p.setTransform(name.sceneTransform(), True)
        name.paint(p, QStyleOptionGraphicsItem(), None)
        p.end()
        x0, y0 = int((r.left() - whole.left()) * sx), int((r.top() - whole.top()) * sy)
        x1, y1 = int((r.right() - whole.left()) * sx), int((r.bottom() - whole.top()) * sy)
        ink = [(x, y) for x in range(max(0, x0), min(1600, x1)) for y in range(max(0, y0),
               min(1120, y1)) if QColor.fromRgba(alone.pixel(x, y)).alpha() == 255]
        assert ink, sid
        dark = sum(1 for x, y in ink if QColor(board.pixel(x, y)).lightness() < 90)
        assert dark >= 0.9 * len(ink), (sid, dark, len(ink))


def test_the_board_from_cell_pixmaps_looks_like_the_board_drawn_directly(qtbot, game):
    """The cells of gui.map_tiles, copied at their scale, give the picture the vectors give
    (but for antialiasing along the cells' edges: no seam, no shift)."""
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game))
    view = shown_view(qtbot, scene, 800, 560)
    tiles = scene.board
    view.viewport().repaint()
    qtbot.waitUntil(lambda: not tiles._pending and all(c.pixmap is not None
                                                       for c in tiles.cells), timeout=5000)
    from_cells = view.viewport().grab().toImage()
    tiles.invalidate()                             # no pixmaps: drawn from the vectors
    tiles._settle.stop()
    direct = view.viewport().grab().toImage()
    assert from_cells.size() == direct.size()
    far = 0
    for x in range(0, from_cells.width(), 3):
        for y in range(0, from_cells.height(), 3):
            a, b = QColor(from_cells.pixel(x, y)), QColor(direct.pixel(x, y))
            if max(abs(a.red() - b.red()), abs(a.green() - b.green()),
                   abs(a.blue() - b.blue())) > 60:
                far += 1
    assert far <= 0.01 * (from_cells.width() // 3) * (from_cells.height() // 3)
