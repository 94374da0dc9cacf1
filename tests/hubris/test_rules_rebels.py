"""Rebels and Rebellion (2.1.2, 2.2.10, 2.9) as 12.3 reaches them: the loser of the Seleucid
Succession Crisis (4.5) Rebels; installation, handling, defence, elimination, Capitals and the
Rebel's claim to the throne (rulings R23-R30)."""

import pytest

from rules.hubris import (
    battles,
    checks,
    core,
    flow,
    invariants,
    leaders,
    rebels,
    succession,
    turn,
)
from tests.hubris.rules_helpers import DATA, GAME, Dice, fresh, prompt


def _rebel_on_map(s, lid, sat, monkeypatch, faces=(6, 6, 6, 6), units=()):
    """``lid`` stands in ``sat`` (with ``units`` on his card) and Rebels there."""
    s["leaders"][lid].update(location=sat, role=s["leaders"][lid]["role"] or "strategos")
    for u in units:
        s["units"][u].update(location=core.card_of(lid), face="up", owner="seleucids")
    monkeypatch.setattr(rebels, "roll", Dice(*faces))
    assert rebels.rebel(DATA, s, lid, "test")
    return core.rebel_power(lid)


def _campaign(s, k, lid, origin, target, force):
    flow.push(s, "activation", kingdom=k, card="ev-03")
    if s.get("queue"):                       # the Rebel was Chief Minister: a new one first
        assert prompt(s).rule == "2.3.3"
        s = GAME.apply(s, prompt(s).choices[0].id)
    for ch in (f"act:{lid}:land", f"origin:{origin}", f"target:{target}", "announce:all",
               *[f"add:{u}" for u in force], "done"):
        s = GAME.apply(s, ch)
    return s


# --- how a Leader becomes a Rebel ---------------------------------------------------------
@pytest.mark.rule("hubris", "4.5")
def test_seleucid_succession_crisis_loser_rebels_instead_of_leaving_play(monkeypatch):
    s = fresh()
    monkeypatch.setattr(succession, "pick", lambda state, items, **kw: items[0])   # Zeuxis
    monkeypatch.setattr(rebels, "pick", lambda state, items, **kw: "kilikia")
    monkeypatch.setattr(rebels, "roll", Dice(6))                # SELEUKIS does not join
    monkeypatch.setattr(checks, "roll", Dice(1, 6))             # Antiochos wins, Zeuxis fails
    succession.resolve(DATA, s, "ev-10")
    rec = s["leaders"]["S6"]
    assert (rec["court"], rec["rebel"], rec["of"], rec["location"]) == \
        ("rebel", True, "seleucids", "kilikia")
    assert "S6" not in s.get("removed_leaders", [])
    assert s["rebels"]["S6"]["of"] == "seleucids"
    assert s["kingdoms"]["seleucids"]["chief_minister"] != "S6"    # the office falls vacant
    assert len(leaders.court(s, "seleucids")) == 3                 # refilled (2.2.11)
    assert "crisis_resolving" not in s


@pytest.mark.rule("hubris", "2.2.10")
def test_at_court_rebel_rises_in_a_garrisoned_satrapy_away_from_his_king():
    s = fresh()
    cands = rebels.rising_candidates(DATA, s, "seleucids")
    assert "seleukis" not in cands                      # the King At Court is in SELEUKIS
    assert set(cands) == {"babylonia", "kilikia", "media", "mesopotamia", "parapotamia",
                          "sousiane"}
    s["leaders"]["S4"]["location"] = "media"            # the King's block is on the map
    cands = rebels.rising_candidates(DATA, s, "seleucids")
    assert "media" not in cands and "seleukis" in cands
    del s["leaders"]["S4"]                              # a regency: SELEUKIS again (R24)
    s["kingdoms"]["seleucids"]["king"] = None
    assert "seleukis" not in rebels.rising_candidates(DATA, s, "seleucids")


