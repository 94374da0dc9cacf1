"""Courts (issue 13): Succession Crises (4.5), Intrigues at Court (4.6), Ferryman of Souls
(4.7), Storms & Worms (4.8), Second Punic War Continuation (4.9), Ambitious Generals (4.10),
Leaders entering play (2.2.4), Revolts and Ravage (2.8), Talents and Treasury (2.10) and the
Leaders' Special Abilities (rulings R80-R85)."""

from fractions import Fraction

import pytest

from rules.engine.game import IllegalChoice
from rules.hubris import (
    abilities,
    admin_actions,
    battles,
    checks,
    control,
    core,
    courts,
    envoy,
    flow,
    land_campaign,
    leaders,
    rebels,
    rome,
    succession,
    turn,
)
from tests.hubris.rules_helpers import DATA, GAME, Dice, fresh, prompt
from tests.hubris.test_rules_rome import nh


def first(state, items, **kw):
    return items[0]


# --- 4.6 Intrigues at Court ---------------------------------------------------------------
@pytest.mark.rule("hubris", "4.6")
@pytest.mark.parametrize("total, against, king, want", [
    (9, 3, True, 0), (Fraction(19, 2), 3, True, 1), (12, 3, True, 1), (13, 3, True, 2),
    (16, 3, True, 3), (6, 3, False, 0), (7, 3, False, 1), (10, 3, False, 2), (13, 3, False, 3),
])
def test_plots_need_a_total_strictly_above_three_four_five_times_the_king(total, against,
                                                                          king, want):
    assert courts.plots(Fraction(total), Fraction(against), king) == want


@pytest.mark.rule("hubris", "4.6")
def test_intrigue_is_adjusted_by_half_renown_and_only_friends_at_court_count():
    s = nh()
    # Macedon: Apelles 4, Megaleas 3, Taurion 2, Alexandros 2, Leontios 3, Aratos 3 = 17
    assert courts.court_total(DATA, s, "macedon") == 17
    s["leaders"]["M3"]["renown"] = -1                   # Megaleas 3 - 1/2
    s["leaders"]["M4"]["location"] = "makedonia"        # Alexandros on the map: not counted
    assert courts.court_total(DATA, s, "macedon") == Fraction(29, 2)
    s["leaders"]["M6"]["renown"] = 3                    # the King is no Friend: not in the sum
    assert courts.court_total(DATA, s, "macedon") == Fraction(29, 2)
    assert courts.adjusted(DATA, s, "M6") == Fraction(9, 2)


@pytest.mark.rule("hubris", "4.6")
def test_each_kingdom_picks_king_or_chief_minister_through_the_prompt(monkeypatch):
    s = nh()
    flow.push(s, "intrigues", basis={})
    p = prompt(s)
    # the Seleucids are not asked (4 against 3½ or 2: no Plot either way); the Ptolemies:
    # 13 against Ptolemaios IV's 1 gives three Plots, against Sosibios's 5 none
    assert p.seat == core.seat_of(s, "ptolemies") and p.rule == "4.6"
    labels = {c.id: c.label for c in p.choices}
    assert set(labels) == {"basis:P1", "basis:P2"}
    assert "3 Plots" in labels["basis:P1"] and "0 Plots" in labels["basis:P2"]
    with pytest.raises(IllegalChoice):
        GAME.apply(s, "basis:P3")
    monkeypatch.setattr(checks, "roll", lambda state, n=1, *a, **k: [6] * n)  # all fail
    monkeypatch.setattr(courts, "pick", first)
    s = GAME.apply(s, "basis:P2")
    p = prompt(s)          # Macedon next: 17 against Philippos V's 3 (3 Plots), Apelles's 4 (2)
    assert p.seat == core.seat_of(s, "macedon")
    assert {c.id for c in p.choices} == {"basis:M6", "basis:M2"}
    s = GAME.apply(s, "basis:M2")
    lines = [e["text"] for e in s["log"] if e.get("rule") == "4.6"]
    assert any("Macedon" in t and "2 Plots" in t for t in lines)
    assert any("Ptolemies" in t and "0 Plots" in t for t in lines)
    assert any("Seleucids" in t and "0 Plots" in t for t in lines)     # never asked


