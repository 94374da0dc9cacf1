"""Map view zoom/pan/fit, scene factory fallback, log clicks centring the map."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsScene

from gui import scenes
from gui.generic_scene import GenericScene
from gui.log_dock import LogDock

from .helpers import shown_view


def test_wheel_zoom_keeps_the_point_under_the_cursor(qtbot):
    scene = QGraphicsScene(0, 0, 1600, 1000)
    view = shown_view(qtbot, scene, 800, 500)
    view.fit()
    cursor = QPoint(600, 150)
    before = view.mapToScene(cursor)
    event = QWheelEvent(QPointF(cursor), QPointF(view.viewport().mapToGlobal(cursor)),
                        QPoint(0, 0), QPoint(0, 240), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    view.wheelEvent(event)
    assert abs(view.zoom() - 1.44) < 1e-6
    after = view.mapToScene(cursor)
    assert abs(after.x() - before.x()) < 3 and abs(after.y() - before.y()) < 3
    view.fit()
    assert view.zoom() == 1.0
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(scene.sceneRect())


def test_scene_factory_falls_back_to_the_generic_scene(monkeypatch):
    monkeypatch.setitem(scenes.SCENES, "nowhere", "gui.no_such_game.scene:NoScene")
    assert scenes.scene_class("nowhere") is GenericScene
    assert scenes.scene_class("duel") is GenericScene


def test_log_entry_with_a_place_centres_the_map(qtbot, window):
    from .helpers import start_from_dialog

    start_from_dialog(qtbot, window, seed=3, curtain=False)
    dock = window.log_dock
    entries = [{"n": 1, "text": "north plays 2", "rule": "1"},
               {"n": 2, "text": "the 6 waits", "rule": "2", "where": "card-6"}]
    dock.show_log(entries)
    assert dock.line(1) == "2. the 6 waits  [2]"
    target = window.session.prompt().choices[-2].target   # a card tile of the scene
    window.map_view.zoom_by(3.0)
    window.centre_on(target)
    centre = window.map_view.mapToScene(window.map_view.viewport().rect().center())
    rect = window.scene.element_rect(target)
    assert abs(centre.x() - rect.center().x()) < 40


def test_log_click_emits_the_place(qtbot):
    dock = LogDock()
    qtbot.addWidget(dock)
    dock.show_log([{"n": 1, "text": "battle", "rule": "7.1", "where": "issus"}])
    dock.show()
    with qtbot.waitSignal(dock.whereClicked) as sig:
        QTest.mouseClick(dock.text.viewport(), Qt.MouseButton.LeftButton,
                         pos=dock.line_centre(0))
    assert sig.args == ["issus"]
    dock.show_log([])                               # an undo shortened the log
    assert dock.count() == 0


def test_the_log_grows_by_appending_and_restarts_when_shortened(qtbot):
    dock = LogDock()
    qtbot.addWidget(dock)
    entries = [{"n": i, "text": f"entry {i}", "rule": "", "kind": "commit" if i == 2 else ""}
               for i in range(1, 5)]
    dock.show_log(entries[:2])
    dock.show_log(entries)
    assert [dock.line(i) for i in range(dock.count())] == [f"{i}. entry {i}"
                                                         for i in range(1, 5)]
    dock.show_log(entries[:1])                      # an undo: shown anew
    assert dock.count() == 1 and dock.text.toPlainText() == "1. entry 1"
