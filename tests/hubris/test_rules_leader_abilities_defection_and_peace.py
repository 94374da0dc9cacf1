"""The Special Abilities of the Leaders in play (2.2.2), Defection (2.2.9),
Peace during the Action Phase (2.12), Succession Crises (4.5), Returning Home (3.7.5),
Event cards shown to both players (3.6) and sealed bids hidden from the other seat (2.2.7)."""

import json

import pytest

from rules.hubris import (
    abilities,
    battles,
    checks,
    core,
    defection,
    envoy,
    events,
    flow,
    land_campaign,
    leaders,
    succession,
    turn,
    wars,
)
from tests.hubris.rules_helpers import DATA, GAME, Dice, fresh, prompt


def _activation(s, k):
    return flow.push(s, "activation", kingdom=k, card="ev-03")


# --- Special Abilities ------------------------------------------------------------------------
@pytest.mark.rule("hubris", "2.13.5")
def test_sosibios_egyptian_phalanx_brings_in_the_machimoi_once():
    s = fresh()
    frame = _activation(s, "ptolemies")
    ids = [c.id for c in prompt(s).choices]
    assert "act:P2:phalanx" in ids and not any(i.endswith(":phalanx") and ":P2:" not in i
                                               for i in ids)
    flow.PROCS["activation"].apply(DATA, s, frame, "act:P2:phalanx")
    m = s["units"]["machimoi"]
    assert (m["location"], m["face"], m["owner"]) == ("delta", "down", None)
    assert s["leaders"]["P2"]["rotation"] == 1                      # it took an Activation
    assert not abilities.phalanx_possible(DATA, s, "ptolemies", "P2")   # once per game
    # the Machimoi are Military Colonists of DELTA: a Ptolemaic Campaign may Muster them
    assert ("machimoi", 0) in land_campaign.musterable(DATA, s, "ptolemies", "P3", "delta",
                                                       "land")


def _battle(s, machimoi: bool):
    s["leaders"]["P1"]["location"] = "koile-syria"
    troops = ["ptolemies-royal-army"] + (["machimoi"] if machimoi else [])
    s["units"]["machimoi"]["type"] = "colonist"
    for u in troops:
        s["units"][u].update(location="leader:P1", face="up", owner="ptolemies")
    s["units"]["seleucids-royal-army"]["location"] = "koile-syria"
    battles.start_land_battle(DATA, s, "ptolemies", "seleucids", "koile-syria", "P1", False,
                              {})
    return s["stack"][-1]


@pytest.mark.rule("hubris", "7.1.1")
def test_ptolemaios_royal_phalanx_adds_one_when_the_machimoi_fight(monkeypatch):
    s = fresh()
    frame = _battle(s, machimoi=True)
    monkeypatch.setattr(battles, "roll", Dice(3, 3, 6))
    flow.PROCS["land-battle"].run(DATA, s, frame)
    att = frame["sides"]["attacker"]
    assert [d["threshold"] for d in att["dice"]] == [3, 3]          # Battle 2 + 1
    assert att["hits"] == 2                                          # two 3s hit at 3
    labels = [m["label"] for m in battles._context(frame)["sides"][0]["modifiers"]]
    assert any("ROYAL PHALANX" in x for x in labels)
    s2 = fresh()
    frame2 = _battle(s2, machimoi=False)
    monkeypatch.setattr(battles, "roll", Dice(3, 6))
    flow.PROCS["land-battle"].run(DATA, s2, frame2)
    assert frame2["sides"]["attacker"]["dice"][0]["threshold"] == 2   # no Machimoi, no bonus
    assert frame2["sides"]["attacker"]["hits"] == 0


@pytest.mark.rule("hubris", "5.2.3")
def test_antiochos_anabasis_pays_no_border_supply_cost():
    frame = {"mode": "land", "origin": "koile-syria", "target": "pelousiakon-stoma"}
    supply = DATA.satrapies["pelousiakon-stoma"].supply
    assert DATA.border_cost("koile-syria", "pelousiakon-stoma") == 2
    assert land_campaign.unit_cost(DATA, dict(frame, leader="S4")) == supply
    assert land_campaign.unit_cost(DATA, dict(frame, leader="S6")) == supply + 2


@pytest.mark.rule("hubris", "5.8.3")
def test_zeuxis_quartermaster_raises_taxes_at_plus_one(monkeypatch):
    outcomes = {}
    for lid in ("S6", "S4"):                  # both Admin 3; only Zeuxis is QUARTERMASTER
        s = fresh()
        monkeypatch.setattr(checks, "roll", Dice(3))
        frame = flow.push(s, "raise-taxes", kingdom="seleucids", leader=lid, step="roll",
                          sats=["babylonia"])
        flow.PROCS["raise-taxes"].run(DATA, s, frame)
        outcomes[lid] = dict(s["satrapies"]["babylonia"])
    assert outcomes["S6"]["taxes_increased"] and not outcomes["S6"]["ravaged"]   # margin 1
    assert outcomes["S4"]["ravaged"] and not outcomes["S4"]["taxes_increased"]   # margin 0