@pytest.mark.rule("hubris", "4.6")
def test_a_plot_removes_the_worse_margin_if_one_succeeds(monkeypatch):
    s = nh()
    monkeypatch.setattr(courts, "pick", first)
    monkeypatch.setattr(checks, "roll", Dice(1, 3))     # Apelles 4-1=3, Megaleas 3-3=0
    fallen = []
    courts.duel(DATA, s, "M2", "M3", fallen, "Plot 1")
    assert fallen == ["M3"]
    monkeypatch.setattr(checks, "roll", Dice(2, 1))     # margins 2 and 2: a tie
    courts.duel(DATA, s, "M2", "M3", fallen := [], "Plot 1")
    assert fallen == []
    monkeypatch.setattr(checks, "roll", Dice(6, 5))     # both fail: nothing happens
    courts.duel(DATA, s, "M2", "M3", fallen, "Plot 1")
    assert fallen == []


@pytest.mark.rule("hubris", "4.6")
def test_three_plots_and_the_king_gets_one_thm_losers_leave_play_at_the_end(monkeypatch):
    s = nh()
    monkeypatch.setattr(courts, "pick", first)
    # the first listed is picked: Plot 1 Taurion vs Apelles (the Chief Minister); Plot 2
    # Apelles vs a rival; Plot 3 Philippos V (+1: needs 4) vs the first Friend left
    faces = Dice(1, 6,          # Plot 1: Taurion 2-1 = 1, Apelles 4-6 = -2: Apelles falls
                 4, 6)          # Plot 3: the King 4-4 = 0, Taurion 2-6 = -4: Taurion falls
    monkeypatch.setattr(checks, "roll", faces)
    frame = flow.push(s, "intrigues", basis={"macedon": "M6", "ptolemies": "P2"})
    flow.PROCS["intrigues"].run(DATA, s, frame)
    text = "\n".join(e["text"] for e in s["log"])
    assert "Plot 2 is disregarded" in text       # the Chief Minister fell in Plot 1
    assert "M2" not in s["leaders"] and "M1" not in s["leaders"]
    assert "M6" in s["leaders"] and "M3" in s["leaders"]
    assert "needs 4 or less: Intrigue and half Renown 3, the King +1" in text
    assert any(q["proc"] == "appoint-cm" for q in s["queue"])   # a new one, afterwards


@pytest.mark.rule("hubris", "4.6")
def test_regicide_denies_the_king_his_thm(monkeypatch):
    s = nh()
    s["leaders"]["S14"] = {"court": "seleucids", "location": "court", "role": None,
                           "rotation": 0, "renown": 4, "rebel": False}
    s["leaders"]["S4"]["renown"] = -2        # the King: 3 - 1 = 2; Friends 2 + 2 + 7 = 11
    assert courts.plot_count(DATA, s, "seleucids", "S4") == 3
    monkeypatch.setattr(courts, "pick", lambda state, items, **kw: items[-1])   # Heliodoros
    seen = []
    monkeypatch.setattr(checks, "roll", lambda st, n=1, *a, purpose="", **k:
                        seen.append(purpose) or [6])
    courts.resolve_kingdom(DATA, s, "seleucids", "S4", [])
    king = [p for p in seen if p.startswith("Plot 3: Intrigue of Antiochos")]
    assert king and "needs 2 or less" in king[0] and "the King" not in king[0]


@pytest.mark.rule("hubris", "4.6")
def test_intrigues_follow_the_event_text_and_the_card_shows_what_they_did(monkeypatch):
    s = nh()
    frame = flow.push(s, "recurrent", card="ev-06", step="mechanic", order=[], index=0,
                      log_at=len(s["log"]))
    flow.PROCS["recurrent"].run(DATA, s, frame)
    intrigues = s["stack"][-1]
    assert intrigues["proc"] == "intrigues" and not s["queue"]      # nothing shown yet
    intrigues["basis"] = {"ptolemies": "P2", "macedon": "M2"}
    monkeypatch.setattr(checks, "roll", lambda state, n=1, *a, **k: [6] * n)
    monkeypatch.setattr(courts, "pick", first)
    flow.PROCS["intrigues"].run(DATA, s, intrigues)
    flow.PROCS["recurrent"].run(DATA, s, frame)                     # then the card is shown
    shown = [q for q in s["queue"] if q["proc"] == "show-card"]
    assert shown and any("Intrigues at Court" in line for line in shown[0]["lines"])
    assert frame["order"]                                           # then the Activations


