"""Solo three-handed: one person plays every Kingdom of Hubris at one screen (any mix of
human and bot seats), with no curtain and a banner in the colour of the side to act."""

import os
import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from gui.hubris.style import POWER

from .helpers import click_choice, start_from_dialog

SEATS = {"macedon": "human", "ptolemies": "human", "seleucids": "bot"}


def start_solo(qtbot, window, seats=SEATS, solo=True) -> None:
    window.action_new.trigger()
    dialog = window.new_game_dialog
    dialog.select("hubris", "new-hopes")
    for seat, kind in seats.items():
        dialog.set_seat(seat, kind)
    dialog.seed_edit.setText("3")
    dialog.solo_box.setChecked(solo)
    assert not dialog.curtain_box.isChecked() and not dialog.curtain_box.isEnabled()
    for button in dialog.buttons.buttons():
        if dialog.buttons.buttonRole(button) == QDialogButtonBox.ButtonRole.AcceptRole:
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            break
    qtbot.waitUntil(lambda: window.session is not None)


def _banner_matches(window) -> bool:
    prompt = window.session.prompt()
    who = window.prompt_dock.who
    name = prompt.seat.title()
    return who.text() == f"{name} to decide" and \
        POWER[prompt.seat].name() in who.styleSheet()


def test_solo_three_handed_has_no_curtain_and_a_banner_for_the_side_to_act(qtbot, window):
    start_solo(qtbot, window)
    s = window.session
    assert s.curtain is False and window.solo
    rng = random.Random(2)
    seats_seen = set()
    for _ in range(40):
        if s.result() is not None:
            break
        qtbot.waitUntil(lambda: window.human_turn() or s.result() is not None)
        assert not window.curtain.isVisible()
        prompt = s.prompt()
        seats_seen.add(prompt.seat)
        assert _banner_matches(window), window.prompt_dock.who.text()
        assert window.viewer == prompt.seat           # the hand shown is the acting side's
        dialog = window.dialog
        qtbot.wait(1)
        dialog = window.dialog
        if dialog is not None and dialog.isVisible() and getattr(dialog, "buttons", None):
            qtbot.mouseClick(dialog.buttons[rng.choice(sorted(dialog.buttons))],
                             Qt.MouseButton.LeftButton)
        elif window.prompt_dock.buttons:
            click_choice(qtbot, window, rng.choice(sorted(window.prompt_dock.buttons)))
        else:
            dock = window.prompt_dock
            dock.list.setCurrentRow(rng.randrange(dock.list.count()))
            qtbot.mouseClick(dock.choose_button, Qt.MouseButton.LeftButton)
    assert {"macedon", "ptolemies"} <= seats_seen      # both human Kingdoms took turns
    shot = os.environ.get("HEGEMON_SHOT")
    if shot:
        window.grab().save(f"{shot}-solo.png")


def test_hot_seat_keeps_the_plain_header(qtbot, window):
    start_from_dialog(qtbot, window, seats={"north": "human", "south": "human"}, seed=5,
                      curtain=True)
    assert window.prompt_dock.who.text().endswith("to decide")
    assert "background" not in window.prompt_dock.who.styleSheet()


def test_curtain_off_with_two_humans_shows_the_banner_too(qtbot, window):
    start_from_dialog(qtbot, window, seats={"north": "human", "south": "human"}, seed=5,
                      curtain=True)
    window.action_curtain.trigger()                  # View > curtain off: one person plays
    assert window.prompt_dock.who.text().endswith("to decide")
    assert "background" in window.prompt_dock.who.styleSheet()
    window.action_curtain.trigger()                  # back on: the plain header again
    assert window.prompt_dock.who.text().endswith("to decide")


def test_the_solitaire_scenarios_start_from_new_game(qtbot, window):
    for sid, first in (("antiochos-hubris", "land"), ("dance-of-ares", None)):
        window.action_new.trigger()
        dialog = window.new_game_dialog
        dialog.select("hubris", sid)
        assert dialog.scenario().playable and dialog.start_button.isEnabled()
        assert list(dialog.seat_boxes) == ["seleucids"]
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda sid=sid: window.session is not None
                        and window.session.state["meta"]["scenario"] == sid)
        prompt = window.session.prompt()
        assert prompt.seat == "seleucids"
        assert window.prompt_dock.who.text() == "Seleucids to decide"    # one seat: no banner
        if first:
            assert [c.id for c in prompt.choices] == [first]
