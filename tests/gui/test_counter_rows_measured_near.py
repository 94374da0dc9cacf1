"""Arranging the rows of counters on a point-to-point map measures each row only against
the space markers and rows within its reach (not every space of the map), and arranges
them as measuring against all would."""

from __future__ import annotations

from rules.engine import registry


def test_each_row_is_measured_only_against_the_marks_near_it(qtbot, monkeypatch):
    from gui import point_map
    from gui.scenes import make_scene

    game = registry.get("sword-of-rome")
    state = game.new_game("two-player", list(game.scenario("two-player").seats), {}, 1)
    scene = make_scene(game, state)
    sides = {sid: item.side for sid, item in scene.items_by_id.items() if item.counters}
    rows = len(sides)
    assert rows >= 10
    measured = [0]
    covered = point_map._covered

    def counted(r, rects):
        measured[0] += len(rects)
        return covered(r, rects)

    monkeypatch.setattr(point_map, "_covered", counted)
    scene._arrange_counters()
    # five sides a row, each against the marks and rows near it: a handful, not the
    # map's 138 spaces
    assert measured[0] <= rows * 5 * 12
    assert {sid: item.side for sid, item in scene.items_by_id.items()
            if item.counters} == sides


def test_rows_stand_where_measuring_every_mark_puts_them(qtbot):
    from gui.point_map import ROW_SIDES, _covered
    from gui.scenes import make_scene

    for game_id, scenario in (("sword-of-rome", "two-player"), ("successors", "two-player")):
        game = registry.get(game_id)
        state = game.new_game(scenario, list(game.scenario(scenario).seats), {}, 1)
        scene = make_scene(game, state)
        taken = []
        marks = dict(scene._row_marks)
        for item in sorted((it for it in scene.items_by_id.values() if it.counters),
                           key=lambda it: (it.pos().y(), it.pos().x())):
            others = [m for sid, m in marks.items() if sid != item.sid]
            best, best_cost = None, None
            for n, side in enumerate(ROW_SIDES):
                r = item.row_rect(side).translated(item.pos())
                cost = _covered(r, taken) * 4 + _covered(r, others) * 2 + n * 0.5
                if best_cost is None or cost < best_cost - 1e-6:
                    best, best_cost = side, cost
            assert item.side == best, item.sid
            taken.append(item.row_rect(item.side).translated(item.pos()))