@pytest.mark.rule("hubris", "2.2.10")
def test_adjacent_satrapies_join_on_renown_plus_one_and_he_keeps_his_units(monkeypatch):
    s = fresh()
    s["leaders"]["S6"]["renown"] = 1                    # joins on a die of 2 or less
    # neighbours of MESOPOTAMIA with Seleucid markers, in order: Babylonia, Media,
    # Parapotamia, Seleukis
    power = _rebel_on_map(s, "S6", "mesopotamia", monkeypatch, faces=(3, 2, 1, 6),
                          units=["seleucids-royal-army"])
    ctl = s["derived"]["control"]
    assert {sat for sat, c in ctl.items() if c["power"] == power} == \
        {"mesopotamia", "media", "parapotamia"}
    assert ctl["babylonia"]["power"] == ctl["seleukis"]["power"] == "seleucids"
    assert s["places"]["edessa"] == {"power": "rebel", "marker": "garrison", "rebel": "S6",
                                     "revolt": False, "sd": False}
    assert s["places"]["skenitai"]["marker"] == "alliance"      # Alliances stay Alliances
    assert s["units"]["seleucids-royal-army"]["location"] == "leader:S6"
    assert s["units"]["seleucids-royal-army"]["owner"] == power
    assert s["wars"]["rebel:S6|seleucids"] == "war"             # R26
    assert invariants.broken(DATA, s) == []


@pytest.mark.rule("hubris", "2.9.2")
def test_installation_takes_colonists_and_mercenaries_as_the_text_says(monkeypatch):
    s = fresh()
    s["units"]["katoikoi-upper-satrapies"].update(location="dispersed", face="up",
                                                  owner="seleucids")
    s["units"]["cretans"].update(location="parapotamia", owner="seleucids")   # off-card
    s["units"]["arcadians"].update(location="babylonia", owner="seleucids")   # not his
    s["places"]["dura-europos"]["sd"] = True
    power = _rebel_on_map(s, "S6", "mesopotamia", monkeypatch, faces=(6, 1, 1, 6))
    card = core.on_card(s, "S6")
    # a Dispersed colonist whose Home (MEDIA) he Controls, a Mercenary in his territory
    assert card == ["cretans", "katoikoi-upper-satrapies"]
    assert all(s["units"][u]["owner"] == power and s["units"][u]["face"] == "up" for u in card)
    # a face-down colonist at home stays face-down, for his Emergency Muster (R25)
    assert s["units"]["katoikoi-lower-satrapies"]["face"] == "down"
    assert s["units"]["arcadians"]["owner"] == "seleucids"
    assert s["places"]["dura-europos"]["sd"] and s["places"]["dura-europos"]["power"] == "rebel"


@pytest.mark.rule("hubris", "2.2.10")
def test_a_leader_rising_where_a_rebellion_already_is_joins_that_rebel(monkeypatch):
    s = fresh()
    _rebel_on_map(s, "S6", "mesopotamia", monkeypatch)
    s["leaders"]["S7"].update(location="mesopotamia", role="strategos")
    monkeypatch.setattr(rebels, "roll", Dice())                 # no rolls at all
    assert rebels.rebel(DATA, s, "S7", "test")
    assert s["leaders"]["S7"]["faction"] == "S6" and list(s["rebels"]) == ["S6"]
    assert core.leaders_of(s, "rebel:S6") == ["S6", "S7"]


@pytest.mark.rule("hubris", "2.2.11")
def test_replacement_leaders_and_kings_never_rebel():
    s = fresh()
    s["leaders"]["SR1"] = {"court": "seleucids", "location": "court", "role": None,
                           "rotation": 0, "renown": 0, "rebel": False}
    assert not rebels.rebel(DATA, s, "SR1", "test")
    assert not rebels.rebel(DATA, s, "S4", "test")
    assert not s["rebels"]


