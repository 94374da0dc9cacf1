"""The Hubris ``bot`` and Rome's Casus Belli (8.5, 8.6.1).

- A Pending Event whose Trigger hands Rome a Casus Belli against the Triggering Kingdom
  (Ev 18 'Alliance with Hannibal': RB +1 and a Casus Belli of 4 against Macedon) weighs
  below a pass while Rome is in play and at Peace with it: a Roman War costs far more than
  the Event gives. Main gave every Trigger the same weight, above a pass (New Hopes, 3
  Turns, against random: Macedon won 5 of the 15 games in which it allied with Hannibal).
  An Event without a Casus Belli (Ev 12 'Social War') keeps its weight, and so does Ev 18
  once Rome is At War with Macedon anyway.
- Asked whether to Forestall Rome's War (8.6.1), the bot tries (main: uniform, so it let
  the War come untried as often as it tried).
- A successful Lobbying (5.6.3) raises its own Influence rather than lowering another's.

The position: New Hopes (3 Turns) at its start (Rome in play, RB +0); the prompts are the
ones :mod:`rules.hubris.activation`, :mod:`rules.hubris.rome` and :mod:`rules.hubris.senate`
ask, with the choice ids and labels they write.
"""

from __future__ import annotations

import pytest

from rules.engine.game import Choice, Prompt
from rules.engine.plain import copy_state
from rules.engine.session import Session
from rules.hubris.bot import weights

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}


def _state() -> tuple[Session, dict]:
    session = Session.new("hubris", "new-hopes", SEATS, {"turns": "3"}, 1)
    return session, copy_state(session.state)


def _activation(at_war_with_rome: bool = False) -> dict[str, float]:
    session, state = _state()
    if at_war_with_rome:
        state["wars"]["macedon|rome"] = "war"
    prompt = Prompt("macedon", "Macedon: Activate one Leader for one Action (Ev 3 'Stasis & "
                    "Intrigues')",
                    [Choice("trigger:ev-18:M3", "Megaleas: Trigger Ev 18 'Alliance with "
                                                "Hannibal'"),
                     Choice("trigger:ev-12:M5", "Leontios: Trigger Ev 12 'Social War'"),
                     Choice("pass", "Pass")], rule="5.1")
    view = session.game.view(state, "macedon")
    assert view["rome"]["in_play"] and view["rome"]["rb"] == 0
    return dict(zip(("ev-18", "ev-12", "pass"), weights(view, prompt), strict=True))


@pytest.mark.rule("hubris", "8.5")
def test_no_alliance_with_hannibal_while_rome_is_at_peace_with_us():
    """Ev 18 at RB +0: a Casus Belli of 4 succeeds on a 4, 5 or 6 (half): below a pass."""
    w = _activation()
    assert w["ev-18"] < w["pass"]
    assert w["ev-12"] > 10 * w["ev-18"]


@pytest.mark.rule("hubris", "8.5")
def test_alliance_with_hannibal_costs_nothing_more_once_at_war_with_rome():
    w = _activation(at_war_with_rome=True)
    assert w["ev-18"] == pytest.approx(w["ev-12"])
    assert w["ev-18"] > w["pass"]


@pytest.mark.rule("hubris", "8.6.1")
def test_forestall_is_tried():
    session, state = _state()
    prompt = Prompt("macedon", "Rome moves to War against you: Casus Belli 5. Try to "
                    "Forestall it?",
                    [Choice("try:U7", "Aratos [U7] pleads in the Senate (needs 4 or less)"),
                     Choice("try:M4", "Alexandros [M4] pleads in the Senate (needs 0 or less)"),
                     Choice("accept", "Do not try: War with Rome")], rule="8.6.1")
    w = dict(zip(("aratos", "alexandros", "accept"),
                 weights(session.game.view(state, "macedon"), prompt), strict=True))
    assert w["aratos"] > w["alexandros"] > w["accept"]
    assert w["aratos"] > 20 * w["accept"]


@pytest.mark.rule("hubris", "5.6.3")
def test_lobbying_raises_our_own_influence():
    session, state = _state()
    prompt = Prompt("macedon", "Lobbying succeeds: make one shift in the Senate",
                    [Choice("shift:up", "Become Influential in the Senate"),
                     Choice("shift:down:ptolemies", "Lower the Ptolemies' Influence")],
                    rule="5.6.3")
    up, down = weights(session.game.view(state, "macedon"), prompt)
    assert up > 5 * down
