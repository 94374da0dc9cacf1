"""A whole Duel played by clicks (map tiles, buttons, curtain) to the result dialog."""

from gui.dialogs.result import headline
from gui.paths import autosave_path

from .helpers import click_choice, click_map_element, pass_curtain, start_from_dialog


def play_by_clicks(qtbot, window, max_clicks: int = 200) -> int:
    clicks = 0
    while window.result_dialog is None and clicks < max_clicks:
        clicks += 1
        if window.curtain.isVisible():
            pass_curtain(qtbot, window)
            continue
        session = window.session
        if session.is_bot_turn():
            qtbot.waitUntil(lambda s=session: not s.is_bot_turn(), timeout=3000)
            continue
        prompt = session.prompt()
        targets = [c.target for c in prompt.choices if c.target]
        if targets and targets.count(targets[0]) == 1:
            before = len(window.session.choices)
            click_map_element(qtbot, window, targets[0])
            assert len(window.session.choices) == before + 1
        else:
            click_choice(qtbot, window, prompt.choices[0].id)
    return clicks


def test_full_hot_seat_game_to_the_result_dialog(qtbot, window):
    start_from_dialog(qtbot, window, seats={"north": "human", "south": "human"}, seed=9,
                      curtain=True)
    clicks = play_by_clicks(qtbot, window)
    result = window.session.result()
    assert result is not None, f"no result after {clicks} clicks"
    dialog = window.result_dialog
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.headline.text() == headline(result)
    rows = {dialog.table.item(i, 0).text(): dialog.table.item(i, 1).text()
            for i in range(dialog.table.rowCount())}
    assert rows == {"North": str(result.scores["north"]), "South": str(result.scores["south"])}
    assert not autosave_path().exists()           # a finished game is not offered for resume
    assert window.prompt_dock.who.text() == f"Game over: {headline(result)}"


def test_game_against_bot_reaches_the_end(qtbot, window):
    start_from_dialog(qtbot, window, seats={"north": "random", "south": "human"}, seed=2)
    play_by_clicks(qtbot, window)
    qtbot.waitUntil(lambda: window.result_dialog is not None)
    log = [e["text"] for e in window.session.state["log"]]
    assert any(t.startswith("north ") for t in log)   # the bot took part
    assert window.session.result() is not None
