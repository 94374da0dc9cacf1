"""The sequence of play, cards and hands (3-7)."""

import pytest

from rules.engine.game import IllegalChoice
from rules.sword_of_rome import phases
from rules.sword_of_rome.data import edition
from rules.sword_of_rome.flow import hand_size
from rules.sword_of_rome.model import current_prompt, deciding

from .helpers import GAME, bare, choose, fresh, ids, put, run


@pytest.mark.rule("sword-of-rome", "3.0")
def test_set_up_follows_the_examples():
    st = fresh()
    assert st["leaders"]["valerius"] == "roma" and st["cu"]["roma"]["rome"] == 5
    assert st["leaders"]["camillus"] == "velitrae"
    assert st["leaders"]["egnatius"] == "fregellae" and st["cu"]["fregellae"]["samnites"] == 5
    assert st["spaces"]["roma"]["loy"] == 3 and st["spaces"]["capua"]["loy"] == 1
    assert st["spaces"]["velitrae"]["ctl"] == "rome" and st["spaces"]["fregellae"]["ctl"] == \
        "samnites"
    assert st["leaders"]["dionysius"] in st["spaces"]


@pytest.mark.rule("sword-of-rome", "5.2")
@pytest.mark.rule("sword-of-rome", "6.2")
def test_hand_sizes_seven_and_rome_eight_with_three_or_more():
    st4, st2 = fresh("four-player"), fresh("two-player")
    assert len(st4["hands"]["rome"]) == 8 and len(st4["hands"]["greeks"]) == 7
    assert len(st2["hands"]["rome"]) == 7 and hand_size(st2, "rome") == 7


@pytest.mark.rule("sword-of-rome", "6.2.1")
def test_gauls_discard_their_whole_hand_with_four_players():
    st = fresh("four-player")
    kept = list(st["hands"]["gauls"])
    st["stack"] = [{"proc": "turn", "step": 1}]
    from rules.sword_of_rome.model import advance

    st["turn"] = 2
    advance(st)
    assert not set(kept) & set(st["hands"]["gauls"])
    assert set(kept) <= set(st["decks"]["gauls"]["discard"]) | set(st["decks"]["gauls"]["draw"])


@pytest.mark.rule("sword-of-rome", "5.3")
def test_the_fewest_vp_player_chooses_who_goes_first():
    st = fresh("four-player")
    p = current_prompt(st)
    assert p.rule == "5.3" and p.seat == "gauls"     # all tied: the tie rank puts Gauls first
    choose(st, "first:greeks")
    assert st["order"][0] == "greeks"


@pytest.mark.rule("sword-of-rome", "5.4")
def test_each_player_is_active_once_a_round_clockwise_from_the_first():
    st = fresh("four-player", seed=3)
    choose(st, "first:etruscans-samnites")
    seen = []
    while len(seen) < 8:
        p = current_prompt(st)
        if p.rule == "5.4":
            seen.append(deciding(st))
            choose(st, "end")
        else:
            choose(st, p.choices[0].id)
    assert seen == ["etruscans-samnites", "greeks", "rome", "gauls"] * 2


@pytest.mark.rule("sword-of-rome", "7.1")
def test_one_card_play_per_turn_and_the_engine_refuses_a_second():
    st = bare()
    put(st, "roma", "rome", 3, "valerius")
    st["hands"]["rome"] = ["rome-20", "rome-21"]
    run(st, "active", side="rome", played=False)
    choose(st, "play:rome-20")
    choose(st, "support")
    choose(st, "done")
    assert "play:rome-21" not in ids(st)
    with pytest.raises(IllegalChoice):
        choose(st, "play:rome-21")


@pytest.mark.rule("sword-of-rome", "7.1.3")
def test_a_remove_event_leaves_the_game_and_flags_persist():
    st = bare()
    st["hands"]["rome"] = ["rome-12"]                # Appian Way, REMOVE
    run(st, "use", side="rome", card="rome-12", parent=None)
    choose(st, "event")
    assert "rome-12" in st["decks"]["rome"]["removed"] and st["flags"]["appian_way"]


@pytest.mark.rule("sword-of-rome", "6.4")
def test_a_reshuffle_card_brings_the_discards_back_before_the_next_draw():
    from rules.engine.deck import draw_to
    from rules.sword_of_rome.cards import spend

    st = bare()
    deck = st["decks"]["rome"]
    for pile in (deck["draw"], deck["discard"], st["hands"]["rome"]):
        if "rome-1" in pile:
            pile.remove("rome-1")
    st["hands"]["rome"].append("rome-1")             # Campaign, RESHUFFLE
    spend(st, "rome", "rome-1", as_event=True)
    assert deck["reshuffle"] and "rome-1" in deck["discard"]
    draw_to(st, deck, st["hands"]["rome"], len(st["hands"]["rome"]) + 1, name="Roman")
    assert deck["discard"] == [] and not deck["reshuffle"]


