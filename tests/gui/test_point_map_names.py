"""Point-to-point maps name their spaces (issue 31, item 7): at the fitted zoom of a 1600x1000
window no two drawn names overlap and none covers a counter; every space's name is drawn at
some zoom; the names grow in number as the player zooms in; the land is a coastline, not a
rectangle, reaching past the view's edges; Successors' provinces and Athens and Sparta's
regions are drawn with their names. Hubris' place names keep off its counters likewise."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF  # noqa: E402

from gui.counters import counter_bounds  # noqa: E402
from gui.map_check import name_problems, view_rect  # noqa: E402
from gui.screenshot import open_window  # noqa: E402
from rules.engine import registry  # noqa: E402

POINT_GAMES = ["sword-of-rome", "successors", "athens-sparta"]


def _first_playable(game_id: str) -> str:
    return next(s.id for s in registry.get(game_id).scenarios() if s.playable)


@pytest.fixture
def fitted(qtbot):
    opened = []

    def open_(game: str, scenario: str | None = None):
        app, window = open_window(game, scenario or _first_playable(game), (1600, 1000))
        qtbot.addWidget(window)
        opened.append(window)
        qtbot.waitExposed(window)
        for _ in range(3):
            app.processEvents()
        window.map_view.fit()
        app.processEvents()
        return window

    yield open_
    for window in opened:
        window.close()


def _counters_covered(view, names, counters, ring_room: bool = True) -> list[str]:
    """The names over a counter's drawing (stack edges, count badge) and, ``ring_room``,
    the room its gold ring takes when it is lit."""
    t = view.viewportTransform()
    bodies = [(c.toolTip()[:30],
               t.mapRect(c.sceneBoundingRect() if ring_room else
                         c.mapRectToScene(counter_bounds(c.size, c.counter.count))
                         ).adjusted(1, 1, -1, -1))
              for c in counters]
    out = []
    for label, thing in names:
        r = view_rect(view, thing).adjusted(1, 1, -1, -1)
        out += [f"{label} covers {tip}" for tip, b in bodies if r.intersects(b)]
    return out


@pytest.mark.parametrize("game", POINT_GAMES)
def test_names_at_the_fitted_zoom_overlap_nothing(fitted, game):
    window = fitted(game)
    view, scene = window.map_view, window.scene
    scale = view.transform().m11()
    names = scene.drawn_names(scale)
    assert len(names) >= 0.5 * len(scene.items_by_id)       # most spaces named at once
    assert name_problems(view, names) == []
    assert _counters_covered(view, names, scene.counter_items()) == []
    # nor any space's marker but its own
    t = view.viewportTransform()
    for key, placed in scene.labels.placed(scale).items():
        r = t.mapRect(placed.rect(scene.labels.labels[key], scale)).adjusted(1, 1, -1, -1)
        for sid, item in scene.items_by_id.items():
            if sid != key:
                mark = t.mapRect(QRectF(item.pos().x() - 7, item.pos().y() - 7, 14, 14))
                assert not r.intersects(mark), f"{key} covers {sid}"


@pytest.mark.parametrize("game", POINT_GAMES)
def test_every_space_is_named_at_some_zoom_and_more_as_one_zooms_in(fitted, game):
    window = fitted(game)
    view, scene = window.map_view, window.scene
    fit = view.transform().m11()
    unnamed = [sid for sid in scene.items_by_id
               if scene.labels.shown_from(sid, fit, fit * 40) is None]
    assert unnamed == []
    counts = [len(scene.drawn_names(fit * z)) for z in (1, 2, 4, 8)]
    assert counts == sorted(counts) and counts[-1] == len(scene.items_by_id)
    # zoomed in, the drawn names still overlap nothing
    view.zoom_by(2.0)
    names = scene.drawn_names(view.transform().m11())
    assert name_problems(view, [n for n in names
                                if view.viewport().rect().contains(
                                    view_rect(view, n[1]).toRect())]) == []
    assert _counters_covered(view, names, scene.counter_items()) == []


@pytest.mark.parametrize("game", POINT_GAMES)
def test_the_land_is_a_coastline_reaching_past_the_view(fitted, game):
    window = fitted(game)
    view, scene = window.map_view, window.scene
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    # the sea and land are drawn to every edge of the fitted view: no frame cuts them off
    assert scene.backdrop.boundingRect().contains(shown.adjusted(2, 2, -2, -2))
    big = max(scene.land, key=lambda poly: poly.boundingRect().width())
    assert len(big) > 20                                  # a coast, not a box
    corners = {(round(q.x()), round(q.y())) for q in big}
    assert len(corners) > 4


@pytest.mark.parametrize("game, count, name", [("successors", 25, "Makedonia"),
                                               ("athens-sparta", 10, "Attica")])
def test_provinces_and_regions_are_drawn_with_their_names(fitted, game, count, name):
    window = fitted(game)
    scene = window.scene
    assert len(scene.regions) >= count
    assert name in [a.name for a in scene.regions]
    # the areas' names at the fitted zoom, clear of the spaces' names and of each other
    view = window.map_view
    scale = view.transform().m11()
    areas = scene.area_labels.drawn(scale)
    assert len(areas) >= 0.6 * len(scene.regions)
    assert name_problems(view, areas + scene.drawn_names(scale)) == []
    assert _counters_covered(view, areas, scene.counter_items()) == []
    # each area holds its own spaces' positions
    area = next(a for a in scene.regions if a.name == name)
    inside = [sid for sid, p in scene.where.items() if area.path.contains(p)]
    assert inside


def test_no_cryptic_royal_marks_on_the_successors_map(fitted):
    window = fitted("successors")
    marks = [m for item in window.scene.items_by_id.values()
             for m in item.pieces.get("royals", [])]
    assert marks and all(len(m) > 3 for m in marks)
    assert "Funeral cart" in marks or "Tomb" in marks


@pytest.mark.parametrize("scenario", ["new-hopes", "fourth-syrian-war"])
def test_hubris_place_names_keep_off_the_counters(fitted, scenario):
    window = fitted("hubris", scenario)
    view, scene = window.map_view, window.scene
    names = scene.drawn_names(view.transform().m11())
    assert _counters_covered(view, names, scene.counter_items(), ring_room=False) == []


def test_leaders_short_forms_are_unique_with_the_full_name_on_hover():
    from rules.engine.short_names import short_forms
    from rules.successors.data import edition

    names = {gid: g.name for gid, g in edition().generals.items()}
    shorts = short_forms(names)
    assert len(set(shorts.values())) == len(shorts)
    assert shorts["antipatros"] != shorts["antigonos"]


def test_athens_sparta_forces_are_counters_on_their_space_named_in_full(qtbot):
    from gui.scenes import make_scene

    game = registry.get("athens-sparta")
    state = game.new_game("peloponnesian-war",
                          list(game.scenario("peloponnesian-war").seats), {}, 1)
    state["forces"].append({"where": "corinth", "side": "sparta", "type": "hoplite",
                            "leader": "archidamus"})
    scene = make_scene(game, state)
    counters = scene.items_by_id["corinth"].counters
    assert [c.toolTip() for c in counters] == ["Sparta: hoplite army", "Sparta: Archidamus"]
    centre = scene.items_by_id["corinth"].pos()
    row = counters[0].sceneBoundingRect().united(counters[-1].sceneBoundingRect())
    assert row.contains(centre)                      # on the space, not beside it
