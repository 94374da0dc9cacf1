"""End-of-turn phases, victory, alliances, non-player powers, Africa, Rome and Carthage, the
five-player game (4, 5.5-5.11, 8, 15-20)."""

import pytest

from rules.sword_of_rome import phases
from rules.sword_of_rome.data import edition
from rules.sword_of_rome.flow import hand_size
from rules.sword_of_rome.model import current_prompt

from .helpers import GAME, bare, choose, fresh, ids, put, run


@pytest.mark.rule("sword-of-rome", "5.5")
def test_attrition_only_in_enemy_spaces(dice):
    st = bare()
    put(st, "veii", "etruscans", 8)                   # a Roman space
    put(st, "volsinii", "etruscans", 8)               # their own
    dice.queue = [6]
    phases.attrition(st)
    assert st["cu"]["veii"]["etruscans"] == 6 and st["cu"]["volsinii"]["etruscans"] == 8


@pytest.mark.rule("sword-of-rome", "15.2")
def test_no_attrition_in_an_allied_space(dice):
    st = bare()
    st["alliances"].append(["etruscans", "rome"])
    put(st, "veii", "etruscans", 8)
    phases.attrition(st)                             # no die is even rolled
    assert st["cu"]["veii"]["etruscans"] == 8


@pytest.mark.rule("sword-of-rome", "5.6")
def test_surrender_places_pcs_where_an_army_stands_alone():
    st = bare()
    put(st, "veii", "etruscans", 2)
    put(st, "capua", "samnites", 2)                   # a walled city: not by surrender
    phases.surrender(st)
    assert st["spaces"]["veii"]["ctl"] == "etruscans"
    assert st["spaces"]["capua"]["ctl"] == "rome"


@pytest.mark.rule("sword-of-rome", "5.7")
def test_isolated_pcs_become_independent():
    st = bare()
    st["spaces"]["hatria"]["ctl"] = "rome"            # a port: it supplies itself
    st["spaces"]["camerinum"]["ctl"] = "rome"         # inland, cut off
    phases.isolation(st)
    assert st["spaces"]["camerinum"]["ctl"] == "independent"
    assert st["spaces"]["hatria"]["ctl"] == "rome"
    assert st["spaces"]["velitrae"]["ctl"] == "rome"  # traces to Roma


@pytest.mark.rule("sword-of-rome", "5.8")
def test_scoring_gains_outside_home_and_loses_home_spaces():
    st = bare()
    st["spaces"]["neapolis"]["ctl"] = "rome"          # a Greek victory space
    assert phases.score(st, "rome") == 1
    assert phases.score(st, "greeks") == -1
    st["spaces"]["roma"]["ctl"] = "gauls"
    assert phases.score(st, "gauls") == 0             # Gauls gain no VP from spaces
    assert phases.score(st, "rome") == 0


@pytest.mark.rule("sword-of-rome", "4.2")
@pytest.mark.rule("sword-of-rome", "4.4")
def test_automatic_victory_and_the_tie_break():
    st = bare()
    st["vp"].update({"rome": 12, "gauls": 12, "etruscans-samnites": 3, "greeks": 2})
    phases.check_automatic_victory(st)
    assert st["over"]["winners"] == ["gauls"]         # Gauls win ties over Rome (4.4)
    assert GAME.result(st).reason.startswith("automatic victory")


@pytest.mark.rule("sword-of-rome", "4.3")
def test_two_players_compare_combined_vp_and_a_tie_is_gallic_greek():
    st = bare("two-player")
    st["vp"].update({"rome": 5, "etruscans-samnites": 3, "gauls": 4, "greeks": 4})
    phases.final_victory(st)
    assert st["over"]["winners"] == ["gauls-greeks"]
    assert st["over"]["scores"] == {"rome-etruscans-samnites": 8, "gauls-greeks": 8}


