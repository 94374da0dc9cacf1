"""Neutral Power Activates (16.1.1): whatever the action, the player may also adjust the
activated power's minor leaders."""

import pytest

from rules.sword_of_rome.model import ed

from .helpers import bare, choose, ids, put, run


@pytest.mark.rule("sword-of-rome", "16.1.1")
def test_the_activating_player_may_move_the_powers_minor_leader_besides_its_action():
    st = bare()
    st["active_side"] = "rome"
    put(st, "antium", "volsci", 2, "volsci_minor")
    put(st, "tarracina", "volsci", 3)
    st["spaces"]["tarracina"]["ctl"] = "volsci"
    card = next(c for c in st["decks"]["rome"]["draw"]
                if ed().cards[c].event["do"] == "npa")
    run(st, "npa", side="rome", card=card)
    choose(st, "power:volsci")
    assert "minor:volsci_minor:tarracina" in ids(st)
    assert not any(c.startswith("minor:") and not c.endswith("tarracina") for c in ids(st))
    choose(st, "minor:volsci_minor:tarracina")
    assert st["leaders"]["volsci_minor"] == "tarracina"
    assert not any(c.startswith("minor:") for c in ids(st))      # once
    assert "support" in ids(st) and "move:volsci_minor" in ids(st)   # the action still due
