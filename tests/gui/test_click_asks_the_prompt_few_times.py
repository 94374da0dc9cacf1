"""A click asks the game for its decision due few times: the window works out the new
prompt once and passes it on (who answers it, Skip) instead of asking again for each, and
with no bot at the table nobody asks whether a bot is to move (in Successors a card's
prompt takes milliseconds to work out)."""

from __future__ import annotations

import random

from gui.main_window import FIRST_DIALOG_WAIT_MS
from rules.engine.session import Session

from .helpers import click_map_element

HUMANS = {"yellow": "human", "blue": "human"}


def _count_prompts(monkeypatch, session: Session) -> list[int]:
    asked = [0]
    prompt = session.game.prompt

    def counted(state):
        asked[0] += 1
        return prompt(state)

    monkeypatch.setattr(session.game, "prompt", counted)
    return asked


def test_a_map_click_asks_the_game_for_the_new_prompt_at_most_five_times(
        qtbot, window, monkeypatch):
    session = Session.new("successors", "two-player", HUMANS, {}, 1)
    session.curtain = False
    window.set_session(session)
    rng = random.Random(1)
    while not (session.prompt().kind == "choose-space"
               and len({c.target for c in session.prompt().choices}) > 1):
        session.choose(rng.choice(session.prompt().choices).id)
    window.refresh()
    qtbot.waitUntil(lambda: window.dialog is None and window._painted, timeout=2000)
    qtbot.wait(FIRST_DIALOG_WAIT_MS + 100)      # the start's dialog timer done with
    target = session.prompt().choices[0].target
    made = len(session.choices)
    asked = _count_prompts(monkeypatch, session)
    click_map_element(qtbot, window, target)
    qtbot.waitUntil(lambda: len(session.choices) == made + 1, timeout=2000)
    qtbot.wait(200)                             # the dialog's turn of the loop, repaints
    # the old prompt: is it a human's turn, the choice checked against it, the rules' own
    # after the move; the new: the window's refresh and the dialog's (no bot at the table:
    # nobody asks whose the bot's turn is; main asked it 17 times)
    assert asked[0] <= 5