@pytest.mark.rule("hubris", "4.6")
def test_without_a_king_the_chief_minister_is_the_measure_and_the_target():
    s = nh()
    del s["leaders"]["P1"]
    s["kingdoms"]["ptolemies"]["king"] = None
    # no King: Sosibios (5) against the Friends At Court 13: above twice 5, not thrice
    assert courts.bases(s, "ptolemies") == ["P2"]
    assert courts.plot_count(DATA, s, "ptolemies", "P2") == 1
    assert not courts.choice_matters(DATA, s, "ptolemies")


# --- 4.7 Ferryman of Souls ----------------------------------------------------------------
@pytest.mark.rule("hubris", "4.7")
def test_ferryman_removes_leaders_past_their_end_turn_and_on_a_double_six(monkeypatch):
    s = nh()
    s["turn"] = 2
    s["leaders"]["S7"]["location"] = "hostage"                  # Hostages roll too
    rolled = []

    def dice(state, n=1, sides=6, *, purpose="", rule=""):
        rolled.append(purpose)
        return [6, 6] if "Antipatros" in purpose else [1, 2]
    monkeypatch.setattr(courts, "roll", dice)
    courts.ferryman(DATA, s)
    assert "M2" not in s["leaders"]                         # Apelles: End Turn 2
    assert not any("Apelles" in p for p in rolled)          # removed without a roll
    assert "S7" not in s["leaders"]                         # the Hostage's double six
    assert "M3" in s["leaders"]                             # End Turn 3: not yet
    assert any("Achaios" in p for p in rolled)              # a Rebel rolls too
    assert any(q["proc"] == "appoint-cm" for q in s["queue"])      # Apelles's office


@pytest.mark.rule("hubris", "4.7")
def test_ferryman_spares_consuls_and_the_king_dies_after_his_friends(monkeypatch):
    s = nh()
    s["leaders"]["consul-macedon"] = {"court": "rome", "location": "italia", "role": None,
                                      "rotation": 0, "renown": 0, "rebel": False}
    s["turn"] = 9               # past the End Turn of every King and most Friends of 220
    rolled = []

    def dice(state, n=1, sides=6, *, purpose="", rule=""):
        rolled.append(purpose)
        return [1, 1]
    monkeypatch.setattr(courts, "roll", dice)
    courts.ferryman(DATA, s)
    assert not any("Consul" in p for p in rolled)
    assert "consul-macedon" in s["leaders"] and "M6" not in s["leaders"]
    removed = [e["text"] for e in s["log"] if "is removed from play" in e["text"]]
    kings = ("Philippos V", "Ptolemaios IV", "Antiochos III")
    first_king = min(i for i, t in enumerate(removed) if t.startswith(kings))
    assert first_king > 0 and all(t.startswith(kings) for t in removed[first_king:3 + first_king])
    assert "ev-11" in s["decks"]["events"]["draw"]          # the Succession Crisis is added


# --- 4.8 Storms & Worms -------------------------------------------------------------------
@pytest.mark.rule("hubris", "4.8")
def test_storms_and_worms_one_die_per_squadron_lost_only_on_a_six(monkeypatch):
    s = nh()
    squads = sorted(u for u in s["units"] if core.is_naval(s, u) and courts.in_play(s, u))
    monkeypatch.setattr(courts, "roll", Dice(*[5] * len(squads)))
    courts.storms_and_worms(DATA, s)
    assert all(courts.in_play(s, u) for u in squads)
    assert {"rhodian-squadron", "pergamon-squadron", "macedon-squadron-1"} <= set(squads)
    monkeypatch.setattr(courts, "roll", Dice(6, 6, *[5] * len(squads)))
    courts.storms_and_worms(DATA, s)       # Macedon's only Squadron: sunk on a second 6
    assert s["units"]["macedon-squadron-1"]["location"] == "offmap"


