"""The rulebook's worked examples about the turn and its players: ties (4.4), the active
player's actions (5.4), scoring (5.8.1), Desperate Times (7.4.2), initiative (8.1), the
Greek leaders' loyalty penalty (8.2.3), alliances between powers (15.1.1) and Neutral Power
Activates (16.1.1)."""

import pytest

from rules.sword_of_rome import alliances, phases
from rules.sword_of_rome.army import activatable
from rules.sword_of_rome.model import advance, allied, cu, current_prompt, ed, enemy_power, push
from rules.sword_of_rome.nonplayer import activatable_powers

from .helpers import bare, choose, fresh, ids, put, run


def _card(st, side, *, title=None, value=None, avoid=()):
    """Moves a card of the side's deck (by title and/or value) into its hand."""
    deck = st["decks"][side]
    card = next(c for c in deck["draw"] + deck["discard"]
                if (title is None or ed().cards[c].title == title)
                and (value is None or ed().cards[c].value == value) and c not in avoid)
    (deck["draw"] if card in deck["draw"] else deck["discard"]).remove(card)
    st["hands"][side].append(card)
    return card


def _empty_hands(st):
    for side in st["hands"]:
        st["decks"][side]["draw"] += st["hands"][side]
        st["hands"][side] = []
        st["dt"][side] = 0


@pytest.mark.example("sword-of-rome", "4.4/1")
@pytest.mark.rule("sword-of-rome", "4.4")
@pytest.mark.parametrize("first", ["rome", "gauls"])
def test_example_4_4_the_gauls_decide_who_of_the_tied_reinforces_first(first):
    st = bare()
    st["vp"].update({"gauls": 6, "rome": 6, "greeks": 3, "etruscans-samnites": 2})
    put(st, "roma", "rome", 1)
    put(st, "mediolanum", "gauls", 1)
    phases.reinforcements(st)
    advance(st)
    p = current_prompt(st)
    assert p.rule == "4.4" and p.seat == "gauls"              # the tie-winner decides
    assert set(ids(st)) == {"next:rome", "next:gauls"}
    choose(st, f"next:{first}")
    p = current_prompt(st)
    assert p.rule == "5.10" and p.seat == first               # he places first
    while current_prompt(st) and current_prompt(st).seat == first:
        choose(st, ids(st)[0])
    other = {"rome": "gauls", "gauls": "rome"}[first]
    assert current_prompt(st).seat == other                   # then the other, unasked


@pytest.mark.rule("sword-of-rome", "4.4")
def test_untied_players_reinforce_in_descending_vp_without_a_question():
    st = bare()
    st["vp"].update({"gauls": 5, "rome": 6, "greeks": 3, "etruscans-samnites": 2})
    put(st, "roma", "rome", 1)
    phases.reinforcements(st)
    advance(st)
    assert current_prompt(st).rule == "5.10" and current_prompt(st).seat == "rome"


@pytest.mark.example("sword-of-rome", "5.4/1")
@pytest.mark.rule("sword-of-rome", "5.4")
def test_example_5_4_the_active_player_mixes_his_actions_in_any_order():
    """Our counter mix has one Gallic minor leader (reconstructed), so "another minor
    leader" is the same counter placed again after other actions (5.4: these actions may be
    repeated; ruling in docs)."""
    st = bare()
    _empty_hands(st)
    npa1 = _card(st, "gauls", title="Neutral Power Activates")
    npa2 = _card(st, "gauls", title="Neutral Power Activates", avoid=[npa1])
    ops = _card(st, "gauls", value=3)
    put(st, "mediolanum", "gauls", 4, "brennus")
    put(st, "sena_gallica", "gauls", 3)
    st["active_side"] = "gauls"
    run(st, "active", side="gauls", played=False)
    # propose an alliance with the Romans
    choose(st, "ally:gauls:rome")
    assert current_prompt(st).seat == "rome" and current_prompt(st).rule == "15.1"
    choose(st, "yes")
    assert allied(st, "gauls", "rome")
    # Neutral Power Activates: the Volsci
    choose(st, f"npa:{npa1}")
    assert "power:volsci" in ids(st) and "power:carthage" in ids(st)
    choose(st, "power:volsci")
    choose(st, "raise")
    choose(st, "at:volsci:antium")
    assert cu(st, "antium", "volsci") == 1
    # a minor leader
    choose(st, "minor:gauls_minor:sena_gallica")
    assert st["leaders"]["gauls_minor"] == "sena_gallica"
    # the one card play: a Gallic army
    choose(st, f"play:{ops}")
    choose(st, "move:brennus")
    choose(st, "take:4")
    choose(st, "stop")
    assert current_prompt(st).rule == "5.4"
    assert not any(c.startswith("play:") for c in ids(st))    # played once only
    # another Neutral Power Activates: Carthage (the Volsci are spent this round)
    choose(st, f"npa:{npa2}")
    assert "power:volsci" not in ids(st) and "power:carthage" in ids(st)
    choose(st, "power:carthage")
    choose(st, "raise")
    choose(st, "at:carthage:carthago")
    # another alliance, then the minor leader again
    choose(st, "ally:gauls:greeks")
    choose(st, "no")
    assert "minor:gauls_minor:mediolanum" in ids(st)
    choose(st, "minor:gauls_minor:mediolanum")
    assert st["leaders"]["gauls_minor"] == "mediolanum"
    assert not any(c.startswith("minor:gauls_minor") for c in ids(st))   # not twice running
    choose(st, "end")
    assert not st["stack"]


