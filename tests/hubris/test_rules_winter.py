"""Revenue (3.3), where a hired Mercenary may take the field (3.5), Winter Quarters (3.7:
the Peace Segment's offers and Check, Consuls Returning Home, Inflation, Strengthened
Defenses, End of Turn, the Victory hook) on the 12.1 set-up."""

import pytest

from rules.hubris import checks, flow, mercenaries, turn, winter_peace
from tests.hubris.rules_helpers import DATA, GAME, Dice, prompt
from tests.hubris.test_rules_rome import nh


def bare(s):
    """Every Place Unaligned: Control and Revenue built up by the test alone."""
    for rec in s["places"].values():
        rec.update(power=None, marker=None, rebel=None, revolt=False)
    s["scenario"]["revenue_base"] = {}


def align(s, places, power, marker):
    for p in places:
        s["places"][p].update(power=power, marker=marker)


# --- 3.3 Revenue ------------------------------------------------------------------------------
@pytest.mark.rule("hubris", "3.3")
def test_revenue_full_alliance_majority_ravage_and_war_halving_rounded_once():
    s = nh()
    bare(s)
    # Full Control of SELEUKIS (Tax 4|6): 6
    align(s, ["antiocheia", "seleukeia-pieria", "apameia", "arados"], "seleucids", "garrison")
    # Simple Control of KOILE SYRIA (4|7) through a majority of Alliances, Ravaged: 4/2/2 = 1
    align(s, ["tyros", "sidon"], "seleucids", "alliance")
    align(s, ["damaskos"], "seleucids", "garrison")
    s["satrapies"]["koile-syria"]["ravaged"] = True
    s["wars"] = {"ptolemies|seleucids": "war"}          # At War with a Kingdom: halved
    DATA.refresh(s)
    before = s["kingdoms"]["seleucids"]["treasury"]
    turn.revenue(DATA, s)
    assert s["kingdoms"]["seleucids"]["treasury"] == before + 4      # (6 + 1) / 2 = 3.5 -> 4
    assert not s["satrapies"]["koile-syria"]["ravaged"]              # markers removed


@pytest.mark.rule("hubris", "3.3")
def test_revenue_is_whole_at_peace_and_a_rebel_war_does_not_halve_it():
    s = nh()
    bare(s)
    align(s, ["antiocheia", "seleukeia-pieria", "apameia", "arados"], "seleucids", "garrison")
    s["wars"] = {"rebel:S6|seleucids": "war"}
    DATA.refresh(s)
    before = s["kingdoms"]["seleucids"]["treasury"]
    turn.revenue(DATA, s)
    assert s["kingdoms"]["seleucids"]["treasury"] == before + 6


@pytest.mark.rule("hubris", "2.10")
def test_the_treasury_never_holds_more_than_sixty_talents():
    s = nh()
    bare(s)
    align(s, ["antiocheia", "seleukeia-pieria", "apameia", "arados"], "seleucids", "garrison")
    s["wars"] = {}
    s["kingdoms"]["seleucids"]["treasury"] = 57
    DATA.refresh(s)
    turn.revenue(DATA, s)
    assert s["kingdoms"]["seleucids"]["treasury"] == 60


@pytest.mark.rule("hubris", "3.3")
def test_revenue_halved_at_war_with_rome_only_on_full_war():
    s = nh()
    bare(s)
    align(s, ["antiocheia", "seleukeia-pieria", "apameia", "arados"], "seleucids", "garrison")
    s["wars"] = {"rome|seleucids": "war"}
    s["rome"]["agenda_side"] = "limited-war"
    DATA.refresh(s)
    before = s["kingdoms"]["seleucids"]["treasury"]
    turn.revenue(DATA, s)
    assert s["kingdoms"]["seleucids"]["treasury"] == before + 6
    s["rome"]["agenda_side"] = "full-war"
    turn.revenue(DATA, s)
    assert s["kingdoms"]["seleucids"]["treasury"] == before + 6 + 3


