"""Rome (8.x), the Roman Politics Phase (3.4), Lobbying (5.6), Incite Rome To War (5.7),
Minor Powers (2.13), Storms in the Kretikon Pelagos (2.5.3), the Mercenaries Phase (3.5), with
the worked examples of section 8 reproduced."""

from fractions import Fraction

import pytest

from rules.hubris import (
    bidding,
    flow,
    land_campaign,
    mercenaries,
    minors,
    play,
    reactions,
    roman_war,
    rome,
    rome_surrender,
    senate,
)
from tests.hubris.rules_helpers import DATA, GAME, Dice


def nh(**rome_state):
    """The set-up of 12.1 'New Hopes' (seed 1), pools added, nothing driven yet."""
    s = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    play.add_squadron_pools(DATA, s)
    s["rome"].update(rome_state)
    DATA.refresh(s)
    s["stack"] = [{"proc": "game", "next": "action", "started": True}]
    s["phase"] = "action"
    s["turn"] = 1
    return s


def place(s, p, power, marker):
    s["places"][p].update(power=power, marker=marker, revolt=False, rebel=None)


# --- 3.4 Roman Politics, 8.2 Belligerence, 8.3 caps -------------------------------------------
@pytest.mark.rule("hubris", "3.4")
@pytest.mark.parametrize("face, side, rb, want", [
    (1, "full-war", 0, -1), (2, "full-war", 2, 1), (3, "full-war", -1, 0),
    (4, "full-war", 0, 0), (5, "full-war", 1, 1), (6, "full-war", 0, 1),
    (6, "limited-war", 0, 0),            # 6 - 1 = 5: no change under LIMITED WAR
    (2, "limited-war", 1, 0),            # 2 - 1 = 1: RB -1
])
def test_roman_politics_table(monkeypatch, face, side, rb, want):
    s = nh(rb=rb, agenda_side=side)
    monkeypatch.setattr(rome, "roll", Dice(face))
    rome.politics(DATA, s)
    assert s["rome"]["rb"] == want


@pytest.mark.rule("hubris", "8.2.3")
def test_the_second_punic_war_caps_belligerence():
    s = nh(rb=0, spw="step-2")                 # 'Hannibal Crosses the Alps': cap 0
    rome.shift_rb(DATA, s, 1, "test", "3.4")
    assert s["rome"]["rb"] == 0


@pytest.mark.rule("hubris", "8.2.1")
def test_aggression_example_targets_the_seleucids(monkeypatch):
    """8.2.1 example, GRAECIA FULL WAR (Scope: Europe): scoped totals Ptolemies 1,
    Seleucids 8, Macedon 9; Seleucids roll 4 (-1 = 3), Macedon rolls 2: the Seleucids."""
    s = nh(rb=2, agenda="graecia")
    totals = {"ptolemies": 1, "seleucids": 8, "macedon": 9}
    monkeypatch.setattr(rome, "scoped_total", lambda d, st, k: Fraction(totals[k]))
    # Aggression roll 5, then the Kingdoms in order: Seleucids 4, Ptolemies 6, Macedon 2
    monkeypatch.setattr(rome, "roll", Dice(5, 4, 6, 2))
    rome.shift_rb(DATA, s, 1, "test", "3.4")
    assert s["rome"]["rb"] == 2                               # back to Very High
    assert rome.at_war(s, "seleucids") and not rome.at_war(s, "macedon")


@pytest.mark.rule("hubris", "8.2.1")
def test_scoped_total_counts_only_territory_within_the_scope():
    s = nh(agenda="graecia")            # FULL WAR: all of Europe
    vp = s["derived"]["vp"]["ptolemies"]
    inside = rome.scoped_total(DATA, s, "ptolemies")
    assert inside < Fraction(vp["total"])
    s["rome"]["agenda"] = "orbi"        # FULL WAR: everywhere
    assert rome.scoped_total(DATA, s, "ptolemies") == Fraction(vp["total"])


@pytest.mark.rule("hubris", "8.2.1")
def test_war_weariness_makes_peace_with_the_cause():
    s = nh(rb=-2)
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["queue"].clear()
    rome.shift_rb(DATA, s, -1, "test", "8.2.2", cause="macedon")
    assert not rome.at_war(s, "macedon") and s["rome"]["rb"] == -2
    assert rome.truce(s, "macedon")                # 8.7: not again this Turn


@pytest.mark.rule("hubris", "8.2.2")
def test_a_roman_defeat_lowers_belligerence_per_legion_routed(monkeypatch):
    s = nh(rb=1)
    monkeypatch.setattr(rome, "roll", Dice(1))
    rome.after_defeat(DATA, s, 2, "macedon")
    assert s["rome"]["rb"] == -1
    monkeypatch.setattr(rome, "roll", Dice(6))
    rome.after_defeat(DATA, s, 2, "macedon")
    assert s["rome"]["rb"] == 0


