"""Rules once got wrong and the rule tests they lacked: plunder after Interception
(5.3.5, 6.6), Temporary Capital (2.5.6), the choice of the leading Leader (7.1), Strengthen
Defenses without a City (6.2), Activation (5.1), Naval Campaign (5.3), Sea Support (6.4),
Straits Crossing Interdiction (6.5)."""

import pytest

from rules.hubris import battles, capitals, flow, naval_campaign, reactions
from rules.hubris.activation import Activation
from rules.hubris.land_campaign import Campaign
from tests.hubris.rules_helpers import DATA, GAME, fresh


def _naval_frame(s):
    """The Ptolemaic Theodotos with one Squadron in Aigyption Pelagos, ready to act."""
    s["units"]["ptolemies-squadron-1"]["location"] = "leader:P3"
    s["leaders"]["P3"]["location"] = "aigyption-pelagos"
    frame = flow.push(s, "naval", id="n1", kingdom="ptolemies", leader="P3", step="act",
                      origin="aigyption-pelagos", target="aigyption-pelagos",
                      path=["aigyption-pelagos"], index=0, added=1, plunders=0, naval=[],
                      defeated_squadrons=[], started_controlled=[])
    s["units"]["seleucids-squadron-1"]["location"] = "pamphylion-pelagos"
    return frame


@pytest.mark.rule("hubris", "5.3.5")
def test_a_fleet_defeated_by_the_interception_does_not_plunder(monkeypatch):
    s = fresh()
    frame = _naval_frame(s)
    treasury = s["kingdoms"]["ptolemies"]["treasury"]
    naval_campaign.NavalCampaign().apply(DATA, s, frame, "plunder:kilikia")
    assert not s["satrapies"]["kilikia"]["ravaged"]        # not before the Interception
    assert [q["proc"] for q in s["queue"]] == ["intercept"]
    q = s["queue"].pop(0)
    reactions.Intercept().apply(DATA, s, q, "intercept")

    def lose(data, state, k, icp, sea, force, lid, parent, land):
        parent["naval"].append({"sea": sea, "winner": icp, "loser": k})
    monkeypatch.setattr(battles, "start_naval_battle", lose)
    naval_campaign.NavalCampaign().run(DATA, s, frame)      # the battle (lost)
    naval_campaign.NavalCampaign().run(DATA, s, frame)      # the outcome
    assert not s["satrapies"]["kilikia"]["ravaged"]
    assert s["kingdoms"]["ptolemies"]["treasury"] == treasury
    assert frame not in s["stack"]                          # the Campaign is aborted


@pytest.mark.rule("hubris", "5.3.5")
def test_an_undefeated_fleet_plunders_after_the_interception_window():
    s = fresh()
    frame = _naval_frame(s)
    treasury = s["kingdoms"]["ptolemies"]["treasury"]
    naval_campaign.NavalCampaign().apply(DATA, s, frame, "plunder:kilikia")
    q = s["queue"].pop(0)
    reactions.Intercept().apply(DATA, s, q, "decline")
    naval_campaign.NavalCampaign().run(DATA, s, frame)
    assert s["satrapies"]["kilikia"]["ravaged"]
    # one Squadron: 3 T, capped by KILIKIA's Full Tax Value
    assert s["kingdoms"]["ptolemies"]["treasury"] == treasury + min(
        3, int(DATA.satrapies["kilikia"].tax[1]))
    assert frame["step"] == "act" and frame["plunders"] == 1


@pytest.mark.rule("hubris", "2.5.6")
def test_losing_the_only_capital_costs_a_dynastic_vp_and_asks_for_a_temporary_one():
    s = fresh()
    before = DATA.refresh(s) or s["derived"]["vp"]["ptolemies"]["dynastic"]
    s["places"]["alexandreia"].update(power="seleucids", marker="garrison")
    DATA.refresh(s)
    assert s["derived"]["vp"]["ptolemies"]["dynastic"] == str(int(before) - 1)
    capitals.settle(DATA, s)
    (q,) = s["queue"]
    p = capitals.TemporaryCapital().prompt(DATA, s, q)
    assert p.seat == "ptolemies" and "capital:alexandreia" not in [c.id for c in p.choices]
    choice = p.choices[0].id
    capitals.TemporaryCapital().apply(DATA, s, q, choice)
    s["queue"].clear()
    assert s["kingdoms"]["ptolemies"]["temporary_capital"] == choice.split(":")[1]
    capitals.settle(DATA, s)
    assert not s["queue"]                         # designated once, not asked again
    assert s["derived"]["vp"]["ptolemies"]["dynastic"] == str(int(before) - 1)
    # recovering Alexandreia ends the penalty and the Temporary Capital
    s["places"]["alexandreia"].update(power="ptolemies", marker="garrison")
    DATA.refresh(s)
    capitals.settle(DATA, s)
    assert s["kingdoms"]["ptolemies"]["temporary_capital"] is None
    assert s["derived"]["vp"]["ptolemies"]["dynastic"] == before