# --- 4.9 Second Punic War Continuation ----------------------------------------------------
@pytest.mark.rule("hubris", "4.9")
def test_spw_continuation_rolls_the_current_cards_test_again(monkeypatch):
    s = nh()
    name, fn = courts.MECHANICS["spw-continuation"]
    rolled = []
    monkeypatch.setattr(rome, "roll", lambda st, n=1, *a, purpose="", **k:
                        rolled.append(purpose) or [6])
    fn(DATA, s)                                    # Step 1 'Inter War' shows no test
    assert rolled == []
    rome.advance_spw(DATA, s, "test")
    rome.advance_spw(DATA, s, "test")              # Step 3: Hannibal's march on Rome
    if rome.spw(s).test:
        fn(DATA, s)
        assert rolled == ["Hannibal marches on Rome"] and rome.active(s)   # a 6: Rome holds
        monkeypatch.setattr(rome, "roll", lambda st, n=1, *a, **k: [1])
        fn(DATA, s)
        assert not rome.active(s)                  # Carthage Victorious


# --- 4.10 Ambitious Generals --------------------------------------------------------------
@pytest.mark.rule("hubris", "4.10")
def test_ambitious_generals_loyalty_less_renown_plus_kings_renown(monkeypatch):
    s = nh()
    s["leaders"]["S6"].update(location="kilikia", renown=2)   # Zeuxis: Loyalty 6 - 2
    s["leaders"]["S4"]["renown"] = 1                           # + the King's 1: needs 5
    seen = []

    def two_rolls(state, n=1, *a, purpose="", **k):
        seen.append(purpose)
        return [5]
    monkeypatch.setattr(checks, "roll", two_rolls)
    courts.ambitious_generals(DATA, s)
    assert s["leaders"]["S6"]["court"] == "seleucids"          # a 5: loyal
    assert len(seen) == 1 and "needs 5 or less" in seen[0]     # the King and S7 At Court not
    monkeypatch.setattr(checks, "roll", lambda state, n=1, *a, **k: [6])
    monkeypatch.setattr(rebels, "roll", lambda state, n=1, *a, **k: [6])
    courts.ambitious_generals(DATA, s)
    rec = s["leaders"]["S6"]
    assert rec["rebel"] and rec["location"] == "kilikia"       # rebels where he stands


@pytest.mark.rule("hubris", "4.10")
def test_kings_and_replacements_are_never_checked(monkeypatch):
    s = fresh()
    s["leaders"]["S4"]["location"] = "seleukis"
    s["leaders"]["SR1"] = {"court": "seleucids", "location": "kilikia", "role": "strategos",
                           "rotation": 0, "renown": 0, "rebel": False}
    monkeypatch.setattr(checks, "roll", lambda state, n=1, *a, **k: [6])
    courts.ambitious_generals(DATA, s)
    assert s["leaders"]["S4"]["role"] == "king" and not s["leaders"]["SR1"]["rebel"]


# --- 4.5 Succession Crises ----------------------------------------------------------------
@pytest.mark.rule("hubris", "4.5")
def test_antigonid_crisis_removes_its_loser_and_uses_half_renown(monkeypatch):
    s = nh()
    s["leaders"]["M6"]["renown"] = -2          # Philippos V: Intrigue 3 - 1 = 2
    monkeypatch.setattr(succession, "pick", first)
    seen = []

    def dice(state, n=1, *a, purpose="", **k):
        seen.append(purpose)
        return [2] if "Philippos" in purpose else [1]
    monkeypatch.setattr(checks, "roll", dice)
    succession.resolve(DATA, s, "ev-11")
    assert "needs 2 or less" in seen[0]                 # the King's Intrigue with his Renown
    # Philippos V 2-2 = 0 against Apelles 4-1 = 3: the King loses and is deposed
    assert "M6" not in s["leaders"]
    assert "ev-11" not in s["decks"]["events"]["draw"]  # not shuffled back (4.5)
    assert s["kingdoms"]["macedon"]["king"] != "M6"


