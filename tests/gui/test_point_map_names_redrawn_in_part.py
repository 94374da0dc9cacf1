"""After a move or a new highlight a point map redraws the names that moved, where they
were and where they are now, not its whole view (issue 31, item 13: a click's repaint)."""

from __future__ import annotations

import random

from PySide6.QtCore import QRectF

from gui.map_labels import LabelLayer
from gui.point_map import PointMapScene
from rules.engine import registry

from .helpers import shown_view


def test_moved_names_are_redrawn_and_little_else(qtbot, monkeypatch):
    game = registry.get("sword-of-rome")
    state = game.new_game("two-player", list(game.scenario("two-player").seats), {}, 1)
    scene = PointMapScene(game, state)
    view = shown_view(qtbot, scene, 1000, 700)
    exposed: list[QRectF] = []
    paint = LabelLayer.paint

    def recorded(layer, p, option, widget=None):
        if layer is scene.labels:
            exposed.append(QRectF(option.exposedRect))
        paint(layer, p, option, widget)

    monkeypatch.setattr(LabelLayer, "paint", recorded)
    qtbot.wait(50)
    whole = view.mapToScene(view.viewport().rect()).boundingRect()
    rng, moved, partial = random.Random(4), 0, 0
    for _ in range(12):
        scale = view.transform().m11()
        before = dict(scene.labels.placed(scale))
        prompt = game.prompt(state)
        state = game.apply(state, rng.choice(prompt.choices).id)
        exposed.clear()
        scene.update_state(state, game.prompt(state))
        qtbot.wait(250)                     # the redraw (a turn of the loop later) painted
        after = scene.labels.placed(scale)
        changed = [k for k in before.keys() | after.keys() if before.get(k) != after.get(k)]
        for key in changed:
            for pl in (before.get(key), after.get(key)):
                if pl is None:
                    continue
                r = pl.rect(scene.labels.labels[key], scale).intersected(whole)
                assert r.isEmpty() or any(e.contains(r.adjusted(1, 1, -1, -1))
                                          for e in exposed), key
        moved += bool(changed)
        area = sum(e.width() * e.height() for e in exposed)
        partial += area < 0.5 * whole.width() * whole.height()
    assert moved >= 3                 # the names did move
    assert partial >= 6               # and the view was mostly redrawn in part


def test_a_new_highlight_of_named_spaces_leaves_the_names_placed(qtbot):
    """Targets named already at a level: that level is not placed again; a target without
    a name there: the level is placed again, that target first (so it is named)."""
    game = registry.get("sword-of-rome")
    state = game.new_game("two-player", list(game.scenario("two-player").seats), {}, 1)
    scene = PointMapScene(game, state)
    scale = 0.45
    placed = scene.labels.placed(scale)
    named = sorted(placed)[:3]
    scene.highlight(set(named))
    assert scene.labels.placed(scale) is placed                 # kept as it was
    unnamed = sorted(set(scene.labels.labels) - set(placed))[0]
    scene.highlight({unnamed})
    again = scene.labels.placed(scale)
    assert again is not placed and unnamed in again
