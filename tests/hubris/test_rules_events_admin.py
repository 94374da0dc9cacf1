"""Events (3.2, 3.6, 4.8, Ev 15), admin Actions (5.8-5.10), Envoy (5.5), Victory (12.3)."""

from fractions import Fraction

import pytest

from rules.hubris import admin_actions, checks, courts, envoy, events, flow, play, victory
from tests.hubris.rules_helpers import DATA, GAME, Dice, fresh


@pytest.mark.rule("hubris", "3.2")
def test_12_3_deck_has_five_recurrents_winter_and_ev15():
    s = fresh()
    cards = events.first_turn_cards(DATA, s)
    assert sorted(cards) == ["ev-01", "ev-03", "ev-04", "ev-05", "ev-06", "ev-07", "ev-15"]


@pytest.mark.rule("hubris", "3.6")
def test_winter_quarters_is_reshuffled_before_four_recurrents():
    s = fresh()
    s["decks"]["events"] = {"draw": ["ev-03", "ev-04", "ev-01"], "discard": []}
    frame = flow.push(s, "action-phase", recurrent=2)
    flow.PROCS["action-phase"].run(DATA, s, frame)
    assert "ev-01" in s["decks"]["events"]["draw"] and frame in s["stack"]
    s["decks"]["events"]["draw"] = ["ev-01"]
    frame["recurrent"] = 4
    flow.PROCS["action-phase"].run(DATA, s, frame)
    assert frame not in s["stack"]                       # the Action Phase is over


@pytest.mark.rule("hubris", "4.8")
def test_storms_and_worms_last_squadron_needs_a_second_six(monkeypatch):
    s = fresh()
    monkeypatch.setattr(courts, "roll", Dice(6, 6, 5))
    courts.storms_and_worms(DATA, s)
    # the first Ptolemaic Squadron sinks on a 6; the second is now the last: 6 then 5 saves it
    assert s["units"]["ptolemies-squadron-1"]["location"] == "offmap"
    assert s["units"]["ptolemies-squadron-2"]["location"] == "pamphylion-pelagos"


@pytest.mark.rule("hubris", "3.6")
def test_recurrent_event_gives_one_activation_per_kingdom_in_sequence():
    s = fresh()
    frame = flow.push(s, "recurrent", card="ev-03", step="text", order=[], index=0)
    flow.PROCS["recurrent"].run(DATA, s, frame)   # text
    flow.PROCS["recurrent"].run(DATA, s, frame)   # Storms & Worms
    flow.PROCS["recurrent"].run(DATA, s, frame)   # the card shown, the order
    assert frame["order"] == ["seleucids", "ptolemies"]      # Macedon and Rome skipped


@pytest.mark.rule("hubris", "2.2.7")
def test_ev15_open_bids_winner_pays_and_gets_the_general():
    s = fresh()
    events.ev15_mercenary_general(DATA, s, "ev-15")
    s = GAME.apply(s, "bid:5")             # Seleucids (first bidder)
    p = play.prompt(s)
    assert p.kind == "bid" and p.seat == "ptolemies"
    assert p.context["standing_bid"].startswith("5 T")
    assert "bid:3" not in [c.id for c in p.choices]      # below the standing bid
    s = GAME.apply(s, "bid:pass")
    assert s["leaders"]["U3"]["court"] == "seleucids"
    assert s["kingdoms"]["seleucids"]["treasury"] == 21 - 5
    assert s["kingdoms"]["ptolemies"]["treasury"] == 28       # losers pay nothing


