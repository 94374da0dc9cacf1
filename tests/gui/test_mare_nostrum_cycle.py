"""Mare Nostrum in the real main window: five human seats play one whole action cycle
(ch.8) by clicking the prompt dock's buttons / list and the highlighted hexes of the map."""

from __future__ import annotations

from PySide6.QtCore import Qt

from rules.engine.session import Session
from rules.mare_nostrum.tables import EMPIRES

from .helpers import click_choice, click_map_element

#: each empire's first action in the cycle (then everybody passes until the cycle ends)
FIRST = {"rome": "move", "carthage": "develop", "greece": "trade", "persia": "stability",
         "egypt": "build"}


def click_any(qtbot, window, choice_id: str) -> None:
    """Click the choice as a player would: its button, or its row in the list + Choose."""
    dock = window.prompt_dock
    if choice_id in dock.buttons:
        click_choice(qtbot, window, choice_id)
        return
    assert dock.list.isVisible(), f"{choice_id} is neither a button nor in the list"
    for i in range(dock.list.count()):
        item = dock.list.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == choice_id:
            dock.list.scrollToItem(item)
            rect = dock.list.visualItemRect(item)
            qtbot.mouseClick(dock.list.viewport(), Qt.MouseButton.LeftButton,
                             pos=rect.center())
            assert dock.list.currentItem() is item
            qtbot.mouseClick(dock.choose_button, Qt.MouseButton.LeftButton)
            return
    raise AssertionError(f"{choice_id} not offered in the list")


def click_hex_or_choice(qtbot, window, choice) -> None:
    """A choice whose hex no other choice targets is taken by clicking that hex."""
    prompt = window.session.prompt()
    if choice.target and sum(c.target == choice.target for c in prompt.choices) == 1:
        assert choice.target in window.scene._lit          # the map shows it as clickable
        click_map_element(qtbot, window, choice.target)
    else:
        click_any(qtbot, window, choice.id)


def test_five_humans_play_a_full_action_cycle_by_clicks(qtbot, window):
    session = Session.new("mare-nostrum", "short", {e: "human" for e in EMPIRES}, {}, seed=3)
    window.set_session(session)
    state = session.state
    turn = state["turn"]
    started: set[str] = set()          # empires whose scripted action was opened
    by_map = 0
    steps = 0                          # clicks inside the action now open
    for _ in range(120):
        state = session.state
        if state["turn"] != turn or state["phase"] != "actions":
            break
        prompt = session.prompt()
        ids = [c.id for c in prompt.choices]
        assert window.prompt_dock.who.text() == f"{prompt.seat.capitalize()} to decide"
        before = len(session.choices)
        act = state["action"]
        if state["queue"]:                                   # an armistice answer
            choice = prompt.choice("refuse")
        elif act is None:                                    # the Action Cycle Table
            steps = 0
            want = FIRST[prompt.seat] if prompt.seat not in started else "pass"
            choice = prompt.choice(f"action:{want}")
            started.add(prompt.seat)
        elif act["kind"] == "move" and steps < 2:
            # pick units (a hex of their own if it is the only choice there), then a
            # destination: always a highlighted hex of its own
            choice = next(c for c in prompt.choices if c.id.startswith(("to:", "legions:")))
        else:                                                # one thing, then stop
            done = [c for c in prompt.choices if c.id == "done"]
            doing = [c for c in prompt.choices if c.id != "done"]
            choice = doing[0] if doing and steps == 0 else done[0]
        if choice.target and sum(c.target == choice.target for c in prompt.choices) == 1:
            by_map += 1
        click_hex_or_choice(qtbot, window, choice)
        steps += act is not None
        assert len(session.choices) == before + 1, f"click on {choice.id} did nothing ({ids})"
        assert session.choices[-1] == choice.id
    else:
        raise AssertionError("the action cycle did not end")
    history = [row for row in session.state["log"] if row["rule"] == "9.7"
               or "chooses" in row["text"]]
    assert started == set(EMPIRES)
    assert any("passed in a row" in row["text"] for row in history) or \
        session.state["turn"] != turn
    chosen = {(row["seat"], row["text"].split(" chooses ")[1].rstrip("."))
              for row in history if " chooses " in row["text"]}
    for e in EMPIRES:
        assert any(s == e and a != "Pass" for s, a in chosen), f"{e} took no action"
    assert by_map >= 2, "no choice was made on the map"
    # the window shows the new position: status rows, log, no stale highlight of a bot
    rows = dict(window.status_dock.rows())
    assert rows["Turn"].startswith(str(session.state["turn"]))
    assert window.log_dock is not None
