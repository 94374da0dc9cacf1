"""Land, Naval and Overseas Campaigns, Sieges, Plunder, Reactions (5.2-5.4, 6.x)."""

import pytest

from rules.hubris import core, land_campaign, reactions, sieges
from tests.hubris.rules_helpers import DATA, fresh


def campaign(s, k="seleucids", lid="S4", origin="seleukis", target="koile-syria",
             mode="land", force=()):
    return {"id": "t1", "kingdom": k, "leader": lid, "mode": mode, "origin": origin,
            "target": target, "force": list(force), "fees": 0, "escorts": [],
            "announced": {"powers": ["ptolemies"], "unaligned": True, "garrisons": True},
            "started_controlled": []}


@pytest.mark.rule("hubris", "5.2.3")
def test_logistics_example_king_pays_three_less():
    s = fresh()
    f = campaign(s, force=["a", "b", "c", "d"])
    # four Units into KOILE SYRIA (Supply 3) led by the King: 12 - 3 = 9 T
    assert land_campaign.total_cost(DATA, s, f) == 9
    f2 = campaign(s, k="ptolemies", lid="P3", origin="pelousiakon-stoma", force=["a", "b"])
    # a Friend pays full price plus the PELOUSIAKON STOMA border cost (2): (3 + 2) x 2
    assert land_campaign.total_cost(DATA, s, f2) == 10


@pytest.mark.rule("hubris", "5.4.3")
def test_overseas_cost_adds_five_per_land_unit_and_three_per_escort():
    s = fresh()
    f = campaign(s, k="ptolemies", lid="P1", origin="delta", target="kypros", mode="overseas",
                 force=["a", "b"])
    assert land_campaign.total_cost(DATA, s, f) == (3 + 5) * 2 - 3
    f["escorts"] = ["sq"]
    assert land_campaign.total_cost(DATA, s, f) == 16


@pytest.mark.rule("hubris", "5.2.2")
def test_muster_face_down_colonists_need_their_home_controlled():
    s = fresh()
    units = dict(land_campaign.musterable(DATA, s, "seleucids", "S4", "seleukis", "land"))
    assert "katoikoi-lower-satrapies" in units and "seleucids-royal-army" in units
    assert "cleruchs" not in units        # DELTA is Ptolemaic
    units_p = dict(land_campaign.musterable(DATA, s, "ptolemies", "P1", "delta", "land"))
    assert {"cleruchs", "cretans", "ptolemies-royal-army"} <= set(units_p)


@pytest.mark.rule("hubris", "5.2.8")
def test_plunder_example_koile_syria():
    s = fresh()
    f = campaign(s)
    sieges.plunder(DATA, s, f, "koile-syria", 3, "5.2.8")
    assert s["kingdoms"]["seleucids"]["treasury"] == 21 + 7     # capped at Full Tax 7
    assert s["satrapies"]["koile-syria"]["ravaged"]
    s2 = fresh()
    sieges.plunder(DATA, s2, f, "koile-syria", 2, "5.2.8")
    assert s2["kingdoms"]["seleucids"]["treasury"] == 21 + 6


@pytest.mark.rule("hubris", "5.2.6")
def test_siege_thresholds_stronghold_siege_train_and_sd():
    s = fresh()
    f = campaign(s, lid="S6")                    # Zeuxis, Siege 2
    s["leaders"]["S6"]["location"] = "koile-syria"
    assert sieges.siege_threshold(DATA, s, f, "tyros") == 1      # Stronghold -1
    s["units"]["seleucids-siege-train"]["location"] = "leader:S6"
    assert sieges.siege_threshold(DATA, s, f, "tyros") == 2      # +1 Siege Train
    s["places"]["tyros"]["sd"] = True
    assert sieges.siege_threshold(DATA, s, f, "tyros") == 1      # -1 Strengthened Defenses


@pytest.mark.rule("hubris", "5.2.5")
def test_no_siege_against_places_of_a_kingdom_with_land_units_present():
    s = fresh()
    f = campaign(s, target="delta", origin="delta")
    assert sieges.targetable(DATA, s, f, "city") == []      # the Ptolemaic army is in DELTA
    s["units"]["ptolemies-royal-army"]["location"] = "thebais"
    for u in ("ptolemies-siege-train", "cretans", "arcadians"):
        s["units"][u]["location"] = "thebais"
    assert "alexandreia" in sieges.targetable(DATA, s, f, "city")


@pytest.mark.rule("hubris", "5.2.1")
def test_targets_adjacent_or_origin_only_if_not_controlled():
    s = fresh()
    assert set(land_campaign.targets(DATA, s, "seleucids", "seleukis", "land")) == \
        {"seleukis", "kilikia", "koile-syria", "parapotamia", "mesopotamia"}
    assert land_campaign.targets(DATA, s, "seleucids", "koile-syria", "land") == ["koile-syria"]


@pytest.mark.rule("hubris", "6.2")
def test_strengthen_defenses_costs_one_talent_per_city():
    s = fresh()
    frame = {"proc": "defence", "seat": "ptolemies", "kingdom": "ptolemies",
             "sat": "koile-syria", "campaign": "t1", "sd_leader": None, "sd_done": False,
             "mustered": False}
    ids = [c.id for c in reactions.defence_choices(DATA, s, frame)]
    assert "sd:P3" in ids and "done" in ids
    reactions.Defence().apply(DATA, s, frame, "sd:P3")
    s["queue"].clear()
    reactions.Defence().apply(DATA, s, frame, "sdcity:tyros")
    assert s["places"]["tyros"]["sd"] and s["kingdoms"]["ptolemies"]["treasury"] == 27
    assert s["leaders"]["P3"]["location"] == "koile-syria"
    assert s["leaders"]["P3"]["rotation"] == 1


@pytest.mark.rule("hubris", "6.3")
def test_withdrawal_to_an_adjacent_controlled_satrapy():
    s = fresh()
    frame = {"proc": "defence", "seat": "ptolemies", "kingdom": "ptolemies", "sat": "delta",
             "campaign": "t1", "sd_leader": None, "sd_done": True, "mustered": True}
    ids = [c.id for c in reactions.defence_choices(DATA, s, frame)]
    assert "withdraw:loose:thebais" in ids
    reactions.Defence().apply(DATA, s, frame, "withdraw:loose:thebais")
    assert core.where_is(s, "ptolemies-royal-army") == "thebais"
    assert core.where_is(s, "cretans") == "thebais"


@pytest.mark.rule("hubris", "6.1")
def test_emergency_muster_turns_colonists_face_up():
    s = fresh()
    frame = {"proc": "defence", "seat": "ptolemies", "kingdom": "ptolemies", "sat": "delta",
             "campaign": "t1", "sd_leader": None, "sd_done": True, "mustered": False}
    reactions.Defence().apply(DATA, s, frame, "muster")
    assert s["units"]["cleruchs"]["face"] == "up"
    assert s["units"]["cleruchs"]["owner"] == "ptolemies"


@pytest.mark.rule("hubris", "6.6")
def test_interception_needs_a_friendly_sea_with_squadrons_in_or_next_to_it():
    s = fresh()
    # Ptolemaic squadrons in Aigyption/Pamphylion; Seleucid ships moving there are Intercepted
    assert reactions.interceptors_for(DATA, s, "aigyption-pelagos", "seleucids", []) == \
        ["ptolemies"]
    assert reactions.interceptors_for(DATA, s, "aigyption-pelagos", "ptolemies", []) == []
