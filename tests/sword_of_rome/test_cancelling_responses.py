"""Storms at Sea and Carthaginian Mistrust (7.1.1, 10.5.1, 21.4): responses with no battle
to change; each has its own window (a crossing by sea, an activation of Carthage)."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, current_prompt, ed

from .helpers import bare, choose, ids, put, run


def card(title):
    return next(c.id for c in ed().cards.values() if c.title == title)


def rome_sails_from_ostia():
    """Valerius (3 CU) at Ostia, Duoviri Navales played, activated with a 3-value card; the
    Greeks hold Storms at Sea."""
    st = bare()
    for side in st["hands"]:
        st["hands"][side] = []
    st["hands"]["greeks"] = [card("Storms at Sea")]
    st["flags"]["duoviri_navales"] = True
    put(st, "ostia", "rome", 3, "valerius")
    start_move(st, "rome", "valerius", 3)
    advance(st)
    choose(st, "take:3")
    dest = next(c.target for c in current_prompt(st).choices if c.id.startswith("sail:"))
    choose(st, f"sail:{dest}")
    return st, dest


@pytest.mark.rule("sword-of-rome", "7.1.1")
def test_storms_at_sea_stops_a_crossing():
    """Error 8: no window ever accepted Storms at Sea."""
    st, dest = rome_sails_from_ostia()
    p = current_prompt(st)
    assert p.rule == "7.1.1" and p.seat == "greeks"
    storms = card("Storms at Sea")
    assert f"card:{storms}" in ids(st)
    choose(st, f"card:{storms}")
    choose(st, "pass")
    assert st["flags"]["storms_at_sea"]
    assert st["leaders"]["valerius"] == "ostia" and st["cu"]["ostia"]["rome"] == 3
    assert not [c for c in ids(st) if c.startswith("sail:")]     # the seas stay closed
    assert storms not in st["hands"]["greeks"]


@pytest.mark.rule("sword-of-rome", "7.1.1")
def test_the_crossing_goes_ahead_if_storms_at_sea_is_kept():
    st, dest = rome_sails_from_ostia()
    choose(st, "pass")
    assert st["leaders"]["valerius"] == dest and not st["flags"].get("storms_at_sea")


def rome_activates_carthage():
    st = bare()
    for side in st["hands"]:
        st["hands"][side] = []
    st["hands"]["greeks"] = [card("Carthaginian Mistrust")]
    put(st, "lilybaeum", "carthage", 3, "hamilcar")
    run(st, "npa", side="rome", card=card("Neutral Power Activates"))
    choose(st, "power:carthage")
    choose(st, "move:hamilcar")
    return st


@pytest.mark.rule("sword-of-rome", "21.4")
def test_carthaginian_mistrust_cancels_the_activation_of_carthage():
    """Error 8: no window ever accepted Carthaginian Mistrust."""
    st = rome_activates_carthage()
    p = current_prompt(st)
    mistrust = card("Carthaginian Mistrust")
    assert p.rule == "7.1.1" and p.seat == "greeks" and f"card:{mistrust}" in ids(st)
    choose(st, f"card:{mistrust}")
    choose(st, "pass")
    assert st["flags"]["carthage_mistrust"] and "carthage" in st["npa_used"]
    assert not any(f["proc"] == "move" for f in st["stack"])       # Hamilcar stays
    assert st["leaders"]["hamilcar"] == "lilybaeum"


@pytest.mark.rule("sword-of-rome", "21.4")
def test_carthage_moves_if_mistrust_is_kept():
    st = rome_activates_carthage()
    choose(st, "pass")
    assert any(f["proc"] == "move" for f in st["stack"])
    assert current_prompt(st).seat == "rome" and current_prompt(st).rule == "9"
