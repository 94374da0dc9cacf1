"""The Hubris map scene and panel: every scenario draws, every Place is clickable (2.5)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
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
    assert "x-legion" in panel.sections["boxes"].text()