@pytest.mark.rule("hubris", "5.5.3")
def test_antipatros_royal_envoy_checks_at_plus_one():
    s = fresh()
    s["places"]["arados"].update(power=None, marker=None)
    plain = {"leader": "S7", "bribe": False}
    assert envoy.threshold(DATA, s, plain, "arados") == DATA.card("S7").diplomacy + 1
    assert envoy.threshold(DATA, s, dict(plain, leader="S6"), "arados") == \
        DATA.card("S6").diplomacy


@pytest.mark.rule("hubris", "5.2.2")
def test_skopas_condottiere_hires_without_the_fee():
    s = fresh()
    core.set_satrapy(s, "lykia-pamphylia", in_play=True)
    s["places"]["lykia"].update(power="seleucids", marker="alliance")
    s["units"]["cretans"].update(location="lykia-pamphylia", face="down", owner=None)
    DATA.refresh(s)
    fees = {lid: dict(land_campaign.musterable(DATA, s, "seleucids", lid, "lykia-pamphylia",
                                               "land")).get("cretans")
            for lid in ("U3", "S6")}
    assert fees == {"U3": 0, "S6": land_campaign.MERC_FEE}


@pytest.mark.rule("hubris", "2.3.3")
def test_agathokles_regent_takes_office_when_the_king_dies():
    s = fresh()
    s["decks"]["events"]["draw"] = ["ev-05"]
    leaders.remove_leader(DATA, s, "P1", "test", "4.7")
    kd = s["kingdoms"]["ptolemies"]
    assert kd["king"] is None                               # no Royal left: a regency
    assert kd["chief_minister"] == "P5" and s["leaders"]["P5"]["role"] == "chief-minister"
    assert s["leaders"]["P2"]["role"] is None
    assert "ev-09" in s["decks"]["events"]["draw"]          # Lagid Succession Crisis (4.5)


@pytest.mark.rule("hubris", "2.2.11")
def test_replacement_leaders_never_defect_nor_gain_renown():
    s = fresh()
    s["leaders"]["PR1"] = {"court": "ptolemies", "location": "court", "role": None,
                           "rotation": 0, "renown": 0, "rebel": False}
    assert not defection.defect(DATA, s, "PR1", "test")
    assert s["leaders"]["PR1"]["court"] == "ptolemies"
    leaders.change_renown(DATA, s, "PR1", 1, "7.1.3")
    assert s["leaders"]["PR1"]["renown"] == 0


# --- Defection, TURNCOAT ----------------------------------------------------------------------
@pytest.mark.rule("hubris", "2.2.9")
def test_theodotos_turncoat_defects_and_the_seleucids_buy_him(monkeypatch):
    s = fresh()
    s["leaders"]["P3"].update(renown=1, rotation=1, location="koile-syria", role="strategos")
    s["units"]["cretans"]["location"] = "leader:P3"
    monkeypatch.setattr(defection, "check", lambda state, thr, **kw: [thr + 1])   # fails
    flow.push(s, "after-action", kingdom="ptolemies", leader="P3")
    flow.drive(DATA, s)
    # his Units stay in KOILE SYRIA; the Ptolemies are asked for an Emergency Appointment
    assert s["units"]["cretans"]["location"] == "koile-syria"
    assert s["leaders"]["P3"]["court"] == defection.DEFECTING
    p = prompt(s)
    assert p.seat == "ptolemies" and p.rule == "2.3.5"
    s = GAME.apply(s, "decline")
    p = prompt(s)
    assert p.kind == "bid" and p.seat == "seleucids" and p.rule == "2.2.9"
    s = GAME.apply(s, "bid:4")
    rec = s["leaders"]["P3"]
    assert (rec["court"], rec["location"], rec["rotation"], rec["renown"]) == \
        ("seleucids", "court", 1, 1)                        # keeps Rotation and Renown
    assert s["kingdoms"]["seleucids"]["treasury"] == 21 - 4
    assert s["units"]["cretans"]["location"] == "dispersed"