# --- 2.9.1 handling, the Rebel's defence --------------------------------------------------
@pytest.mark.rule("hubris", "2.9.1")
def test_handler_is_the_lowest_vp_kingdom_not_campaigning_against_him(monkeypatch):
    s = fresh()
    power = _rebel_on_map(s, "S6", "mesopotamia", monkeypatch)
    assert s["rebels"]["S6"]["handler"] == "seleucids"          # 9 VPs against 17
    for k in ("seleucids", "ptolemies"):                         # a tie: not his Kingdom
        s["derived"]["vp"][k]["total_rounded"] = 10
    assert core.default_handler(s, power) == ["ptolemies"]
    assert core.default_handler(s, power, ("ptolemies",)) == ["seleucids"]


@pytest.mark.rule("hubris", "2.9.1")
def test_rebel_defends_itself_and_its_handler_allocates_its_hits(monkeypatch):
    s = fresh()
    power = _rebel_on_map(s, "S6", "mesopotamia", monkeypatch,
                          units=["seleucids-royal-army"])
    s["units"]["arcadians"].update(location="seleukis", owner="seleucids")
    monkeypatch.setattr(battles, "roll", Dice(6, 6, 3, 6))   # Seleucids miss; 1 Rebel Hit
    s = _campaign(s, "seleucids", "S4", "seleukis", "mesopotamia",
                  ["arcadians", "katoikoi-upper-satrapies"])
    # the face-down colonists of MESOPOTAMIA were Emergency Mustered for the Rebel (6.1)
    assert s["units"]["katoikoi-lower-satrapies"]["owner"] == power
    assert s["rebels"]["S6"]["handler"] == "ptolemies"        # the Seleucids campaign
    p = prompt(s)
    assert (p.seat, p.kind) == ("ptolemies", "allocate-losses")
    assert {c.id for c in p.choices} == {"hit:arcadians", "hit:katoikoi-upper-satrapies"}
    s = GAME.apply(s, "hit:arcadians")
    p = prompt(s)
    assert p.kind == "battle" and "the Rebel Zeuxis [S6] win" in p.text
    assert s["leaders"]["S6"]["renown"] == 2                  # he beat a King (7.1.3)


@pytest.mark.rule("hubris", "2.9.1")
def test_defeated_rebel_withdraws_where_its_handler_says(monkeypatch):
    s = fresh()
    power = _rebel_on_map(s, "S6", "mesopotamia", monkeypatch, faces=(1, 6, 6, 6),
                          units=["seleucids-royal-army"])
    assert core.controls(s, power, "babylonia")
    for u in ("arcadians", "cretans"):
        s["units"][u].update(location="seleukis", owner="seleucids")
    # Seleucids: one Hit; the Rebel misses twice
    monkeypatch.setattr(battles, "roll", Dice(2, 6, 6, 6))
    s = _campaign(s, "seleucids", "S4", "seleukis", "mesopotamia", ["arcadians", "cretans"])
    p = prompt(s)                                   # before the Battle: Withdraw? (6.3)
    assert p.seat == "ptolemies" and "withdraw:S6:babylonia" in [c.id for c in p.choices]
    assert p.text.startswith("The Rebel Zeuxis [S6]'s Satrapy")
    s = GAME.apply(s, "done")
    p = prompt(s)                                   # the Seleucids allocate their Hit
    assert p.seat == "seleucids" and p.kind == "allocate-losses"
    s = GAME.apply(s, "hit:katoikoi-lower-satrapies")
    p = prompt(s)
    assert p.kind == "battle" and "the Seleucids win" in p.text
    s = GAME.apply(s, "continue")
    p = prompt(s)
    assert p.seat == "ptolemies" and [c.id for c in p.choices] == ["withdraw:babylonia"]
    assert p.text == "The Rebel Zeuxis [S6]'s Defeated Force must Withdraw"
    s = GAME.apply(s, "withdraw:babylonia")
    assert s["leaders"]["S6"]["location"] == "babylonia"      # he keeps his Garrisons
    assert "S6" in s["rebels"] and invariants.broken(DATA, s) == []


