"""Land and Naval Battles (7.1, 7.2): strike, Hits, outcome, consequences."""

import pytest

from rules.hubris import battles, flow
from tests.hubris.rules_helpers import DATA, Dice, fresh


def _side(power, troops, routed, leader=None):
    return {"power": power, "leader": leader, "rating": 2, "troops": troops, "damage": {},
            "routed": routed, "dice": [], "hits": 0}


@pytest.mark.rule("hubris", "7.1.2")
def test_example_equal_routs_without_elite_is_indecisive():
    s = fresh()
    frame = {"proc": "land-battle", "sat": "koile-syria", "sides": {
        "attacker": _side("seleucids", ["e", "r1", "r2"], ["r1", "r2"]),
        "defender": _side("ptolemies", ["d1", "d2", "d3", "d4"], ["d1", "d2"])}}
    for u in ("e", "r1", "r2", "d1", "d2", "d3", "d4"):
        s["units"][u] = {"type": "mercenary", "owner": "x", "location": "koile-syria",
                         "face": "up"}
    battles.land_outcome(DATA, s, frame)
    assert frame["loser"] is None and frame["winner"] is None


@pytest.mark.rule("hubris", "7.1.2")
def test_more_elite_routed_loses_on_equal_routs():
    s = fresh()
    frame = {"proc": "land-battle", "sat": "koile-syria", "sides": {
        "attacker": _side("seleucids", ["seleucids-royal-army", "x1"], ["seleucids-royal-army"]),
        "defender": _side("ptolemies", ["cretans", "arcadians"], ["cretans"])}}
    s["units"]["x1"] = {"type": "mercenary", "owner": "seleucids", "location": "koile-syria",
                        "face": "up"}
    battles.land_outcome(DATA, s, frame)
    assert frame["loser"] == "attacker"
    assert s["units"]["seleucids-royal-army"]["location"] == "dispersed"


@pytest.mark.rule("hubris", "7.1.1")
def test_strike_elite_bonus_and_natural_one_double_hit(monkeypatch):
    s = fresh()
    monkeypatch.setattr(battles, "roll", Dice(1, 3, 3))
    side = _side("seleucids", ["seleucids-royal-army", "katoikoi-lower-satrapies",
                               "katoikoi-upper-satrapies"], [])
    battles._strike(s, side, "seleukis", "7.1.1")
    # 1 = two Hits; the Elite Royal Army is not rolled here; 3 fails at rating 2 for Regulars
    # (order: royal army rolls 1 -> 2 Hits, katoikoi roll 3 and 3 -> fail)
    assert side["hits"] == 2
    assert side["dice"][0]["threshold"] == 3        # Elite +1


@pytest.mark.rule("hubris", "7.1.3")
def test_victor_gains_renown_two_when_beating_a_king():
    s = fresh()
    W = _side("seleucids", [], [], leader="S6")
    L = _side("ptolemies", [], [], leader="P1")
    battles.renown_after_battle(DATA, s, W, L, "7.1.3")
    assert s["leaders"]["S6"]["renown"] == 2
    assert s["leaders"]["P1"]["renown"] == -2


@pytest.mark.rule("hubris", "7.1.1")
def test_rough_terrain_defender_strikes_first(monkeypatch):
    s = fresh()
    s["leaders"]["P3"]["location"] = "kilikia"
    s["units"]["cretans"]["location"] = "leader:P3"
    s["units"]["seleucids-royal-army"]["location"] = "kilikia"
    s["stack"].append({"proc": "campaign", "id": "c9", "battles": [{"enemy": "seleucids"}]})
    battles.start_land_battle(DATA, s, "ptolemies", "seleucids", "kilikia", "P3", True,
                              s["stack"][-1])
    monkeypatch.setattr(battles, "roll", Dice(1))          # the Elite defender: 2 Hits
    frame = s["stack"][-1]
    flow.PROCS["land-battle"].run(DATA, s, frame)
    # Cretans routed before striking: the attacker never rolls
    assert frame["sides"]["attacker"]["routed"] == ["cretans"]
    flow.PROCS["land-battle"].run(DATA, s, frame)
    assert frame["sides"]["attacker"]["dice"] == []


@pytest.mark.rule("hubris", "7.2.2")
def test_naval_example_interceptor_sunk_is_defeated(monkeypatch):
    s = fresh()
    s["units"]["ptolemies-squadron-2"]["location"] = "libykon-pelagos"
    s["units"]["seleucids-squadron-1"] = {"type": "squadron", "owner": "seleucids",
                                          "location": "pamphylion-pelagos", "face": "up"}
    s["unit_ids"] = sorted(s["units"])
    parent = {"proc": "naval", "id": "n1", "naval": []}
    s["stack"].append(parent)
    battles.start_naval_battle(DATA, s, "ptolemies", "seleucids", "aigyption-pelagos",
                               ["ptolemies-squadron-1"], None, parent, [])
    frame = s["stack"][-1]
    # the Ptolemies choose to reinforce from Libykon (6.6)
    flow.PROCS["naval-battle"].apply(DATA, s, frame, "reinforce:ptolemies-squadron-2")
    # 7.2 example: two Squadrons (one reinforcing from Libykon) score two Hits, the lone
    # Interceptor one: the Interceptor is Sunk, one campaigning Squadron too
    monkeypatch.setattr(battles, "roll", Dice(2, 2, 2))
    flow.PROCS["naval-battle"].run(DATA, s, frame)
    assert frame["pending"] and frame["pending"][0]["by"] == "defender"
    while frame["pending"]:
        flow.PROCS["naval-battle"].apply(DATA, s, frame, "hit:ptolemies-squadron-1")
    flow.PROCS["naval-battle"].run(DATA, s, frame)
    report = flow.PROCS["naval-battle"].prompt(DATA, s, frame)
    assert report.kind == "battle" and report.context["sides"][0]["hits"] == 2
    flow.PROCS["naval-battle"].apply(DATA, s, frame, "continue")
    flow.PROCS["naval-battle"].run(DATA, s, frame)
    assert parent["naval"][-1]["winner"] == "ptolemies"
    assert s["units"]["seleucids-squadron-1"]["location"] == "offmap"
    assert s["units"]["ptolemies-squadron-1"]["location"] == "offmap"
    assert s["units"]["ptolemies-squadron-2"]["location"] == "aigyption-pelagos"