@pytest.mark.rule("hubris", "2.5.6")
def test_the_seleucids_keep_their_vp_while_one_of_two_capitals_stands():
    s = fresh()
    DATA.refresh(s)
    before = s["derived"]["vp"]["seleucids"]["dynastic"]
    s["places"]["antiocheia"].update(power="ptolemies", marker="garrison")
    DATA.refresh(s)
    capitals.settle(DATA, s)
    assert not s["queue"] and s["derived"]["vp"]["seleucids"]["dynastic"] == before


@pytest.mark.rule("hubris", "7.1")
def test_the_player_chooses_the_leading_leader_when_no_king_is_present():
    s = fresh()
    s["leaders"]["P3"]["location"] = "koile-syria"
    for lid in ("S6", "S7"):
        s["leaders"][lid]["location"] = "koile-syria"
    s["units"]["seleucids-royal-army"]["location"] = "leader:S7"
    parent = flow.push(s, "campaign", id="c1", battles=[{"enemy": "ptolemies"}])
    battles.start_land_battle(DATA, s, "seleucids", "ptolemies", "koile-syria", "S7", False,
                              parent)
    frame = s["stack"][-1]
    # the Strategos S7 leads by default, but the Seleucid player may pick Zeuxis instead
    assert frame["step"] == "leader" and frame["choose"] == ["attacker"]
    p = battles.LandBattle().prompt(DATA, s, frame)
    assert p.seat == "seleucids" and {c.id for c in p.choices} == {"lead:S6", "lead:S7"}
    battles.LandBattle().apply(DATA, s, frame, "lead:S6")
    assert frame["sides"]["attacker"]["leader"] == "S6"
    assert frame["sides"]["attacker"]["rating"] == DATA.card("S6").battle
    assert frame["sides"]["defender"]["leader"] == "P3"
    assert frame["step"] == "strike-both"


@pytest.mark.rule("hubris", "7.1")
def test_a_present_king_always_leads():
    s = fresh()
    for lid in ("P1", "P3", "P5"):
        s["leaders"][lid]["location"] = "koile-syria"
    assert battles.side_candidates(DATA, s, "ptolemies", "koile-syria") == ["P1"]


@pytest.mark.rule("hubris", "6.2")
def test_strengthen_defenses_rotates_only_with_the_first_city_and_may_be_backed_out_of():
    s = fresh()
    frame = {"proc": "defence", "seat": "ptolemies", "kingdom": "ptolemies",
             "sat": "koile-syria", "campaign": "t1", "sd_leader": None, "sd_done": False,
             "mustered": False}
    reactions.Defence().apply(DATA, s, frame, "sd:P3")
    s["queue"].clear()
    ids = [c.id for c in reactions.defence_choices(DATA, s, frame)]
    assert "sd-done" in ids
    reactions.Defence().apply(DATA, s, frame, "sd-done")
    s["queue"].clear()
    assert s["leaders"]["P3"]["rotation"] == 0 and s["leaders"]["P3"]["location"] == "court"
    assert any(c.id == "sd:P3" for c in reactions.defence_choices(DATA, s, frame))


@pytest.mark.rule("hubris", "5.1")
def test_activation_offers_available_leaders_once_and_rotates_the_chosen_one():
    s = fresh()
    s["leaders"]["P5"]["rotation"] = 2                      # Spent
    frame = flow.push(s, "activation", kingdom="ptolemies", card=None)
    p = Activation().prompt(DATA, s, frame)
    leaders_offered = {c.id.split(":")[1] for c in p.choices if c.id.startswith("act:")}
    assert "P5" not in leaders_offered and {"P1", "P2"} <= leaders_offered
    assert all(not c.id.startswith("act:S") for c in p.choices)
    choice = next(c.id for c in p.choices if c.id.startswith("act:P2:"))
    Activation().apply(DATA, s, frame, choice)
    assert s["leaders"]["P2"]["rotation"] == 1
    assert frame not in s["stack"]                          # one Activation per card


