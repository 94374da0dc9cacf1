"""New game from the dialog, a choice by click, undo, save, reopen: same state."""

from rules.engine.state import state_hash

from .helpers import click_choice, start_from_dialog


def test_dialog_starts_the_chosen_game(qtbot, window):
    start_from_dialog(qtbot, window, "long", seed=11, curtain=False)
    s = window.session
    assert s.game.id == "duel"
    assert s.state["meta"]["scenario"] == "long"
    assert s.state["meta"]["seed"] == 11
    assert s.controllers == {"north": "human", "south": "human"}
    assert s.curtain is False
    assert window.prompt_dock.text.text() == s.prompt().text
    assert set(window.prompt_dock.buttons) == {c.id for c in s.prompt().choices}


def test_dialog_options_reach_the_game(qtbot, window):
    window.action_new.trigger()
    dialog = window.new_game_dialog
    dialog.select("duel", "short")
    dialog.option_widgets["blocks"].setCurrentText("3")
    dialog.option_widgets["turns"].setCurrentText("2")
    spec = dialog.spec()
    assert spec.options == {"turns": "2", "blocks": "3"}
    dialog.accept()
    qtbot.waitUntil(lambda: window.session is not None)
    assert window.session.state["blocks"] == {"north": 3, "south": 3}
    assert window.session.state["plays_left"] == 4


def test_choose_undo_save_reopen(qtbot, window, tmp_path):
    start_from_dialog(qtbot, window, seed=3, curtain=False)
    s = window.session
    first = state_hash(s.state)
    click_choice(qtbot, window, "pass")              # north passes: nothing random
    assert s.choices == ["pass"]
    assert window.action_undo.isEnabled()
    window.action_undo.trigger()
    assert s.choices == [] and state_hash(s.state) == first
    assert window.action_redo.isEnabled()
    window.action_redo.trigger()
    assert s.choices == ["pass"]
    click_choice(qtbot, window, "play:0")            # south plays; north must answer
    played = state_hash(s.state)
    path = tmp_path / "duel.json"
    assert window.save_to(str(path))
    window.set_session(type(s).new("duel", "short", {"north": "human", "south": "human"}))
    assert window.open_path(str(path))
    assert window.session is not s
    assert window.session.choices == ["pass", "play:0"]
    assert state_hash(window.session.state) == played
    assert window.prompt_dock.prompt.seat == "north"


def test_autosave_follows_every_choice_and_resumes(qtbot, window):
    from gui.paths import autosave_path

    start_from_dialog(qtbot, window, seed=4, curtain=False)
    click_choice(qtbot, window, "pass")
    assert autosave_path().exists()
    played = state_hash(window.session.state)
    window.set_session(type(window.session).new("duel", "long",
                                                {"north": "human", "south": "human"}))
    assert window.open_path(str(autosave_path()), resume=True)
    assert state_hash(window.session.state) == played
