"""A Peace proposal between two human Kingdoms (2.12) written and answered through the Peace
dialog: the Seleucids ask for the Garrison of Tyros and offer 5 T, the Ptolemies accept."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gui.hubris.peace_dialog import PeaceDialog
from rules.engine import registry
from rules.engine.session import Session

SEATS = {"macedon": "human", "ptolemies": "human", "seleucids": "human"}


def _activation() -> Session:
    """New Hopes, the Seleucids about to Activate (At War with the Ptolemies)."""
    from rules.hubris import flow, play

    game = registry.get("hubris")
    state = game.new_game("new-hopes", list(SEATS), {}, 3)
    play.prepare(state)
    state["queue"] = []
    state["phase"] = "action"
    state["wars"]["ptolemies|seleucids"] = "war"
    flow.push(state, "activation", kingdom="seleucids", card="ev-03")
    session = Session(game, state, dict(SEATS))
    session.curtain = False
    return session


def _dialog(qtbot, window) -> PeaceDialog:
    qtbot.waitUntil(lambda: isinstance(window.dialog, PeaceDialog)
                    and window.dialog.isVisible(), timeout=3000)
    return window.dialog


def _click(qtbot, dialog, cid):
    qtbot.mouseClick(dialog.buttons[cid], Qt.MouseButton.LeftButton)


def _add(qtbot, window, item_id):
    dialog = _dialog(qtbot, window)
    row = next(i for i in range(dialog.items.count())
               if dialog.items.item(i).data(Qt.ItemDataRole.UserRole) == item_id)
    dialog.items.setCurrentRow(row)
    qtbot.mouseClick(dialog.add, Qt.MouseButton.LeftButton)


@pytest.mark.rule("hubris", "2.12")
def test_two_humans_agree_peace_with_terms_through_the_dialog(qtbot, window, tmp_path):
    session = _activation()
    window.set_session(session)
    window.choose("peace:ptolemies")                 # from the prompt dock's Diplomacy group
    dialog = _dialog(qtbot, window)
    assert dialog.prompt.seat == "seleucids" and "choice:send" not in dialog.buttons
    _click(qtbot, dialog, "add:garrison:them")
    _add(qtbot, window, "term:tyros")
    dialog = _dialog(qtbot, window)
    _click(qtbot, dialog, "add:talents:us")
    _add(qtbot, window, "term:5")
    dialog = _dialog(qtbot, window)
    assert "Tyros" in dialog.terms.text() and "5 T" in dialog.terms.text()
    dialog.grab().save(str(tmp_path / "peace-terms.png"))
    _click(qtbot, dialog, "send")
    answer = _dialog(qtbot, window)
    assert answer.prompt.seat == "ptolemies" and set(answer.buttons) == {"accept", "refuse"}
    treasury = {k: session.state["kingdoms"][k]["treasury"] for k in ("seleucids", "ptolemies")}
    _click(qtbot, answer, "accept")
    state = session.state
    assert state["wars"]["ptolemies|seleucids"] == "peace"
    assert state["places"]["tyros"]["power"] == "seleucids"
    assert state["kingdoms"]["seleucids"]["treasury"] == treasury["seleucids"] - 5
    assert state["kingdoms"]["ptolemies"]["treasury"] == treasury["ptolemies"] + 5