@pytest.mark.rule("hubris", "8.1.1")
def test_agenda_moves_on_and_keeps_its_side():
    s = nh(agenda="illyricum", agenda_side="full-war")
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    assert s["rome"]["agenda"] == "graecia" and rome.side(s) == "full"
    rome.go_to_war(DATA, s, "macedon", "again", "8.5")       # already At War: nothing
    assert s["rome"]["agenda"] == "graecia"


@pytest.mark.rule("hubris", "8.1.2")
def test_scope_of_action():
    s = nh(agenda="illyricum", agenda_side="full-war")
    assert rome.in_scope(s, "illyria") and rome.in_scope(s, "aitolia-epeiros")
    assert not rome.in_scope(s, "makedonia")
    s["rome"]["agenda"] = "graecia"
    assert rome.in_scope(s, "makedonia") and not rome.in_scope(s, "ionia")


@pytest.mark.rule("hubris", "8.3.1")
def test_hannibals_war_advances_the_second_punic_war(monkeypatch):
    from rules.hubris import events
    s = nh(rb=2, spw="step-1")
    monkeypatch.setattr(events, "pick", lambda st, items, **kw: items[0])
    events.ev_hannibals_war(DATA, s, "ev-14")
    assert s["rome"]["spw"] == "step-2" and rome.side(s) == "limited"
    assert s["rome"]["rb"] == 0                               # capped by the new card
    assert any(u["location"] == "spw" for u in s["units"].values())


@pytest.mark.rule("hubris", "4.9")
def test_hannibal_takes_rome_and_rome_leaves_the_game(monkeypatch):
    s = nh(spw="step-3")
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["units"]["aitolians"]["location"] = "spw"
    monkeypatch.setattr(rome, "roll", Dice(1))
    rome.spw_test(DATA, s)
    assert s["rome"]["spw"] == "carthage-victorious" and not rome.active(s)
    assert not rome.at_war(s, "macedon")
    assert s["units"]["aitolians"]["location"] == "dispersed"


# --- 8.4 Senate, 5.6 Lobbying, 5.7 Incite ---------------------------------------------------
@pytest.mark.rule("hubris", "5.6.3")
def test_lobbying_example_one_shift_only():
    """5.6.3 example: Macedon Influential, the Ptolemies Predominant: Macedon may lower the
    Ptolemies to Influential but not rise to Predominant."""
    s = nh()
    s["kingdoms"]["macedon"]["senate"] = "influential"
    s["kingdoms"]["ptolemies"]["senate"] = "predominant"
    ids = [i for i, _ in senate.shifts(s, "macedon")]
    assert "down:ptolemies" in ids and "up" not in ids
    frame = flow.push(s, "lobby", kingdom="macedon", leader="U7", bribe=False, success=True)
    senate.Lobby().apply(DATA, s, frame, "shift:down:ptolemies")
    assert s["kingdoms"]["ptolemies"]["senate"] == "influential"
    assert s["kingdoms"]["macedon"]["senate"] == "influential"


@pytest.mark.rule("hubris", "8.4")
def test_only_one_kingdom_may_be_predominant():
    s = nh()
    s["kingdoms"]["ptolemies"]["senate"] = "predominant"
    s["kingdoms"]["seleucids"]["senate"] = "influential"
    assert "up" not in [i for i, _ in senate.shifts(s, "seleucids")]
    # lowering a Predominant Kingdom needs Influence of one's own
    assert "down:ptolemies" not in [i for i, _ in senate.shifts(s, "macedon")]


@pytest.mark.rule("hubris", "5.7.3")
def test_incite_example_threshold():
    """5.7.3 example: ORBI, Ptolemaios V (Diplomacy 3), 16 VPs against Macedon's 15, RB +1,
    with the bribe: -3 -1 +1 +1 = -2, threshold 1 (one chance in six)."""
    s = nh(agenda="orbi", rb=1)
    s["derived"]["vp"]["ptolemies"]["total_rounded"] = 16
    s["derived"]["vp"]["macedon"]["total_rounded"] = 15
    frame = {"kingdom": "ptolemies", "leader": "P10"}
    assert DATA.card("P10").diplomacy == 3
    assert senate.threshold(DATA, s, frame, "macedon", True) == 1
    assert senate.threshold(DATA, s, frame, "macedon", False) == 0


