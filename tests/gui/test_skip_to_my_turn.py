"""View > Skip to my turn (issue #31, "What to build"): the bots play on at full pace,
without the pause of the bot pace setting and without the window following each move,
until a human seat must decide; then the window shows that decision."""

from __future__ import annotations

import time

from gui import settings
from rules.engine.session import Session


def _mare_nostrum(human: str) -> Session:
    kinds = {s: ("human" if s == human else "random")
             for s in ("rome", "carthage", "greece", "persia", "egypt")}
    session = Session.new("mare-nostrum", "short", kinds, seed=1)
    session.curtain = False
    return session


def test_skip_plays_the_bots_at_full_pace_until_the_human_decides(qtbot, window):
    settings.set_bot_pace(1500)                     # Slow: 11 moves would take 16 s
    session = _mare_nostrum("rome")                 # Rome decides after 11 bot moves
    window.set_session(session)
    assert session.is_bot_turn() and window.action_skip.isEnabled()
    told: list[int] = []
    window.driver.changed.connect(lambda: told.append(len(session.choices)))

    start = time.monotonic()
    window.action_skip.trigger()
    assert window.driver.skipping and not window.action_skip.isEnabled()
    qtbot.waitUntil(window.human_turn, timeout=8000)
    qtbot.waitUntil(lambda: not window.driver.skipping, timeout=2000)
    elapsed = time.monotonic() - start
    moves = len(session.choices)
    assert moves >= 10 and elapsed < 8               # no 1.5 s pause between moves
    assert told and told[-1] == moves                # the window was told at the end...
    assert len(told) < moves                         # ...not after every move
    assert window.viewer == "rome"
    assert window.prompt_dock.isEnabled() and session.prompt().seat == "rome"
    assert not window.action_skip.isEnabled()        # nothing to skip at a human's turn
    assert window.driver.pace_ms == 1500             # the pace setting is left as it was


def test_after_the_human_decides_the_bots_go_at_the_set_pace_again(qtbot, window):
    settings.set_bot_pace(1500)
    session = _mare_nostrum("rome")
    window.set_session(session)
    window.action_skip.trigger()
    qtbot.waitUntil(window.human_turn, timeout=8000)
    qtbot.waitUntil(lambda: not window.driver.skipping, timeout=2000)
    while window.human_turn():                       # Rome's decisions, then the bots'
        window.choose(session.prompt().choices[0].id)
        qtbot.wait(20)
    made = len(session.choices)
    qtbot.wait(400)
    assert len(session.choices) == made              # a bot waits for the 1.5 s pace
    assert window.action_skip.isEnabled()


def test_undo_or_a_new_game_stops_the_skip(qtbot, window):
    settings.set_bot_pace(1500)
    window.set_session(_mare_nostrum("rome"))
    window.action_skip.trigger()
    old = window.driver
    window.set_session(_mare_nostrum("egypt"))
    assert not old.skipping and not window.driver.skipping
