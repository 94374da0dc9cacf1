"""A counter that stays as it was keeps its scene item across a change of state (it is not
drawn again); one that changes gets a new item."""

from __future__ import annotations

import copy

from rules.engine import registry


def _new(game_id: str, scenario: str):
    game = registry.get(game_id)
    return game, game.new_game(scenario, list(game.scenario(scenario).seats), {}, 1)


def test_hubris_counters_that_stay_keep_their_items(qtbot):
    from gui.hubris.scene import HubrisScene

    game, state = _new("hubris", "new-hopes")
    scene = HubrisScene(game, state)
    before = list(scene._pieces)
    assert before
    scene.update_state(copy.deepcopy(state), None)
    assert all(a is b for a, b in zip(scene._pieces, before, strict=True))


def test_mare_nostrum_counters_that_stay_keep_their_items(qtbot):
    from gui.mare_nostrum.scene import MareNostrumScene

    game, state = _new("mare-nostrum", "short")
    scene = MareNostrumScene(game, state)
    before = {it.data(0): it for it in scene._pieces}
    assert before
    moved = copy.deepcopy(state)
    gone = sorted(before)[0]
    del moved["hexes"][gone]
    scene.update_state(moved, None)
    after = {it.data(0): it for it in scene._pieces}
    assert set(after) == set(before) - {gone}
    assert all(after[h] is before[h] for h in after)
    assert before[gone].scene() is None                 # the one that went is removed
