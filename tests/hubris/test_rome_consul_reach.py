"""Where a Consul can go (5.2.1, 6.5, 8.6.6; ruling R34 as rewritten): an Origin joined to
him by a Roman-Controlled Land Path, Free Passage demanded along it, a Target across a
Straits Crossing (Interdicted by Kingdoms At War with Rome); never through a Satrapy wholly
held by Kingdoms At War with Rome; a denied Free Passage draws a card for the new War."""

import pytest

from rules.hubris import flow, reactions, roman_war, rome
from tests.hubris.rome_setup import DATA, at_war, clear_region, nh, place


def _orbi():
    s = nh(agenda="orbi", agenda_side="limited-war")        # Scope: Europe and Asia Minor
    clear_region(s, "seleucids", "europe")
    place(s, "abydos", "seleucids", "alliance")
    for r in s["units"].values():                           # no Seleucid fleet at sea
        if r["owner"] == "seleucids" and "squadron" in r["type"]:
            r["location"] = "offmap"
    return s


def _run(s, frame, answers=None):
    """Run the Campaign frame, answering its Free Passage questions from ``answers``."""
    answers = dict(answers or {})
    asked = []
    for _ in range(20):
        if frame not in s["stack"]:
            break
        if any(q["proc"] == "interdict" for q in s["queue"]):
            break
        qs = [q for q in s["queue"] if q["proc"] == "free-passage"]
        if qs:
            q = qs[0]
            s["queue"].remove(q)
            asked.append((q["kingdom"], q["sat"]))
            roman_war.FreePassage().apply(DATA, s, q, answers.get(q["kingdom"], "grant"))
            continue
        if frame["step"] == "battle":
            break
        roman_war.RomanCampaign().run(DATA, s, frame)
    return asked


@pytest.mark.rule("hubris", "5.2.1")
def test_a_consul_in_thrake_campaigns_across_the_straits_into_mysia():
    s = _orbi()
    at_war(s, "seleucids", "thrake", "ra-9")
    assert roman_war.targets(DATA, s, "seleucids") == ["mysia"]
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    asked = _run(s, frame)
    assert asked == [("ptolemies", "thrake")]         # his Origin needs their Garrisons' leave
    assert frame["origin"] == "thrake" and frame["target"] == "mysia"
    assert s["leaders"]["consul-seleucids"]["location"] == "mysia"


@pytest.mark.rule("hubris", "6.5")
def test_a_kingdom_at_war_with_rome_interdicts_the_consul_at_the_propontis():
    s = _orbi()
    at_war(s, "seleucids", "thrake", "ra-9")
    s["units"]["seleucids-squadron-1"]["location"] = "propontis"
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    _run(s, frame)
    assert frame["step"] == "crossing" and frame["sea"] == "propontis"
    (q,) = [q for q in s["queue"] if q["proc"] == "interdict"]
    assert q["kingdom"] == "seleucids"
    s["queue"].remove(q)
    reactions.Interdict().apply(DATA, s, q, "interdict")
    roman_war.RomanCampaign().run(DATA, s, frame)        # no Roman Squadron near: no battle
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame not in s["stack"]
    assert s["leaders"]["consul-seleucids"]["location"] == "thrake"


@pytest.mark.rule("hubris", "8.6.6")
def test_a_consul_in_illyria_reaches_mysia_with_free_passage():
    """Today's main finds no Target for him: no Free Passage is ever asked."""
    s = _orbi()
    at_war(s, "seleucids", "illyria", "ra-9")
    assert roman_war.targets(DATA, s, "seleucids") == ["mysia"]
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    asked = _run(s, frame)
    assert asked == [("macedon", "makedonia"), ("ptolemies", "thrake")]
    assert frame["origin"] == "thrake"
    assert s["leaders"]["consul-seleucids"]["location"] == "mysia"


@pytest.mark.rule("hubris", "8.6.6")
def test_no_march_through_a_satrapy_wholly_held_by_a_kingdom_at_war_with_rome():
    s = _orbi()
    place(s, "lysimacheia", "seleucids", "garrison")       # a Seleucid Place in THRAKE
    for p in DATA.satrapies["makedonia"].places:
        place(s, p, "macedon", "garrison")
    at_war(s, "macedon", "italia", "ra-9")
    at_war(s, "seleucids", "illyria", "ra-9")
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    asked = _run(s, frame)
    assert s["leaders"]["consul-seleucids"]["location"] == "illyria"
    assert not asked and frame not in s["stack"]
    assert roman_war.held_at_war(DATA, s, "makedonia")
    assert roman_war.targets(DATA, s, "seleucids") == []


@pytest.mark.rule("hubris", "8.6.6")
def test_a_denied_free_passage_draws_a_roman_card_for_the_new_war():
    s = _orbi()
    place(s, "lysimacheia", "seleucids", "garrison")       # reached through MAKEDONIA
    at_war(s, "seleucids", "illyria", "ra-9")
    act = flow.push(s, "roman-activation", todo=[])         # the Seleucid War's card is done
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    asked = _run(s, frame, {"macedon": "deny"})             # Macedon has no Influence
    assert asked == [("macedon", "makedonia")]
    assert rome.at_war(s, "macedon")
    assert frame not in s["stack"]                          # no way left: the Consul waits
    assert s["leaders"]["consul-seleucids"]["location"] == "illyria"
    assert s["rome"]["consuls"]["macedon"]["card"] is None
    roman_war.RomanActivation().run(DATA, s, act)           # the new War: a card now
    assert s["rome"]["consuls"]["macedon"]["card"]
    assert any(e["text"].startswith("Rome's War against Macedon:") for e in s["log"])


@pytest.mark.rule("hubris", "8.6.5")
def test_with_no_target_in_reach_the_consul_moves_nearest_the_enemy():
    """The Seleucids hold only LYDIA-PHRYGIA: from ITALIA no Origin reaches it; the Consul
    makes a Campaign with no target into MYSIA, the nearest he can reach (ruling R34)."""
    s = _orbi()
    clear_region(s, "seleucids", "asia-minor")
    place(s, "sardeis", "seleucids", "garrison")
    at_war(s, "seleucids", "italia", "ra-9")
    assert roman_war.targets(DATA, s, "seleucids") == []
    frame = flow.push(s, "roman-campaign", foe="seleucids", step="target")
    asked = _run(s, frame)
    assert [k for k, _ in asked] == ["macedon", "ptolemies"]
    assert frame not in s["stack"] and frame["march"] and frame["origin"] == "thrake"
    assert s["leaders"]["consul-seleucids"]["location"] == "mysia"