@pytest.mark.example("sword-of-rome", "5.8.1/1")
@pytest.mark.rule("sword-of-rome", "5.8.1")
def test_example_5_8_1_neapolis_held_by_rome_scores_every_turn():
    st = fresh()
    st["stack"] = []
    assert {s: phases.score(st, s) for s in st["sides"]} == {s: 0 for s in st["sides"]}
    st["spaces"]["neapolis"]["ctl"] = "rome"
    vp = dict(st["vp"])
    phases.scoring(st)                                        # end of Turn 1
    assert st["vp"]["rome"] == vp["rome"] + 1 and st["vp"]["greeks"] == vp["greeks"] - 1
    assert all(st["vp"][s] == vp[s] for s in ("gauls", "etruscans-samnites"))
    st["turn"] = 2
    phases.scoring(st)                                        # still Roman at end of Turn 2
    assert st["vp"]["rome"] == vp["rome"] + 2 and st["vp"]["greeks"] == vp["greeks"] - 2


@pytest.mark.rule("sword-of-rome", "5.8.1")
def test_the_gauls_gain_nothing_for_victory_spaces_they_take():
    st = fresh()
    vp_space = next(s for s in st["spaces"] if ed().spaces[s].vp
                    and ed().spaces[s].home == "etruscans")
    st["spaces"][vp_space]["ctl"] = "gauls"
    assert phases.score(st, "gauls") == 0
    assert phases.score(st, "etruscans-samnites") == -1


@pytest.mark.example("sword-of-rome", "7.4.2/1")
@pytest.mark.rule("sword-of-rome", "7.4.2")
def test_example_7_4_2_the_gauls_win_the_tie_and_play_their_desperate_times():
    st = bare()
    _empty_hands(st)
    st["dt"].update({"greeks": 1, "gauls": 1})
    st["vp"].update({"greeks": 7, "gauls": 7, "rome": 8, "etruscans-samnites": 9})
    st["order"] = ["rome", "gauls", "etruscans-samnites", "greeks"]
    push(st, "action", round=1, idx=0, stage="dt", after_dt=False)
    advance(st)
    p = current_prompt(st)
    # both claim; the Gauls (tied at 7 VP, winning ties) are the ones who play
    assert p.rule == "7.4.1" and p.seat == "gauls" and "Roman" in p.text
    choose(st, "yes")
    assert current_prompt(st).rule == "7.4.3" and current_prompt(st).seat == "gauls"
    choose(st, "ops")
    assert st["dt"]["gauls"] == 0 and st["dt"]["greeks"] == 1  # the Greeks keep theirs
    choose(st, "support")
    while current_prompt(st).rule != "5.4":
        choose(st, "done" if "done" in ids(st) else ids(st)[0])
    assert current_prompt(st).seat == "rome"                  # play goes on with Rome


