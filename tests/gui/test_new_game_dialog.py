"""New Game: opens on a playable scenario, marks the set-up-only ones, one default length."""

from rules.engine import registry
from rules.engine.options import default_options
from rules.engine.session import Session


def _dialog(window, game_id=None):
    window.new_game_of(game_id)
    return window.new_game_dialog


def test_new_game_opens_on_a_playable_scenario(qtbot, window):
    dialog = _dialog(window)
    assert dialog.scenario().playable and dialog.start_button.isEnabled()
    for game in registry.available():
        if any(s.playable for s in game.scenarios()):
            dialog.select(game.id)
            assert dialog.scenario().playable, game.id
            assert dialog.start_button.isEnabled() and not dialog.setup_button.isVisible()
    dialog.select("hubris")            # Hubris lists set-up-only scenarios first
    first = next(s for s in registry.get("hubris").scenarios() if s.playable)
    assert dialog.scenario() == first


def test_set_up_only_is_marked_in_full_and_start_says_why(qtbot, window):
    """Every Hubris scenario plays now (issue 13): the test fixture's 'draft' stands in."""
    dialog = _dialog(window, "duel")
    dialog.resize(700, 500)
    dialog.select("duel", "draft")
    lst = dialog.scenario_list
    item = lst.currentItem()
    assert "Set-up only" in item.text()
    rect = lst.visualItemRect(item)
    assert rect.left() >= 0 and rect.right() <= lst.viewport().width()   # not cut off
    assert not dialog.start_button.isEnabled()
    assert "set-up only" in dialog.start_button.toolTip()
    assert dialog.error.isVisible() and "set-up only" in dialog.error.text()
    assert dialog.setup_button.isVisible()
    dialog.setup_button.click()                    # still there to look at
    qtbot.waitUntil(lambda: window.session is not None)
    assert window.session.state["meta"]["scenario"] == "draft"


def test_one_default_length_for_new_game_and_a_game_set_up_without_options(qtbot, window):
    game = registry.get("hubris")
    scenario = game.scenario("new-hopes")
    assert scenario.lengths[:3] == ("3", "7", "11")      # recommended first (12.1)
    assert sorted(scenario.lengths, key=int) == [str(n) for n in range(1, 12)]   # any (12.0)
    dialog = _dialog(window, "hubris")
    dialog.select("hubris", "new-hopes")
    offered = dialog.option_widgets["turns"].currentText()
    assert "3, 7 or 11 turns recommended; any from 1 to 11" in dialog.blurb.text()
    assert offered == default_options(game, scenario)["turns"] == scenario.lengths[0]
    seats = dict.fromkeys(scenario.seats, "human")
    for options in ({}, default_options(game, scenario)):     # play/screenshot, New Game
        state = Session.new("hubris", "new-hopes", seats, options, seed=1).state
        assert state["last_turn"] - state["turn"] + 1 == int(offered)


def test_new_game_defaults_to_one_human_and_bots_for_the_rest(qtbot, window):
    """Issue 12: New Game made every seat Human."""
    window.action_new.trigger()
    dialog = window.new_game_dialog
    dialog.select("mare-nostrum", "standard")
    kinds = [box.currentData() for box in dialog.seat_boxes.values()]
    assert kinds[0] == "human" and set(kinds[1:]) == {"bot"}
    dialog.select("hubris", "new-hopes")
    kinds = [box.currentData() for box in dialog.seat_boxes.values()]
    assert kinds.count("human") == 1 and kinds.count("bot") == len(kinds) - 1
    dialog.reject()
