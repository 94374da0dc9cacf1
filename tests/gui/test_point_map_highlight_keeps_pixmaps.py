"""A space lit and put out again on a point-to-point map is painted from the pictures it
keeps of itself unlit and lit: a highlight that comes and goes at most decisions draws no
marker again (The Sword of Rome's many-target prompts lit some 30 spaces a click)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gui.point_map import PointMapScene, SpaceItem
from rules.engine import registry

from .helpers import shown_view


def test_a_highlight_coming_and_going_draws_no_marker_again(qtbot, monkeypatch):
    game = registry.get("sword-of-rome")
    state = game.new_game("two-player", list(game.scenario("two-player").seats), {}, 1)
    scene = PointMapScene(game, state)
    view = shown_view(qtbot, scene, 1000, 700)
    view.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    qtbot.wait(50)
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    targets = set(sorted(sid for sid, item in scene.items_by_id.items()
                         if shown.contains(item.pos()))[:30])
    assert len(targets) == 30
    drawn: list[str] = []
    draw = SpaceItem._draw

    def recorded(item, p):
        drawn.append(item.sid)
        draw(item, p)

    monkeypatch.setattr(SpaceItem, "_draw", recorded)
    for lit in (targets, set(), targets):       # each look drawn once
        scene.highlight(lit)
        view.viewport().repaint()
    assert targets <= set(drawn)
    drawn.clear()
    for lit in (set(), targets, set(), targets):
        scene.highlight(lit)
        view.viewport().repaint()
        assert {sid for sid, item in scene.items_by_id.items() if item.lit} == lit
    assert drawn == []
