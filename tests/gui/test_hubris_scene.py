"""The Hubris map scene and panel: every scenario draws, every Place is clickable (2.5)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QGraphicsView

from rules.engine import registry


@pytest.fixture(scope="module")
def game():
    return registry.get("hubris")


def _state(game, scenario: str):
    return game.new_game(scenario, list(game.scenario(scenario).seats), {}, 1)


def test_every_scenario_draws_every_place_clickable(qtbot, game):
    from gui.hubris.scene import HubrisScene

    md = None
    for sc in game.scenarios():
        state = _state(game, sc.id)
        scene = HubrisScene(game, state)
        md = scene.md
        assert set(scene.places) == set(md.places), sc.id
        assert set(scene.areas) >= set(md.satrapies) | set(md.seas)
        for pid, item in scene.places.items():
            hit = scene.items(item.scenePos())
            assert any(getattr(h, "element_id", None) == pid for h in hit), (sc.id, pid)
            assert md.places[pid].name in item.toolTip()
    assert md is not None


def test_click_a_place_and_a_satrapy_emits_their_ids(qtbot, game):
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game, "new-hopes"))
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(1600, 1000)
    view.show()
    view.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    qtbot.waitExposed(view)
    item = scene.places["sardeis"]
    with qtbot.waitSignal(scene.elementClicked, timeout=2000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         pos=view.mapFromScene(item.scenePos()))
    assert blocker.args == ["sardeis"]
    x, y = scene.geo["areas"]["babylonia"]["label"]
    free = QPointF(x, y - 60)   # above the name, inside BABYLONIA
    with qtbot.waitSignal(scene.elementClicked, timeout=2000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(free))
    assert blocker.args == ["babylonia"]


def test_alignment_colours_and_highlight_follow_the_state(qtbot, game):
    from gui.hubris.scene import HubrisScene

    state = _state(game, "new-hopes")
    scene = HubrisScene(game, state)
    assert scene.places["pella"].power == "macedon"
    assert scene.places["alexandreia"].power == "ptolemies"
    scene.highlight({"pella", "koile-syria"})
    assert scene.places["pella"].lit and not scene.places["sardeis"].lit
    assert scene._outlines["koile-syria"].isVisible()
    assert not scene._outlines["delta"].isVisible()
    state["places"]["pella"] = {"power": "rome", "marker": "garrison", "revolt": False,
                                "sd": False}
    scene.update_state(state, None)
    assert scene.places["pella"].power == "rome"
    assert not scene.places["pella"].lit          # no prompt: nothing lit
    img = QImage(400, 250, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    scene.render(painter)
    painter.end()
    assert img.pixelColor(200, 125) != QColor("white")


def test_panel_shows_tracks_from_the_state(qtbot, game):
    from gui.hubris.panel import HubrisPanel

    state = _state(game, "new-hopes")
    panel = HubrisPanel(state)
    qtbot.addWidget(panel)
    assert "Turn 1" in panel.sections["turn"].text()
    assert "220" in panel.sections["turn"].text()
    assert f"{state['kingdoms']['seleucids']['treasury']} T" in panel.sections["treasury"].text()
    state["units"]["x-legion"] = {"type": "legion", "owner": "rome", "location": "dispersed",
                                  "face": "up"}
    panel.update_state(state)
    assert "X Legion" in panel.sections["boxes"].text()        # its name, not its id


def test_labels_keep_off_the_place_markers(qtbot, game):
    """Satrapy names and banners never cover a Place; a Place name covers no other Place
    unless it is a crowded one, which is hidden until the player zooms in."""
    from PySide6.QtCore import QRectF

    from gui.hubris import style as S
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game, "new-hopes"))
    h = S.PLACE_SIZE / 2
    marks = {pid: QRectF(it.pos().x() - h, it.pos().y() - h, 2 * h, 2 * h)
             for pid, it in scene.places.items()}
    for sid, name in scene.names.items():
        for rect in (name.sceneBoundingRect(), scene.banners[sid].sceneBoundingRect()):
            assert not [p for p, m in marks.items() if rect.intersects(m)], sid
    for pid, label in scene.place_labels.items():
        covered = [q for q, m in marks.items() if q != pid
                   and label.sceneBoundingRect().intersects(m)]
        assert not covered or label.min_lod > 0, (pid, covered)


def test_banner_shows_each_kingdoms_vp_in_its_colour(qtbot, game):
    from gui.hubris import style as S
    from gui.hubris.scene import HubrisScene

    scene = HubrisScene(game, _state(game, "new-hopes"))
    sat = scene.md.satrapies["makedonia"]
    parts = scene._banner_parts("makedonia")
    coloured = {colour.name(): text.strip() for text, colour in parts}
    assert coloured[S.POWER_TEXT["macedon"].name()] == "|".join(str(v) for v in sat.vp["macedon"])
    assert S.POWER_TEXT["seleucids"].name() in coloured
    assert scene.banners["makedonia"].text().startswith("VP ")
    assert "T 4|6" in scene.banners["makedonia"].text()


def test_map_fills_a_1600_by_1000_window(qtbot, game):
    """The fitted map leaves no wide empty band: it is neither far wider nor taller than
    the map area of the main window."""
    from gui.hubris.geo import load_geo

    x0, y0, x1, y1 = load_geo()["frame"]
    assert 1.2 <= (x1 - x0) / (y1 - y0) <= 1.45


def test_crowded_names_appear_only_when_zoomed_in(qtbot):
    from PySide6.QtCore import QRectF
    from PySide6.QtWidgets import QGraphicsScene

    from gui.hubris.items import LodText

    scene = QGraphicsScene()
    label = LodText("Boubastis", QFont("DejaVu Sans"), min_lod=1.0)
    scene.addItem(label)
    rect = label.boundingRect()

    def inked(scale: float) -> bool:
        img = QImage(int(rect.width() * scale) + 2, int(rect.height() * scale) + 2,
                     QImage.Format.Format_ARGB32)
        img.fill(QColor("white"))
        painter = QPainter(img)
        scene.render(painter, QRectF(0, 0, rect.width() * scale, rect.height() * scale), rect)
        painter.end()
        return any(img.pixelColor(x, y) != QColor("white")
                   for x in range(img.width()) for y in range(img.height()))

    assert not inked(0.5)
    assert inked(2.0)


def test_rebel_factions_draw_in_the_rebel_colour():
    from gui.hubris import style

    assert "rebel:S6" in style.POWER
    assert style.POWER["rebel:S6"] == style.POWER["rebel"] == style.POWER.get("rebel:P3")
    assert style.POWER.get("nobody") is None
