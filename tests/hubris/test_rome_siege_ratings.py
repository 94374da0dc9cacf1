"""Roman Sieges and Subjugations (8.6.5 with 5.2.6, 5.2.7, 6.2): a City at the card's Siege
Rating 4 less 1 for Strengthened Defenses, a Tribe at the Consul's Battle Rating. Dice come
from the state's seeded generator."""

import pytest

from rules.hubris import roman_war
from tests.dice import rig
from tests.hubris.rome_setup import DATA, at_war, nh, place


def _thrake(card):
    s = nh(agenda="graecia", agenda_side="full-war")       # Scope: Europe
    for p in DATA.satrapies["thrake"].places:
        place(s, p, None)
    at_war(s, "ptolemies", "thrake", card)
    return s


@pytest.mark.rule("hubris", "6.2")
def test_strengthened_defenses_take_one_from_the_roman_siege_rating():
    s = _thrake("ra-9")
    place(s, "lysimacheia", "ptolemies", "garrison")
    s["places"]["lysimacheia"]["sd"] = True
    assert DATA.places["lysimacheia"].stronghold == 0
    rig(s, 4, 4, 4, 4)
    roman_war.RomanCampaign()._sieges(DATA, s, {"foe": "ptolemies", "target": "thrake"})
    rec = s["places"]["lysimacheia"]
    assert rec["power"] == "ptolemies" and rec["sd"]       # four 4s: all fail at 3
    assert roman_war.roman_threshold(DATA, s, "ptolemies", "lysimacheia") == 3


@pytest.mark.rule("hubris", "5.2.7")
def test_roman_subjugation_checks_the_consuls_battle_rating():
    s = _thrake("ra-9")                                     # its FULL WAR box: Battle 2
    assert roman_war.consul_rating(s, "consul-ptolemies") == 2
    place(s, "odrysai", "ptolemies", "alliance")
    assert DATA.places["odrysai"].kind == "tribe"
    rig(s, 4, 4, 4, 4)
    roman_war.RomanCampaign()._sieges(DATA, s, {"foe": "ptolemies", "target": "thrake"})
    assert s["places"]["odrysai"]["power"] == "ptolemies"   # 4 fails against Battle 2
    want = 2 + DATA.places["odrysai"].stronghold
    assert roman_war.roman_threshold(DATA, s, "ptolemies", "odrysai") == want
