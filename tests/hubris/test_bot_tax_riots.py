"""The Hubris ``bot`` does not Raise Additional Taxes (5.8) with Leaders likelier than not
to set off a Riot (5.8.3: a roll two or more above the Administration Ravages the
Satrapy, raises a Revolt and may kill the collector), even when several such Leaders each
offer the Action: together they weigh less than a pass. Main floored each at a twentieth
of its weight, so three of them outweighed the pass (New Hopes seed 4115: a Replacement
with Administration 1 taxed twice, four Places rose in Revolt and Macedon lost 7 VPs). A
Leader with a fair chance (Administration 3) still taxes a poor Treasury.

The position: New Hopes (3 Turns) at its start, Macedon's Treasury set to 2 T in the state
(as after its first Activations); the Activation prompt with the choice ids
:mod:`rules.hubris.activation` writes.
"""

from __future__ import annotations

import pytest

from rules.engine.game import Choice, Prompt
from rules.engine.plain import copy_state
from rules.engine.session import Session
from rules.hubris.bot import weights

SEATS = {"macedon": "random", "ptolemies": "random", "seleucids": "random"}


def _weights(leaders: list[str]) -> dict[str, float]:
    session = Session.new("hubris", "new-hopes", SEATS, {"turns": "3"}, 1)
    state = copy_state(session.state)
    state["kingdoms"]["macedon"]["treasury"] = 2
    choices = [Choice(f"act:{lid}:taxes", f"{lid}: Raise Additional Taxes (5.8)")
               for lid in leaders] + [Choice("pass", "Pass")]
    prompt = Prompt("macedon", "Macedon: Activate one Leader for one Action (Ev 6 'Revolt!')",
                    choices, rule="5.1")
    view = session.game.view(state, "macedon")
    return {c.id: w for c, w in zip(choices, weights(view, prompt), strict=True)}


@pytest.mark.rule("hubris", "5.8.3")
def test_riot_prone_taxes_together_weigh_less_than_a_pass():
    """Taurion, Megaleas, Philippos V (Administration 2): a Riot on a 4, 5 or 6."""
    w = _weights(["M1", "M3", "M6"])
    assert sum(v for c, v in w.items() if c != "pass") < w["pass"] / 2


@pytest.mark.rule("hubris", "5.8.3")
def test_a_fair_administrator_still_taxes_a_poor_treasury():
    """Apelles (Administration 3): a Riot on a 5 or 6 only."""
    w = _weights(["M2"])
    assert w["act:M2:taxes"] > w["pass"]