@pytest.mark.rule("hubris", "5.7.3")
def test_failed_incitement_costs_a_vp_and_influence(monkeypatch):
    s = nh(agenda="orbi", rb=0)
    s["kingdoms"]["ptolemies"]["senate"] = "predominant"
    assert senate.incite_possible(DATA, s, "ptolemies", "P2")
    before = Fraction(s["derived"]["vp"]["ptolemies"]["dynastic"])
    frame = flow.push(s, "incite", kingdom="ptolemies", leader="P2")
    monkeypatch.setattr(senate, "check", lambda st, thr, **kw: [6])
    senate.Incite().apply(DATA, s, frame, "incite:macedon:0")
    assert s["kingdoms"]["ptolemies"]["senate"] == "influential"
    assert Fraction(s["derived"]["vp"]["ptolemies"]["dynastic"]) == before - 1
    assert not rome.at_war(s, "macedon")


# --- 8.5 Casus Belli, 8.6.1 Forestall ------------------------------------------------------
def _thessalia_campaign(s, announce):
    place(s, "larisa", "rome", "alliance")
    place(s, "pherai", None, None)
    place(s, "demetrias", "ptolemies", "alliance")
    s["rome"]["freedom_of_greeks"] = True
    frame = {"id": "c1", "kingdom": "macedon", "leader": "M6", "target": "thessalia",
             "origin": "makedonia", "mode": "land", "announce": announce}
    frame["announced"] = land_campaign.announced(DATA, s, frame)
    return frame


@pytest.mark.rule("hubris", "8.5")
def test_casus_belli_example_thessalia(monkeypatch):
    """8.5 example: one roll at the lowest Threshold: 5 with the Roman-allied Place
    targeted, 6 (Guaranteed Greek Places) without it."""
    for p in ("larisa", "pherai", "demetrias"):
        assert DATA.places[p].status == "greek"
    rolls = []

    def spy(st, dice=1, sides=6, *, purpose="", rule=""):
        rolls.append(purpose)
        return [1]
    monkeypatch.setattr(rome, "roll", spy)
    s = nh(rb=0)
    land_campaign.provoked_casus_belli(DATA, s, _thessalia_campaign(s, "alliances"))
    assert rolls == ["Casus Belli 5 against Macedon"]
    rolls.clear()
    s = nh(rb=0)
    frame = _thessalia_campaign(s, "alliances")
    frame["announced"]["powers"] = ["ptolemies"]          # the Roman ally left out
    land_campaign.provoked_casus_belli(DATA, s, frame)
    assert rolls == ["Casus Belli 6 against Macedon"]


@pytest.mark.rule("hubris", "8.5")
def test_casus_belli_void_and_automatic(monkeypatch):
    s = nh(rb=-1)
    monkeypatch.setattr(rome, "roll", Dice())               # no die may be rolled
    rome.casus_belli(DATA, s, "macedon", 6, "test")         # needs an unmodified 7
    assert not rome.at_war(s, "macedon")
    rome.casus_belli(DATA, s, "macedon", None, "an attack on a Roman Garrison")
    assert rome.at_war(s, "macedon")


@pytest.mark.rule("hubris", "8.5")
def test_no_provoked_casus_belli_after_peace_with_rome_this_turn():
    s = nh()
    s["rome"]["truce"] = {"macedon": 1}
    assert not rome.may_provoke(s, "macedon")
    opts = [o for o, _ in land_campaign.announce_options(DATA, s, "macedon", "illyria")]
    assert all("Rome" not in label for _, label in
               land_campaign.announce_options(DATA, s, "macedon", "illyria")) and opts


@pytest.mark.rule("hubris", "8.6.1")
def test_forestall_with_influence(monkeypatch):
    s = nh()                                   # the Ptolemies are Influential (12.1)
    rome.declare_war(DATA, s, "ptolemies", "test", "8.5")
    (q,) = s["queue"]
    p = rome.Forestall().prompt(DATA, s, q)
    assert p.seat == "ptolemies" and "accept" in [c.id for c in p.choices]
    monkeypatch.setattr(rome, "check", lambda st, thr, **kw: [1])
    rome.Forestall().apply(DATA, s, q, "try:P2")
    assert not rome.at_war(s, "ptolemies")
    assert s["leaders"]["P2"]["rotation"] == 1
    assert s["kingdoms"]["ptolemies"]["senate"] == "influential"


@pytest.mark.rule("hubris", "8.6.1")
def test_war_not_forestalled_lowers_influence():
    s = nh()
    rome.declare_war(DATA, s, "ptolemies", "test", "8.5")
    q = s["queue"].pop(0)
    rome.Forestall().apply(DATA, s, q, "accept")
    assert rome.at_war(s, "ptolemies") and s["kingdoms"]["ptolemies"]["senate"] == "none"
    assert s["kingdoms"]["ptolemies"]["controlled3_at_war_onset"] == (
        rome.controlled_in_west(s, "ptolemies") >= 3)


