"""The hot-seat curtain: between two human seats of a hidden-information game, not in solo."""

from .helpers import click_choice, pass_curtain, start_from_dialog

BOTH_HUMAN = {"north": "human", "south": "human"}


def test_curtain_between_human_seats_hides_the_next_hand(qtbot, window):
    start_from_dialog(qtbot, window, seats=BOTH_HUMAN, seed=5, curtain=True)
    s = window.session
    north_hand = list(s.state["hands"]["north"])
    assert window.hand_dock.items() == north_hand
    assert not window.curtain.isVisible()
    click_choice(qtbot, window, "play:0")          # south must now answer out of turn
    assert s.prompt().seat == "south"
    assert window.curtain.isVisible()
    assert "South" in window.curtain.label.text()
    assert window.curtain.geometry() == window.rect()
    assert window.hand_dock.items() != list(s.state["hands"]["south"])
    assert not window.action_undo.isEnabled()
    pass_curtain(qtbot, window)
    assert not window.curtain.isVisible()
    assert window.viewer == "south"
    assert window.hand_dock.items() == list(s.state["hands"]["south"])
    assert window.prompt_dock.prompt.seat == "south"


def test_no_curtain_in_solo_mode(qtbot, window):
    start_from_dialog(qtbot, window, seats=BOTH_HUMAN, seed=5, curtain=False)
    click_choice(qtbot, window, "play:0")
    assert window.session.prompt().seat == "south"
    assert not window.curtain.isVisible()
    assert window.hand_dock.items() == list(window.session.state["hands"]["south"])


def test_view_menu_switch_turns_the_curtain_off(qtbot, window):
    start_from_dialog(qtbot, window, seats=BOTH_HUMAN, seed=5, curtain=True)
    click_choice(qtbot, window, "play:0")
    assert window.curtain.isVisible()
    window.action_curtain.trigger()                 # unchecks it
    assert window.session.curtain is False
    assert not window.curtain.isVisible()
    assert window.prompt_dock.prompt.seat == "south"


def test_no_curtain_against_a_bot(qtbot, window):
    start_from_dialog(qtbot, window, seats={"north": "human", "south": "random"}, seed=5)
    click_choice(qtbot, window, "play:0")           # the bot answers at once (pace 0)
    qtbot.waitUntil(lambda: window.session.prompt().seat == "north")
    assert not window.curtain.isVisible()
    assert window.viewer == "north"
