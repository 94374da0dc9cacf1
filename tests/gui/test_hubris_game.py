"""A whole game of Hubris 12.3 'The Fourth Syrian War' played through the main window by two
human seats: the New Game dialog, the hand-over curtain, the prompt dock's buttons and list,
the battle / siege / card / bid dialogs, to the result dialog with the level and both scores.

Choices are picked by a seeded random among the offered buttons, so the game is the same on
every run.
"""

import os
import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from gui.dialogs.bid import BidDialog
from gui.dialogs.result import headline

from .helpers import click_choice, pass_curtain

SEED = 13          # the game's seed
PICK_SEED = 16     # the seed of the choices: a game with a Land Battle and a Siege (15 until
#                    the Campaigns offered more choices, hub-b; 4 before the Peace dialog,
#                    issue 13)


def start_hubris(qtbot, window) -> None:
    """Ctrl+N, Hubris 12.3, both seats human, curtain on, Start."""
    window.action_new.trigger()
    dialog = window.new_game_dialog
    dialog.select("hubris", "fourth-syrian-war")
    for seat in ("seleucids", "ptolemies"):
        dialog.set_seat(seat, "human")
    dialog.seed_edit.setText(str(SEED))
    dialog.curtain_box.setChecked(True)
    for button in dialog.buttons.buttons():
        if dialog.buttons.buttonRole(button) == QDialogButtonBox.ButtonRole.AcceptRole:
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            break
    qtbot.waitUntil(lambda: window.session is not None)


def play_by_clicks(qtbot, window, rng: random.Random, max_steps: int = 3000,
                   shot: str | None = None) -> dict[str, int]:
    """Click through the game; returns how often each kind of widget was used."""
    used = {"curtain": 0, "dialog": 0, "bid": 0, "buttons": 0, "list": 0}
    kinds: set[str] = set()
    shots = 0
    for _ in range(max_steps):
        qtbot.wait(1)           # a one-choice prompt behind the curtain answers itself
        if window.result_dialog is not None:
            break
        if window.curtain.isVisible():
            pass_curtain(qtbot, window)
            used["curtain"] += 1
            continue
        before = len(window.session.choices)
        prompt = window.session.prompt()
        qtbot.wait(1)                   # a prompt's dialog opens a tick after the map shows
        dialog = window.dialog
        kinds.add(prompt.kind)
        if dialog is not None and dialog.isVisible():
            if shot and shots < 6 and prompt.kind in ("battle", "siege", "card", "bid"):
                shots += 1
                window.grab().save(f"{shot}-{shots}-window.png")
                dialog.grab().save(f"{shot}-{shots}-{prompt.kind}.png")
            if isinstance(dialog, BidDialog):
                if dialog.combo.count() and (not dialog.buttons or rng.random() < 0.5):
                    dialog.combo.setCurrentIndex(rng.randrange(dialog.combo.count()))
                    qtbot.mouseClick(dialog.seal, Qt.MouseButton.LeftButton)
                else:
                    button = dialog.buttons[rng.choice(sorted(dialog.buttons))]
                    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
                used["bid"] += 1
            else:
                button = dialog.buttons[rng.choice(sorted(dialog.buttons))]
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
                used["dialog"] += 1
        elif window.prompt_dock.buttons:
            click_choice(qtbot, window, rng.choice(sorted(window.prompt_dock.buttons)))
            used["buttons"] += 1
        else:
            dock = window.prompt_dock
            rows = dock.choice_items()          # (not the group headings between them)
            assert dock.list.isVisible() and len(rows) == len(prompt.choices)
            dock.list.setCurrentItem(rows[rng.randrange(len(rows))])
            qtbot.mouseClick(dock.choose_button, Qt.MouseButton.LeftButton)
            used["list"] += 1
        assert len(window.session.choices) >= before + 1, prompt.text
    used["kinds"] = sorted(kinds)
    return used


def test_fourth_syrian_war_hot_seat_to_the_result_dialog(qtbot, window):
    start_hubris(qtbot, window)
    session = window.session
    assert session.curtain and set(session.controllers.values()) == {"human"}
    shot = os.environ.get("HEGEMON_SHOT")          # e.g. /tmp/hubris: screenshots to look at
    pick = int(os.environ.get("HEGEMON_PICK_SEED", PICK_SEED))
    used = play_by_clicks(qtbot, window, random.Random(pick), shot=shot)
    result = session.result()
    assert result is not None, used
    assert used["curtain"] > 0 and used["dialog"] > 0 and used["bid"] % 2 == 0
    assert {"battle", "siege", "card", "choose-space"} <= set(used["kinds"])
    log = " ".join(e["text"] for e in session.state["log"])
    assert "Event drawn" in log and "Winter Quarters" in log
    dialog = window.result_dialog
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.headline.text() == headline(result, session.state)
    assert result.level in {"Major Victory", "Minor Victory", "Draw"}
    assert result.level in dialog.headline.text() or result.level == "Draw" == \
        dialog.headline.text()
    texts = [w.text() for w in dialog.findChildren(QLabel)]
    assert result.reason in texts
    rows = {dialog.table.item(i, 0).text(): dialog.table.item(i, 1).text()
            for i in range(dialog.table.rowCount())}
    assert rows == {"Ptolemies": str(result.scores["ptolemies"]),
                    "Seleucids": str(result.scores["seleucids"])}
    assert window.prompt_dock.who.text() == f"Game over: {headline(result, session.state)}"
