"""The Hubris ``bot`` asked at Winter whether a War should go on (3.7.2) weighs the War
Exhaustion check it would face (3.7.3): with a Chief Minister without Administration the
check cannot succeed (two Places rise in Revolt, and on a 2 or more a Dynastic VP is lost),
so it wants Peace; with the check near-harmless it has no strong wish either way.

The position: New Hopes (3 Turns) at its start, the Macedon put At War with the Ptolemies
and their Chief Minister changed in the state (as an Event or a death would); the Winter
prompt is the one :class:`rules.hubris.winter_peace.WinterPeace` asks."""

from __future__ import annotations

import pytest

from rules.engine.game import Choice, Prompt
from rules.engine.plain import copy_state
from rules.engine.session import Session
from rules.hubris.bot import weights


def _winter(cm: str, renown: int) -> dict[str, float]:
    session = Session.new("hubris", "new-hopes",
                          {"macedon": "random", "ptolemies": "random", "seleucids": "random"},
                          {"turns": "3"}, 1)
    state = copy_state(session.state)
    state["wars"]["macedon|ptolemies"] = "war"
    state["kingdoms"]["macedon"]["chief_minister"] = cm
    state["leaders"][state["kingdoms"]["macedon"]["king"]]["renown"] = renown
    prompt = Prompt("macedon", "Winter: the War with the Ptolemies ends unless you both want "
                    "it to go on. Your wish?",
                    [Choice("peace", "Make Peace with the Ptolemies (status quo)"),
                     Choice("war", "Continue the War with the Ptolemies")],
                    kind="yes-no", rule="3.7.2")
    view = session.game.view(state, "macedon")
    return dict(zip(("peace", "war"), weights(view, prompt), strict=True))


@pytest.mark.rule("hubris", "3.7.3")
def test_peace_at_winter_when_war_exhaustion_is_sure_to_raise_revolts():
    """Alexandros (no Administration) as Chief Minister, Philippos V at Renown 0: the
    threshold is 0, every roll fails (main: the bot, behind in VPs, wanted the War)."""
    w = _winter("M4", 0)
    assert w["peace"] > 10 * w["war"]


@pytest.mark.rule("hubris", "3.7.3")
def test_no_strong_wish_when_the_check_is_near_harmless():
    """Apelles (Administration 3) and Philippos V at Renown 4: threshold 5, a Revolt on a 4
    or 5, two on a 6 (about 0.4 VP expected): Peace only a little likelier."""
    w = _winter("M2", 4)
    assert w["war"] <= w["peace"] < 2 * w["war"]