# --- 3.5 where a hired Mercenary takes the field ---------------------------------------------
@pytest.mark.rule("hubris", "3.5")
def test_a_hired_mercenary_is_placed_only_along_seas_or_satrapies_no_enemy_controls():
    s = nh()
    bare(s)
    s["wars"] = {"ptolemies|seleucids": "war"}
    align(s, [p for p, i in DATA.places.items() if i.satrapy == "galatia"][:1], "seleucids",
          "alliance")
    align(s, [p for p, i in DATA.places.items() if i.satrapy == "media"], "seleucids",
          "garrison")
    for sat in ("bithynia", "kappadokia", "lydia-phrygia", "pontos"):   # GALATIA's borders
        align(s, [p for p, i in DATA.places.items() if i.satrapy == sat], "ptolemies",
              "garrison")
    DATA.refresh(s)
    assert mercenaries.eligible(DATA, s, "galatians") == ["seleucids"]
    assert mercenaries.destinations(DATA, s, "seleucids", "galatians") == ["galatia"]
    align(s, [p for p, i in DATA.places.items() if i.satrapy == "kappadokia"], None, None)
    DATA.refresh(s)          # now through KAPPADOKIA, KILIKIA, by sea to SELEUKIS, to MEDIA
    assert mercenaries.destinations(DATA, s, "seleucids", "galatians") == ["galatia", "media"]


# --- 3.7.2 the Peace Segment ------------------------------------------------------------------
def winter(s):
    """The Peace Segment about to start (the Winter frame on the game frame)."""
    s["phase"] = "winter"
    s["stack"] = [{"proc": "game", "next": "decks", "started": True},
                  {"proc": "winter", "segment": "peace"}]
    return s


def play_to_peace_prompts(s, *choices):
    for c in choices:
        s = GAME.apply(s, c)
    return s


@pytest.mark.rule("hubris", "3.7.2")
def test_both_kings_want_war_it_goes_on():
    s = winter(nh())
    p = prompt(s)
    assert (p.seat, p.rule) == ("ptolemies", "3.7.2")
    s = GAME.apply(s, "war")
    assert prompt(s).seat == "seleucids"
    s = GAME.apply(s, "war")
    assert s["wars"]["ptolemies|seleucids"] == "war"


@pytest.mark.rule("hubris", "3.7.2")
def test_one_king_wanting_peace_is_enough_without_a_diplomacy_check_accepted():
    s = winter(nh())
    s = play_to_peace_prompts(s, "peace", "war")
    p = prompt(s)                                   # the Ptolemies make their offers
    assert p.seat == "ptolemies" and "offer:done" in [c.id for c in p.choices]
    t = {k: s["kingdoms"][k]["treasury"] for k in ("ptolemies", "seleucids")}
    s = GAME.apply(s, "offer:done")                 # no offer
    p = prompt(s)
    assert p.seat == "seleucids" and "accept" in [c.id for c in p.choices]
    s = GAME.apply(s, "accept")
    assert s["wars"]["ptolemies|seleucids"] == "peace"
    assert {k: s["kingdoms"][k]["treasury"] for k in t} == t


@pytest.mark.rule("hubris", "3.7.2")
def test_offers_harden_the_check_and_are_honoured_when_it_fails(monkeypatch):
    s = winter(nh())
    s["kingdoms"]["ptolemies"]["treasury"] = 12
    s["battles_fought"] = ["ptolemies|seleucids"]   # a Battle between them this Turn: -1
    s = play_to_peace_prompts(s, "peace", "war", "offer:talents", "offer:garrison:tyros",
                              "offer:garrison:sidon")
    p = prompt(s)
    label = next(c.label for c in p.choices if c.id == "roll:S7")
    assert "succeeds on 1 or less" in label         # Diplomacy 4, Battle -1, 10 T -1, Garrisons -1
    monkeypatch.setattr(checks, "roll", Dice(2))    # failure
    s = GAME.apply(s, "roll:S7")
    assert s["wars"]["ptolemies|seleucids"] == "peace"
    assert s["kingdoms"]["ptolemies"]["treasury"] == 2
    assert s["kingdoms"]["seleucids"]["treasury"] == 20
    assert s["places"]["tyros"]["power"] == "seleucids"
    assert s["places"]["sidon"]["power"] == "seleucids"


