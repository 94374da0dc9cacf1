"""The bid dialog shows the next bid of an auction in the widgets it has (note, form, history,
buttons, amount list), their texts set anew, instead of building its content again at every
bid (15-25 ms a bid in Hubris: docs/PERFORMANCE.md)."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gui.dialogs.bid import BidDialog
from rules.engine.game import Choice, Prompt


def _bid(history: list[str] | None, amounts: range, standing: str = "none yet",
         plain: tuple[str, ...] = ("pass",)) -> Prompt:
    context = {"what": "the Illyrians", "standing_bid": standing, "limit": "9 T",
               "round": "sealed first round" if history is None else "open bidding"}
    if history is not None:
        context["history"] = history
    choices = [Choice(f"bid:{p}", p.title()) for p in plain]
    choices += [Choice(f"bid:{n}", f"Bid {n} T") for n in amounts]
    return Prompt("macedon", "Your bid?", choices, kind="bid", context=context)


def _shown(dialog) -> list[str]:
    return [w.text() for w in dialog.findChildren(QLabel) if w.isVisibleTo(dialog)]


def test_the_next_bid_is_shown_in_the_same_widgets(qtbot):
    dialog = BidDialog(_bid(["Macedon: bid 2 T"], range(3, 8), "2 T (Macedon)"))
    qtbot.addWidget(dialog)
    dialog.show()
    kept = (dialog._content, dialog.note, dialog.form, dialog.history, dialog.combo,
            dialog.seal, dialog.buttons["bid:pass"])
    dialog.close()
    dialog.show_prompt(_bid(["Macedon: bid 2 T", "Ptolemies: bid 4 T"], range(5, 10),
                            "4 T (Ptolemies)", plain=("pass", "match")))
    dialog.show()
    assert (dialog._content, dialog.note, dialog.form, dialog.history, dialog.combo,
            dialog.seal, dialog.buttons["bid:pass"]) == kept
    assert dialog.windowTitle() == "Auction: the Illyrians"
    assert [dialog.history.item(i).text() for i in range(dialog.history.count())] == [
        "Macedon: bid 2 T", "Ptolemies: bid 4 T"]
    assert [dialog.combo.itemData(i) for i in range(dialog.combo.count())] == [
        f"bid:{n}" for n in range(5, 10)]
    assert "4 T (Ptolemies)" in _shown(dialog) and "2 T (Macedon)" not in _shown(dialog)
    assert any(t.startswith("Open bidding") for t in _shown(dialog)) and dialog.seal.text() == "Bid"
    assert set(dialog.buttons) == {"bid:pass", "bid:match"}
    with qtbot.waitSignal(dialog.chosen) as got:
        qtbot.mouseClick(dialog.buttons["bid:match"], Qt.MouseButton.LeftButton)
    assert got.args == ["bid:match"]


def test_a_sealed_bid_then_one_without_amounts_hides_what_it_lacks(qtbot):
    dialog = BidDialog(_bid(["Macedon: pass"], range(3, 5)))
    qtbot.addWidget(dialog)
    dialog.show()
    history, combo = dialog.history, dialog.combo
    dialog.close()
    dialog.show_prompt(_bid(None, range(1, 4)))             # a sealed round: no history
    dialog.show()
    assert dialog.history is history and not history.isVisibleTo(dialog)
    assert "Bids so far" not in _shown(dialog)
    assert any(t.startswith("Sealed round") for t in _shown(dialog))
    assert dialog.seal.text() == "Seal bid" and dialog.seal.isVisibleTo(dialog)
    dialog.close()
    dialog.show_prompt(_bid(["Macedon: pass"], range(0)))    # only "pass" is left
    dialog.show()
    assert dialog.combo is combo and not combo.isVisibleTo(dialog)
    assert not dialog.seal.isVisibleTo(dialog) and list(dialog.buttons) == ["bid:pass"]
    with qtbot.waitSignal(dialog.chosen) as got:
        qtbot.mouseClick(dialog.buttons["bid:pass"], Qt.MouseButton.LeftButton)
    assert got.args == ["bid:pass"]