@pytest.mark.rule("sword-of-rome", "7.4.2")
def test_if_the_gauls_decline_the_greeks_play_theirs():
    st = bare()
    _empty_hands(st)
    st["dt"].update({"greeks": 1, "gauls": 1})
    st["vp"].update({"greeks": 7, "gauls": 7, "rome": 8, "etruscans-samnites": 9})
    st["order"] = ["rome", "gauls", "etruscans-samnites", "greeks"]
    push(st, "action", round=1, idx=0, stage="dt", after_dt=False)
    advance(st)
    choose(st, "no")
    assert current_prompt(st).seat == "greeks" and current_prompt(st).rule == "7.4.1"
    choose(st, "yes")
    choose(st, "ops")
    assert st["dt"]["greeks"] == 0 and st["dt"]["gauls"] == 1


@pytest.mark.example("sword-of-rome", "8.1/1")
@pytest.mark.rule("sword-of-rome", "8.1")
def test_example_8_1_initiative_is_the_least_card_value_that_activates():
    st = bare()
    put(st, "roma", "rome", 2, "curius")                      # initiative 3
    put(st, "capua", "rome", 2, "decius")                     # initiative 2
    put(st, "narnia", "rome", 2, "camillus")                  # initiative 1
    assert ed().leaders["curius"].initiative == 3
    assert ed().leaders["decius"].initiative == 2
    assert ed().leaders["camillus"].initiative == 1
    assert activatable(st, "rome", 1) == ["camillus"]
    assert activatable(st, "rome", 2) == ["camillus", "decius"]
    assert activatable(st, "rome", 3) == ["camillus", "curius", "decius"]


def _greek_cities(st, loyalties):
    """Every Greek walled city at loyalty 1 but those given; the Greek named leaders
    ``bare`` took off the map are out of play."""
    for lid, at in st["leaders"].items():
        if ed().leaders[lid].power == "greeks" and at == "reserve" and ed().leaders[lid].named:
            st["leaders"][lid] = "out"
    for sid, sp in st["spaces"].items():
        if sp["ctl"] == "greeks" and sp["loy"]:
            sp["loy"] = loyalties.get(sid, 1)


@pytest.mark.example("sword-of-rome", "8.2.3/1")
@pytest.mark.rule("sword-of-rome", "8.2.3")
@pytest.mark.parametrize("pay,after", [
    (["syracuse", "syracuse"], {"syracuse": 1, "neapolis": 3}),    # one city by two
    (["syracuse", "neapolis"], {"syracuse": 2, "neapolis": 2}),    # two cities by one
])
def test_example_8_2_3_dionysius_costs_two_loyalty_from_cities_of_the_players_choice(pay,
                                                                                   after):
    st = bare()
    _greek_cities(st, {"syracuse": 3, "neapolis": 3})
    put(st, "syracuse", "greeks", 3, "dionysius")
    assert ed().leaders["dionysius"].penalty == 2
    phases.greek_upkeep(st)
    advance(st)
    p = current_prompt(st)
    assert p.rule == "8.2.3" and p.seat == "greeks"
    assert set(ids(st)) == {"loy:syracuse", "loy:neapolis", "dismiss:dionysius"}
    choose(st, f"loy:{pay[0]}")
    assert "dismiss:dionysius" not in ids(st)                 # paying once committed
    choose(st, f"loy:{pay[1]}")
    assert current_prompt(st) is None
    assert {s: st["spaces"][s]["loy"] for s in after} == after
    assert st["leaders"]["dionysius"] == "syracuse"


@pytest.mark.rule("sword-of-rome", "8.2.3")
def test_the_greek_player_may_decline_and_the_leader_leaves_for_good():
    st = bare()
    _greek_cities(st, {"syracuse": 3})
    put(st, "syracuse", "greeks", 3, "dionysius")
    phases.greek_upkeep(st)
    advance(st)
    choose(st, "dismiss:dionysius")
    assert st["leaders"]["dionysius"] == "removed" and st["spaces"]["syracuse"]["loy"] == 3


@pytest.mark.rule("sword-of-rome", "8.2.3")
def test_a_leader_the_cities_cannot_pay_for_leaves_unasked():
    st = bare()
    _greek_cities(st, {"syracuse": 2})                        # 1 spare loyalty, 2 owed
    put(st, "syracuse", "greeks", 3, "dionysius")
    phases.greek_upkeep(st)
    advance(st)
    assert current_prompt(st) is None and st["leaders"]["dionysius"] == "removed"