@pytest.mark.rule("hubris", "2.2.9")
def test_turncoat_checks_only_when_he_outshines_his_king(monkeypatch):
    s = fresh()
    calls = []
    monkeypatch.setattr(defection, "check", lambda state, thr, **kw: calls.append(thr) or [1])
    defection.turncoat_check(DATA, s, "P3")                 # Renown 0 vs King 0: no Check
    assert calls == []
    s["leaders"]["P3"]["renown"] = 1
    defection.turncoat_check(DATA, s, "P3")                 # Loyalty 2 - Renown 1
    assert calls == [1] and s["leaders"]["P3"]["court"] == "ptolemies"


@pytest.mark.rule("hubris", "2.2.9")
def test_a_defector_nobody_bids_for_leaves_play():
    s = fresh()
    assert defection.defect(DATA, s, "P5", "test")
    s = GAME.apply(s, "bid:pass")
    assert "P5" not in s["leaders"] and "P5" in s["removed_leaders"]


# --- Peace during the Action Phase ------------------------------------------------------------
@pytest.mark.rule("hubris", "2.12")
def test_peace_offer_accepted_ends_the_war_with_its_payment():
    s = fresh()
    _activation(s, "seleucids")
    assert "peace:ptolemies" in [c.id for c in prompt(s).choices]
    for c in ("peace:ptolemies", "add:talents:us", "term:5", "send"):
        s = GAME.apply(s, c)
    p = prompt(s)
    assert (p.seat, p.kind, p.rule) == ("ptolemies", "peace", "2.12")
    s = GAME.apply(s, "accept")
    assert s["wars"]["ptolemies|seleucids"] == "peace"
    assert s["kingdoms"]["seleucids"]["treasury"] == 16
    assert s["kingdoms"]["ptolemies"]["treasury"] == 33
    assert not wars.may_commit_act_of_war(s, "seleucids", "ptolemies")
    p = prompt(s)                                          # back to the Seleucid Activation
    assert p.seat == "seleucids" and not any(c.id.startswith("peace:") for c in p.choices)


@pytest.mark.rule("hubris", "2.12")
def test_peace_offer_refused_keeps_the_war_and_is_not_repeated_this_activation():
    s = fresh()
    _activation(s, "seleucids")
    s = GAME.apply(s, "peace:ptolemies")
    s = GAME.apply(s, "send")
    s = GAME.apply(s, "refuse")
    assert s["wars"]["ptolemies|seleucids"] == "war"
    assert s["kingdoms"]["seleucids"]["treasury"] == 21
    p = prompt(s)
    assert p.seat == "seleucids" and not any(c.id.startswith("peace:") for c in p.choices)


# --- Succession Crises ------------------------------------------------------------------------
@pytest.mark.rule("hubris", "4.5")
def test_lagid_succession_crisis_loser_defects(monkeypatch):
    s = fresh()
    leaders.remove_leader(DATA, s, "P1", "test", "4.7")      # regency: Agathokles CM (REGENT)
    monkeypatch.setattr(checks, "roll", Dice(6, 1))     # Agathokles 6 vs 5; Sosibios 1
    succession.resolve(DATA, s, "ev-09")
    assert s["leaders"]["P5"]["court"] == defection.DEFECTING
    assert s["stack"][-1]["proc"] == "leader-bid" and s["stack"][-1]["bidders"] == ["seleucids"]
    assert "crisis_resolving" not in s


@pytest.mark.rule("hubris", "4.5")
def test_seleucid_crisis_that_kills_the_king_is_not_shuffled_back(monkeypatch):
    s = fresh()
    s["decks"]["events"]["draw"] = ["ev-05"]
    monkeypatch.setattr(succession, "pick", lambda state, items, **kw: items[0])
    monkeypatch.setattr(checks, "roll", Dice(6, 1))     # Antiochos 6 vs 4; rival 1
    succession.resolve(DATA, s, "ev-10")
    assert "S4" not in s["leaders"] and s["kingdoms"]["seleucids"]["king"] is None
    assert "ev-10" not in s["decks"]["events"]["draw"]
    monkeypatch.setattr(checks, "roll", Dice(6, 6))     # both fail: it blows over
    before = sorted(s["leaders"])
    succession.resolve(DATA, s, "ev-10")
    assert sorted(s["leaders"]) == before


