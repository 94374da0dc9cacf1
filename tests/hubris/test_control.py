"""Alignment and Control (2.6), Territorial VPs (2.11.1), tax (3.3) and rounding (2.1.5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.hubris import control
from rules.hubris.mapdata import load_map

MD = load_map()


def blank() -> dict:
    return {
        "places": {p: {"power": None, "marker": None} for p in MD.places},
        "satrapies": {s: {"ravaged": False} for s in MD.satrapies},
        "kingdoms": {
            k: {"dynastic_vp": "0", "king": None} for k in ("macedon", "ptolemies", "seleucids")
        },
        "leaders": {},
        "wars": {},
        "rome": {},
    }


def put(st: dict, power: str, marker: str, *places: str) -> None:
    for p in places:
        st["places"][p] = {"power": power, "marker": marker}


@pytest.mark.rule("hubris", "2.6.2")
def test_peloponnesos_example():
    st = blank()
    put(st, "macedon", "garrison", "korinthos", "messene")
    put(st, "macedon", "alliance", "achaia", "megalopolis")
    c = control.control_of(st, "peloponnesos")
    assert (c.power, c.level) == ("macedon", "simple")
    assert control.territorial_vp(st, "macedon") == 2
    assert control.tax_value(st, "peloponnesos", "macedon") == 4  # 2 G vs 2 A: not halved
    put(st, "macedon", "alliance", "sparte")
    assert control.control_of(st, "peloponnesos").level == "simple"
    assert control.territorial_vp(st, "macedon") == 2
    assert control.tax_value(st, "peloponnesos", "macedon") == 2  # 3 A vs 2 G: halved
    put(st, "macedon", "alliance", "elis")
    assert control.control_of(st, "peloponnesos").level == "full"
    assert control.territorial_vp(st, "macedon") == 3
    assert control.tax_value(st, "peloponnesos", "macedon") == 3  # 6 halved
    put(st, "macedon", "garrison", "elis")
    assert control.tax_value(st, "peloponnesos", "macedon") == 6  # 3 G vs 3 A


@pytest.mark.rule("hubris", "2.6.2")
def test_half_is_not_enough_and_no_shared_control():
    st = blank()
    put(st, "ptolemies", "garrison", "lysimacheia", "perinthos")
    assert control.control_of(st, "thrake") is None  # 2 of 4
    put(st, "macedon", "alliance", "odrysai")
    assert control.control_of(st, "thrake") is None
    put(st, "ptolemies", "alliance", "bessoi")
    assert control.control_of(st, "thrake").power == "ptolemies"
    assert control.controlled(st, "macedon") == []


@pytest.mark.rule("hubris", "2.11.1")
def test_koile_syria_values_per_kingdom():
    st = blank()
    put(st, "macedon", "garrison", "tyros", "sidon", "damaskos")
    assert control.territorial_vp(st, "macedon") == 1
    assert control.tax_value(st, "koile-syria", "macedon") == 4
    put(st, "macedon", "garrison", "ptolemais-ake", "hierosolyma")
    assert control.territorial_vp(st, "macedon") == 1
    assert control.tax_value(st, "koile-syria", "macedon") == 7
    for p in ("tyros", "sidon", "damaskos", "ptolemais-ake", "hierosolyma"):
        st["places"][p]["power"] = "seleucids"
    assert control.territorial_vp(st, "seleucids") == 3


@pytest.mark.rule("hubris", "3.3")
def test_tax_example_and_cumulative_halving():
    st = blank()
    for sid in ("makedonia", "thessalia"):
        for p in MD.places_in(sid):
            put(st, "macedon", "garrison" if p.kind == "city" else "alliance", p.id)
    put(st, "macedon", "garrison", "chalkis", "athenai")
    put(st, "macedon", "garrison", "korinthos", "messene")
    put(st, "macedon", "alliance", "achaia", "megalopolis")
    assert control.tax_base(st, "macedon") == 15  # 6 + 3 + 2 + 4
    st["satrapies"]["thessalia"]["ravaged"] = True
    put(st, "macedon", "alliance", "sparte")
    assert control.tax_base(st, "macedon") == Fraction(23, 2)  # 6 + 1.5 + 2 + 2
    st["wars"] = {"macedon|rome": "war"}
    st["rome"] = {"agenda_side": "limited-war"}
    assert control.revenue(st, "macedon") == 12  # not halved: LIMITED WAR
    st["rome"] = {"agenda_side": "full-war"}
    assert control.revenue(st, "macedon") == 6  # 5.75 rounds to 6
    put(st, "macedon", "alliance", "elis", "korinthos", "messene")  # Ravaged and Alliances
    st["satrapies"]["peloponnesos"]["ravaged"] = True
    assert control.tax_value(st, "peloponnesos", "macedon") == Fraction(6, 4)


@pytest.mark.rule("hubris", "2.6.2")
def test_alliance_majority_halves_tax_in_a_scenario():
    from rules.hubris.game import Hubris

    st = Hubris().new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    c = control.control_of(st, "peloponnesos")
    assert c.by_alliances and control.tax_value(st, "peloponnesos", "macedon") == 2
    assert st["derived"]["control"]["pontos"]["halved"] is True


@pytest.mark.rule("hubris", "2.1.5")
@pytest.mark.parametrize(
    "value,want", [("7/2", 4), ("-1/2", -1), ("13/2", 7), ("13/4", 3), ("0", 0)]
)
def test_rounding(value, want):
    assert control.round_half_up(Fraction(value)) == want


@pytest.mark.rule("hubris", "2.9.4")
def test_rebel_capital_costs_dynastic_vp():
    st = blank()
    st["places"]["antiocheia"] = {"power": "rebel", "marker": "garrison", "rebel": "S5"}
    st["places"]["seleukeia-tigris"] = {"power": "seleucids", "marker": "garrison"}
    assert control.dynastic_vp(st, "seleucids") == -2
    c = control.control_of(st, "seleukis")
    assert c is None or c.power != "seleucids"


@pytest.mark.rule("hubris", "2.5.8")
def test_minor_alliance_needs_all_heartlands():
    st = blank()
    put(st, "macedon", "alliance", "achaia")
    assert control.minor_allies(st)["achaian-league"] is None
    put(st, "macedon", "alliance", "megalopolis")
    assert control.minor_allies(st)["achaian-league"] == "macedon"
    put(st, "macedon", "garrison", "megalopolis")
    assert control.minor_allies(st)["achaian-league"] is None


def test_sums_in_whole_units_read_and_round_as_the_fractions_do():
    """``refresh`` sums VPs in halves and Talents in quarters (``control.units``): written and
    rounded, a count of units reads as the Fraction it stands for; a value that is not a whole
    number of the unit is refused, never rounded."""
    from rules.engine.state import frac_str

    for unit in (1, 2, 4):
        for count in range(-13, 14):
            value = Fraction(count, unit)
            assert control.units_str(count, unit) == frac_str(value)
            assert control.round_units(count, unit) == control.round_half_up(value)
            assert control.units(value, unit) == count
    with pytest.raises(ValueError):
        control.units(Fraction(1, 4), 2)