@pytest.mark.rule("hubris", "5.1")
def test_a_leader_activates_at_most_twice_a_turn():
    s = fresh()
    s["leaders"]["P2"]["rotation"] = 1
    frame = flow.push(s, "activation", kingdom="ptolemies", card=None)
    choice = next(c.id for c in Activation().prompt(DATA, s, frame).choices
                  if c.id.startswith("act:P2:") and not c.id.endswith("evergetism"))
    Activation().apply(DATA, s, frame, choice)
    assert s["leaders"]["P2"]["rotation"] == 2
    frame = flow.push(s, "activation", kingdom="ptolemies", card=None)
    assert not any(c.id.startswith("act:P2:") for c in Activation().prompt(DATA, s, frame).choices)


@pytest.mark.rule("hubris", "5.3.3")
def test_naval_campaign_logistics_three_talents_a_squadron_the_king_less_three():
    s = fresh()
    naval_campaign.start(DATA, s, "ptolemies", "P1")
    king = s["stack"][-1]
    assert naval_campaign._cost(s, king) == 0               # the King's first Squadron
    king["added"] = 1
    assert naval_campaign._cost(s, king) == 3
    naval_campaign.start(DATA, s, "ptolemies", "P3")
    assert naval_campaign._cost(s, s["stack"][-1]) == 3
    assert "aigyption-pelagos" in naval_campaign.targets(DATA, s, "ptolemies",
                                                         "aigyption-pelagos")


@pytest.mark.rule("hubris", "6.4")
def test_sea_support_doubles_the_successes_a_siege_needs():
    s = fresh()
    opts = flow.push(s, "options", id="o1", campaign="c1", supported=[], supporters=[])
    ports = [p for p in DATA.satrapies["koile-syria"].places
             if DATA.places[p].port == "aigyption-pelagos"]
    assert ports
    q = {"proc": "sea-support", "kingdom": "ptolemies", "seas": ["aigyption-pelagos"],
         "ports": ports, "options": "o1"}
    p = reactions.SeaSupport().prompt(DATA, s, q)
    assert "support:aigyption-pelagos" in [c.id for c in p.choices]
    reactions.SeaSupport().apply(DATA, s, q, "support:aigyption-pelagos")
    assert set(opts["supported"]) == set(ports)
    assert opts["supporters"] == [{"power": "ptolemies", "sea": "aigyption-pelagos",
                                   "fought": False}]


def _new_hopes():
    s = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    from rules.hubris import play
    play.add_squadron_pools(DATA, s)
    DATA.refresh(s)
    s["stack"] = [{"proc": "game", "next": "action", "started": True}]
    return s


@pytest.mark.rule("hubris", "6.5")
def test_an_undefeated_interdiction_sends_the_force_back_to_its_origin():
    s = _new_hopes()
    s["units"]["ptolemies-squadron-3"]["location"] = "sikelikon-pelagos"
    s["units"]["macedon-royal-army"]["location"] = "leader:M6"
    s["leaders"]["M6"]["location"] = "aitolia-epeiros"
    camp = flow.push(s, "campaign", id="c1", kingdom="macedon", leader="M6", mode="land",
                     origin="aitolia-epeiros", target="peloponnesos", force=[], escorts=[],
                     step="land", battles=[], naval=[])
    Campaign().run(DATA, s, camp)
    assert camp["step"] == "strait"
    (q,) = [q for q in s["queue"] if q["proc"] == "interdict"]
    assert q["kingdom"] == "ptolemies"
    s["queue"].remove(q)
    reactions.Interdict().apply(DATA, s, q, "interdict")
    assert s["wars"].get("macedon|ptolemies") == "war"      # an Act of War (6.5)
    Campaign().run(DATA, s, camp)           # the Interdiction may be Intercepted
    for q in list(s["queue"]):
        s["queue"].remove(q)                # Macedon has no Squadron near: nothing asked
    Campaign().run(DATA, s, camp)
    assert camp not in s["stack"]
    assert s["leaders"]["M6"]["location"] == "aitolia-epeiros"


@pytest.mark.rule("hubris", "6.5")
def test_a_crossing_no_one_interdicts_goes_on_to_the_target():
    s2 = _new_hopes()
    s2["units"]["macedon-royal-army"]["location"] = "leader:M6"
    s2["leaders"]["M6"]["location"] = "aitolia-epeiros"
    camp = flow.push(s2, "campaign", id="c1", kingdom="macedon", leader="M6", mode="land",
                     origin="aitolia-epeiros", target="peloponnesos", force=[], escorts=[],
                     step="land", battles=[], naval=[], announce="all")
    Campaign().run(DATA, s2, camp)
    assert not s2["queue"] and camp["step"] == "strait"      # no Squadron in Sikelikon
    Campaign().run(DATA, s2, camp)
    Campaign().run(DATA, s2, camp)
    assert s2["leaders"]["M6"]["location"] == "peloponnesos"
