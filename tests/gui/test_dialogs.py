"""Dialogs for the big moments show the prompt's context and send back the choice."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gui.dialogs import dialog_for
from gui.dialogs.battle import BattleDialog
from gui.dialogs.bid import BidDialog
from gui.dialogs.card import CardDialog
from gui.dialogs.result import ResultDialog, headline
from gui.dialogs.siege import SiegeDialog
from rules.engine import registry
from rules.engine.game import Choice, Game, Prompt, Result, Scenario

BATTLE = Prompt("athens", "Battle at Marathon: roll?", [Choice("roll", "Roll"),
                Choice("retreat", "Retreat")], kind="battle", rule="7.2",
                context={"title": "Battle of Marathon", "sides": [
                    {"seat": "athens", "strength": 4, "dice": [3, 6], "hits": 1,
                     "modifiers": [{"label": "Hoplites", "value": 1, "rule": "7.3.1"}]},
                    {"seat": "persia", "strength": 6, "dice": [2], "hits": 0,
                     "modifiers": [{"label": "Marsh", "value": -2, "rule": "7.4"}]}]})


def texts(dialog) -> str:
    return "\n".join(label.text() for label in dialog.findChildren(QLabel))


def test_battle_dialog_shows_both_sides_modifiers_dice(qtbot):
    dialog = dialog_for(BATTLE)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, BattleDialog)
    assert dialog.windowTitle() == "Battle of Marathon"
    shown = texts(dialog)
    assert "+1 Hoplites  (rule 7.3.1)" in shown and "-2 Marsh  (rule 7.4)" in shown
    assert "⚂ 3   ⚅ 6" in shown and "⚁ 2" in shown
    with qtbot.waitSignal(dialog.chosen) as sig:
        qtbot.mouseClick(dialog.buttons["retreat"], Qt.MouseButton.LeftButton)
    assert sig.args == ["retreat"]


def test_bid_card_siege_dialogs_by_kind(qtbot):
    bid = Prompt("rome", "Your sealed bid", [Choice(f"bid:{n}", f"{n} talents")
                                             for n in range(4)], kind="bid")
    dialog = dialog_for(bid)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, BidDialog)
    assert "bid:0" in dialog.buttons and dialog.combo.count() == 3     # no bid: a button
    dialog.combo.setCurrentIndex(1)
    with qtbot.waitSignal(dialog.chosen) as sig:
        qtbot.mouseClick(dialog.seal, Qt.MouseButton.LeftButton)
    assert sig.args == ["bid:2"]
    card = Prompt("rome", "Play this card?", [Choice("yes", "Play")], kind="card",
                  context={"card": {"title": "Pestilence", "text": "Each army loses one step.",
                                    "rule": "9.1"}})
    dialog = dialog_for(card)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, CardDialog)
    assert "Pestilence" in texts(dialog) and "Each army loses one step." in texts(dialog)
    siege = Prompt("rome", "Besiege Syracuse", [Choice("go", "Assault")], kind="siege",
                   context={"place": "Syracuse", "need": 5, "dice": [4]})
    dialog = dialog_for(siege)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, SiegeDialog)
    assert "Syracuse" in texts(dialog) and "⚃ 4" in texts(dialog)
    assert dialog_for(Prompt("rome", "Pick", [Choice("a", "A")], kind="choose")) is None


def test_result_dialog_headline_and_draw(qtbot):
    win = ResultDialog(Result(["seleucid"], "most VPs", {"seleucid": 31, "ptolemaic": 28},
                              "Decisive Victory"))
    qtbot.addWidget(win)
    assert win.headline.text() == "Seleucid wins: Decisive Victory"
    assert win.table.item(0, 0).text() == "Seleucid" and win.table.item(0, 1).text() == "31"
    assert headline(Result([], "tied", {"a": 1, "b": 1})) == "Draw"


class Skirmish(Game):
    """One battle prompt, then the game ends: checks the window opens the battle dialog."""

    id = "skirmish"
    title = "Skirmish (GUI test)"

    def scenarios(self):
        return [Scenario("one", "One battle", "490 BC", ("athens", "persia"))]

    def new_game(self, scenario, seats, options, seed):
        from rules.engine.state import new_state

        return dict(new_state(self.id, scenario, seats, options, seed), done=None)

    def prompt(self, state):
        return None if state["done"] else BATTLE

    def do_apply(self, state, prompt, choice_id):
        state["done"] = choice_id

    def result(self, state):
        return Result(["athens"] if state["done"] == "roll" else ["persia"], "battle") \
            if state["done"] else None


def test_window_opens_the_battle_dialog_and_applies_its_choice(qtbot, window):
    from rules.engine.session import Session

    registry.register(Skirmish())
    try:
        window.set_session(Session.new("skirmish", "one", {"athens": "human",
                                                           "persia": "human"}, seed=1))
        assert window.dialog is None        # the window shows the position first, then
        qtbot.waitUntil(lambda: window.dialog is not None)   # the dialog, a tick later
        dialog = window.dialog
        assert isinstance(dialog, BattleDialog)
        qtbot.waitUntil(dialog.isVisible)
        qtbot.mouseClick(dialog.buttons["roll"], Qt.MouseButton.LeftButton)
        assert window.session.choices == ["roll"]
        assert window.result_dialog is not None
        assert window.result_dialog.headline.text() == "Athens wins"
    finally:
        registry.unregister("skirmish")