# --- 8.6 Activations, Diplomacy, Campaigns, Free Passage -------------------------------------
@pytest.mark.rule("hubris", "8.6.3")
def test_activation_card_sets_legions_and_squadrons():
    s = nh(spw="step-1")
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["rome"]["consuls"]["macedon"]["card"] = "ra-3"     # FULL: 3 Legions at 4, 2 Squadrons
    roman_war.set_legions(DATA, s, "macedon", 3)
    roman_war.set_squadrons(s)
    assert s["leaders"]["consul-macedon"]["location"] == "italia"
    legions = [u for u, r in s["units"].items() if r["location"] == "leader:consul-macedon"]
    assert len(legions) == 3
    assert sum(1 for r in s["units"].values() if r["type"] == "roman-squadron"
               and r["location"] == "adrias") == 2
    assert roman_war.consul_rating(s, "consul-macedon") == 4
    roman_war.set_legions(DATA, s, "macedon", 0)          # no Legions: the Consul leaves
    assert "consul-macedon" not in s["leaders"]


@pytest.mark.rule("hubris", "8.6.4")
def test_diplomacy_example_pergamon():
    """8.6.4 example, GRAECIA FULL WAR: the Aitolian League already Roman; Pergamon
    Unaligned: Roman Alliances on Pergamon and Kyzikos, not on Abydos (Seleucid)."""
    s = nh(agenda="graecia")
    place(s, "aitolia", "rome", "alliance")
    place(s, "pergamon", None, None)
    place(s, "abydos", "seleucids", "alliance")
    place(s, "kyzikos", None, None)
    roman_war.diplomacy(DATA, s)
    assert s["places"]["pergamon"]["power"] == "rome"
    assert s["places"]["kyzikos"]["power"] == "rome"
    assert s["places"]["abydos"]["power"] == "seleucids"
    assert s["minors"]["pergamon"]["allied_with"] == "rome"


@pytest.mark.rule("hubris", "8.6.4")
def test_diplomacy_unaligns_a_kingdoms_alliance_first_and_skips_garrisons():
    s = nh(agenda="graecia")
    place(s, "aitolia", "macedon", "alliance")
    roman_war.diplomacy(DATA, s)
    assert s["places"]["aitolia"]["power"] is None
    s = nh(agenda="graecia")
    place(s, "aitolia", "macedon", "garrison")             # cannot ally: next one
    place(s, "pergamon", None, None)
    roman_war.diplomacy(DATA, s)
    assert s["places"]["aitolia"]["power"] == "macedon"
    assert s["places"]["pergamon"]["power"] == "rome"


@pytest.mark.rule("hubris", "8.6.5")
def test_the_consul_lands_by_the_arrival_routes_and_the_bot_picks_the_best_target():
    s = nh(agenda="graecia")
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["queue"].clear()
    s["rome"]["consuls"]["macedon"]["card"] = "ra-3"
    roman_war.set_legions(DATA, s, "macedon", 3)
    # ILLYRIA is Roman-Controlled (Apollonia, Taulantioi, two Unaligned): an Origin joined to
    # ITALIA by the arrival route (5.2.1, 8.6.5), so MAKEDONIA is in reach too (R34)
    assert roman_war.targets(DATA, s, "macedon") == ["aitolia-epeiros", "makedonia"]
    frame = flow.push(s, "roman-campaign", foe="macedon", step="target")
    assert roman_war.RomanCampaign().prompt(DATA, s, frame) is None     # the bot decides
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame["step"] == "passage" and frame["pick"] == "makedonia"  # Pella, the Capital
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame["step"] == "crossing" and not s["queue"]     # nobody in the Adrias
    assert frame["origin"] == "illyria"
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert s["leaders"]["consul-macedon"]["location"] == "makedonia"
    assert [q["proc"] for q in s["queue"] if q["proc"] == "rome-news"] == ["rome-news"] * 3
    # Macedon may React as to any Campaign (6.1-6.3)
    assert all(q["kingdom"] == "macedon" for q in s["queue"] if q["proc"] == "defence")


@pytest.mark.rule("hubris", "8.6.5")
def test_roman_sieges_take_places_at_siege_rating_four(monkeypatch):
    s = nh(agenda="graecia")
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["rome"]["consuls"]["macedon"]["card"] = "ra-3"
    roman_war.set_legions(DATA, s, "macedon", 3)
    s["leaders"]["consul-macedon"]["location"] = "aitolia-epeiros"
    s["units"]["macedon-royal-army"]["location"] = "makedonia"
    frame = {"foe": "macedon", "target": "aitolia-epeiros"}
    monkeypatch.setattr(roman_war, "roll", Dice(4, 4, 4, 4))
    roman_war.RomanCampaign()._sieges(DATA, s, frame)
    taken = [p for p in DATA.satrapies["aitolia-epeiros"].places
             if s["places"][p].get("power") == "rome"]
    assert taken and not [p for p in DATA.satrapies["aitolia-epeiros"].places
                          if s["places"][p].get("power") == "macedon"]


