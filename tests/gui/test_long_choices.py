"""Long choices read in full (issue 3): list rows wrap and are grouped under their Leader,
buttons wrap instead of widening the panel; a dialog opens at its content's size (issue 4)
and names the side once."""

from PySide6.QtCore import Qt

from gui.prompt_dock import PromptDock, set_seat_names
from rules.engine.game import Choice, Prompt

from .fit_check import clipped_labels, cut_texts

LEADER = "Ptolemaios IV Philopator [P1], Fresh"
ACTIONS = ["Land Campaign (5.2)", "Naval Campaign (5.3)", "Raise Additional Taxes (5.8)",
           "Recruit Mercenaries (5.6)", "Intrigue at a Court (5.9)", "Build a Fleet (5.4)",
           "Raise Troops (5.5)"]


def activation() -> Prompt:
    choices = [Choice(f"act:{i}", f"Ptolemaios IV Philopator: {a}", group=LEADER)
               for i, a in enumerate(ACTIONS)]
    choices += [Choice(f"ev:{n}", f"{n}: Trigger Ev 12 'Social War'", group="Pending Events")
                for n in ("Taurion", "Alexandros", "Leontios", "Aratos")]
    choices.append(Choice("pass", "Pass (no Activation on this card)"))
    return Prompt("ptolemies", "Activate one Leader for one Action", choices, rule="5.1")


def _dock(qtbot, width: int = 300) -> PromptDock:
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.resize(width, 600)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def test_a_leaders_actions_are_grouped_under_him_each_in_full(qtbot):
    dock = _dock(qtbot)
    dock.show_prompt(activation())
    qtbot.wait(20)
    rows = [dock.list.item(i).text() for i in range(dock.list.count())]
    assert rows[0] == LEADER
    assert rows[1:1 + len(ACTIONS)] == ACTIONS             # each action, once, in full
    assert "Pending Events" in rows and "Taurion: Trigger Ev 12 'Social War'" in rows
    assert len(set(rows)) == len(rows)                    # no two rows read the same
    assert cut_texts(dock) == []
    dock.list.setCurrentRow(0)                            # a heading is not a choice
    with qtbot.assertNotEmitted(dock.chosen):
        qtbot.mouseClick(dock.choose_button, Qt.MouseButton.LeftButton)
    dock.list.setCurrentItem(dock.choice_items()[2])
    with qtbot.waitSignal(dock.chosen) as sig:
        qtbot.mouseClick(dock.choose_button, Qt.MouseButton.LeftButton)
    assert sig.args == ["act:2"]


def test_the_filter_keeps_a_groups_heading_while_one_of_its_choices_shows(qtbot):
    dock = _dock(qtbot)
    dock.show_prompt(activation())
    qtbot.keyClicks(dock.filter, "naval")
    shown = [dock.list.item(i).text() for i in range(dock.list.count())
             if not dock.list.item(i).isHidden()]
    assert shown == [LEADER, "Naval Campaign (5.3)"]


def test_a_long_button_wraps_and_leaves_no_response_in_view(qtbot):
    dock = _dock(qtbot, 320)
    long = ("Play Desperate Times to bring the Gallic army back from Etruria to the "
            "Transalpine box before the Roman player's move, at the cost of one card")
    dock.show_prompt(Prompt("gauls", "Any response?", [Choice("dt", long),
                                                       Choice("none", "No response")]))
    qtbot.wait(20)
    assert not dock.scroll.horizontalScrollBar().isVisible()
    assert cut_texts(dock) == []
    none = dock.buttons["none"]
    assert none.isVisible() and none.geometry().right() <= dock.scroll.viewport().width()
    assert dock.buttons["dt"].height() > none.height()            # two lines or more


def test_a_battle_dialog_opens_showing_every_modifier(qtbot):
    set_seat_names({"rome-etruscans-samnites": "Roman and Etruscan-Samnite"})
    sides = [{"name": "Etruscan-Samnite army at Veii under a very long-named commander",
              "strength": 7, "modifiers": [
                  {"label": "Force ratio of the attacker over the defender", "value": 3},
                  {"label": "Leader's tactical rating against a Gallic army", "value": 2},
                  {"label": "Defending a walled city in rough terrain", "value": -1}]},
             {"name": "Roman army", "strength": 5, "modifiers": [
                 {"label": "Home ground of the Roman legions", "value": 1}]}]
    prompt = Prompt("rome-etruscans-samnites", "Etruscan-Samnite: battle at Veii, roll?",
                    [Choice("roll", "Roll the dice"), Choice("card", "Play a battle card")],
                    kind="battle", context={"title": "Battle", "sides": sides})
    from gui.dialogs.battle import BattleDialog

    dialog = BattleDialog(prompt)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert clipped_labels(dialog) == [] and cut_texts(dialog) == []
    hint = dialog.sizeHint()
    assert dialog.width() >= hint.width() and dialog.height() >= hint.height()
    head = dialog.head.text()
    assert "Rome Etruscans Samnites" not in head and "Roman and Etruscan-Samnite" not in head
    assert head.startswith("Etruscan-Samnite: battle at Veii")
    set_seat_names({})


def test_a_seat_is_named_as_its_game_names_it(qtbot):
    set_seat_names({"gauls-greeks": "Gallic and Greek"})
    dock = _dock(qtbot)
    dock.show_prompt(Prompt("gauls-greeks", "Gallic: choose", [Choice("a", "A")]))
    assert dock.who.text() == "Gallic and Greek to decide"
    set_seat_names({})
