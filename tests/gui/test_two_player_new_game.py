"""New Game offers the Hubris two-player game (section 10): with Players 2 the Macedonian seat
is left to the rules and the game starts with a Non-Player Macedon."""


def test_players_two_leaves_macedon_to_the_rules(qtbot, window):
    window.new_game_of("hubris")
    dialog = window.new_game_dialog
    dialog.select("hubris", "new-hopes")
    players = dialog.option_widgets["players"]
    assert players.currentText() == "3" and dialog.seat_boxes["macedon"].isEnabled()
    players.setCurrentText("2")
    assert not dialog.seat_boxes["macedon"].isEnabled()
    assert "rules" in dialog.seat_boxes["macedon"].toolTip()
    spec = dialog.spec()
    assert set(spec.controllers) == {"ptolemies", "seleucids"}
    assert spec.options["players"] == "2"
    players.setCurrentText("3")
    assert dialog.seat_boxes["macedon"].isEnabled()
    assert set(dialog.spec().controllers) == {"macedon", "ptolemies", "seleucids"}