@pytest.mark.rule("sword-of-rome", "6.1")
@pytest.mark.rule("sword-of-rome", "6.3")
def test_a_seat_sees_its_own_hand_only_and_no_deck_order():
    st = fresh()
    view = GAME.view(st, "rome")
    assert [c["id"] for c in view["hands"]["rome"]] == st["hands"]["rome"]
    assert view["hands"]["greeks"] == [] and view["hand_sizes"]["greeks"] == 7
    assert isinstance(view["decks"]["greeks"]["draw"], int)


@pytest.mark.rule("sword-of-rome", "7.4")
def test_desperate_times_goes_to_the_fewest_vp_claimant_and_acts_as_a_3_card():
    st = bare()
    st["vp"].update({"rome": 5, "gauls": 2, "etruscans-samnites": 3, "greeks": 4})
    put(st, "roma", "rome", 3, "valerius")
    run(st, "action", round=1, idx=0, stage="dt", after_dt=False)
    p = current_prompt(st)
    assert p.rule == "7.4.1" and deciding(st) == "gauls"   # fewest VP asked first
    choose(st, "no")
    assert deciding(st) == "etruscans-samnites"
    choose(st, "yes")
    assert current_prompt(st).rule == "7.4.3"
    choose(st, "ops")
    assert "reinforce" in ids(st)                    # a 3-value card's operations
    assert st["dt"]["etruscans-samnites"] == 1


@pytest.mark.rule("sword-of-rome", "7.3")
def test_support_needs_cu_for_a_pc_and_loyalty_stops_at_three():
    st = bare()
    put(st, "volaterrae", "rome", 1)
    put(st, "rusellae", "rome", 1)
    run(st, "support", side="rome", points=3, battle=None)
    opts = ids(st)
    assert "pc:rusellae" in opts and "pc:vulci" not in opts
    assert "loy:roma" not in opts and "loy:capua" in opts   # Roma is at 3 already
    assert "rm:vulci" in opts                        # no Etruscan CU there (7.3.3)


@pytest.mark.rule("sword-of-rome", "7.3.3")
def test_loyalty_falls_only_while_above_the_garrison_and_at_zero_the_city_turns():
    st = bare()
    put(st, "tarquinii", "etruscans", 1)
    run(st, "support", side="rome", points=3, battle=None)
    assert "cut:tarquinii" not in ids(st)           # loyalty 1, 1 CU
    assert "cut:volsinii" in ids(st)
    choose(st, "cut:volsinii")
    choose(st, "cut:volsinii")
    assert st["spaces"]["volsinii"]["ctl"] == "independent" and \
        st["spaces"]["volsinii"]["loy"] == 1


@pytest.mark.rule("sword-of-rome", "7.2")
def test_a_roman_army_on_a_roman_pc_founds_a_colony():
    st = bare()
    put(st, "praeneste", "rome", 3, "valerius")
    st["hands"]["rome"] = ["rome-20"]
    run(st, "use", side="rome", card="rome-20", parent=None)
    choose(st, "colony:valerius")
    assert st["spaces"]["praeneste"]["loy"] == 1 and st["cu"]["praeneste"]["rome"] == 2


@pytest.mark.rule("sword-of-rome", "8.1")
def test_initiative_limits_which_leaders_a_card_activates():
    st = bare()
    put(st, "roma", "rome", 3, "curius")              # initiative 3
    put(st, "capua", "rome", 3, "valerius")           # initiative 1
    one = next(c for c in st["decks"]["rome"]["draw"] + st["hands"]["rome"]
               if edition().cards[c].value == 1)
    st["hands"]["rome"] = [one]
    run(st, "use", side="rome", card=one, parent=None)
    assert "move:valerius" in ids(st) and "move:curius" not in ids(st)


@pytest.mark.rule("sword-of-rome", "5.1")
def test_five_lost_etruscan_home_spaces_deplete_the_mines():
    st = bare()
    homes = [s for s in st["spaces"] if edition().spaces[s].home == "etruscans"][:5]
    for s in homes[:4]:
        st["spaces"][s]["ctl"] = "rome"
    phases.mine_depletion(st)
    assert not st["flags"].get("mines_depleted")
    st["spaces"][homes[4]]["ctl"] = "independent"
    phases.mine_depletion(st)
    assert st["flags"]["mines_depleted"]
