"""Surrender to Rome (8.8, 8.8.1, 8.8.2): Pelousion counts with DELTA, every Roman Garrison
but Apollonia's flips (Subject Cities too), a second Surrender takes all the Kingdom's
markers and ends all its Wars, a Kingdom out designates no Temporary Capital, and nobody
Surrenders once Winter Quarters is in effect until the next Action Phase."""

import pytest

from rules.hubris import capitals, rome, rome_surrender
from tests.hubris.rome_setup import DATA, nh, place


@pytest.mark.rule("hubris", "8.8.1")
def test_pelousion_keeps_with_delta_on_a_first_ptolemaic_surrender():
    s = nh()
    rome.go_to_war(DATA, s, "ptolemies", "test", "8.5")
    place(s, "pelousion", "rome", "garrison")
    assert DATA.places["pelousion"].satrapy == "pelousiakon-stoma"
    rome_surrender.surrender(DATA, s, "ptolemies", "test")
    assert s["places"]["pelousion"]["power"] == "ptolemies"
    assert s["places"]["pelousion"]["marker"] == "garrison"


@pytest.mark.rule("hubris", "8.8.1")
def test_roman_garrisons_on_subject_cities_flip_to_alliances():
    s = nh()
    rome.go_to_war(DATA, s, "seleucids", "test", "8.5")
    place(s, "thessalonike", "rome", "garrison")
    assert DATA.places["thessalonike"].status == "subject"
    rome_surrender.surrender(DATA, s, "seleucids", "test")
    assert s["places"]["thessalonike"] == {**s["places"]["thessalonike"], "power": "rome",
                                           "marker": "alliance"}
    assert s["places"]["apollonia"]["marker"] == "garrison"      # Apollonia excepted


@pytest.mark.rule("hubris", "8.8.2")
def test_a_second_surrender_takes_every_marker_and_flips_alexandreia():
    s = nh()
    s["kingdoms"]["ptolemies"]["surrendered"] = 1
    rome.go_to_war(DATA, s, "ptolemies", "test", "8.5")
    place(s, "alexandreia", "rome", "garrison")
    assert s["places"]["memphis"]["power"] == "ptolemies"         # in Egypt
    assert s["places"]["ephesos"]["power"] == "ptolemies"         # in Asia Minor
    rome_surrender.surrender(DATA, s, "ptolemies", "test")
    assert not [p for p, r in s["places"].items() if r.get("power") == "ptolemies"]
    assert s["places"]["alexandreia"]["marker"] == "alliance"     # a Subject City, flipped
    assert s["places"]["memphis"]["power"] is None                # Egypt: the markers go
    assert s["places"]["ephesos"] == {**s["places"]["ephesos"], "power": "rome",
                                      "marker": "alliance"}       # Asia Minor: Rome's
    assert "delta" in s["rome"]["guarantees"]


@pytest.mark.rule("hubris", "8.8.2")
def test_a_kingdom_out_of_the_game_is_at_war_with_nobody():
    s = nh()
    s["kingdoms"]["ptolemies"]["surrendered"] = 1
    s["wars"]["ptolemies|seleucids"] = "war"
    s["wars"]["macedon|ptolemies"] = "peace"
    rome.go_to_war(DATA, s, "ptolemies", "test", "8.5")
    rome_surrender.surrender(DATA, s, "ptolemies", "test")
    assert not [key for key in s["wars"] if "ptolemies" in key]
    from rules.hubris import control
    assert not control.at_war_for_revenue(s, "seleucids")


@pytest.mark.rule("hubris", "8.8.2")
def test_a_kingdom_out_of_the_game_designates_no_temporary_capital():
    s = nh()
    s["kingdoms"]["ptolemies"]["surrendered"] = 1
    rome.go_to_war(DATA, s, "ptolemies", "test", "8.5")
    place(s, "alexandreia", "rome", "garrison")          # the last Capital is Rome's
    DATA.refresh(s)
    capitals.settle(DATA, s)                             # the Capitals' check comes first
    (q,) = [q for q in s["queue"] if q["proc"] == "temporary-capital"]
    rome_surrender.settle(DATA, s)                       # then the forced second Surrender
    assert s["kingdoms"]["ptolemies"]["eliminated"]
    assert capitals.TemporaryCapital().prompt(DATA, s, q) is None


@pytest.mark.rule("hubris", "8.8")
def test_no_forced_surrender_once_winter_quarters_is_in_effect():
    s = nh()
    rome.go_to_war(DATA, s, "ptolemies", "test", "8.5")
    place(s, "alexandreia", "rome", "garrison")
    DATA.refresh(s)
    assert rome_surrender.surrender_due(DATA, s, "ptolemies")
    s["stack"] = [f for f in s["stack"] if f["proc"] == "game"]    # Winter Quarters drawn
    rome_surrender.settle(DATA, s)
    assert not s["kingdoms"]["ptolemies"]["surrendered"]
    s["phase"] = "winter"
    s["stack"].append({"proc": "winter", "segment": "pending"})
    rome_surrender.settle(DATA, s)
    assert not s["kingdoms"]["ptolemies"]["surrendered"]
    s["phase"] = "action"                                 # the next Turn's Action Phase
    s["stack"] = [f for f in s["stack"] if f["proc"] == "game"] + [{"proc": "action-phase"}]
    rome_surrender.settle(DATA, s)
    assert s["kingdoms"]["ptolemies"]["surrendered"] == 1