@pytest.mark.rule("hubris", "5.8.3")
def test_raise_taxes_margins(monkeypatch):
    s = fresh()
    # Zeuxis Admin 3 + 1 (QUARTERMASTER), +1 for the Royal Army in SELEUKIS: threshold 5
    monkeypatch.setattr(checks, "roll", Dice(2, 6))
    frame = flow.push(s, "raise-taxes", kingdom="seleucids", leader="S6", step="roll",
                      sats=["seleukis", "kilikia"])
    flow.PROCS["raise-taxes"].run(DATA, s, frame)
    # SELEUKIS (Simple Control: Reduced 4) gains 4; KILIKIA threshold 4, roll 6 -> -2: Revolt
    assert s["satrapies"]["seleukis"]["taxes_increased"]
    assert s["satrapies"]["kilikia"]["ravaged"]
    assert any(p["revolt"] for pid, p in s["places"].items() if pid in ("tarsos", "kilikes"))
    assert s["kingdoms"]["seleucids"]["treasury"] == 21 + 4


@pytest.mark.rule("hubris", "5.9")
def test_build_squadron_costs_eight_and_launches_into_a_friendly_sea():
    s = fresh()
    assert admin_actions.possible(DATA, s, "seleucids", "S6", "build")
    frame = flow.push(s, "build-squadron", kingdom="seleucids", leader="S6")
    flow.PROCS["build-squadron"].apply(DATA, s, frame, "build:seleukis:aigyption-pelagos")
    assert s["kingdoms"]["seleucids"]["treasury"] == 13
    assert s["units"]["seleucids-squadron-1"]["location"] == "aigyption-pelagos"


@pytest.mark.rule("hubris", "5.10")
def test_evergetism_needs_a_fresh_king_or_cm_and_twenty_talents(monkeypatch):
    s = fresh()
    assert admin_actions.possible(DATA, s, "ptolemies", "P2", "evergetism")
    assert not admin_actions.possible(DATA, s, "ptolemies", "P5", "evergetism")   # a Friend
    s["kingdoms"]["seleucids"]["treasury"] = 19
    assert not admin_actions.possible(DATA, s, "seleucids", "S6", "evergetism")   # < 20 T
    monkeypatch.setattr(checks, "roll", Dice(3))
    frame = flow.push(s, "evergetism", kingdom="ptolemies", leader="P2")
    flow.PROCS["evergetism"].run(DATA, s, frame)
    assert Fraction(s["kingdoms"]["ptolemies"]["dynastic_vp"]) == 2
    assert s["kingdoms"]["ptolemies"]["treasury"] == 8


@pytest.mark.rule("hubris", "5.5")
def test_envoy_garrison_needs_three_more_than_an_unaligned_place():
    s = fresh()
    frame = {"leader": "S7", "bribe": True}      # Antipatros, Diplomacy 4 + ROYAL ENVOY 1
    s["places"]["arados"].update(power=None, marker=None)
    assert envoy.threshold(DATA, s, frame, "arados") == 6
    s["places"]["arados"].update(power="ptolemies", marker="garrison")
    assert envoy.threshold(DATA, s, frame, "arados") == 3
    assert "tyros" in envoy.eligible_places(DATA, s, "seleucids", "koile-syria")
    assert "damaskos" not in envoy.eligible_places(DATA, s, "seleucids", "koile-syria")


@pytest.mark.rule("hubris", "12.3")
def test_fourth_syrian_war_victory_levels():
    def level(p, q):
        s = fresh()
        s["derived"]["vp"]["ptolemies"]["total_rounded"] = p
        s["derived"]["vp"]["seleucids"]["total_rounded"] = q
        r = victory.fourth_syrian_war(s)
        return r["winners"], r["level"]
    assert level(17, 9) == ([], "Draw")                      # the starting position
    assert level(20, 9) == (["ptolemies"], "Major Victory")
    assert level(15, 12) == (["seleucids"], "Major Victory")
    assert level(18, 9) == (["ptolemies"], "Minor Victory")
    assert level(16, 9) == (["seleucids"], "Minor Victory")


@pytest.mark.rule("hubris", "2.12")
def test_winter_peace_is_automatic_in_12_3():
    s = fresh()
    s["stack"] = [{"proc": "game", "next": "winter", "started": True}]
    flow.drive(DATA, s)
    assert s["wars"]["ptolemies|seleucids"] == "peace"
    assert s["result"]["level"] == "Draw"