@pytest.mark.rule("hubris", "2.9.1")
def test_a_rebel_at_court_always_takes_command_of_his_mustered_units(monkeypatch):
    s = fresh()
    power = _rebel_on_map(s, "S6", "mesopotamia", monkeypatch)
    leaders.send_to_court(s, "S6", "3.7.8")                   # e.g. after Winter Quarters
    monkeypatch.setattr(battles, "roll", Dice(6, 6))            # an Indecisive Battle
    s = _campaign(s, "seleucids", "S4", "seleukis", "mesopotamia",
                  ["seleucids-royal-army"])
    p = prompt(s)
    assert (p.seat, p.rule) == ("ptolemies", "6.1")
    assert [c.id for c in p.choices] == ["estrat:S6"]         # no "decline" for a Rebel
    s = GAME.apply(s, "estrat:S6")
    assert prompt(s).context["sides"][1]["leader"] == "Zeuxis [S6]"
    assert s["units"]["katoikoi-lower-satrapies"]["location"] == "leader:S6"
    assert s["units"]["katoikoi-lower-satrapies"]["owner"] == power


# --- 2.9.3 elimination --------------------------------------------------------------------
@pytest.mark.rule("hubris", "2.9.3")
def test_taking_his_last_garrison_crushes_the_rebellion(monkeypatch):
    s = fresh()
    _rebel_on_map(s, "S7", "kilikia", monkeypatch)
    leaders.send_to_court(s, "S7", "3.7.8")
    s["places"]["kilikes"]["sd"] = True
    s = _campaign(s, "seleucids", "S4", "seleukis", "kilikia",
                  ["seleucids-royal-army", "seleucids-siege-train"])
    s = GAME.apply(s, "opt:1-0-0")
    monkeypatch.setattr(checks, "roll", Dice(1))
    s = GAME.apply(s, "decline")                                # no Ptolemaic Sea Support
    assert "rebel:S7|seleucids" in s["wars"]
    p = prompt(s)
    assert p.kind == "siege"
    s = GAME.apply(s, "die:tarsos:garrison")
    assert "S7" not in s["leaders"] and "S7" in s["removed_leaders"] and not s["rebels"]
    assert s["places"]["kilikes"] == {"power": "seleucids", "marker": "alliance",
                                      "rebel": None, "revolt": False, "sd": True}
    assert "rebel:S7|seleucids" not in s["wars"]
    assert s["derived"]["control"]["kilikia"]["power"] == "seleucids"


@pytest.mark.rule("hubris", "2.9.3")
def test_rebel_without_garrison_falls_when_his_card_is_empty(monkeypatch):
    s = fresh()
    power = _rebel_on_map(s, "S7", "koile-syria", monkeypatch, faces=(6, 6),
                          units=["seleucids-royal-army"])
    assert rebels.garrisons(s, "S7") == [] and "S7" in s["rebels"]
    core.disperse(s, "seleucids-royal-army", "7.1.3")
    assert s["units"]["seleucids-royal-army"]["owner"] == power
    flow.drive(DATA, s)                                         # "as soon as" (2.9.3)
    assert "S7" not in s["leaders"] and not s["rebels"]
    assert s["units"]["seleucids-royal-army"] == {"type": "royal-army", "owner": "seleucids",
                                                  "location": "dispersed", "face": "up"}


# --- 2.9.4 Capitals -----------------------------------------------------------------------
@pytest.mark.rule("hubris", "2.9.4")
def test_a_rebel_holding_antiocheia_costs_two_dynastic_vps_until_recovered(monkeypatch):
    s = fresh()
    before = s["derived"]["vp"]["seleucids"]
    _rebel_on_map(s, "S6", "seleukis", monkeypatch, faces=(6, 6, 6),
                  units=["seleucids-royal-army"])
    vp = s["derived"]["vp"]["seleucids"]
    assert vp["dynastic"] == "-2"
    assert s["derived"]["control"]["seleukis"]["power"] == "rebel:S6"
    rebels.eliminate(DATA, s, "S6", "test")
    assert s["derived"]["vp"]["seleucids"] == before