@pytest.mark.rule("hubris", "4.5")
def test_a_kings_death_shuffles_his_crisis_into_the_deck_and_it_stays_for_next_turn():
    s = nh()
    s["decks"]["events"] = {"draw": ["ev-03", "ev-01"], "discard": []}
    leaders.remove_leader(DATA, s, "M6", "test", "4.7")
    assert "ev-11" in s["decks"]["events"]["draw"]
    s["turn"] = 2
    frame = flow.push(s, "decks")
    flow.PROCS["decks"].run(DATA, s, frame)
    assert "ev-11" in s["decks"]["events"]["draw"]       # undrawn: kept for the next Turn


# --- 2.2.4 Leaders entering play ------------------------------------------------------------
@pytest.mark.rule("hubris", "2.2.4")
def test_leaders_join_their_court_on_their_start_turn():
    s = nh()
    s["turn"] = 3
    courts.new_leaders(DATA, s)
    assert s["leaders"]["M7"]["court"] == "macedon"              # Nikanor, Start Turn 3
    assert s["leaders"]["U8"]["court"] == "macedon"              # Philopoemen: Achaian ally
    assert "P10" not in s["leaders"]                             # Start Turn 5
    s["removed_leaders"] = ["S8"]
    del s["leaders"]["M7"]
    s["leaders_entered"] = None
    s.setdefault("removed_leaders", []).append("M7")
    courts.new_leaders(DATA, s)
    assert "M7" not in s["leaders"]                              # no return from the dead


@pytest.mark.rule("hubris", "2.13.10")
def test_philopoemen_in_play_brings_his_elite_unit():
    s = nh()
    where = s["units"]["achaians"]["location"]
    s["turn"] = 3
    courts.new_leaders(DATA, s)
    courts.elite_swaps(DATA, s)
    assert s["units"]["philopoemen"]["location"] == where
    assert s["units"]["achaians"]["location"] == "offmap"
    assert core.is_elite(s, "philopoemen")
    leaders.remove_leader(DATA, s, "U8", "test", "4.7")
    courts.elite_swaps(DATA, s)
    assert s["units"]["achaians"]["location"] == where
    assert s["units"]["philopoemen"]["location"] == "offmap"


# --- 2.8 Revolts and Ravage ---------------------------------------------------------------
@pytest.mark.rule("hubris", "2.8")
def test_a_revolt_is_unaligned_for_control_and_no_envoy_target():
    s = fresh()
    sat = "koile-syria"
    places = DATA.satrapies[sat].places
    for p in places:
        s["places"][p].update(power="ptolemies", marker="garrison", revolt=False)
    DATA.refresh(s)
    assert s["derived"]["control"][sat]["level"] == "full"
    from rules.hubris import alignment
    alignment.revolt(DATA, s, places[0], "2.8")
    assert s["places"][places[0]]["power"] is None and s["places"][places[0]]["revolt"]
    assert s["derived"]["control"][sat]["level"] == "simple"      # 4 of 5: Simple Control
    assert places[0] not in envoy.eligible_places(DATA, s, "seleucids", sat)


@pytest.mark.rule("hubris", "2.8")
def test_ravage_halves_the_tax_leaves_control_and_lasts_to_the_next_revenue():
    s = fresh()
    sat = "delta"
    DATA.refresh(s)
    before = control.tax_value(s, sat, "ptolemies")
    ctrl = s["derived"]["control"][sat]
    s["satrapies"][sat]["ravaged"] = True
    DATA.refresh(s)
    assert control.tax_value(s, sat, "ptolemies") == before / 2
    assert s["derived"]["control"][sat] == ctrl
    turn.revenue(DATA, s)
    assert not s["satrapies"][sat]["ravaged"]


# --- 2.10 Talents and Treasury ------------------------------------------------------------
@pytest.mark.rule("hubris", "2.10")
def test_the_treasury_holds_at_most_sixty_talents_and_never_goes_below_zero():
    s = fresh()
    s["kingdoms"]["ptolemies"]["treasury"] = 55
    core.gain(s, "ptolemies", 12, "test", "2.10")
    assert s["kingdoms"]["ptolemies"]["treasury"] == 60
    with pytest.raises(ValueError):
        core.pay(s, "ptolemies", 61, "test", "2.10")
    core.pay(s, "ptolemies", 60, "test", "2.10")
    assert s["kingdoms"]["ptolemies"]["treasury"] == 0