@pytest.mark.rule("hubris", "8.6.6")
def test_free_passage_example_thrake():
    """8.6.6 example: THRAKE holds a Macedonian Alliance and two Ptolemaic Garrisons: Rome
    must ask both Kingdoms; a denial is War."""
    s = nh()
    place(s, "lysimacheia", "ptolemies", "garrison")
    place(s, "perinthos", "ptolemies", "garrison")
    other = [p for p in DATA.satrapies["thrake"].places if p not in ("lysimacheia",
                                                                      "perinthos")]
    place(s, other[0], "macedon", "alliance")
    rome.go_to_war(DATA, s, "seleucids", "test", "8.5")
    assert roman_war.passage_from(DATA, s, "thrake", "seleucids") == ["macedon", "ptolemies"]
    s["queue"].clear()
    q = {"proc": "free-passage", "kingdom": "macedon", "sat": "thrake", "foe": "seleucids"}
    roman_war.FreePassage().apply(DATA, s, q, "deny")
    assert rome.at_war(s, "macedon")


# --- 8.7 Victory over Rome, 8.8 Surrender, 8.9 Hostages, 8.10 Minor Allies -------------------
@pytest.mark.rule("hubris", "8.7")
def test_victory_over_rome_example():
    """8.7 example: Rome at War with Macedon and the Ptolemies, Roman Garrisons in Korinthos,
    Athenai and Larisa: Macedon takes all three; Roman Alliances stay."""
    s = nh()
    for k in ("macedon", "ptolemies"):
        rome.go_to_war(DATA, s, k, "test", "8.5")
    for p in DATA.satrapies["peloponnesos"].places + DATA.satrapies["boiotia-euboia"].places:
        place(s, p, None, None)
    place(s, "korinthos", "rome", "garrison")
    place(s, "athenai", "rome", "garrison")
    place(s, "larisa", "rome", "garrison")
    place(s, "chalkis", "macedon", "garrison")
    place(s, "achaia", "macedon", "alliance")
    place(s, "megalopolis", "macedon", "alliance")
    place(s, "sparte", "ptolemies", "alliance")
    place(s, "taulantioi", "rome", "alliance")
    dyn = {k: Fraction(s["kingdoms"][k]["dynastic_vp"]) for k in ("macedon", "ptolemies")}
    renown = s["leaders"]["M6"]["renown"]
    rome.victory_over_rome(DATA, s, ["macedon", "ptolemies"])
    for p in ("korinthos", "athenai", "larisa"):
        assert s["places"][p]["power"] == "macedon", p
    assert s["places"]["apollonia"]["power"] == "rome"          # Apollonia stays
    assert s["places"]["taulantioi"]["power"] == "rome"         # Alliances stay
    for k in ("macedon", "ptolemies"):
        assert Fraction(s["kingdoms"][k]["dynastic_vp"]) == dyn[k] + 1
        assert not rome.at_war(s, k) and rome.truce(s, k)
    assert s["leaders"]["M6"]["renown"] == renown + 2


@pytest.mark.rule("hubris", "8.8.1")
def test_first_surrender_of_macedon():
    s = nh()
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    place(s, "larisa", "rome", "garrison")
    rome_surrender.surrender(DATA, s, "macedon", "test")
    assert s["places"]["korinthos"]["power"] == "rome"           # a Greek Garrison
    assert s["places"]["korinthos"]["marker"] == "alliance"
    assert s["places"]["pella"]["power"] == "macedon"            # MAKEDONIA is not Greece
    assert s["places"]["larisa"]["marker"] == "alliance"         # Roman Garrisons flip
    assert s["places"]["apollonia"]["marker"] == "garrison"      # except Apollonia
    assert not rome.at_war(s, "macedon") and s["kingdoms"]["macedon"]["surrendered"] == 1
    assert rome.truce(s, "macedon")


@pytest.mark.rule("hubris", "8.8.2")
def test_second_surrender_eliminates_the_kingdom():
    s = nh()
    s["kingdoms"]["macedon"]["surrendered"] = 1
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    rome_surrender.surrender(DATA, s, "macedon", "test")
    assert s["kingdoms"]["macedon"]["eliminated"]
    assert s["places"]["pella"]["power"] == "rome"
    assert "makedonia" in s["rome"]["guarantees"]
    assert not [lid for lid, r in s["leaders"].items() if r["court"] == "macedon"]


