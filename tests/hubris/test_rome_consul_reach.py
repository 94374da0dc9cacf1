"""Where a Consul can go (5.2.1, 6.5, 8.6.6; ruling R34 as rewritten): across a Straits
Crossing, Interdicted by Kingdoms At War with Rome; his approach march toward Asia asking
Free Passage; never through a Satrapy wholly held by Kingdoms At War with Rome; a denied Free
Passage draws a card for the new War at once."""

import pytest

from rules.hubris import flow, reactions, roman_war, rome
from tests.hubris.rome_setup import DATA, at_war, clear_region, nh, place


def _orbi():
    s = nh(agenda="orbi", agenda_side="limited-war")        # Scope: Europe and Asia Minor
    clear_region(s, "seleucids", "europe")
    place(s, "abydos", "seleucids", "alliance")
    for u, r in s["units"].items():                         # no Seleucid fleet at sea
        if r["owner"] == "seleucids" and "squadron" in r["type"]:
            r["location"] = "offmap"
    return s


@pytest.mark.rule("hubris", "5.2.1")
def test_a_consul_in_thrake_campaigns_across_the_straits_into_mysia():
    s = _orbi()
    at_war(s, "seleucids", "thrake", "ra-9")
    assert roman_war.targets(DATA, s, "seleucids") == ["mysia"]
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame["step"] == "crossing" and frame["sea"] == "propontis"
    assert not [q for q in s["queue"] if q["proc"] == "interdict"]     # nobody to Interdict
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert s["leaders"]["consul-seleucids"]["location"] == "mysia"


@pytest.mark.rule("hubris", "6.5")
def test_a_kingdom_at_war_with_rome_interdicts_the_consul_at_the_propontis():
    s = _orbi()
    at_war(s, "seleucids", "thrake", "ra-9")
    s["units"]["seleucids-squadron-1"]["location"] = "propontis"
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    roman_war.RomanCampaign().run(DATA, s, frame)
    (q,) = [q for q in s["queue"] if q["proc"] == "interdict"]
    assert q["kingdom"] == "seleucids" and q["sea"] == "propontis"
    s["queue"].remove(q)
    reactions.Interdict().apply(DATA, s, q, "interdict")
    roman_war.RomanCampaign().run(DATA, s, frame)        # no Roman Squadron near: no battle
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame not in s["stack"]
    assert s["leaders"]["consul-seleucids"]["location"] == "thrake"


@pytest.mark.rule("hubris", "8.6.6")
def test_a_consul_in_illyria_marches_toward_asia_asking_free_passage():
    """Today's main finds no Target for him: no Free Passage is ever asked."""
    s = _orbi()
    at_war(s, "seleucids", "illyria", "ra-9")
    assert roman_war.targets(DATA, s, "seleucids") == []
    assert roman_war.march_step(DATA, s, "seleucids") == "makedonia"
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    roman_war.RomanCampaign().run(DATA, s, frame)
    (q,) = [q for q in s["queue"] if q["proc"] == "free-passage"]
    assert (q["kingdom"], q["sat"]) == ("macedon", "makedonia")


@pytest.mark.rule("hubris", "8.6.6")
def test_no_march_through_a_satrapy_wholly_held_by_a_kingdom_at_war_with_rome():
    s = _orbi()
    place(s, "lysimacheia", "seleucids", "garrison")       # a Seleucid Place in THRAKE
    for p in DATA.satrapies["makedonia"].places:
        place(s, p, "macedon", "garrison")
    at_war(s, "macedon", "italia", "ra-9")
    at_war(s, "seleucids", "illyria", "ra-9")
    assert roman_war.march_step(DATA, s, "seleucids") is None
    assert roman_war.held_at_war(DATA, s, "makedonia")
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert s["leaders"]["consul-seleucids"]["location"] == "illyria"
    place(s, "paiones", None)                               # one Place not Macedon's: passage
    assert roman_war.march_step(DATA, s, "seleucids") == "makedonia"


@pytest.mark.rule("hubris", "8.6.6")
def test_a_denied_free_passage_draws_a_roman_card_for_the_new_war():
    s = _orbi()
    place(s, "lysimacheia", "seleucids", "garrison")       # reached by land through MAKEDONIA
    at_war(s, "seleucids", "illyria", "ra-9")
    act = flow.push(s, "roman-activation", todo=[])         # the Seleucid War's card is done
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    roman_war.RomanCampaign().run(DATA, s, frame)
    (q,) = [q for q in s["queue"] if q["proc"] == "free-passage"]
    s["queue"].remove(q)
    roman_war.FreePassage().apply(DATA, s, q, "deny")       # Macedon has no Influence
    assert rome.at_war(s, "macedon")
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame not in s["stack"]                          # the Consul halts
    assert s["leaders"]["consul-seleucids"]["location"] == "illyria"
    assert s["rome"]["consuls"]["macedon"]["card"] is None
    roman_war.RomanActivation().run(DATA, s, act)           # the new War: a card now
    assert s["rome"]["consuls"]["macedon"]["card"]
    assert any(e["text"].startswith("Rome's War against Macedon:") for e in s["log"])