# --- Special Abilities (2.2.2) ------------------------------------------------------------
@pytest.mark.rule("hubris", "5.9")
def test_lemboi_builds_a_squadron_for_six_talents():
    s = nh()
    k = "macedon"
    s["kingdoms"][k]["treasury"] = 7
    if not admin_actions.build_sites(DATA, s, k) or not admin_actions.squadron_pool(s, k):
        pytest.skip("no Macedonian shipyard or pool in this set-up")
    assert admin_actions.possible(DATA, s, k, "M6", "build")          # 7 T >= 6 T
    assert not admin_actions.possible(DATA, s, k, "M2", "build")      # 7 T < 8 T
    frame = flow.push(s, "build-squadron", kingdom=k, leader="M6", step="designate")
    p = flow.PROCS["build-squadron"].prompt(DATA, s, frame)
    assert "(6 T)" in p.text
    flow.PROCS["build-squadron"].apply(DATA, s, frame, p.choices[0].id)
    assert s["kingdoms"][k]["treasury"] == 1


@pytest.mark.rule("hubris", "5.3.5")
def test_raider_plunders_five_coastal_satrapies():
    s = nh()
    s["leaders"]["M8"] = {"court": "macedon", "location": "aigaion-pelagos", "rotation": 1,
                          "role": "strategos", "renown": 0, "rebel": False}
    offered = {}
    for lid in ("M8", "M6"):           # Dikaiarchos the RAIDER, Philippos V: four done
        frame = flow.push(s, "naval", id=1, kingdom="macedon", leader=lid, step="act",
                          origin="aigaion-pelagos", target="aigaion-pelagos",
                          path=["aigaion-pelagos"], index=0, added=1, plunders=4, naval=[],
                          defeated_squadrons=[], started_controlled=[])
        p = flow.PROCS["naval"].prompt(DATA, s, frame)
        offered[lid] = [c.id for c in p.choices if c.id.startswith("plunder:")]
        flow.pop(s, frame)
    assert offered["M8"] and not offered["M6"]


@pytest.mark.rule("hubris", "5.6.3")
def test_friend_of_rome_lobbies_at_one_better(monkeypatch):
    s = nh()
    s["leaders"]["M12"] = {"court": "macedon", "location": "court", "role": None,
                           "rotation": 1, "renown": 0, "rebel": False}
    seen = []
    monkeypatch.setattr(checks, "roll", lambda st, n=1, *a, purpose="", **k:
                        seen.append(purpose) or [6] * n)
    for lid in ("M12", "M6"):
        frame = flow.push(s, "lobby", kingdom="macedon", leader=lid)
        flow.PROCS["lobby"].apply(DATA, s, frame, "bribe:0")
        flow.pop(s, frame)
    diplomacy = DATA.card("M12").diplomacy
    assert f"needs {diplomacy + 1} or less" in seen[0] and "FRIEND OF ROME +1" in seen[0]
    assert "FRIEND OF ROME" not in seen[1]


@pytest.mark.rule("hubris", "2.2.10")
def test_satrap_of_media_rebels_in_media(monkeypatch):
    s = fresh()
    s["leaders"]["S3"] = {"court": "seleucids", "location": "court", "role": None,
                          "rotation": 0, "renown": 0, "rebel": False}
    monkeypatch.setattr(rebels, "roll", lambda state, n=1, *a, **k: [6])
    monkeypatch.setattr(rebels, "pick", lambda *a, **k: pytest.fail("no random Satrapy"))
    assert rebels.rebel(DATA, s, "S3", "test")
    assert s["leaders"]["S3"]["location"] == "media"


@pytest.mark.rule("hubris", "7.2.1")
def test_navarch_adds_one_to_regular_squadrons_not_to_the_elite():
    s = nh()
    side = {"power": "seleucids", "leader": "S9",
            "troops": ["ptolemies-squadron-1", "rhodian-squadron"]}
    seen = []
    old = battles.roll
    battles.roll = lambda st, n=1, *a, purpose="", **k: seen.append(purpose) or [6]
    try:
        battles._naval_strike(s, side, "aigaion-pelagos", abilities.navarch_thm(DATA, "S9"))
    finally:
        battles.roll = old
    assert "needs 3 or less" in seen[0] and "NAVARCH +1" in seen[0]
    assert "needs 3 or less" in seen[1] and "NAVARCH" not in seen[1]


