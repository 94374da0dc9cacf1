"""Legitimacy (15), Prestige (16), Champions and Successors (17), the royal family (18),
the optional rules (19) and the card clarifications (20)."""

import pytest

from rules.successors import battle, events, victory
from rules.successors.model import count

from .helpers import GAME, bare, choose, give, prompt, push, put, tarsos_battle


@pytest.mark.rule("successors", "15")
def test_legitimacy_sources_and_one_heir_only():
    st = bare()
    give(st, "perdikkas", "yellow", "babylon")
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "yellow"
    st["royals"]["alexandros"] = {"loc": "babylon", "active": True}
    st["royals"]["herakles"] = {"loc": "babylon", "active": True}
    st["royals"]["kleopatra"] = {"loc": "babylon", "active": True}
    lb = victory.legitimacy_breakdown(st, "yellow")
    assert lb == {"Champion": 3, "Strategos of Europe": 2, "Perdikkas": 1, "heir": 3,
                  "Kleopatra": 2}
    assert victory.legitimacy(st, "yellow") == 11


@pytest.mark.rule("successors", "15")
def test_legitimacy_never_below_zero():
    st = bare()
    st["status"]["blue"] = "successor"
    st["condemn"] = {"by": "white", "target": "blue"}
    assert victory.legitimacy(st, "blue") == 0


@pytest.mark.rule("successors", "16")
def test_prestige_is_legitimacy_plus_the_commanders_points():
    st = bare()
    give(st, "eumenes", "blue", "mazaka")
    give(st, "krateros", "white", "mazaka")
    assert victory.prestige(st, "blue", "eumenes") == 3 - 2
    assert victory.prestige(st, "white", "krateros") == 3 + 2
    assert victory.prestige(st, "white", "krateros", defending_sacred=True) == 9


@pytest.mark.rule("successors", "16")
def test_royal_army_set_aside_and_defecting_against_more_prestige(dice):
    st = bare()
    give(st, "eumenes", "blue", "tarsos")
    put(st, "tarsos", "blue", royal=3)
    give(st, "krateros", "white", "tarsos")
    put(st, "tarsos", "white", mercenary=1)
    rec = battle.fight(st, "tarsos", "white", "blue")
    assert rec["result"] == "defection"
    assert count(st, "tarsos", "white") == 4 and st["gen"]["eumenes"]["loc"] == "dispersed"
    st = bare()
    give(st, "eumenes", "blue", "tarsos")
    put(st, "tarsos", "blue", royal=2, mercenary=2)
    give(st, "krateros", "white", "tarsos")
    put(st, "tarsos", "white", mercenary=2)
    dice.set(1, 1, 1, 1)
    rec = battle.fight(st, "tarsos", "white", "blue")
    assert rec["sides"]["blue"]["strength"] == 2          # the 2 RA are set aside


@pytest.mark.rule("successors", "17")
def test_attacking_a_champion_makes_a_successor_but_not_the_usurper():
    st = bare()
    st["usurper"] = "white"
    victory.attack(st, "blue", "white")
    assert st["status"]["blue"] == "champion"
    victory.attack(st, "blue", "black")
    assert st["status"]["blue"] == "successor"
    assert victory.legitimacy_breakdown(st, "blue").get("Champion") is None
    victory.attack(st, "yellow", "blue")                  # a Successor is fair game
    assert st["status"]["yellow"] == "champion"


@pytest.mark.rule("successors", "17")
def test_a_successor_with_no_vp_is_a_champion_again():
    st = bare()
    st["status"]["blue"] = "successor"
    victory.recover_status(st)
    assert st["status"]["blue"] == "successor"            # had none: no fall to 0
    for sid in ("larisa", "pherai"):
        st["pc"][sid] = "blue"
    victory.recover_status(st)
    st["pc"].clear()
    victory.recover_status(st)
    assert st["status"]["blue"] == "champion"


@pytest.mark.rule("successors", "18")
def test_the_victor_captures_the_royals_of_a_beaten_army(dice):
    st = bare()
    give(st, "perdikkas", "yellow", "babylon")
    put(st, "babylon", "yellow", mercenary=2)
    st["royals"]["alexandros"] = {"loc": "babylon", "active": True, "held": "yellow"}
    st["royals"]["thessalonike"] = {"loc": "babylon", "active": True, "held": "yellow"}
    give(st, "peithon", "blue", "babylon")
    put(st, "babylon", "blue", macedonian=4)
    assert victory.royal_controller(st, "alexandros") == "yellow"
    dice.set(6, 6, 1, 1)
    battle.fight(st, "babylon", "blue", "yellow")
    assert victory.royal_controller(st, "alexandros") == "blue"
    assert st["royals"]["thessalonike"]["loc"] == "box"
    assert not st["royals"]["thessalonike"]["active"]


@pytest.mark.rule("successors", "18")
def test_drink_the_hemlock_kills_a_royal():
    st = bare()
    st["royals"]["herakles"] = {"loc": "damaskos", "active": True}
    st["hands"]["blue"] = ["c1"]
    push(st, "tyche", seat="blue", stage="start")
    st = choose(st, "c1")
    st = choose(st, "event")
    st = choose(st, "herakles")
    assert st["royals"]["herakles"]["loc"] == "dead" and "c1" in st["removed"]


@pytest.mark.rule("successors", "18")
def test_a_marriage_card_with_your_army_in_her_space():
    st = bare()
    st["royals"]["thessalonike"] = {"loc": "pella", "active": False}
    give(st, "antipatros", "blue", "pella")
    put(st, "pella", "blue", macedonian=2)
    events.activate_royal(st, "blue", "thessalonike")
    assert st["married"]["thessalonike"] == "blue"
    assert victory.legitimacy_breakdown(st, "blue")["Thessalonike"] == 1


