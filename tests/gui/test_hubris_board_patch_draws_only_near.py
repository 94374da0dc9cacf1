"""A patch of the Hubris board (a Place marker or a Satrapy outline that changed) draws the
baked items and the land rings near it only: the land's ~150 rings (islands) are filled one
by one, and a patch filled them all; with the same pixels as a drawing of a larger part of
the board (more items and rings drawn) gives there."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from rules.engine import registry


class _Counting(QPainter):
    """A painter counting the polygons it fills."""

    polygons = 0

    def drawPolygon(self, *args):  # noqa: N802 (Qt name)
        self.polygons += 1
        return super().drawPolygon(*args)


@pytest.fixture(scope="module")
def scene(qapp):
    from gui.hubris.scene import HubrisScene

    game = registry.get("hubris")
    state = game.new_game("fourth-syrian-war",
                          list(game.scenario("fourth-syrian-war").seats), {}, 1)
    return HubrisScene(game, state)


def _draw(scene, rect: QRectF, part: QRectF, painter_class=QPainter) -> tuple[QImage, int]:
    """``rect`` of the board drawn at 0.4 px/km: the baked items meeting ``part``, clipped
    to ``rect`` (scene units); and the polygons filled (by a counting painter)."""
    scale = 0.4
    image = QImage(int(rect.width() * scale) + 1, int(rect.height() * scale) + 1,
                   QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = painter_class(image)
    painter.scale(scale, scale)
    painter.translate(-rect.left(), -rect.top())
    painter.setClipRect(rect)
    scene._draw_baked(painter, part)
    painter.end()
    return image, getattr(painter, "polygons", 0)


def test_a_patch_fills_the_land_rings_near_it_with_the_same_pixels(scene):
    marker = scene.places["alexandreia"].sceneBoundingRect()
    cell = marker.adjusted(-200, -200, 200, 200)
    larger, _ = _draw(scene, cell, cell.adjusted(-100, -100, 100, 100))
    patched, polygons = _draw(scene, cell, cell, _Counting)
    land = next(it for it in scene._baked if type(it).__name__ == "Backdrop")
    assert len(land._land_parts) > 100
    assert polygons < 40, polygons                    # the rings near, and Area parts
    assert _far_pixels(patched, larger) == 0


def _far_pixels(a: QImage, b: QImage) -> int:
    far = 0
    for x in range(a.width()):
        for y in range(a.height()):
            p, q = QColor(a.pixel(x, y)), QColor(b.pixel(x, y))
            if max(abs(p.red() - q.red()), abs(p.green() - q.green()),
                   abs(p.blue() - q.blue())) > 24:
                far += 1
    return far


def test_a_patch_draws_only_the_baked_items_meeting_it(scene):
    part = scene.places["alexandreia"].sceneBoundingRect()
    meeting = scene._baked_meeting(part)
    assert 0 < len(meeting) < len(scene._baked) / 10
    assert all(it.sceneBoundingRect().intersects(part) for it in meeting)
    assert [it for it in scene._baked if it.sceneBoundingRect().intersects(part)] == meeting
    assert scene._baked_meeting(scene.sceneRect().adjusted(-1, -1, 1, 1)) is scene._baked