@pytest.mark.rule("hubris", "8.8")
def test_surrender_when_the_last_capital_is_roman():
    s = nh()
    rome.go_to_war(DATA, s, "ptolemies", "test", "8.5")
    place(s, "alexandreia", "rome", "garrison")
    assert (rome_surrender.surrender_due(DATA, s, "ptolemies")
            == "its last Capital is Aligned with Rome")


@pytest.mark.rule("hubris", "8.9")
def test_hostage_with_two_heirs_and_none_with_one():
    s = nh()
    rome_surrender.hostage(DATA, s, "seleucids")       # Antiochos III has no two Heirs
    assert not [lid for lid, r in s["leaders"].items() if r["location"] == "hostage"]
    for lid in ("S1", "S5"):
        s["leaders"][lid] = {"court": "seleucids", "location": "court", "role": None,
                             "rotation": 0, "renown": 0, "rebel": False, "of": "seleucids"}
    rome_surrender.hostage(DATA, s, "seleucids")
    (h,) = [lid for lid, r in s["leaders"].items() if r["location"] == "hostage"]
    assert h == min(("S1", "S5"), key=lambda lid: DATA.card(lid).rank)
    assert h not in rome_surrender.heirs(DATA, s, "seleucids")


@pytest.mark.rule("hubris", "8.10")
def test_minor_units_on_a_consuls_card_go_home_when_the_foe_surrenders():
    s = nh()
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["rome"]["consuls"]["macedon"]["card"] = "ra-3"
    roman_war.set_legions(DATA, s, "macedon", 2)
    s["units"]["aitolian-league"].update(location="leader:consul-macedon", face="up")
    rome_surrender.surrender(DATA, s, "macedon", "test")
    assert s["units"]["aitolian-league"]["location"] == "aitolia-epeiros"


# --- 2.13 Minor Powers --------------------------------------------------------------------
@pytest.mark.rule("hubris", "2.13.10")
def test_minor_units_follow_their_heartland():
    s = nh()
    place(s, "aitolia", "rome", "alliance")
    DATA.refresh(s)
    minors.settle(DATA, s)
    u = s["units"]["aitolian-league"]
    assert u["location"] == "aitolia-epeiros" and u["face"] == "down"
    place(s, "aitolia", None, None)
    DATA.refresh(s)
    minors.settle(DATA, s)
    assert s["units"]["aitolian-league"]["location"] == "banner"
    place(s, "aitolia", "macedon", "garrison")
    DATA.refresh(s)
    minors.settle(DATA, s)
    assert s["units"]["aitolian-league"]["location"] == "out-of-play"


@pytest.mark.rule("hubris", "2.13.10")
def test_the_pergamon_squadron_needs_roman_pergamon_and_abydos():
    s = nh()
    place(s, "pergamon", "rome", "alliance")
    DATA.refresh(s)
    minors.settle(DATA, s)
    assert s["units"]["pergamon-squadron"]["location"] == "banner"
    place(s, "abydos", "rome", "alliance")
    minors.settle(DATA, s)
    assert s["units"]["pergamon-squadron"]["location"] in DATA.satrapies["mysia"].seas


@pytest.mark.rule("hubris", "2.13.10")
def test_an_allied_minor_musters_only_within_its_limits():
    s = nh()       # the Achaians are Macedon's (Alliances on Achaia and Megalopolis)
    assert minors.status(DATA, s, "achaians") == ("allied", "macedon")
    ok = land_campaign._minor_ok(DATA, s, "macedon", "achaians", "peloponnesos",
                                 "peloponnesos", "boiotia-euboia")
    assert ok
    assert not land_campaign._minor_ok(DATA, s, "macedon", "achaians", "peloponnesos",
                                       "peloponnesos", "thessalia")


# --- Kretikon (2.5.3), Mercenaries (3.5) ---------------------------------------------------
@pytest.mark.rule("hubris", "2.5.3")
def test_kretikon_is_friendly_for_campaigns_only_and_storms_strike(monkeypatch):
    from rules.hubris import core
    s = nh()
    assert not core.friendly_sea(s, DATA, "seleucids", "kretikon-pelagos")
    assert "kretikon-pelagos" in core.friendly_seas(s, DATA, "seleucids")
    s["units"]["ptolemies-squadron-1"]["location"] = "leader:P3"
    s["units"]["cretans"].update(location="leader:P3", face="up", owner="ptolemies")
    monkeypatch.setattr(reactions, "roll", Dice(5))
    reactions.kretikon_storm(s, "P3", "kretikon-pelagos")
    # one loss, allocated by the owner (2.5.3): here the Cretans
    s = GAME.apply(s, "lose:cretans")
    assert s["units"]["cretans"]["location"] == "dispersed"
    assert s["units"]["ptolemies-squadron-1"]["location"] == "leader:P3"