# --- Returning Home ---------------------------------------------------------------------------
@pytest.mark.rule("hubris", "3.7.5")
def test_returning_home_in_full():
    s = fresh()
    s["leaders"]["P3"].update(location="koile-syria", role="strategos")
    s["units"]["cretans"]["location"] = "leader:P3"
    s["units"]["cleruchs"].update(location="dispersed", face="up", owner="ptolemies")
    s["units"]["ptolemies-royal-army"]["location"] = "dispersed"
    s["units"]["seleucids-squadron-1"].update(location="libykon-pelagos")
    frame = flow.push(s, "winter", segment="home")
    flow.PROCS["winter"].run(DATA, s, frame)
    assert s["units"]["cretans"] == {"type": "mercenary", "owner": None, "location": "krete",
                                     "face": "down"}
    assert s["units"]["cleruchs"]["location"] == "delta" and \
        s["units"]["cleruchs"]["face"] == "down"
    assert s["units"]["seleucids-squadron-1"]["location"] == "offmap"   # non-Friendly Sea
    assert s["units"]["ptolemies-squadron-1"]["location"] == "aigyption-pelagos"
    top = s["stack"][-1]
    assert top["proc"] == "placement" and top["winter"]
    owners = [f["kingdom"] for f in s["stack"] if f["proc"] == "placement"]
    assert sorted(owners) == ["ptolemies", "seleucids"]
    while s["stack"][-1]["proc"] == "placement":
        f = s["stack"][-1]
        p = flow.PROCS["placement"].prompt(DATA, s, f)
        assert p.rule == "3.7.5" and all(c.target for c in p.choices)
        dest = "koile-syria" if f["kingdom"] == "ptolemies" else "seleukis"
        flow.PROCS["placement"].apply(DATA, s, f, f"place:{dest}")
    assert s["units"]["ptolemies-royal-army"]["location"] == "koile-syria"
    assert s["units"]["ptolemies-siege-train"]["location"] == "koile-syria"
    assert s["units"]["seleucids-royal-army"]["location"] == "seleukis"
    assert turn.royal_units(s, "ptolemies") == ["ptolemies-royal-army", "ptolemies-siege-train"]


# --- Event cards and sealed bids --------------------------------------------------------------
@pytest.mark.rule("hubris", "3.6")
def test_drawn_recurrent_event_is_shown_to_both_players():
    s = fresh()
    s["decks"]["events"]["draw"] = ["ev-05"]
    flow.push(s, "action-phase")
    flow.drive(DATA, s)
    p1 = prompt(s)
    assert p1.kind == "card" and p1.context["card"]["title"] == "Ev 5 'Enemies at the Gates'"
    assert p1.context["card"]["text"] and p1.seat == "ptolemies"   # the Seleucids act first
    s = GAME.apply(s, "ok")
    p2 = prompt(s)
    assert p2.kind == "card" and p2.seat == "seleucids"
    s = GAME.apply(s, "ok")
    p3 = prompt(s)
    assert p3.seat == "seleucids" and p3.rule == "5.1"             # no extra hand-over


@pytest.mark.rule("hubris", "2.2.7")
def test_view_never_shows_the_other_seats_sealed_bid():
    """Option sealed_first_round: the first round's bids stay hidden until all are in."""
    s = fresh()
    s["meta"]["options"]["sealed_first_round"] = "yes"
    events.ev15_mercenary_general(DATA, s, "ev-15")
    s = GAME.apply(s, "bid:10")                                    # the Seleucids seal 10 T

    def sealed_in(view):
        return [f["auction"]["sealed"] for f in view["stack"] if f.get("auction")]

    theirs = GAME.view(s, "ptolemies")
    assert sealed_in(theirs) == [{"seleucids": "sealed"}]
    assert not any("10 T" in e["text"] for e in theirs["log"])
    assert sealed_in(GAME.view(s, "seleucids")) == [{"seleucids": 10}]
    assert sealed_in(GAME.view(s, None)) == [{"seleucids": "sealed"}]
    json.dumps(theirs)                                             # still plain data
    s = GAME.apply(s, "bid:2")                                     # reveal: both bids shown
    assert any("Seleucids 10 T" in e["text"] for e in GAME.view(s, "ptolemies")["log"])
    p = prompt(s)                                                  # then open bidding
    assert p.seat == "ptolemies" and "bid:match" in [c.id for c in p.choices]


@pytest.mark.rule("hubris", "7.1.2")
def test_battle_report_context_fits_the_battle_dialog(monkeypatch):
    s = fresh()
    frame = _battle(s, machimoi=True)
    monkeypatch.setattr(battles, "roll", Dice(1, 1, 6))
    flow.drive(DATA, s)
    p = prompt(s)
    assert p.kind == "battle"
    sides = p.context["sides"]
    assert [x["name"] for x in sides] == ["Ptolemies (attacker)", "Seleucids (defender)"]
    for side in sides:
        assert {"name", "strength", "modifiers", "dice", "hits"} <= set(side)
        assert all({"label", "value", "rule"} <= set(m) for m in side["modifiers"])
        assert all(isinstance(d, int) for d in side["dice"])
    assert sides[0]["hits"] == 4 and p.context["outcome"].startswith("Ptolemies Victorious")
    assert frame["sides"]["attacker"]["bonus"] == 1