@pytest.mark.rule("successors", "19")
def test_optional_illegitimate_son():
    st = GAME.new_game("four-player", [], {"illegitimate_son": "yes"}, 1)
    assert st["royals"]["herakles"]["loc"] == "halikarnassos"
    names = {o.key for o in GAME.options()}
    assert {"prestige_independents", "intercept_transit", "avoid_transit"} <= names


@pytest.mark.rule("successors", "19")
def test_optional_prestige_for_beating_independents(dice):
    st = bare()
    st["options"]["prestige_independents"] = True
    st["ind"]["seuthes"]["loc"] = "kabyle"
    give(st, "lysimachos", "blue", "kabyle")
    put(st, "kabyle", "blue", macedonian=4)
    dice.set(6, 6, 1, 1)
    before = victory.prestige(st, "blue", "lysimachos")
    battle.fight_independent(st, "kabyle", "blue", ["seuthes"], player_attacks=True)
    assert victory.prestige(st, "blue", "lysimachos") == before + 1


@pytest.mark.rule("successors", "20")
def test_condemnation_ends_when_the_card_is_discarded():
    st = bare()
    give(st, "krateros", "white", "tarsos")
    st["hands"]["blue"] = ["c15"]
    push(st, "tyche", seat="blue", stage="start")
    st = choose(st, "c15")
    st = choose(st, "event")
    st = choose(st, "white")
    assert victory.legitimacy(st, "white") == 0 and "c15" in st["kept"]["blue"]
    events.discard_card(st, "c15")
    assert victory.legitimacy(st, "white") == 3 and st["condemn"] is None


@pytest.mark.rule("successors", "20")
def test_ahura_mazda_the_thief_keeps_the_card_and_does_not_draw():
    st = bare()
    st["hands"]["blue"] = ["c58", "c4"]
    st["hands"]["white"] = ["c7"]
    push(st, "tyche", seat="blue", stage="start")
    st = choose(st, "steal:c58")
    st = choose(st, "white")
    assert "c7" in st["hands"]["blue"] and len(st["hands"]["blue"]) == 2
    assert len(st["hands"]["white"]) == 1 and "c7" not in st["hands"]["white"]


@pytest.mark.rule("successors", "20")
def test_repercussions_of_defeat_never_removes_independent_pcs():
    st = bare()
    st["pc"].update({"ammon": "white", "paraitonion": "blue", "barke": "ind"})
    st["hands"]["blue"] = ["c59"]
    push(st, "tyche", seat="blue", stage="start")
    st = choose(st, "c59")
    st = choose(st, "event")
    assert [c.id for c in prompt(st).choices] == ["white"]
    st = choose(st, "white")
    assert "ammon" not in st["pc"] and st["pc"]["barke"] == "ind"


@pytest.mark.rule("successors", "20")
def test_the_pontic_fleet_does_not_count_for_the_largest_fleet():
    st = bare()
    st["fleets"]["pontic"]["owner"] = "blue"
    st["fleets"]["pontic"]["strong"] = True
    for sid in ("salamis", "kition"):
        st["pc"][sid] = "blue"                             # Kypros fleet 1
    assert victory.fleet_points(st, "blue") == 1
    st["fleets"]["kypros"]["strong"] = True
    for sid in ("tyros", "sidon", "ake"):
        st["pc"][sid] = "blue"                             # Phoenike fleet 2 -> 4
    assert victory.vp_breakdown(st, "blue").get("largest fleet") == 3


@pytest.mark.rule("successors", "19")
def test_optional_faster_cart_and_fleets_back_by_discard():
    st = bare(turn=1)
    st["options"]["faster_cart"] = True
    st["options"]["dispersed_fleets"] = True
    for sid in ("salamis", "kition"):
        st["pc"][sid] = "blue"
    st["fleets"]["kypros"]["dispersed"] = True
    st["hands"]["blue"] = ["c30"]                     # a 4-OP card
    push(st, "tyche", seat="blue", stage="start")
    st = choose(st, "c30")
    ids = [c.id for c in prompt(st).choices]
    assert "cart" in ids and "retrieve:kypros" in ids
    st = choose(st, "cart")
    assert st["cart_free"]
    from rules.successors.model import cart_moves

    assert cart_moves(st)


@pytest.mark.rule("successors", "19")
def test_optional_elephants_never_inside_a_major_city():
    from rules.successors.reaction import city_sorting

    st = bare()
    st["pc"]["babylon"] = "yellow"
    put(st, "babylon", "yellow", elephant=2, mercenary=1)
    city_sorting(st, "babylon", "blue")
    assert st["inside"]["babylon"] == 2
    st["inside"] = {}
    st["options"]["elephants_outside"] = True
    city_sorting(st, "babylon", "blue")
    assert st["inside"]["babylon"] == 1


@pytest.mark.rule("successors", "20")
def test_silver_shields_change_sides_in_the_middle_of_a_battle(dice):
    st = bare()
    st["silver_out"] = True
    st["hands"]["white"] = ["c16"]
    st = tarsos_battle(st, blue={"mercenary": 3, "silver": 2}, white={"mercenary": 2})
    dice.set(3, 3, 3, 3)
    while prompt(st) and prompt(st).rule == "4.31.1":
        ids = [c.id for c in prompt(st).choices]
        st = choose(st, "c16" if "c16" in ids else "pass")
    assert "c16" in st["deck"]["discard"]
    assert st["last_battle"]["sides"]["white"]["strength"] >= 2 + 3    # 2 Mercs + 1 SS CU
