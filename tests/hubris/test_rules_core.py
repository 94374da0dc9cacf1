"""Rounding, Checks, Paths, Leaders and Courts (2.1.5, 2.14, 2.7, 2.2-2.3)."""

from fractions import Fraction

import pytest

from rules.hubris import core, leaders
from rules.hubris.checks import margin, successes
from rules.hubris.numbers import round_half_away
from tests.hubris.rules_helpers import DATA, fresh


@pytest.mark.rule("hubris", "2.1.5")
def test_rounding_halves_away_from_zero():
    assert round_half_away(Fraction(7, 2)) == 4
    assert round_half_away(Fraction(-1, 2)) == -1
    assert round_half_away(Fraction(9, 4)) == 2


@pytest.mark.rule("hubris", "2.14")
def test_check_success_and_margin():
    # threshold 4: rolls of 2 and 4 succeed (margins 2 and 0), a 6 fails by 2
    assert successes([2, 4, 6], 4) == 2
    assert margin(4, 2) == 2 and margin(4, 4) == 0 and margin(4, 6) == -2


@pytest.mark.rule("hubris", "2.7")
def test_land_path_runs_only_through_controlled_satrapies():
    s = fresh()
    # Ptolemies: DELTA -> SELEUKIS through Ptolemaic PELOUSIAKON STOMA and KOILE SYRIA
    assert core.land_path(s, DATA, "ptolemies", "delta", "seleukis")
    # Seleucids have no Controlled Satrapy between SOUSIANE and DELTA
    assert not core.land_path(s, DATA, "seleucids", "sousiane", "delta")
    # a Satrapy always has a path to itself, and Adjacent ones need nothing between
    assert core.land_path(s, DATA, "seleucids", "delta", "delta")
    assert core.land_path(s, DATA, "seleucids", "koile-syria", "pelousiakon-stoma")


@pytest.mark.rule("hubris", "2.2.5")
def test_renown_is_capped_and_replacements_never_change():
    s = fresh()
    leaders.change_renown(DATA, s, "S4", 10, "7.1.3")
    assert s["leaders"]["S4"]["renown"] == 4
    leaders.change_renown(DATA, s, "S4", -10, "7.1.3")
    assert s["leaders"]["S4"]["renown"] == -2
    s["leaders"]["SR1"] = {"court": "seleucids", "location": "court", "role": None,
                           "rotation": 0, "renown": 0, "rebel": False}
    leaders.change_renown(DATA, s, "SR1", 1, "7.1.3")
    assert s["leaders"]["SR1"]["renown"] == 0


@pytest.mark.rule("hubris", "2.3.1")
def test_dead_king_gives_half_renown_and_a_new_king_is_found():
    s = fresh()
    s["leaders"]["S4"]["renown"] = 3
    leaders.remove_leader(DATA, s, "S4", "test", "4.7")
    kd = s["kingdoms"]["seleucids"]
    assert Fraction(kd["dynastic_vp"]) == 2          # half of 3, rounded away from zero
    assert kd["king"] is None                         # no other Royal in the 12.3 Court
    assert s["king_died"]["seleucids"] == 1


@pytest.mark.rule("hubris", "2.2.11")
def test_court_below_three_draws_replacements():
    s = fresh()
    leaders.remove_leader(DATA, s, "S7", "test", "4.7")
    court = leaders.court(s, "seleucids")
    assert len(court) == 3
    assert any(DATA.card(lid).replacement for lid in court)


@pytest.mark.rule("hubris", "2.3.3")
def test_dead_chief_minister_is_replaced_from_the_friends():
    s = fresh()
    leaders.remove_leader(DATA, s, "P2", "test", "4.7")
    # two Friends remain (P5, P3) plus a Replacement? The Court still has 3: the owner asks
    cm = s["kingdoms"]["ptolemies"]["chief_minister"]
    asked = [q for q in s["queue"] if q["proc"] == "appoint-cm"]
    assert cm is None and asked
    leaders.appoint_cm(DATA, s, "ptolemies", "P5")
    assert s["leaders"]["P5"]["role"] == "chief-minister"


@pytest.mark.rule("hubris", "2.3.5")
def test_emergency_appointment_is_offered_for_a_dead_strategos_units():
    s = fresh()
    s["leaders"]["P3"]["location"] = "delta"
    s["units"]["ptolemies-royal-army"]["location"] = "leader:P3"
    leaders.remove_leader(DATA, s, "P3", "test", "4.7")
    q = [q for q in s["queue"] if q["proc"] == "emergency-appointment"]
    assert q and q[0]["units"] == ["ptolemies-royal-army"]
    assert s["units"]["ptolemies-royal-army"]["location"] == "delta"
