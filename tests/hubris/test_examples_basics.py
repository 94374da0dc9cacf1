"""Worked examples of the Hubris basics: rounding (2.1.5), Leader cards (2.2.2), Satrapies
and Places (2.5.1, 2.5.7), Control (2.6.2), VPs (2.11.1, 2.11.3) and Checks (2.14)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.hubris import alignment, control, core, envoy, leaders, sieges
from rules.hubris.numbers import round_half_away
from tests.hubris.rules_helpers import DATA, fresh
from tests.hubris.test_rules_rome import nh, place


@pytest.mark.example("hubris", "2.1.5/1")
@pytest.mark.rule("hubris", "2.1.5")
def test_rounding_example():
    q = Fraction(1, 4)
    for rnd in (round_half_away, control.round_half_up):
        assert rnd(Fraction(7, 2)) == 4
        assert rnd(Fraction(-1, 2)) == -1
        assert rnd(q + 2 + 3 + (1 + q)) == 7          # 6.5, rounded once at the end
        assert rnd(q + 1 + 2) == 3                    # 3.25
    # rounding each part first would give 0 + 2 + 3 + 1 = 6: the rule rounds once
    assert sum(round_half_away(x) for x in (q, 2, 3, 1 + q)) == 6


@pytest.mark.example("hubris", "2.2.2/1")
@pytest.mark.rule("hubris", "2.2.2")
def test_leader_card_example_ptolemaios_v():
    card = DATA.card("P10")
    assert card.name == "Ptolemaios V Epiphanes"
    assert card.affiliation == "ptolemies"
    assert card.start == 5                # enters play on Turn 5
    assert card.end == 10                 # subject to Ferryman of Souls from Turn 10
    assert card.rank == 2                 # second in the Ptolemaic succession


@pytest.mark.example("hubris", "2.5.1/1")
@pytest.mark.rule("hubris", "2.5.1")
def test_satrapy_example_koile_syria():
    ks = DATA.satrapies["koile-syria"]
    assert ks.vp["ptolemies"] == ks.vp["seleucids"] == (2, 3)      # Simple 2, Full 3
    assert ks.vp["macedon"] == (1, 1)
    assert ks.tax == (4, 7) and ks.supply == 3 and ks.shipyard
    assert len(ks.places) == 5 and all(DATA.places[p].kind == "city" for p in ks.places)


@pytest.mark.example("hubris", "2.5.1/2")
@pytest.mark.rule("hubris", "2.5.1")
def test_rough_terrain_example():
    assert DATA.satrapies["lykia-pamphylia"].rough and DATA.satrapies["kilikia"].rough
    assert not DATA.satrapies["koile-syria"].rough


@pytest.mark.example("hubris", "2.5.7/1")
@pytest.mark.rule("hubris", "2.5.7")
def test_stronghold_example_sardeis_and_tapouroi():
    s = fresh()
    assert DATA.places["sardeis"].kind == "city" and DATA.places["tapouroi"].kind == "tribe"
    camp = {"leader": "S6", "kingdom": "seleucids"}       # Zeuxis: Siege 2, Battle 2
    s["leaders"]["S6"]["location"] = "court"
    siege = dict(sieges.siege_parts(DATA, s, camp, "sardeis"))
    assert siege["Stronghold"] == -2
    assert sieges.siege_threshold(DATA, s, camp, "sardeis") == \
        (DATA.card("S6").siege or 0) - 2
    subj = dict(sieges.subjugation_parts(DATA, camp, "tapouroi"))
    assert subj["Stronghold"] == -1
    assert sieges.subjugation_threshold(DATA, camp, "tapouroi") == \
        (DATA.card("S6").battle or 0) - 1


def _peloponnesos(s, **markers):
    for p in DATA.satrapies["peloponnesos"].places:
        place(s, p, None, None)
    for p, m in markers.items():
        place(s, p, "macedon", m)
    DATA.refresh(s)


def _macedon_in_peloponnesos(s):
    c = control.control_of(s, "peloponnesos")
    if c is None or c.power != "macedon":
        return None, Fraction(0), Fraction(0)
    vp = DATA.satrapies["peloponnesos"].vp["macedon"][1 if c.level == "full" else 0]
    return c.level, vp, control.tax_value(s, "peloponnesos", "macedon")


@pytest.mark.example("hubris", "2.6.2/1")
@pytest.mark.rule("hubris", "2.6.2")
def test_control_example_macedon_in_the_peloponnesos():
    s = nh()
    _peloponnesos(s, korinthos="garrison", messene="garrison", achaia="alliance",
                  megalopolis="alliance")
    assert _macedon_in_peloponnesos(s) == ("simple", 2, 4)       # 2 G = 2 A: full tax
    _peloponnesos(s, korinthos="garrison", messene="garrison", achaia="alliance",
                  megalopolis="alliance", sparte="alliance")
    assert _macedon_in_peloponnesos(s) == ("simple", 2, 2)       # 3 A > 2 G: halved
    _peloponnesos(s, korinthos="garrison", messene="garrison", achaia="alliance",
                  megalopolis="alliance", sparte="alliance", elis="alliance")
    assert _macedon_in_peloponnesos(s) == ("full", 3, 3)         # Full 6, halved
    # a Garrison in Elis by Siege instead: the Greek Alliances are lost (5.2.6)
    _peloponnesos(s, korinthos="garrison", messene="garrison", achaia="alliance",
                  megalopolis="alliance", sparte="alliance")
    alignment.place_marker(DATA, s, "elis", "macedon", "garrison", "5.2.6")
    for p in ("achaia", "megalopolis", "sparte"):
        assert s["places"][p]["power"] is None, p
    assert [p for p in DATA.satrapies["peloponnesos"].places
            if s["places"][p]["power"] == "macedon"] == ["korinthos", "messene", "elis"]
    assert _macedon_in_peloponnesos(s) == (None, 0, 0)          # 3 of 6: no Control


@pytest.mark.example("hubris", "2.11.1/1")
@pytest.mark.rule("hubris", "2.11.1")
def test_territorial_vp_example_koile_syria():
    s = nh()
    places = DATA.satrapies["koile-syria"].places
    for k, full, simple in (("ptolemies", 3, 2), ("seleucids", 3, 2), ("macedon", 1, 1)):
        for p in places:
            place(s, p, k, "garrison")
        assert control.control_of(s, "koile-syria").level == "full"
        with_all = control.territorial_vp(s, k)
        place(s, places[0], None, None)
        place(s, places[1], None, None)                  # three of five: Simple Control
        assert control.control_of(s, "koile-syria").level == "simple"
        with_three = control.territorial_vp(s, k)
        place(s, places[2], None, None)                  # two of five: none
        assert control.control_of(s, "koile-syria") is None
        without = control.territorial_vp(s, k)
        assert (with_all - without, with_three - without) == (full, simple), k
        for p in places:
            place(s, p, None, None)


@pytest.mark.example("hubris", "2.11.3/1")
@pytest.mark.rule("hubris", "2.11.3")
@pytest.mark.parametrize("renown, dynastic, total", [(3, 2, -1), (-2, -1, 1)])
def test_a_dead_kings_half_renown_goes_to_the_dynastic_vps(renown, dynastic, total):
    """12.3's Antiochos III, with no other Royal to succeed him (so the new King has no
    Renown of his own, as the example assumes)."""
    s = fresh()
    s["leaders"]["S4"]["renown"] = renown
    control.refresh(s)
    before = control.victory_points(s, "seleucids")
    leaders.remove_leader(DATA, s, "S4", "a test", "2.11.3")
    control.refresh(s)
    after = control.victory_points(s, "seleucids")
    assert Fraction(after["dynastic"]) - Fraction(before["dynastic"]) == dynastic
    assert Fraction(after["total"]) - Fraction(before["total"]) == total
    assert core.king(s, "seleucids") is None or control.king_renown(s, "seleucids") == 0


@pytest.mark.example("hubris", "2.14/1")
@pytest.mark.rule("hubris", "2.14")
def test_check_example_sosibios_envoy_threshold():
    s = fresh()
    frame = {"kingdom": "ptolemies", "leader": "P2", "bribe": False}
    assert DATA.card("P2").name == "Sosibios"
    assert sum(v for _, v in envoy.threshold_parts(DATA, s, frame)) == 4
    frame["bribe"] = True
    assert sum(v for _, v in envoy.threshold_parts(DATA, s, frame)) == 5
