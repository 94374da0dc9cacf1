"""The end of a Hubris game: the Total VPs Turn by Turn as a chart beside the 9.3 table, in
the result dialog of every Hubris game (issue 13)."""

from __future__ import annotations

from PySide6.QtGui import QColor

from gui.dialogs.result import ResultDialog
from gui.hubris.result_panel import HubrisResultPanel
from gui.hubris.style import POWER
from rules.engine.runner import play
from rules.hubris.numbers import round_half_away
from rules.hubris.victory import AUTO_VICTORY

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}


def _close(a: QColor, b: QColor) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()),
               abs(a.blue() - b.blue())) <= 40


def test_chart_and_table_show_the_game_turn_by_turn(qtbot, tmp_path):
    out = play("hubris", "new-hopes", SEATS, 1, options={"turns": "3"})
    state = out.session.state
    dialog = ResultDialog(out.session.result(), None, state=state)
    qtbot.addWidget(dialog)
    dialog.resize(dialog.sizeHint())
    dialog.show()
    qtbot.waitExposed(dialog)
    panel = dialog.panel
    assert isinstance(panel, HubrisResultPanel)
    assert not dialog.table.isVisible()                 # the panel gives the scores
    winners = out.session.result().winners
    assert dialog.headline.text().startswith(("The ", "Macedon"))
    assert all(w.title() in dialog.headline.text() for w in winners)
    # the chart: set-up and Turns 1-3, a point per Turn and Kingdom, drawn in its colour
    chart = panel.chart
    assert (chart.first, chart.last) == (0, 3)
    assert {k: [t for t, _ in pts] for k, pts in chart.series.items()} == {
        k: [0, 1, 2, 3] for k in ("seleucids", "ptolemies", "macedon")}
    assert chart.high >= AUTO_VICTORY
    image = chart.grab().toImage()
    for k, pts in chart.series.items():
        centres = [image.pixelColor(round(chart.x_of(t)), round(chart.y_of(float(v))))
                   for t, v in pts]
        assert any(_close(c, POWER[k]) for c in centres), k
    # the table: 9.3's figures and this game's Totals under them
    table = panel.table
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount()) if table.item(r, 0)}
    assert table.item(rows["Seleucids"], 0).text() == "Seleucids"
    sel_hist = rows["Seleucids"] + 4                    # Total VPs, history
    assert table.item(sel_hist, 0).text() == "Total VPs, history"
    assert [table.item(sel_hist, t).text() for t in (1, 5, 11)] == ["11", "29", "15"]
    game_row = rows["Seleucids"] + 5
    final = [e["total"]["seleucids"] for e in state["vp_history"]][1:]
    assert [table.item(game_row, t).text() for t in (1, 2, 3)] == [
        str(round_half_away(v)) for v in final]
    assert table.item(game_row, 4).text() == ""         # not played
    assert "against history (9.3)" in panel.versus.text()
    shot = tmp_path / "result.png"
    assert dialog.grab().save(str(shot)) and shot.stat().st_size > 10_000


def test_a_finished_hubris_game_opens_the_dialog_with_the_chart(qtbot, window, tmp_path):
    out = play("hubris", "fourth-syrian-war", {"ptolemies": "random", "seleucids": "random"}, 3)
    path = tmp_path / "finished.json"
    out.session.save(path)
    assert window.open_path(str(path))
    assert window.finish_verification()
    qtbot.waitUntil(lambda: window.result_dialog is not None)
    panel = window.result_dialog.panel
    assert isinstance(panel, HubrisResultPanel)
    assert set(panel.chart.series) == {"ptolemies", "seleucids"}
    assert (panel.chart.first, panel.chart.last) == (0, 1)


def test_the_headline_names_kingdoms_as_the_rules_do():
    from gui.hubris.result_panel import headline
    from rules.engine.game import Result

    assert headline(Result(["macedon"], "", {}, "Final Victory")) == "Macedon wins: Final Victory"
    assert headline(Result(["seleucids"], "", {}, "Automatic Victory")) == \
        "The Seleucids win: Automatic Victory"
    assert headline(Result(["seleucids", "ptolemies"], "", {}, "Final Victory")) == \
        "The Seleucids and the Ptolemies win: Final Victory"
    assert headline(Result([], "Rome has conquered every Kingdom", {}, "Draw")) == "Draw"


def test_last_glimmers_from_new_game_to_the_chart(qtbot, window):
    """12.7 from the New Game dialog, one Turn, three random bots, to the end-of-game chart."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialogButtonBox

    window.action_new.trigger()
    dialog = window.new_game_dialog
    dialog.select("hubris", "last-glimmers")
    for seat in ("macedon", "ptolemies", "seleucids"):
        dialog.set_seat(seat, "random")
    dialog.option_widgets["turns"].setCurrentText("1")
    dialog.seed_edit.setText("5")
    start = next(b for b in dialog.buttons.buttons()
                 if dialog.buttons.buttonRole(b) == QDialogButtonBox.ButtonRole.AcceptRole)
    assert start.isEnabled()
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.result_dialog is not None, timeout=120_000)
    state = window.session.state
    assert (state["turn"], state["last_turn"]) == (9, 9)
    panel = window.result_dialog.panel
    assert isinstance(panel, HubrisResultPanel)
    assert (panel.chart.first, panel.chart.last) == (8, 9)
    assert window.prompt_dock.who.text().startswith("Game over: ")
