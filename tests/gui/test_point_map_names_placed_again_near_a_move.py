"""After a move a point map places again only the names near what changed (the counters
that moved, the targets lit): every other name keeps its placement without trying its
positions, and the names lie exactly where a placement from nothing puts them."""

from __future__ import annotations

import random

from gui import map_labels
from gui.point_map import PointMapScene
from rules.engine import registry


def _fresh(layer, scale: float) -> dict:
    """The names of ``scale``'s level placed from nothing (as the layer would)."""
    at = map_labels.level_scale(map_labels.level_of(scale))
    return map_labels.place(list(layer.labels.values()), at, layer._obstacles(at),
                            layer.frame, set(layer._first()), layer._boxes(),
                            layer._candidates).placed


def test_a_move_places_again_only_the_names_near_it(qtbot):
    for game_id in ("sword-of-rome", "successors"):
        game = registry.get(game_id)
        state = game.new_game("two-player", list(game.scenario("two-player").seats), {}, 1)
        scene = PointMapScene(game, state)
        rng, scale, checked = random.Random(5), 0.88, 0
        while checked < 4:
            before = dict(scene.labels.placed(scale))
            pieces = game.point_pieces(state)
            state = game.apply(state, rng.choice(game.prompt(state).choices).id)
            now = game.point_pieces(state)
            scene.update_state(state, None)
            after = scene.labels.placed(scale)
            if len({s for s in pieces.keys() | now.keys() if pieces.get(s) != now.get(s)}) != 1:
                continue                    # a move of one stack, or its strength
            again = [k for k in after if after[k] is not before.get(k)]
            assert len(after) > 80 and len(again) <= 0.25 * len(after), (game_id, again)
            assert after == _fresh(scene.labels, scale)
            checked += 1


def test_new_targets_place_again_only_the_names_near_them(qtbot):
    game = registry.get("sword-of-rome")
    state = game.new_game("two-player", list(game.scenario("two-player").seats), {}, 1)
    scene = PointMapScene(game, state)
    scale = 0.45
    before = dict(scene.labels.placed(scale))
    unnamed = sorted(set(scene.labels.labels) - set(before))[:1]
    assert unnamed
    scene.highlight(set(unnamed))
    after = scene.labels.placed(scale)
    assert set(unnamed) <= after.keys()                  # the targets are named first
    again = [k for k in after if after[k] is not before.get(k)]
    assert len(again) <= 0.25 * len(after), again
    assert after == _fresh(scene.labels, scale)
