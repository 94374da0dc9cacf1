"""An open Mercenary auction (3.5, ruling R7) played by three human seats through the bid
dialog: each sees the standing bid, whose it is and the history, and raises or passes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gui.dialogs.bid import BidDialog
from rules.engine import registry
from rules.engine.session import Session

SEATS = {"macedon": "human", "ptolemies": "human", "seleucids": "human"}


def _auction() -> Session:
    """New Hopes at its first decision, then the Illyrians put up for bids by all three."""
    from rules.hubris import bidding, flow, play

    game = registry.get("hubris")
    state = game.new_game("new-hopes", list(SEATS), {}, 3)
    play.prepare(state)
    flow.push(state, "mercenaries", lot="illyrians", todo=[],
              auction=bidding.begin(state, list(SEATS), 2))
    session = Session(game, state, dict(SEATS))
    session.curtain = False
    return session


def _dialog(qtbot, window) -> BidDialog:
    qtbot.waitUntil(lambda: isinstance(window.dialog, BidDialog) and window.dialog.isVisible(),
                    timeout=3000)
    return window.dialog


def _raise_to(qtbot, dialog: BidDialog, amount: int) -> None:
    dialog.combo.setCurrentIndex(dialog.combo.findData(f"bid:{amount}"))
    qtbot.mouseClick(dialog.seal, Qt.MouseButton.LeftButton)


@pytest.mark.rule("hubris", "3.5")
def test_three_humans_bid_for_the_illyrians_through_the_dialog(qtbot, window, tmp_path):
    session = _auction()
    treasury = {k: session.state["kingdoms"][k]["treasury"] for k in SEATS}
    window.set_session(session)
    steps = [("macedon", 2), ("ptolemies", 3), ("seleucids", "pass"), ("macedon", 4),
             ("ptolemies", "pass"), ("seleucids", "pass")]    # a pass is not final (3.5)
    for seat, move in steps:
        dialog = _dialog(qtbot, window)
        assert dialog.prompt.seat == seat
        if (seat, move) == ("macedon", 4):          # the standing bid, its holder, the history
            shown = "\n".join(label.text() for label in dialog.findChildren(QLabel))
            assert "3 T (Ptolemies)" in shown
            history = [dialog.history.item(i).text() for i in range(dialog.history.count())]
            assert history == ["Macedon: bid 2 T", "Ptolemies: bid 3 T", "Seleucids: pass"]
            dialog.grab().save(str(tmp_path / "bid-dialog.png"))
        if move == "pass":
            qtbot.mouseClick(dialog.buttons["bid:pass"], Qt.MouseButton.LeftButton)
        else:
            _raise_to(qtbot, dialog, move)
    assert session.choices == ["bid:2", "bid:3", "bid:pass", "bid:4", "bid:pass", "bid:pass"]
    state = session.state
    assert state["units"]["illyrians"]["owner"] == "macedon"
    assert state["kingdoms"]["macedon"]["treasury"] == treasury["macedon"] - 4
    assert state["kingdoms"]["ptolemies"]["treasury"] == treasury["ptolemies"]
    assert state["kingdoms"]["seleucids"]["treasury"] == treasury["seleucids"]
