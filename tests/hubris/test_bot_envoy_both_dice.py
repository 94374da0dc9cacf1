"""The Hubris ``bot`` values an Envoy Target by both dice on one rival's Place (5.5.3: the
first success unaligns it, the second places our Alliance there), so it wins back a
two-Place Satrapy whose one lost Place decides its Control.

The position: 12.3's start (the Ptolemies' first Activation, seed 7), Salamis turned to a
Seleucid Alliance through the rules' own marker functions (so Kypros, Paphos and Salamis,
is no longer the Ptolemies'), Sosibios (Diplomacy 4) sent as Envoy through the rules'
Envoy frame."""

from __future__ import annotations

import pytest

from rules.engine.plain import copy_state
from rules.hubris import alignment
from rules.hubris.envoy import start
from rules.hubris.rulesdata_load import production
from tests.hubris.test_bot_weights import _activation


@pytest.mark.rule("hubris", "5.5.3")
def test_the_envoy_goes_to_win_back_kypros_with_both_dice_on_salamis():
    """Kypros lost by one Place: an Unaligned Salamis still leaves it without a Controller
    (Paphos alone is not more than half), so one die there swings nothing; both dice on it
    (4 or less, then 5 or less, with the bribe) win back 2 VPs. The bot prefers that to
    Kilikia or Parapotamia (half a VP each to the Seleucids) and gives it a real share (main
    gave it 0.1 %, far below both, when it only paired two different Places)."""
    session = _activation()
    game, data = session.game, production()
    state = copy_state(session.state)
    alignment.unalign(data, state, "salamis", "test")
    alignment.place_marker(data, state, "salamis", "seleucids", "alliance", "test")
    alignment.refresh(data, state)
    assert state["derived"]["control"].get("kypros") is None
    start(data, state, "ptolemies", "P2")
    prompt = game.prompt(state)
    assert prompt.rule.startswith("5.5.1")
    w = dict(zip((c.id for c in prompt.choices),
                 game.bot_weights(game.view(state, "ptolemies"), prompt), strict=True))
    share = w["target:kypros"] / sum(w.values())
    assert w["target:kypros"] > 3 * max(w["target:kilikia"], w["target:parapotamia"])
    assert share > 0.05
