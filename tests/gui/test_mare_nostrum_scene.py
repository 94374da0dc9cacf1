"""The Mare Nostrum map scene: builds, draws pieces, highlights and reports hex clicks."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402

from gui.counters import CounterItem  # noqa: E402
from gui.map_view import MapView  # noqa: E402
from gui.mare_nostrum.scene import MareNostrumScene, hex_stack  # noqa: E402
from rules.engine.game import Choice, Prompt  # noqa: E402
from rules.mare_nostrum.board import load_board  # noqa: E402


def _state(board):
    return {"hexes": {board.capital("rome"): {
        "post": {"owner": "rome", "kind": "fortress", "count": 1},
        "units": {"rome": {"legions": 3, "ships": 1, "carried": 1}},
        "monument": "rome", "contested": False}}}


def test_scene_builds_draws_pieces_and_highlights(qtbot):
    board = load_board()
    scene = MareNostrumScene(None, _state(board))
    pieces = [i for i in scene.items() if isinstance(i, CounterItem)]
    assert len(pieces) == 1                 # one stack: legions on top, 4 counters in all
    assert (pieces[0].counter.symbol, pieces[0].counter.strength,
            pieces[0].counter.count) == ("L", "3", 4)
    assert scene.pieces_text(board.capital("rome")).splitlines()[1:] == [
        "Rome: 3 legions (an army)", "Rome: 1 ship, 1 legion aboard", "Rome: fortress",
        "Rome: monument"]
    athenae = board.capital("greece")
    prompt = Prompt("greece", "Choose a hex", [Choice("a", "Athenae", target=athenae),
                                                Choice("b", "nowhere", target="not-a-hex")])
    scene.update_state({"hexes": {}}, prompt)
    assert scene._lit == {athenae}
    assert not [i for i in scene.items() if isinstance(i, CounterItem)]
    rect = scene.element_rect(athenae)
    assert rect is not None and rect.contains(QPointF(*board.to_pixel(athenae)))
    assert scene.element_rect("nowhere") is None
    tip = scene.tooltip(athenae)
    assert "Achaea" in tip and "Athenae" in tip and "coastal" in tip
    # it paints: a rendered image is not blank
    img = QImage(400, 200, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    scene.render(p)
    p.end()
    colours = {img.pixel(x, y) for x in range(0, 400, 7) for y in range(0, 200, 7)}
    assert len(colours) > 10


def test_clicking_a_hex_emits_its_id(qtbot):
    board = load_board()
    scene = MareNostrumScene(None, {})
    view = MapView()
    view.setScene(scene)         # drag-to-pan view, as in the main window
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    roma = board.capital("rome")
    view.fitInView(scene.element_rect(roma).adjusted(-300, -300, 300, 300),
                   Qt.AspectRatioMode.KeepAspectRatio)
    qtbot.waitExposed(view)
    pos: QPoint = view.mapFromScene(QPointF(*board.to_pixel(roma)))
    with qtbot.waitSignal(scene.elementClicked, timeout=2000) as got:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert got.args == [roma]
    assert scene.hex_at(QPointF(-1e6, -1e6)) is None


def test_the_tracks_panel_shows_turn_order_cycle_and_every_empire(qtbot):
    from gui.mare_nostrum.panel import MareNostrumPanel
    from rules.mare_nostrum import GAME

    state = GAME.new_game("standard", [], {}, 1)
    panel = MareNostrumPanel()
    qtbot.addWidget(panel)
    panel.update_state(state)
    rows = panel.shown_rows()
    first = state["order"][0].capitalize()
    assert rows[0][0].startswith(f"Turn 1 · Action Cycle · 10 VP wins · order: ▶ {first}")
    assert "Move 0" in rows[1][0] and "Armistice 0" in rows[1][0]
    body = {r[0]: r for r in rows[3:]}
    assert list(body) == [e.capitalize() for e in state["order"]]
    assert panel.table.rowCount() == len(body)
    for e, emp in state["empires"].items():
        row = body[e.capitalize()]
        assert row[1:5] == [str(emp["vp"]), str(emp["money"]), f"+{emp['income']}",
                            f"{emp['stability']:+d}"]
        assert row[9] == f"{emp['legions']} / {emp['supply']}"
    # after a choice the table follows the state
    state = GAME.apply(state, "action:develop")
    panel.update_state(state)
    assert "Develop 1" in panel.shown_rows()[1][0]


def test_a_contested_hex_stacks_every_piece_under_its_units():
    stack, lines = hex_stack({"post": {"owner": "greece", "kind": "trade_post"},
                              "units": {"rome": {"legions": 1, "ships": 0}}, "contested": True})
    assert (stack.symbol, stack.strength, stack.count) == ("L", "⚔", 2)
    assert lines == ["Rome: 1 legion", "Greece: trade post", "contested"]
    assert hex_stack({"units": {}, "post": None}) is None


def test_status_rows_name_vp_money_stability_order_and_the_cycle():
    from rules.mare_nostrum import GAME

    state = GAME.new_game("short", [], {}, 2)
    rows = dict(GAME.status(state))
    assert rows["Turn"] == "1 · Action Cycle · 8 VP wins"
    assert rows["Order"].startswith("▶ " + state["order"][0].capitalize())
    assert "Move 0" in rows["Actions"] and "each ≤ 8" in rows["Actions"]
    for e, emp in state["empires"].items():
        text = rows[e.capitalize()]
        assert text.startswith(f"{emp['vp']} VP · {emp['money']} T (+{emp['income']})")
        assert f"stability {emp['stability']:+d}" in text