@pytest.mark.rule("sword-of-rome", "4.1")
def test_the_game_ends_after_the_last_turn():
    st = bare()
    st["turn"] = st["turns"] + 1
    run(st, "game")
    assert GAME.result(st) is not None and current_prompt(st) is None


@pytest.mark.rule("sword-of-rome", "5.10")
@pytest.mark.rule("sword-of-rome", "8.2")
def test_reinforcements_rome_two_plus_one_a_city_then_two_consuls():
    st = bare()
    put(st, "roma", "rome", 2)
    put(st, "capua", "rome", 1)
    n = phases.reinforcement_count(st, "rome")
    cities = sum(1 for sp in st["spaces"].values() if sp["ctl"] == "rome" and sp["loy"])
    assert n == 2 + (cities - 1)
    run(st, "side_reinforce", side="rome")
    for _ in range(n):
        choose(st, "at:rome:roma")
    while current_prompt(st) and current_prompt(st).rule == "5.10":
        choose(st, "at:roma" if "at:roma" in ids(st) else ids(st)[0])   # 8.2.2: his choice
    consuls = [lid for lid, at in st["leaders"].items()
               if edition().leaders[lid].consul and at in st["spaces"]]
    assert len(consuls) == 2 and all(st["leaders"][c] in ("roma", "capua") for c in consuls)


@pytest.mark.rule("sword-of-rome", "5.10.2")
@pytest.mark.rule("sword-of-rome", "8.3")
def test_displaced_and_minor_leaders_return_to_their_cu():
    st = bare()
    put(st, "volsinii", "etruscans", 2)
    st["leaders"]["spurinna"] = "displaced"
    st["leaders"]["etruscans_minor"] = "reserve"
    phases.return_leaders(st, "etruscans")
    from rules.sword_of_rome.model import advance

    advance(st)                                      # no choice: his one army
    assert st["leaders"]["spurinna"] == "volsinii" == st["leaders"]["etruscans_minor"]


@pytest.mark.rule("sword-of-rome", "8.2.3")
def test_greek_leaders_cost_loyalty_or_leave():
    st = bare()
    put(st, "syracuse", "greeks", 3, "dionysius", "leptines")
    spare = sum(sp["loy"] - 1 for sp in st["spaces"].values()
                if sp["ctl"] == "greeks" and sp["loy"] > 1)
    phases.greek_upkeep(st)
    _pay(st)
    after = sum(sp["loy"] - 1 for sp in st["spaces"].values()
                if sp["ctl"] == "greeks" and sp["loy"] > 1)
    assert spare - after == 3 and st["leaders"]["dionysius"] == "syracuse"


@pytest.mark.rule("sword-of-rome", "5.10.3")
def test_a_player_without_cu_is_eliminated():
    st = bare()
    put(st, "roma", "rome", 1)
    phases.elimination(st, "greeks")
    assert "greeks" in st["out_sides"]
    assert all(sp["ctl"] != "greeks" for sp in st["spaces"].values())


@pytest.mark.rule("sword-of-rome", "5.11")
@pytest.mark.rule("sword-of-rome", "5.9")
def test_a_whole_turn_advances_the_turn_marker_and_asks_for_renewals():
    st = fresh("four-player", seed=5)
    st["alliances"].append(["rome", "greeks"])
    asked = set()
    while st["turn"] == 1:
        p = current_prompt(st)
        if p.rule == "15.4":
            asked.add(p.seat)
            choose(st, "yes")
            continue
        choose(st, "end" if "end" in ids(st) else p.choices[0].id)
    assert asked == {"rome", "greeks"} and ["rome", "greeks"] in st["alliances"]


