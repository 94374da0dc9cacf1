"""The Hubris map works out what its Satrapies' banners and tooltips and its Places'
tooltips print (VP, Tax, Supply, features: fractions formatted) once per scene: a new state
only adds what changed (control, alignment, Ravaged), about a third of each click's board
update; the texts are those a scene built afresh for that state shows."""

from __future__ import annotations

import copy

import pytest

import gui.hubris.scene as scene_module
from rules.engine import registry


@pytest.fixture(scope="module")
def game():
    return registry.get("hubris")


def test_a_new_state_formats_no_printed_figure_again(qapp, game, monkeypatch):
    from gui.hubris.scene import HubrisScene

    state = game.new_game("fourth-syrian-war",
                          list(game.scenario("fourth-syrian-war").seats), {}, 1)
    scene = HubrisScene(game, state)
    later = copy.deepcopy(state)
    sid = next(iter(scene.banners))
    later["satrapies"].setdefault(sid, {})["ravaged"] = True
    pid = next(iter(scene.places))
    later["places"].setdefault(pid, {}).update(power="macedon", marker="alliance")
    formatted = []
    real = scene_module.frac
    monkeypatch.setattr(scene_module, "frac", lambda v: formatted.append(v) or real(v))
    scene.update_state(later, None)
    assert formatted == []
    monkeypatch.undo()
    fresh = HubrisScene(game, later)
    assert "RAVAGED" in scene.banners[sid].text()
    assert scene.banners[sid].text() == fresh.banners[sid].text()
    assert "Ravaged" in scene.areas[sid].toolTip()
    assert "Alignment: Macedon alliance" in scene.places[pid].toolTip()
    for key in scene.areas:
        assert scene.areas[key].toolTip() == fresh.areas[key].toolTip()
    for key in scene.places:
        assert scene.places[key].toolTip() == fresh.places[key].toolTip()