# --- 2.9.5 succession ---------------------------------------------------------------------
def _achaios_rebels(s, monkeypatch):
    leaders.join_court(DATA, s, "seleucids", "S5", renown=1)
    s["leaders"]["S5"].update(location="kilikia", role="strategos")
    monkeypatch.setattr(rebels, "roll", Dice(4))     # USURPER: Renown 1 + 2 = 3; 4 fails
    assert rebels.rebel(DATA, s, "S5", "test")
    assert rebels.join_threshold(DATA, s, "S5") == 3


@pytest.mark.rule("hubris", "2.9.5")
def test_the_only_royal_left_a_rebel_becomes_king(monkeypatch):
    s = fresh()
    _achaios_rebels(s, monkeypatch)
    leaders.remove_leader(DATA, s, "S4", "test", "4.7")
    assert s["kingdoms"]["seleucids"]["king"] == "S5"
    rec = s["leaders"]["S5"]
    assert (rec["court"], rec["rebel"], rec["role"]) == ("seleucids", False, "king")
    assert s["places"]["tarsos"]["power"] == "seleucids" and not s["rebels"]
    assert not [w for w in s["wars"] if "rebel" in w]
    assert invariants.broken(DATA, s) == []


@pytest.mark.rule("hubris", "2.9.5")
def test_a_rebel_who_outranks_the_heir_duels_him_for_the_throne(monkeypatch):
    s = fresh()
    _achaios_rebels(s, monkeypatch)
    leaders.join_court(DATA, s, "seleucids", "S8")               # rank 4 < Achaios' 3
    # Achaios Intrigue 3 + ½ = 4, S8 2 + 1 THM = 3; tie on margins 1 then Achaios wins
    monkeypatch.setattr(checks, "roll", Dice(3, 2, 1, 3))
    leaders.remove_leader(DATA, s, "S4", "test", "4.7")
    assert s["kingdoms"]["seleucids"]["king"] == "S5"
    assert "S8" not in s["leaders"] and "S8" in s["removed_leaders"]


@pytest.mark.rule("hubris", "2.9.5")
def test_a_rebel_who_loses_the_duel_stays_a_rebel(monkeypatch):
    s = fresh()
    _achaios_rebels(s, monkeypatch)
    leaders.join_court(DATA, s, "seleucids", "S8")
    monkeypatch.setattr(checks, "roll", Dice(6, 1))
    leaders.remove_leader(DATA, s, "S4", "test", "4.7")
    assert s["kingdoms"]["seleucids"]["king"] == "S8"
    assert s["leaders"]["S5"]["rebel"] and "S5" in s["rebels"]


# --- Wars with a Rebel, invariants ----------------------------------------------------------
@pytest.mark.rule("hubris", "3.7.3")
def test_a_war_with_a_rebel_is_no_war_between_kingdoms(monkeypatch):
    s = fresh()
    power = _rebel_on_map(s, "S6", "mesopotamia", monkeypatch)
    assert power in core.enemies_of(s, "seleucids")
    assert core.kingdom_enemies(s, "seleucids") == ["ptolemies"]
    s["wars"]["ptolemies|seleucids"] = "peace"
    calls = []
    monkeypatch.setattr(checks, "roll", lambda *a, **k: calls.append(1) or [1])
    turn.war_exhaustion(DATA, s)                 # no Kingdom At War: no Check at all
    assert calls == []


@pytest.mark.rule("hubris", "2.9.3")
def test_invariants_catch_a_rebel_marker_of_no_faction(monkeypatch):
    s = fresh()
    _rebel_on_map(s, "S6", "mesopotamia", monkeypatch)
    assert invariants.broken(DATA, s) == []
    s["places"]["sousa"].update(power="rebel", rebel="S9")
    s["rebels"]["S6"]["handler"] = "ptolemies"
    s["places"]["edessa"].update(power="rebel", rebel=None)
    bad = invariants.broken(DATA, s)
    assert any("sousa" in b for b in bad) and any("edessa" in b for b in bad)
