"""The Envoy example of 5.5.3 and the player's free order of the dice (error 7): each die is
applied to one Place after both are seen, in the order the player likes."""

from __future__ import annotations

import pytest

from rules.hubris import envoy
from tests.dice import rig
from tests.hubris.rules_helpers import DATA, GAME, answer, prompt


def _ionia():
    """New Hopes; IONIA as the example has it: Ephesos Unaligned, Miletos a Ptolemaic
    Garrison. Our IONIA also holds Samos, which the example does not name: it is made
    Seleucid (Friendly, so no Envoy target) and is the Seleucid base next to the Target.
    Zeuxis (S6, Diplomacy 3, no Envoy ability) goes; the Treasury is set to 10 T."""
    s = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    s["places"]["ephesos"].update(power=None, marker=None)
    s["places"]["samos"].update(power="seleucids", marker="garrison")
    s["kingdoms"]["seleucids"]["treasury"] = 10
    DATA.refresh(s)
    s["stack"] = [{"proc": "game", "next": "action", "started": True}]
    s["phase"] = "action"
    envoy.start(DATA, s, "seleucids", "S6")
    s = answer(s, "target:ionia")
    return s


def _offered(s):
    return {c.id: c.label for c in prompt(s).choices}


@pytest.mark.example("hubris", "5.5.3/1")
@pytest.mark.rule("hubris", "5.5.3")
@pytest.mark.rule("hubris", "5.5.2")
def test_envoy_example_bribe_and_two_rolls_applied_after_seeing_them():
    """The faces are lost in the extraction (digest §0 #14): two rolls that succeed against
    Ephesos and not against Miletos with the bribe are 2 and 4 (4 is the Diplomacy 3 + 1)."""
    s = _ionia()
    assert {c.id for c in prompt(s).choices} == {"bribe:no", "bribe:yes"}
    rig(s, 2, 4)
    s = answer(s, "bribe:yes")
    assert s["kingdoms"]["seleucids"]["treasury"] == 10 - 3      # 1 T + 2 T bribe
    frame = s["stack"][-1]
    assert envoy.threshold(DATA, s, frame, "miletos") == 1        # a natural 1 (3 + 1 - 3)
    assert envoy.threshold(DATA, s, frame, "ephesos") == 4
    frame_nobribe = dict(frame, bribe=False)
    assert envoy.threshold(DATA, s, frame_nobribe, "miletos") == 0   # "not possible at all"
    labels = _offered(s)
    # the first die's choices are ``die:<place>``, the other's ``die:1:<place>``
    assert set(labels) == {"die:ephesos", "die:miletos", "die:1:ephesos",
                           "die:1:miletos", "die:-"}
    assert all("success" in labels[c] for c in ("die:ephesos", "die:1:ephesos"))
    assert all("fails" in labels[c] for c in ("die:miletos", "die:1:miletos"))
    s = answer(s, "die:ephesos")
    assert s["places"]["ephesos"] == dict(s["places"]["ephesos"], power="seleucids",
                                          marker="alliance")
    # the only result possible: Ephesos is now Friendly, the other die cannot take Miletos
    assert set(_offered(s)) == {"die:miletos", "die:-"}
    s = answer(s, "die:miletos")
    assert s["places"]["miletos"]["power"] == "ptolemies"
    assert s["places"]["miletos"]["marker"] == "garrison"
    assert s["stack"][-1]["proc"] != "envoy"


@pytest.mark.example("hubris", "5.5.3/1")
@pytest.mark.rule("hubris", "5.5.3")
def test_envoy_example_with_a_one_the_garrison_falls_and_the_four_takes_either_place():
    """The example's alternative: a 1 instead of the 2. Rolled 4 then 1, the player still
    applies the 1 first (error 7: the program made him apply the 4 first)."""
    s = _ionia()
    rig(s, 4, 1)
    s = answer(s, "bribe:yes")
    assert "success" in _offered(s)["die:1:miletos"]
    s = answer(s, "die:1:miletos")
    assert s["places"]["miletos"]["power"] is None                # Unaligned
    labels = _offered(s)
    assert set(labels) == {"die:miletos", "die:ephesos", "die:-"}
    assert "success" in labels["die:miletos"] and "success" in labels["die:ephesos"]
    s = answer(s, "die:miletos")
    assert s["places"]["miletos"]["power"] == "seleucids"
    assert s["places"]["miletos"]["marker"] == "alliance"
