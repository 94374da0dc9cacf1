"""A point-to-point map redraws only the spaces whose pieces changed; a space's tooltip is the
game's description of it at the moment it is shown."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QGraphicsSceneHelpEvent

from gui.point_map import PointMapScene
from rules.engine import registry


def _scene(game_id: str = "sword-of-rome", scenario: str = "two-player"):
    game = registry.get(game_id)
    state = game.new_game(scenario, list(game.scenario(scenario).seats), {}, 1)
    return game, state, PointMapScene(game, state)


def test_an_unchanged_position_touches_no_space(qtbot, monkeypatch):
    game, state, scene = _scene()
    touched = []
    for item in scene.items_by_id.values():
        monkeypatch.setattr(item, "set_pieces", lambda p, sid=item.sid: touched.append(sid))
    scene.update_state(state, None)
    assert touched == []


def test_a_moved_stack_redraws_its_spaces_only(qtbot, monkeypatch):
    game, state, scene = _scene()
    before = game.point_pieces(state)
    prompt = game.prompt(state)
    after_state = game.apply(state, prompt.choices[0].id)
    after = game.point_pieces(after_state)
    differ = {sid for sid in scene.items_by_id if before.get(sid, {}) != after.get(sid, {})}
    touched = []
    for item in scene.items_by_id.values():
        real = item.set_pieces
        monkeypatch.setattr(item, "set_pieces",
                            lambda p, sid=item.sid, real=real: touched.append(sid) or real(p))
    scene.update_state(after_state, None)
    assert set(touched) == differ
    for sid, item in scene.items_by_id.items():
        assert item.pieces == after.get(sid, {})


def test_a_space_tooltip_describes_it_when_shown(qtbot):
    game, state, scene = _scene()
    sid, item = next(iter(scene.items_by_id.items()))
    event = QGraphicsSceneHelpEvent(QGraphicsSceneHelpEvent.Type.GraphicsSceneHelp)
    event.setScenePos(item.scenePos())
    event.setScreenPos(QPoint(0, 0))
    scene.helpEvent(event)
    assert item.toolTip() == str(game.describe(state, sid))


def test_an_unchanged_position_leaves_the_names_where_they_are(qtbot, monkeypatch):
    game, state, scene = _scene()
    placed = []
    monkeypatch.setattr(scene.labels, "invalidate", lambda: placed.append("spaces"))
    monkeypatch.setattr(scene.area_labels, "invalidate", lambda: placed.append("areas"))
    scene.update_state(state, None)
    assert placed == []