@pytest.mark.rule("hubris", "5.10.3")
def test_epiphanes_evergetism_check_at_one_better(monkeypatch):
    s = nh()
    s["leaders"]["S13"] = {"court": "seleucids", "location": "court", "role": None,
                           "rotation": 0, "renown": 0, "rebel": False}
    s["kingdoms"]["seleucids"]["treasury"] = 20
    seen = []
    monkeypatch.setattr(checks, "roll", lambda st, n=1, *a, purpose="", **k:
                        seen.append(purpose) or [6])
    frame = flow.push(s, "evergetism", kingdom="seleucids", leader="S13")
    flow.PROCS["evergetism"].run(DATA, s, frame)
    admin = DATA.card("S13").admin or 0
    assert f"needs {admin + 1} or less" in seen[0] and "EPIPHANES +1" in seen[0]


@pytest.mark.rule("hubris", "5.2.2")
def test_distrusted_hannibal_never_leads_the_royal_army():
    s = fresh()
    s["leaders"]["U4"] = {"court": "seleucids", "location": "court", "role": None,
                          "rotation": 0, "renown": 0, "rebel": False}
    origin = s["units"]["seleucids-royal-army"]["location"]
    got = [u for u, _ in land_campaign.musterable(DATA, s, "seleucids", "U4", origin, "land")]
    assert "seleucids-royal-army" not in got
    got = [u for u, _ in land_campaign.musterable(DATA, s, "seleucids", "S4", origin, "land")]
    assert "seleucids-royal-army" in got


@pytest.mark.rule("hubris", "2.3.5")
def test_distrusted_hannibal_is_not_offered_the_royal_army_in_an_emergency():
    s = fresh()
    s["leaders"]["U4"] = {"court": "seleucids", "location": "court", "role": None,
                          "rotation": 0, "renown": 0, "rebel": False}
    s["leaders"]["S7"].update(location="kilikia", role="strategos")
    s["units"]["seleucids-royal-army"].update(location=core.card_of("S7"), face="up")
    leaders.remove_leader(DATA, s, "S7", "test", "4.7")
    p = prompt(s)
    assert p.rule == "2.3.5"
    ids = {c.id for c in p.choices}
    assert "appoint:U4" not in ids and "appoint:S4" in ids


@pytest.mark.rule("hubris", "8.2.1")
def test_schemer_adds_one_to_the_aggression_roll_of_kingdoms_in_western_asia_minor(
        monkeypatch):
    s = nh()
    s["places"]["pergamon"].update(power="rome", marker="alliance", revolt=False)
    monkeypatch.setattr(rome, "scoped_total", lambda data, state, k: 10)     # level scores
    monkeypatch.setattr(rome, "roll", lambda st, n=1, *a, **k: [6])
    targets = []
    monkeypatch.setattr(rome, "declare_war", lambda data, state, k, *a: targets.append(k))
    monkeypatch.setattr(rome, "_pick_kingdom", lambda state, tied, *a: "tie")
    rome.aggression(DATA, s)
    assert targets == ["tie"]                      # no SCHEMER: every Kingdom scores 6
    s["leaders"]["U6"] = {"court": "rome", "location": "court", "role": None,
                          "rotation": 0, "renown": 0, "rebel": False}
    assert abilities.schemer_bonus(DATA, s, "ptolemies") == 1         # Ephesos (IONIA)
    assert abilities.schemer_bonus(DATA, s, "macedon") == 0
    rome.aggression(DATA, s)
    assert targets[-1] == "ptolemies"              # 6 + 1


def test_the_status_panel_lists_each_court_with_its_intrigue():
    s = nh()
    s["leaders"]["S7"].update(location="kilikia", rotation=2)
    rows = dict(GAME.status(s))
    assert rows["Seleucid Court"] == ("King Antiochos III Megas (Intrigue 3½); Chief Minister "
                                      "Zeuxis (Intrigue 2); Antipatros (Intrigue 2, in Kilikia, "
                                      "Spent)")
    assert rows["Macedonian Court"].startswith("King Philippos V (Intrigue 3); Chief Minister "
                                               "Apelles (Intrigue 4)")
