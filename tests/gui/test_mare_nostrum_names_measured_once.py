"""Mare Nostrum's names are measured once: laying them out again after a move (counters
elsewhere) tests the spots measured before and keeps each name that stays put as the same
drawn text (its outline path made once), and lays them out as a fresh board would."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from rules.engine import registry


def _texts(backdrop) -> dict[tuple, object]:
    return {(t.text, t.at.x(), t.at.y()): t
            for t in backdrop.sea_texts + backdrop.area_texts + backdrop.city_texts}


def test_names_laid_out_again_keep_the_texts_of_the_names_that_stay(qtbot):
    from gui.mare_nostrum.scene import MareNostrumScene

    game = registry.get("mare-nostrum")
    state = game.new_game("short", list(game.scenario("short").seats), {}, 1)
    scene = MareNostrumScene(game, state)
    backdrop = scene.backdrop
    rects = dict(backdrop.name_rects)
    before = _texts(backdrop)
    city = next(label for label in rects if label.startswith("city "))
    # the set-up's counters gone, one on that city's name instead: some names move
    assert not backdrop.plan([QRectF(rects[city])]).isEmpty()
    after = _texts(backdrop)
    stayed = before.keys() & after.keys()
    assert before.keys() != after.keys() and len(stayed) > 0.8 * len(before)
    assert all(after[key] is before[key] for key in stayed)


def test_names_laid_out_again_lie_where_a_fresh_board_puts_them(qtbot):
    from gui.mare_nostrum.scene import MareNostrumScene

    game = registry.get("mare-nostrum")
    state = game.new_game("short", list(game.scenario("short").seats), {}, 1)
    moved = MareNostrumScene(game, state).backdrop
    rects = dict(moved.name_rects)
    avoid = [QRectF(rects[label]) for label in list(rects)[::7]]
    moved.plan([QRectF(0, 0, 1, 1)])
    moved.plan(avoid)
    fresh = MareNostrumScene(game, state).backdrop
    fresh.plan(avoid)
    assert moved.name_rects == fresh.name_rects
    assert [(n, c) for n, _f, c in moved.crowded] == [(n, c) for n, _f, c in fresh.crowded]