@pytest.mark.rule("hubris", "3.5")
def test_mercenaries_go_to_the_highest_bid_only_the_winner_pays():
    s = nh()
    assert set(mercenaries.eligible(DATA, s, "illyrians")) == {"ptolemies", "macedon"}
    frame = flow.push(s, "mercenaries", lot="illyrians", todo=[],
                      auction=bidding.begin(s, ["ptolemies", "macedon"], 2))
    phase = mercenaries.MercenariesPhase()
    p = phase.prompt(DATA, s, frame)
    assert p.kind == "bid" and {"bid:pass", "bid:2"} <= {c.id for c in p.choices}
    phase.apply(DATA, s, frame, "bid:3")          # Ptolemies
    phase.apply(DATA, s, frame, "bid:4")          # Macedon raises
    phase.apply(DATA, s, frame, "bid:5")          # Ptolemies raise again
    phase.apply(DATA, s, frame, "bid:pass")       # Macedon drops out
    t = {k: s["kingdoms"][k]["treasury"] for k in ("ptolemies", "macedon")}
    phase.run(DATA, s, frame)
    assert s["kingdoms"]["ptolemies"]["treasury"] == t["ptolemies"] - 5
    assert s["kingdoms"]["macedon"]["treasury"] == t["macedon"]
    u = s["units"]["illyrians"]
    assert u["owner"] == "ptolemies" and u["face"] == "up"


# --- Revenue (3.3) and War Exhaustion (3.7.3) At War with Rome --------------------------------
@pytest.mark.rule("hubris", "3.3")
def test_revenue_is_halved_at_war_with_rome_only_under_full_war():
    from rules.hubris import turn
    for side, halved in (("full-war", True), ("limited-war", False)):
        s = nh(agenda_side=side)
        s["wars"] = {"macedon|rome": "war"}
        base = Fraction(s["derived"]["tax_base"]["macedon"])
        before = s["kingdoms"]["macedon"]["treasury"]
        turn.revenue(DATA, s)
        got = s["kingdoms"]["macedon"]["treasury"] - before
        want = base / 2 if halved else base
        assert abs(got - want) <= Fraction(1, 2), (side, got, want)


@pytest.mark.rule("hubris", "3.7.3")
def test_war_exhaustion_only_at_war_with_rome_costs_no_vp(monkeypatch):
    from rules.hubris import turn
    s = nh(agenda_side="full-war")
    s["wars"] = {"macedon|rome": "war"}
    before = s["kingdoms"]["macedon"]["dynastic_vp"]
    monkeypatch.setattr("rules.hubris.checks.roll", lambda st, d=1, **kw: [6])
    turn.war_exhaustion(DATA, s)
    assert s["kingdoms"]["macedon"]["dynastic_vp"] == before
    assert any(e.get("rule") == "3.7.3" and "Revolt" in e["text"] for e in s["log"])
    s = nh(agenda_side="limited-war")
    s["wars"] = {"macedon|rome": "war"}
    n = len(s["log"])
    turn.war_exhaustion(DATA, s)                # LIMITED WAR: no Check at all
    assert not any(e.get("rule") == "3.7.3" for e in s["log"][n:])


@pytest.mark.rule("hubris", "8.10")
def test_roman_minor_allies_join_the_consul_within_their_limits():
    s = nh(agenda="graecia")
    place(s, "aitolia", "rome", "alliance")
    DATA.refresh(s)
    minors.settle(DATA, s)
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["rome"]["consuls"]["macedon"]["card"] = "ra-3"
    roman_war.set_legions(DATA, s, "macedon", 2)
    s["leaders"]["consul-macedon"]["location"] = "aitolia-epeiros"
    roman_war.muster_minors(DATA, s, "consul-macedon", "aitolia-epeiros", "makedonia")
    assert s["units"]["aitolian-league"]["location"] == "aitolia-epeiros"   # not Greece
    roman_war.muster_minors(DATA, s, "consul-macedon", "aitolia-epeiros", "thessalia")
    u = s["units"]["aitolian-league"]
    assert u["location"] == "leader:consul-macedon" and u["owner"] == "rome"


