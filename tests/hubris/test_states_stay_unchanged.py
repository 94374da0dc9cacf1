"""Every state a Hubris game passes through stays as it was made.

``apply`` shares the Places, the Satrapies and the set-up parts with the state it starts
from (``rules/engine/plain.copy_state``), so a rule that changed one of them in place would
change the state undo returns to and the state the search bot explores from. One short game
of every mode plays here and checks every earlier state afterwards.
"""

from __future__ import annotations

import pytest

from rules.engine.session import Session
from rules.engine.state import state_hash

GAMES = [
    ("new-hopes", {"ptolemies": "random", "seleucids": "random", "macedon": "random"},
     {"turns": "2"}, 5),
    ("new-hopes", {"ptolemies": "random", "seleucids": "random"},
     {"turns": "2", "players": "2"}, 6),
    ("antiochos-hubris", {"seleucids": "random"}, {}, 7),
    ("dance-of-ares", {"seleucids": "random"}, {}, 8),
    ("last-glimmers", {"ptolemies": "random", "seleucids": "random", "macedon": "random"},
     {}, 9),
]


@pytest.mark.parametrize(("scenario", "seats", "options", "seed"), GAMES,
                         ids=[f"{g[0]}-{len(g[1])}" for g in GAMES])
def test_no_choice_changes_an_earlier_state(scenario, seats, options, seed):
    session = Session.new("hubris", scenario, seats, options, seed)
    states, made = [], []                      # every state, and its hash when it was made
    while session.result() is None:
        assert len(made) < 5_000
        states.append(session.state)
        made.append(state_hash(session.state))
        session.bot_step()
    assert [state_hash(state) for state in states] == made
    assert session._history[-1].before is states[-1]      # these are the states undo keeps
