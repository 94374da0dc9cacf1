"""The truce with Rome (8.5 IMPORTANT, 8.7, 8.8.1): after Peace or a Surrender with Rome this
Turn, or the Turn its King was removed, a Kingdom may not attack an ungarrisoned Guaranteed
Place (Casus Belli 6) nor Garrison a Guaranteed Place (7), void or not: the engine offers
neither."""

import pytest

from rules.hubris import sieges
from tests.hubris.rome_setup import DATA, nh, place


def _thessalia(why):
    s = nh(rb=-2, freedom_of_greeks=True)        # at RB -2 both Casus Belli would be void
    if why == "truce":
        s["rome"]["truce"] = {"macedon": s["turn"]}
    else:
        s["king_died"] = {"macedon": s["turn"]}
    place(s, "larisa", "ptolemies", "garrison")
    place(s, "pherai", None)
    place(s, "demetrias", "ptolemies", "alliance")
    for p in ("larisa", "pherai", "demetrias"):
        assert DATA.places[p].status == "greek" and DATA.places[p].kind == "city"
    camp = {"proc": "campaign", "id": "c1", "kingdom": "macedon", "leader": "M6",
            "target": "thessalia", "origin": "makedonia", "mode": "land",
            "announced": {"powers": ["ptolemies"], "unaligned": True, "garrisons": True}}
    s["stack"].append(camp)
    return s, camp


@pytest.mark.rule("hubris", "8.5")
@pytest.mark.parametrize("why", ["truce", "king died"])
def test_no_attack_on_an_ungarrisoned_guaranteed_place(why):
    s, camp = _thessalia(why)
    assert sieges.targetable(DATA, s, camp, "city") == ["larisa"]


@pytest.mark.rule("hubris", "8.7")
@pytest.mark.parametrize("why", ["truce", "king died"])
def test_a_guaranteed_city_taken_in_the_truce_gets_an_alliance_only(why):
    s, camp = _thessalia(why)
    frame = {"proc": "options", "id": "c1-o", "campaign": "c1", "step": "siege-alloc",
             "dice": [1], "index": 0, "supported": [], "successes": {}, "supporters": []}
    s["stack"].append(frame)
    p = sieges.Options().prompt(DATA, s, frame)
    ids = {c.id for c in p.choices}
    assert "die:larisa:alliance" in ids and "die:larisa:garrison" not in ids
    assert not {i for i in ids if "pherai" in i or "demetrias" in i}


@pytest.mark.rule("hubris", "8.5")
def test_without_the_truce_both_are_offered():
    s, camp = _thessalia("truce")
    s["rome"]["truce"] = {}
    assert sieges.targetable(DATA, s, camp, "city") == ["larisa", "pherai", "demetrias"]
