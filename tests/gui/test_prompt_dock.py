"""The prompt dock: buttons for few choices, a filterable list for many, map clicks pick."""

from PySide6.QtCore import Qt

from gui.prompt_dock import MAX_BUTTONS, PromptDock
from rules.engine.game import Choice, Prompt

SPACES = ["babylon", "susa", "ecbatana", "persepolis", "tyre", "sidon", "gaza", "memphis",
          "thebes", "sardis", "miletus", "ephesus"]


def many() -> Prompt:
    choices = [Choice(f"move:{s}", f"Move to {s.title()}", target=s) for s in SPACES]
    choices.append(Choice("siege:tyre", "Besiege Tyre", target="tyre"))
    return Prompt("macedon", "Move the army", choices, kind="choose-space", rule="6.1")


def test_many_choices_become_a_filterable_list(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.show()
    prompt = many()
    assert len(prompt.choices) > MAX_BUTTONS
    dock.show_prompt(prompt)
    assert dock.list.isVisible() and not dock.buttons
    qtbot.keyClicks(dock.filter, "sus")
    shown = [dock.list.item(i).text() for i in range(dock.list.count())
             if not dock.list.item(i).isHidden()]
    assert shown == ["Move to Susa", "Move to Ephesus"]
    qtbot.keyClicks(dock.filter, "a")
    shown = [dock.list.item(i).text() for i in range(dock.list.count())
             if not dock.list.item(i).isHidden()]
    assert shown == ["Move to Susa"]
    dock.list.setCurrentRow(SPACES.index("susa"))
    with qtbot.waitSignal(dock.chosen) as sig:
        qtbot.mouseClick(dock.choose_button, Qt.MouseButton.LeftButton)
    assert sig.args == ["move:susa"]


def test_map_click_picks_the_only_choice_there_and_narrows_shared_targets(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.show()
    dock.show_prompt(many())
    with qtbot.waitSignal(dock.chosen) as sig:
        assert dock.pick_target("gaza")
    assert sig.args == ["move:gaza"]
    with qtbot.assertNotEmitted(dock.chosen):
        assert not dock.pick_target("tyre")          # two choices there: the list narrows
    shown = {dock.list.item(i).text() for i in range(dock.list.count())
             if not dock.list.item(i).isHidden()}
    assert shown == {"Move to Tyre", "Besiege Tyre"}
    with qtbot.assertNotEmitted(dock.chosen):
        assert not dock.pick_target("athens")        # not a target of this prompt


def test_bot_turn_shows_waiting_without_choices(qtbot):
    dock = PromptDock()
    qtbot.addWidget(dock)
    dock.show()
    dock.show_prompt(many(), waiting="Macedon (bot) is thinking…")
    assert "thinking" in dock.text.text()
    assert not dock.buttons and not dock.list.isVisible() and not dock.scroll.isVisible()


def test_a_named_rule_section_reads_as_words():
    from gui.prompt_dock import rule_reference

    assert rule_reference("5.1") == "Rule 5.1"
    assert rule_reference("turn-sequence") == ""
    assert rule_reference("") == ""


def test_the_log_names_a_rule_section_in_words():
    from gui.log_dock import entry_text

    assert entry_text({"n": 3, "text": "Athens controls Euboea.", "rule": "regions"}) \
        == "3. Athens controls Euboea.  [Regions]"
    assert entry_text({"n": 4, "text": "x", "rule": "5.1"}).endswith("[5.1]")