@pytest.mark.rule("hubris", "3.7.2")
def test_a_successful_check_keeps_the_war_and_the_offers_lapse(monkeypatch):
    s = winter(nh())
    s = play_to_peace_prompts(s, "war", "peace")    # the Seleucids want Peace this time
    p = prompt(s)
    assert p.seat == "seleucids"
    ids = [c.id for c in p.choices]
    assert "offer:talents" in ids
    s = GAME.apply(s, "offer:talents")
    p = prompt(s)       # ten Talents OR a Squadron: neither is offered again
    assert not any(c.id.startswith(("offer:talents", "offer:squadron")) for c in p.choices)
    s = GAME.apply(s, "offer:done")
    p = prompt(s)
    assert p.seat == "ptolemies"
    monkeypatch.setattr(checks, "roll", Dice(1, 6, 6))        # the Check, then War Exhaustion
    lid = next(c.id for c in p.choices if c.id.startswith("roll:"))
    s = GAME.apply(s, lid)
    assert s["wars"]["ptolemies|seleucids"] == "war"
    assert s["kingdoms"]["seleucids"]["treasury"] == 10      # the offer lapsed


@pytest.mark.rule("hubris", "3.7.2")
def test_a_single_garrison_is_no_offer_and_squadrons_are_replaced():
    s = winter(nh())
    sea = s["units"]["ptolemies-squadron-1"]["location"]
    s = play_to_peace_prompts(s, "peace", "war", "offer:squadron:ptolemies-squadron-1",
                              "offer:garrison:tyros", "offer:done")
    s = GAME.apply(s, "accept")
    assert s["wars"]["ptolemies|seleucids"] == "peace"
    assert s["places"]["tyros"]["power"] == "ptolemies"      # one Garrison alone: not given
    assert s["units"]["ptolemies-squadron-1"]["location"] == "offmap"
    assert s["units"]["seleucids-squadron-1"]["location"] == sea     # 2.13.8


@pytest.mark.rule("hubris", "3.7.2")
def test_wars_with_rome_and_rebels_do_not_end_in_winter():
    s = nh()
    s["wars"] = {"macedon|rome": "war", "rebel:S6|seleucids": "war",
                 "ptolemies|seleucids": "war"}
    assert winter_peace.kingdom_wars(s) == [("ptolemies", "seleucids")]


@pytest.mark.rule("hubris", "3.7.2")
def test_a_battle_between_the_two_is_recorded_for_the_check():
    s = nh()
    winter_peace.record_battle(s, "seleucids", "ptolemies")
    winter_peace.record_battle(s, "seleucids", "rebel:S6")
    assert winter_peace.battle_fought(s, "ptolemies", "seleucids")
    assert s["battles_fought"] == ["ptolemies|seleucids"]


@pytest.mark.rule("hubris", "3.7.5")
def test_consuls_winter_in_a_roman_satrapy_they_reach_by_land_else_in_italia():
    s = nh()
    align(s, [p for p, i in DATA.places.items() if i.satrapy == "illyria"], "rome", "garrison")
    for foe, where in (("macedon", "makedonia"), ("ptolemies", "delta")):
        s["leaders"][f"consul-{foe}"] = {"court": "rome", "location": where, "role": None,
                                         "rotation": 0, "renown": 0, "rebel": False,
                                         "of": "rome"}
    DATA.refresh(s)
    turn.returning_home(DATA, s)
    assert s["leaders"]["consul-macedon"]["location"] == "illyria"     # next door
    assert s["leaders"]["consul-ptolemies"]["location"] == "italia"    # no Land Path


