"""The Hubris ``bot`` Sea-Supports its besieged Ports (6.4: each then needs two Siege
Successes; it is no Act of War) and leaves another Power's alone.

The position: 12.3's start (seed 7), a Seleucid Siege of Seleukis offering Sea Support
from the Aigyption Pelagos (the Ptolemaic Squadron there), queued as
:mod:`rules.hubris.sieges` queues it."""

from __future__ import annotations

import pytest

from rules.engine.plain import copy_state
from rules.engine.session import Session
from rules.engine.state import ask


def _support_weights(ports: list[str]) -> dict[str, float]:
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "random", "seleucids": "random"}, {}, 7)
    state = copy_state(session.state)
    ask(state, "ptolemies", "sea-support", kingdom="ptolemies", options="none",
        seas=["aigyption-pelagos"], ports=ports)
    game = session.game
    prompt = game.prompt(state)
    assert prompt.rule == "6.4" and prompt.seat == "ptolemies"
    return dict(zip((c.id for c in prompt.choices),
                    game.bot_weights(game.view(state, "ptolemies"), prompt), strict=True))


@pytest.mark.rule("hubris", "6.4")
def test_the_bot_sea_supports_its_own_besieged_port():
    """Seleukeia Pieria (a Ptolemaic Garrison) besieged: support, nearly always (main: a
    coin toss, the prompt unknown to the bot)."""
    w = _support_weights(["seleukeia-pieria"])
    assert w["support:aigyption-pelagos"] > 50 * w["decline"]


@pytest.mark.rule("hubris", "6.4")
def test_the_bot_does_not_sea_support_a_rivals_port():
    """Arados (a Seleucid Alliance) besieged: no support."""
    w = _support_weights(["arados"])
    assert w["decline"] > 10 * w["support:aigyption-pelagos"]