@pytest.mark.example("sword-of-rome", "8.2.3/2")
@pytest.mark.rule("sword-of-rome", "8.2.3")
@pytest.mark.parametrize("taken", [["selinus"], ["selinus", "panormus"]])
def test_example_8_2_3_timoleon_s_penalty_falls_to_zero_and_a_second_space_adds_nothing(
        taken):
    st = bare("five-player")
    for sid, sp in st["spaces"].items():
        if ed().spaces[sid].home == "greeks" and ed().spaces[sid].region == "sicily":
            sp["ctl"] = "greeks"
    for sid in taken:
        st["spaces"][sid]["ctl"] = "greeks"
    _greek_cities(st, {"syracuse": 3})
    put(st, "syracuse", "greeks", 3, "timoleon")
    assert ed().leaders["timoleon"].penalty == 1
    assert phases.sicilian_discount(st) == len(taken)
    phases.greek_upkeep(st)
    advance(st)
    assert current_prompt(st) is None                         # nothing to pay
    assert st["spaces"]["syracuse"]["loy"] == 3 and st["leaders"]["timoleon"] == "syracuse"
    assert any("take 1 off Timoleon" in e["text"] for e in st["log"])


@pytest.mark.example("sword-of-rome", "15.1.1/1")
@pytest.mark.rule("sword-of-rome", "15.1")
def test_example_15_1_1_an_alliance_with_the_etruscans_is_not_one_with_the_samnites():
    st = bare()
    run(st, "active", side="greeks", played=False)
    assert {"ally:greeks:etruscans", "ally:greeks:samnites"} <= set(ids(st))
    choose(st, "ally:greeks:etruscans")
    assert current_prompt(st).seat == "etruscans-samnites"
    choose(st, "yes")
    assert allied(st, "greeks", "etruscans")
    assert not allied(st, "greeks", "samnites") and enemy_power(st, "greeks", "samnites")
    assert ("greeks", "samnites") in alliances.proposals(st, "greeks")
    assert ("greeks", "etruscans") not in alliances.proposals(st, "greeks")


@pytest.mark.example("sword-of-rome", "16.1.1/1")
@pytest.mark.rule("sword-of-rome", "16.1.1")
def test_example_16_1_1_two_neutral_power_activates_and_gallic_fury_in_one_turn():
    """Four players; the Transalpine Gauls' first space is Eporedia (the rulebook's
    Eporodia)."""
    st = bare()
    _empty_hands(st)
    side = "etruscans-samnites"
    npa1 = _card(st, side, title="Neutral Power Activates")
    npa2 = _card(st, side, title="Neutral Power Activates", avoid=[npa1])
    fury = _card(st, side, title="Gallic Fury")
    put(st, "lilybaeum", "carthage", 3, "hamilcar")
    put(st, "transalpine_box", "transalpine", 2, "transalpine_minor")
    put(st, "antium", "volsci", 1)
    st["spaces"]["pisae"]["loy"] = 2
    st["active_side"] = side
    run(st, "active", side=side, played=False)
    assert set(activatable_powers(st, side)) == {"carthage", "transalpine", "volsci"}
    choose(st, f"npa:{npa1}")
    choose(st, "power:carthage")
    choose(st, "raise")                                       # as with a 3-value card
    assert "at:carthage:lilybaeum" in ids(st)                 # traced by sea (5.10)
    choose(st, "at:carthage:lilybaeum")
    assert cu(st, "lilybaeum", "carthage") == 4
    assert set(activatable_powers(st, side)) == {"transalpine", "volsci"}
    choose(st, f"play:{fury}")
    choose(st, "event")
    choose(st, "loy:pisae")
    while current_prompt(st).rule != "5.4":
        choose(st, "done")
    assert st["spaces"]["pisae"]["loy"] == 3
    choose(st, f"npa:{npa2}")
    choose(st, "power:transalpine")
    choose(st, "move:transalpine_minor")
    choose(st, "take:2")
    choose(st, "to:eporedia")
    choose(st, "stop")
    assert st["leaders"]["transalpine_minor"] == "eporedia"
    assert cu(st, "eporedia", "transalpine") == 2
    assert activatable_powers(st, side) == ["volsci"]         # only the Volsci this round
    # the next round clears the markers
    st["stack"] = []
    st["order"] = [side]
    push(st, "action", round=1, idx=1, stage="dt", after_dt=False)
    advance(st)
    assert st["round"] == 2 and st["npa_used"] == []
    assert {"carthage", "transalpine"} <= set(activatable_powers(st, side))