# --- 3.7.6 - 3.7.8 ------------------------------------------------------------------------
@pytest.mark.rule("hubris", "3.7.7")
def test_inflation_halves_the_treasury_and_end_of_turn_refreshes_leaders():
    s = nh()
    s["wars"] = {}
    s["kingdoms"]["seleucids"]["treasury"] = 21
    s["kingdoms"]["ptolemies"]["treasury"] = 8
    s["places"]["tyros"]["sd"] = True
    s["leaders"]["S6"].update(rotation=2, location="koile-syria", role="strategos")
    s["battles_fought"] = ["ptolemies|seleucids"]
    s["phase"] = "winter"
    s["stack"] = [{"proc": "game", "next": "decks", "started": True},
                  {"proc": "winter", "segment": "end"}]
    flow.PROCS["winter"].run(DATA, s, s["stack"][-1])
    assert s["kingdoms"]["seleucids"]["treasury"] == 10      # loses 10.5 -> 11 (2.1.5)
    assert s["kingdoms"]["ptolemies"]["treasury"] == 4
    assert not s["places"]["tyros"]["sd"]                    # 3.7.6
    assert s["leaders"]["S6"]["rotation"] == 0 and s["leaders"]["S6"]["location"] == "court"
    assert s["leaders"]["S6"]["role"] is None and s["battles_fought"] == []
    assert s["stack"][-1]["proc"] == "game"                  # the Turn is over


@pytest.mark.rule("hubris", "3.7.4")
def test_the_victory_segment_ends_the_game_on_the_last_turn():
    s = nh()
    s["wars"] = {}
    s["turn"] = s["last_turn"]
    s["phase"] = "winter"
    s["stack"] = [{"proc": "game", "next": "decks", "started": True},
                  {"proc": "winter", "segment": "victory"}]
    flow.PROCS["winter"].run(DATA, s, s["stack"][-1])
    assert s["result"] and s["result"]["winners"]
    best = max(s["result"]["scores"].values())
    assert all(s["result"]["scores"][w] == best for w in s["result"]["winners"])


@pytest.mark.rule("hubris", "3.7.3")
def test_war_exhaustion_checks_only_kingdoms_still_at_war(monkeypatch):
    s = nh()
    s["wars"] = {"ptolemies|seleucids": "war"}
    dice = Dice(6, 6)                   # a roll each for the Ptolemies and the Seleucids only
    monkeypatch.setattr(checks, "roll", dice)
    n = len(s["log"])
    turn.war_exhaustion(DATA, s)
    assert dice.faces == []
    rolled = [e["text"] for e in s["log"][n:] if e["text"].startswith("War Exhaustion of")]
    assert len(rolled) == 2 and not any("Macedon" in t for t in rolled)


# --- 3.2 the next Turn's Leaders ----------------------------------------------------------------
@pytest.mark.rule("hubris", "3.2")
def test_leaders_whose_start_turn_comes_join_their_courts():
    from rules.hubris import courts

    s = nh()
    before = set(s["leaders"])
    courts.new_leaders(DATA, s)                                # Turn 1: the scenario's Courts
    assert set(s["leaders"]) == before
    s["turn"] = 3
    due = {lid: c.affiliation for lid, c in DATA.leaders.items()
           if c.start == 3 and c.affiliation in s["kingdoms"] and not c.replacement}
    assert due
    courts.new_leaders(DATA, s)
    assert set(due) <= set(s["leaders"]) - before      # with Minor Leaders of Allied Minors
    for lid, k in due.items():
        rec = s["leaders"][lid]
        assert (rec["court"], rec["location"], rec["rotation"]) == (k, "court", 0)
    entered = set(s["leaders"])
    courts.new_leaders(DATA, s)                                # once only
    assert set(s["leaders"]) == entered