@pytest.mark.rule("sword-of-rome", "15.1")
@pytest.mark.rule("sword-of-rome", "15.5")
def test_alliances_proposed_accepted_and_broken_for_three_support():
    st = bare()
    run(st, "active", side="rome", played=False)
    choose(st, "ally:rome:greeks")
    assert current_prompt(st).seat == "greeks"
    choose(st, "yes")
    assert ["rome", "greeks"] in st["alliances"]
    loy = st["spaces"]["roma"]["loy"]
    choose(st, "break:rome:greeks")
    assert current_prompt(st).rule == "15.5" and "loy:roma" in ids(st)
    choose(st, "loy:roma")
    choose(st, "loy:roma")
    assert st["alliances"] == [] and st["spaces"]["roma"]["loy"] == loy - 2


@pytest.mark.rule("sword-of-rome", "15.1")
def test_no_alliance_with_a_power_one_besieges():
    from rules.sword_of_rome.alliances import proposals

    st = bare()
    st["spaces"]["capua"].update(siege=0, sieger="samnites")
    assert ("rome", "samnites") not in proposals(st, "rome")
    assert ("rome", "greeks") in proposals(st, "rome")


@pytest.mark.rule("sword-of-rome", "15.3")
def test_allies_never_share_a_space():
    from rules.sword_of_rome.board import placement_spaces

    st = bare()
    st["alliances"].append(["rome", "samnites"])
    put(st, "velitrae", "samnites", 1)
    assert "velitrae" not in placement_spaces(st, "rome")


@pytest.mark.rule("sword-of-rome", "16.1")
@pytest.mark.rule("sword-of-rome", "16.2")
def test_neutral_power_activates_once_a_round_each():
    st = bare()
    npa = next(c.id for c in edition().cards.values() if c.deck == "rome"
               and c.event["do"] == "npa")
    st["hands"]["rome"] = [npa]
    put(st, "antium", "volsci", 3, "volsci_minor")
    run(st, "active", side="rome", played=False)
    choose(st, f"npa:{npa}")
    choose(st, "power:volsci")
    choose(st, "move:volsci_minor")
    assert st["np_ally"] == ["volsci", "rome"]
    choose(st, "take:3")
    from rules.sword_of_rome.nonplayer import activatable_powers

    assert "volsci" not in activatable_powers(st, "gauls")


@pytest.mark.rule("sword-of-rome", "16.3")
def test_non_player_movement_limits():
    from rules.sword_of_rome.army import may_enter

    st = bare()
    fr = {"power": "volsci", "cu": 2, "leader": "volsci_minor", "side": "rome"}
    assert may_enter(st, fr, "velitrae") and not may_enter(st, fr, "fregellae")
    fr = {"power": "carthage", "cu": 2, "leader": "hamilcar", "side": "rome"}
    assert not may_enter(st, fr, "roma") and may_enter(st, fr, "selinus")


@pytest.mark.rule("sword-of-rome", "15.6")
def test_an_npa_may_be_played_against_an_ally():
    from rules.sword_of_rome.nonplayer import activatable_powers

    st = bare()
    st["alliances"].append(["rome", "greeks"])
    put(st, "antium", "volsci", 3, "volsci_minor")
    assert "volsci" in activatable_powers(st, "greeks")


@pytest.mark.rule("sword-of-rome", "17.1")
@pytest.mark.rule("sword-of-rome", "17.2")
def test_greek_cu_in_carthago_end_carthage():
    from rules.sword_of_rome.africa import carthago_check

    st = bare()
    put(st, "carthago", "greeks", 3, "agathocles")
    put(st, "lilybaeum", "carthage", 2)
    carthago_check(st)
    assert st["flags"]["carthage_fallen"] and "carthage" not in st["cu"].get("lilybaeum", {})
    assert st["spaces"]["lilybaeum"]["ctl"] == "greeks"
    assert "greeks" not in st["cu"].get("carthago", {})


@pytest.mark.rule("sword-of-rome", "17.1")
def test_bomilcar_never_leaves_africa():
    from rules.sword_of_rome.army import may_enter

    st = bare()
    fr = {"power": "carthage", "cu": 2, "leader": "bomilcar", "side": "rome"}
    assert may_enter(st, fr, "utica") and not may_enter(st, fr, "lilybaeum")


