"""Maps a player reads at a glance (issue 17): at the window's default size (1600x1000),
fitted, every counter is at least 14 px across and every name drawn lies in the view, off
every other name (and, on the Hubris map, off every Place marker and counter), measured
from the scene's items mapped to view pixels; a hex click makes a choice; the legend and the
Info panel tell what the map shows."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtWidgets import QScrollBar  # noqa: E402

from gui.map_check import covered_markers, name_problems, small_counters  # noqa: E402
from gui.screenshot import open_window  # noqa: E402

LEAST_PX = 14


@pytest.fixture
def window_of(qtbot):
    opened = []

    def open_(game: str, scenario: str):
        app, window = open_window(game, scenario, (1600, 1000))
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


@pytest.mark.parametrize("game, scenario", [("hubris", "new-hopes"),
                                            ("hubris", "fourth-syrian-war"),
                                            ("mare-nostrum", "standard")])
def test_counters_and_names_read_at_the_default_size(window_of, game, scenario):
    window = window_of(game, scenario)
    view, scene = window.map_view, window.scene
    assert window.size().width() == 1600 and view.viewport().width() > 1000
    scale = view.transform().m11()
    counters = scene.counter_items()
    assert counters                                    # the set-up shows pieces
    assert small_counters(view, counters, LEAST_PX) == []
    names = scene.drawn_names(scale)
    assert len(names) > 40
    assert name_problems(view, names) == []
    if hasattr(scene, "drawn_markers"):
        assert covered_markers(view, names, scene.drawn_markers()) == []


def test_the_mare_nostrum_window_has_its_table_under_the_map_and_no_hand(window_of):
    window = window_of("mare-nostrum", "standard")
    assert window.dockWidgetArea(window.panel_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    panel = window.panel
    assert panel.table.rowCount() == 5
    assert panel.table.verticalScrollBar().isHidden() or \
        not panel.table.verticalScrollBar().isVisible()
    assert not window.hand_dock.isVisible()
    assert not window.hand_dock.toggleViewAction().isVisible()
    # the docks stand in a row under the wide board, which fills the view's height (no
    # beige bands above and below it)
    assert window.dockWidgetArea(window.prompt_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    view = window.map_view
    shown = view.viewportTransform().mapRect(window.scene.sceneRect())
    assert shown.height() >= 0.85 * view.viewport().height()     # 90 %: the fit margin
    assert view.viewport().width() > 1500
    assert all(not b.isVisible() for b in window.prompt_dock.findChildren(QScrollBar))


def test_hubris_keeps_its_hand_tab_and_docks_on_the_right(window_of):
    window = window_of("hubris", "new-hopes")
    assert window.hand_dock.toggleViewAction().isVisible()
    assert window.dockWidgetArea(window.prompt_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    # a Mare Nostrum game then a Hubris game: the docks go below, then back
    from rules.engine import registry
    from rules.engine.session import Session

    seats = window.session.game.scenario("new-hopes").seats
    mn_seats = registry.get("mare-nostrum").scenario("standard").seats
    window.set_session(Session.new("mare-nostrum", "standard",
                                   dict.fromkeys(mn_seats, "human"), seed=1))
    assert window.dockWidgetArea(window.log_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    window.set_session(Session.new("hubris", "new-hopes", dict.fromkeys(seats, "human"),
                                   seed=1))
    for dock in (window.prompt_dock, window.status_dock, window.log_dock, window.panel_dock):
        assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.status_dock.isVisible() and window.hand_dock.toggleViewAction().isVisible()


def test_every_choice_naming_a_hex_is_made_by_clicking_it(window_of, qtbot):
    """Mare Nostrum's choices carry the hex they name (move, build, post, attack...); a
    click on that hex picks the choice."""
    import random

    from rules.engine import registry

    game = registry.get("mare-nostrum")
    state = game.new_game("standard", list(game.scenario("standard").seats), {}, 5)
    rng = random.Random(2)
    hexes = set(game.map.hexes)
    named = 0
    for _ in range(400):
        prompt = game.prompt(state)
        if prompt is None:
            break
        for c in prompt.choices:
            parts = {p for part in c.id.split(":") for p in [part] if p in hexes}
            if parts:
                named += 1
                assert c.target in parts, (c.id, c.label, c.target)
        state = game.apply(state, rng.choice(prompt.choices).id)
    assert named > 50
    window = window_of("mare-nostrum", "standard")
    window.choose("action:build")
    prompt = window.session.prompt()
    targets = [c.target for c in prompt.choices if c.target]
    target = next(c for c in prompt.choices if c.target and targets.count(c.target) == 1)
    chosen = []
    window.prompt_dock.chosen.connect(chosen.append)
    view = window.map_view
    x, y = window.scene.board.to_pixel(target.target)
    view.centerOn(QPointF(x, y))
    pos = view.mapFromScene(QPointF(x, y + 0.5 * window.scene.board.layout.size))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert chosen == [target.id]


@pytest.mark.parametrize("game, scenario, words", [
    ("hubris", "new-hopes", ["Royal Army", "Alliance", "Garrison", "Deep Sea", "Squadron"]),
    ("mare-nostrum", "standard", ["Legion", "Trade post", "Fortress", "Persia", "Coastal"])])
def test_the_legend_explains_the_map(window_of, game, scenario, words):
    window = window_of(game, scenario)
    window.action_legend.trigger()
    texts = " | ".join(window.legend_dialog.texts())
    for word in words:
        assert word in texts
    assert window.legend_dialog.list.count() > 12
    window.legend_dialog.close()


def test_hovering_a_hex_shows_what_is_in_it(window_of, qtbot):
    window = window_of("mare-nostrum", "standard")
    scene = window.scene
    roma = scene.board.capital("rome")
    view = window.map_view
    x, y = scene.board.to_pixel(roma)
    below_the_counter = QPointF(x, y + 0.4 * scene.board.layout.size)
    qtbot.mouseMove(view.viewport(), view.mapFromScene(below_the_counter))
    qtbot.waitUntil(lambda: "Pieces here" in window.info_dock.text.toPlainText(), timeout=2000)
    text = window.info_dock.text.toPlainText()
    assert "Rome:" in text and "legion" in text


def test_clicking_a_satrapy_lists_its_pieces_by_owner(window_of, qtbot):
    window = window_of("hubris", "new-hopes")
    window._element_clicked("makedonia")
    text = window.info_dock.text.toPlainText()
    assert text.lower().startswith("makedonia")
    assert "Pieces here" in text and "Macedon (2): Royal Army" in text and "Siege Train" in text
    assert "Source:" not in text                    # data notes are not for players


def test_a_game_without_hands_started_from_the_welcome_page_shows_no_hand(window_of):
    from rules.engine import registry
    from rules.engine.session import Session

    window = window_of("hubris", "new-hopes")
    window.show_welcome()
    seats = registry.get("mare-nostrum").scenario("standard").seats
    window.set_session(Session.new("mare-nostrum", "standard", dict.fromkeys(seats, "human"),
                                   seed=1))
    assert not window.hand_dock.isVisible()
    assert window.prompt_dock.isVisible() and window.panel_dock.isVisible()


@pytest.mark.parametrize("scenario", ["two-player", "four-player", "five-player"])
def test_sword_of_rome_counters_read_and_stand_apart(window_of, scenario):
    """The Sword of Rome's stacks are the shared counters, 14 px or more at the fitted
    default window, and no counter covers another space's counter."""
    window = window_of("sword-of-rome", scenario)
    view, scene = window.map_view, window.scene
    counters = scene.counter_items()
    assert len(counters) > 20
    assert small_counters(view, counters, LEAST_PX) == []
    rects = [(c.data(0), c.body_rect()) for c in counters]
    clashes = [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:]
               if a.split(":")[0] != b.split(":")[0]
               and ra.adjusted(1, 1, -1, -1).intersects(rb.adjusted(1, 1, -1, -1))]
    assert clashes == []


def test_sword_of_rome_leader_labels_tell_leaders_apart():
    from rules.sword_of_rome.data import edition
    from rules.sword_of_rome.mapview import short_names

    labels = short_names()
    by_label = {}
    for lid, label in labels.items():
        by_label.setdefault(label, set()).add(edition().leaders[lid].name)
    assert all(len(names) == 1 for names in by_label.values()), by_label
    assert all(len(label) == 2 for label in labels.values())