@pytest.mark.rule("hubris", "8.8")
def test_a_royal_army_beaten_by_a_consul_surrenders_after_the_campaign(monkeypatch):
    from rules.hubris import battles
    s = nh(agenda="graecia")
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["queue"].clear()
    s["rome"]["consuls"]["macedon"]["card"] = "ra-3"           # Battle 4, 3 Legions
    roman_war.set_legions(DATA, s, "macedon", 3)
    s["leaders"]["consul-macedon"]["location"] = "makedonia"
    for u in ("macedon-royal-army", "macedon-siege-train"):
        s["units"][u]["location"] = "makedonia"
    parent = flow.push(s, "roman-campaign", id="rc1", foe="macedon", step="after-battle",
                       target="makedonia", battles=[{"enemy": "macedon"}])
    battles.start_land_battle(DATA, s, "rome", "macedon", "makedonia", "consul-macedon",
                              False, parent)
    frame = s["stack"][-1]
    assert frame["sides"]["attacker"]["rating"] == 4
    frame["sides"]["defender"]["routed"] = list(frame["sides"]["defender"]["troops"])
    battles.land_outcome(DATA, s, frame)
    assert s["rome"]["surrender_pending"] == ["macedon"]
    rome_surrender.settle(DATA, s)            # a Campaign is still on the stack: not yet
    assert s["kingdoms"]["macedon"]["surrendered"] == 0
    s["stack"] = [f for f in s["stack"] if f["proc"] == "game"] + [{"proc": "action-phase"}]
    rome_surrender.settle(DATA, s)            # in the Action Phase (8.8): now
    assert s["kingdoms"]["macedon"]["surrendered"] == 1 and not rome.at_war(s, "macedon")


@pytest.mark.rule("hubris", "8.5")
def test_garrisoning_a_guaranteed_place_is_casus_belli_seven(monkeypatch):
    rolls = []

    def spy(st, dice=1, sides=6, *, purpose="", rule=""):
        rolls.append(purpose)
        return [5]
    monkeypatch.setattr(rome, "roll", spy)
    s = nh(rb=0, freedom_of_greeks=True)
    rome.casus_belli(DATA, s, "macedon", 7, "garrisoning Larisa")      # 7 - 0: void
    assert rolls == [] and not rome.at_war(s, "macedon")
    s = nh(rb=2, freedom_of_greeks=True)
    assert land_campaign.guaranteed(DATA, s, "larisa")
    rome.casus_belli(DATA, s, "macedon", 7, "garrisoning Larisa")      # 5 + 2 >= 7
    assert rolls == ["Casus Belli 7 against Macedon"] and rome.at_war(s, "macedon")


@pytest.mark.rule("hubris", "3.2")
def test_the_first_deck_of_new_hopes_holds_the_one_offs_of_turn_one():
    from rules.hubris import events
    s = nh()
    cards = events.first_turn_cards(DATA, s)
    assert {"ev-12", "ev-14", "ev-15", "ev-16"} <= set(cards)      # 12.1: Turn 1 One-Offs
    assert "ev-18" not in cards and "ev-01" in cards                 # Ev 18 is Turn 2's


@pytest.mark.rule("hubris", "4.8")
def test_storms_and_worms_roll_for_minor_squadrons_on_their_banner(monkeypatch):
    from rules.hubris import courts
    s = nh()
    rolled = []

    def dice(st, n=1, sides=6, *, purpose="", rule=""):
        rolled.append(purpose)
        return [6]
    monkeypatch.setattr(courts, "roll", dice)
    courts.storms_and_worms(DATA, s)
    rhodian = [p for p in rolled if "Rhodian Squadron" in p]
    # the Rhodian Squadron is the last of Rhodes: a second 6 was needed, and rolled
    assert len(rhodian) == 2 and "last" in rhodian[1]
    assert s["units"]["rhodian-squadron"]["location"] == "offmap"


@pytest.mark.rule("hubris", "6.5")
def test_a_kingdom_at_war_interdicts_the_legions_crossing_the_adrias():
    s = nh(agenda="graecia")
    rome.go_to_war(DATA, s, "macedon", "test", "8.5")
    s["queue"].clear()
    s["rome"]["consuls"]["macedon"]["card"] = "ra-1"
    roman_war.set_legions(DATA, s, "macedon", 2)
    s["units"]["macedon-squadron-1"]["location"] = "adrias"
    frame = flow.push(s, "roman-campaign", foe="macedon", step="target")
    roman_war.RomanCampaign().run(DATA, s, frame)
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame["step"] == "crossing"
    (q,) = [q for q in s["queue"] if q["proc"] == "interdict"]
    assert "Rome" in reactions.Interdict().prompt(DATA, s, q).text
    s["queue"].remove(q)
    reactions.Interdict().apply(DATA, s, q, "interdict")
    roman_war.RomanCampaign().run(DATA, s, frame)   # no Roman Squadron near: no battle
    roman_war.RomanCampaign().run(DATA, s, frame)
    assert frame not in s["stack"]
    assert s["leaders"]["consul-macedon"]["location"] == "italia"