@pytest.mark.rule("sword-of-rome", "18")
def test_the_treaty_lets_only_rome_move_carthage_and_sail_ten():
    from rules.sword_of_rome.nonplayer import activatable_powers
    from rules.sword_of_rome.sea_moves import naval_capacity

    st = bare()
    put(st, "lilybaeum", "carthage", 3, "hamilcar")
    card = next(c.id for c in edition().cards.values() if c.title == "Carthage Signs Treaty")
    st["hands"]["rome"] = [card]
    run(st, "use", side="rome", card=card, parent=None)
    choose(st, "event")
    assert ["rome", "carthage"] in st["alliances"]
    assert "carthage" in activatable_powers(st, "rome")
    assert "carthage" not in activatable_powers(st, "greeks")
    assert naval_capacity(st, {"power": "rome", "value": 3, "at": "ostia"}) == 10


@pytest.mark.rule("sword-of-rome", "19.1")
@pytest.mark.rule("sword-of-rome", "19.2")
def test_five_players_garrison_box_only_by_sea_and_no_friendly_bonus():
    from rules.sword_of_rome.board import neighbours, placement_spaces

    st = bare("five-player")
    assert neighbours(st, "garrison_box") == []
    assert "garrison_box" in placement_spaces(st, "carthage")
    assert "garrison_box" not in bare("four-player")["spaces"]


@pytest.mark.rule("sword-of-rome", "20.1")
@pytest.mark.rule("sword-of-rome", "20.2")
def test_unrest_cuts_the_carthaginian_hand_and_vp():
    st = bare("five-player")
    base = hand_size(st, "carthage")
    st["unrest"] = 4
    assert hand_size(st, "carthage") == base - 2
    st["vp"]["carthage"] = 5
    before = phases.score(st, "carthage")
    phases.scoring(st)
    assert st["vp"]["carthage"] == max(0, 5 + before - 1)


@pytest.mark.rule("sword-of-rome", "20.1")
def test_another_player_s_npa_raises_unrest_once_a_round():
    st = bare("five-player")
    npa = next(c.id for c in edition().cards.values() if c.deck == "rome"
               and c.event["do"] == "npa")
    st["hands"]["rome"] = [npa]
    put(st, "antium", "volsci", 3, "volsci_minor")
    run(st, "npa", side="rome", card=npa)
    choose(st, "unrest")
    assert st["unrest"] == 1
    run(st, "npa", side="rome", card=npa)
    assert "unrest" not in ids(st)


@pytest.mark.rule("sword-of-rome", "5.4")
def test_three_players_roll_a_gallic_event_at_the_gallic_seat():
    st = fresh("three-player")
    assert "gauls" not in st["sides"] and "gauls" in st["slots"]
    assert "mediolanum" not in st["spaces"]
    n = len(st["log"])
    st["stack"] = []
    st["order"] = list(st["slots"])
    run(st, "action", round=1, idx=1, stage="dt", after_dt=False)
    assert any(e["rule"] == "5.4" and "Gallic event" in e["text"] for e in st["log"][n:])


@pytest.mark.rule("sword-of-rome", "15.4")
def test_an_alliance_ends_unless_both_renew():
    st = bare()
    st["alliances"].append(["rome", "greeks"])
    phases.renewals(st)
    from rules.sword_of_rome.model import advance

    advance(st)
    assert current_prompt(st).seat == "rome"
    choose(st, "yes")
    assert current_prompt(st).seat == "greeks"
    choose(st, "no")
    assert st["alliances"] == []


def _pay(st):
    """The Greek player pays every penalty from the first city offered (8.2.3)."""
    from rules.sword_of_rome.model import advance, apply_choice, current_prompt

    advance(st)
    while current_prompt(st) and current_prompt(st).rule == "8.2.3":
        apply_choice(st, next(c.id for c in current_prompt(st).choices
                              if c.id.startswith("loy:")))
