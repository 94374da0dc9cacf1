"""Splitting armies and carrying generals (8.3.1, 8.3.2), naval drop-offs,
mid-route interception, besieged ports and Overrun at sea (8.4.5-8.4.7, 8.5.1)."""

import pytest

from rules.engine.game import IllegalChoice
from rules.successors import battle, capitals, sieges
from rules.successors.mobility import can_activate, movement_points
from rules.successors.model import add_units, count, units

from .helpers import activate, bare, choose, give, ids, prompt, push, put


def supply_empty(st, seat):
    for rec in st["gen"].values():
        if rec["owner"] == seat and rec["loc"] == "supply":
            rec["loc"] = "aside"


# --- 8.3.1: leaving CUs behind, picking them up -------------------------------------------
@pytest.mark.rule("successors", "8.3.1")
def test_example_8_3_1_antigonos_leaves_a_mercenary_with_the_minor_general():
    st = bare()
    give(st, "antigonos", "yellow", "sagalassos")
    put(st, "sagalassos", "yellow", mercenary=4)
    st["gen"]["yellow-minor-1"] = {"owner": "yellow", "loc": "sagalassos"}
    st["seg"]["moved"].append("yellow-minor-1")        # he came from Halikarnassos first
    supply_empty(st, "yellow")
    activate(st, "antigonos", 3)
    assert "leave:mercenary" in ids(st)                # the minor general marks ownership
    st = choose(st, "leave:mercenary")
    st = choose(st, "go:aspendos")
    assert count(st, "sagalassos", "yellow") == 1 and count(st, "aspendos", "yellow") == 3
    assert st["gen"]["yellow-minor-1"]["loc"] == "sagalassos"


@pytest.mark.rule("successors", "8.3.1")
def test_no_drop_off_in_a_non_friendly_space_without_a_general_to_mark_it():
    st = bare()
    give(st, "antigonos", "yellow", "sagalassos")
    put(st, "sagalassos", "yellow", mercenary=3)
    supply_empty(st, "yellow")
    activate(st, "antigonos", 3)
    assert not any(c.startswith("leave:") for c in ids(st))
    with pytest.raises(IllegalChoice):
        choose(st, "leave:mercenary")
    st["pc"]["sagalassos"] = "yellow"                  # a friendly space marks it (3.3.1)
    assert "leave:mercenary" in ids(st)


@pytest.mark.rule("successors", "8.3.1")
def test_a_minor_general_from_supply_keeps_the_cus_left_in_an_enemy_space():
    st = bare()
    give(st, "antigonos", "yellow", "sagalassos")
    put(st, "sagalassos", "yellow", mercenary=3)
    st["pc"]["aspendos"] = "blue"
    activate(st, "antigonos", 3)
    st = choose(st, "go:aspendos")
    label = {c.id: c.label for c in prompt(st).choices}["leave:mercenary"]
    assert "minor general from supply" in label and "aspendos" not in label
    st = choose(st, "leave:mercenary")
    minors = [g for g, r in st["gen"].items() if r["loc"] == "aspendos" and "-minor-" in g]
    assert len(minors) == 1 and st["gen"][minors[0]]["owner"] == "yellow"
    # the CU left has moved this Segment: its minor general may not activate (8.3.1)
    assert not can_activate(st, minors[0])


@pytest.mark.rule("successors", "8.3.1")
def test_picking_up_cus_on_the_way_and_the_army_they_leave_behind():
    st = bare()
    give(st, "antigonos", "yellow", "sagalassos")
    put(st, "sagalassos", "yellow", mercenary=2)
    put(st, "aspendos", "yellow", macedonian=2)
    st["pc"]["aspendos"] = "yellow"
    activate(st, "antigonos", 3)
    st = choose(st, "go:aspendos")
    assert "pick:macedonian" in ids(st)
    st = choose(st, "pick:macedonian")
    st = choose(st, "go:side")
    assert units(st, "side", "yellow") == {"mercenary": 2, "macedonian": 1}
    assert units(st, "aspendos", "yellow") == {"macedonian": 1}


@pytest.mark.rule("successors", "8.3.1")
def test_a_subordinate_general_splits_off_with_part_of_the_army():
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    give(st, "lysimachos", "blue", "tarsos")
    put(st, "tarsos", "blue", mercenary=5)
    st["pc"]["tarsos"] = "blue"
    activate(st, "lysimachos", 3)                      # the junior general splits off
    st = choose(st, "leave:mercenary")
    st = choose(st, "leave:mercenary")
    st = choose(st, "go:issos")
    st = choose(st, "stop")
    assert count(st, "issos", "blue") == 3 and count(st, "tarsos", "blue") == 2
    assert st["gen"]["krateros"]["loc"] == "tarsos"
    assert can_activate(st, "krateros")                # his 2 CUs have not moved
    assert not can_activate(st, "lysimachos")


# --- 8.3.2: carrying generals, change of command -----------------------------------------
@pytest.mark.rule("successors", "8.3.2")
def test_example_8_3_2_krateros_takes_command_on_his_own_movement_points():
    st = bare()
    give(st, "antigonos", "yellow", "tarsos")
    give(st, "krateros", "yellow", "issos")
    put(st, "tarsos", "yellow", mercenary=3)
    st["pc"]["issos"] = "yellow"
    mp = movement_points(3, "antigonos", st)
    assert mp == 4 and movement_points(3, "krateros", st) == 2
    activate(st, "antigonos", mp, roll_value=3)
    st = choose(st, "go:issos")
    label = {c.id: c.label for c in prompt(st).choices}["take:krateros"]
    assert "takes command" in label
    st = choose(st, "take:krateros")
    fr = st["stack"][-1]
    assert fr["gen"] == "krateros" and fr["mp"] == 1    # 2 MP of his own, 1 already spent
    moves = [c for c in ids(st) if c.startswith("go:")]
    assert "go:chalybon" in moves and "go:myriandos" in moves
    assert "go:kilikian_gates" not in moves            # the mountain path needs 2 MP
    st = choose(st, "go:myriandos")
    for g in ("krateros", "antigonos"):
        assert st["gen"][g]["loc"] == "myriandos"
    assert count(st, "myriandos", "yellow") == 3


@pytest.mark.rule("successors", "8.3.2")
def test_a_junior_general_taken_along_does_not_change_the_movement_points():
    st = bare()
    give(st, "krateros", "yellow", "tarsos")
    give(st, "antigonos", "yellow", "issos")
    put(st, "tarsos", "yellow", mercenary=3)
    st["pc"]["issos"] = "yellow"
    activate(st, "krateros", 2, roll_value=3)
    st = choose(st, "go:issos")
    st = choose(st, "take:antigonos")
    fr = st["stack"][-1]
    assert fr["gen"] == "krateros" and fr["subs"] == ["antigonos"] and fr["mp"] == 1
    st = choose(st, "drop:antigonos")                  # he may be left again
    assert st["stack"][-1]["subs"] == []
    assert "antigonos" in st["seg"]["moved"]           # but he has moved this Segment


# --- 8.4.5 - 8.4.7, 8.5.1: naval movement port by port -------------------------------------
def naval_board():
    st = bare()
    give(st, "ptolemaios", "black", "pelousion")
    put(st, "pelousion", "black", mercenary=5)
    return st


@pytest.mark.rule("successors", "8.4.5")
def test_naval_drop_off_at_an_intermediate_port():
    st = naval_board()
    st["pc"]["gaza"] = "black"
    activate(st, "ptolemaios", 3)
    st = choose(st, "sail:gaza")
    assert "land" in ids(st) and "stop" not in ids(st)      # at sea: land or sail on
    st = choose(st, "leave:mercenary")
    st = choose(st, "sail:ake")
    assert count(st, "gaza", "black") == 1 and st["gen"]["ptolemaios"]["loc"] == "ake"
    assert st["stack"][-1]["naval"] == "sea"


@pytest.mark.rule("successors", "8.4.5")
def test_no_naval_drop_off_among_enemy_cus_unless_friendly_cus_are_there():
    st = naval_board()
    st["pc"]["gaza"] = "black"
    put(st, "gaza", "white", mercenary=1)
    activate(st, "ptolemaios", 3)
    st = choose(st, "sail:gaza")                         # passing, no stop for them (8.4.5)
    assert not any(c.startswith("leave:") for c in ids(st))
    with pytest.raises(IllegalChoice):
        choose(st, "leave:mercenary")
    add_units(st, "gaza", "black", "macedonian", 1)     # friendly CUs already there
    st = choose(st, "leave:mercenary")                   # they join them
    st = choose(st, "sail:ake")
    assert units(st, "gaza", "black") == {"macedonian": 1, "mercenary": 1}
    assert count(st, "gaza", "white") == 1               # no battle on a drop-off


@pytest.mark.rule("successors", "8.4.7")
def test_overrun_at_sea_only_in_the_debarkation_port():
    st = naval_board()
    put(st, "gaza", "white", mercenary=1)
    st["pc"]["gaza"] = "white"
    put(st, "ake", "white", mercenary=1)
    st["pc"]["ake"] = "white"
    activate(st, "ptolemaios", 3)
    st = choose(st, "sail:gaza")
    st = choose(st, "sail:ake")
    assert count(st, "gaza", "white") == 1               # sailed past: no Overrun there
    st = choose(st, "land")
    if "attack" in ids(st):
        st = choose(st, "attack")                        # no Friendly Passage asked
    assert count(st, "ake", "white") == 0 and count(st, "ake", "black") == 5


@pytest.mark.rule("successors", "8.4.6")
def test_sailing_into_a_friendly_besieged_port_major_city_with_two_cus():
    st = bare()
    give(st, "ptolemaios", "white", "pelousion")
    put(st, "pelousion", "white", mercenary=1)
    st["pc"]["tyros"] = "white"
    put(st, "tyros", "white", macedonian=1)
    st["inside"]["tyros"] = 1
    give(st, "krateros", "blue", "tyros")
    put(st, "tyros", "blue", mercenary=3)                # the besiegers outside
    activate(st, "ptolemaios", 3)
    for port in ("gaza", "ake", "tyros"):
        st = choose(st, f"sail:{port}")
    assert st["inside"]["tyros"] == 2 and count(st, "tyros", "blue") == 3
    assert count(st, "tyros", "white") == 2
    assert not any(f["proc"] == "react" for f in st["stack"])    # no Reaction Step


@pytest.mark.rule("successors", "8.4.6")
def test_three_cus_may_not_slip_into_a_besieged_port():
    st = bare()
    give(st, "ptolemaios", "white", "pelousion")
    put(st, "pelousion", "white", mercenary=2)
    st["pc"]["tyros"] = "white"
    put(st, "tyros", "white", macedonian=1)
    st["inside"]["tyros"] = 1
    give(st, "krateros", "blue", "tyros")
    put(st, "tyros", "blue", mercenary=3)
    activate(st, "ptolemaios", 3)
    for port in ("gaza", "ake", "tyros"):
        st = choose(st, f"sail:{port}")
    assert st["inside"]["tyros"] == 1                    # 1 + 2 would break the limit of 2


@pytest.mark.rule("successors", "8.5.1")
def test_naval_interception_at_a_port_passed_mid_route(dice):
    st = naval_board()
    for sid in ("tyros", "sidon", "ake"):
        st["pc"][sid] = "white"                         # Phoenike and its fleet
    activate(st, "ptolemaios", 4)
    st = choose(st, "sail:gaza")
    assert prompt(st).seat == "white"                    # Gaza is 2 Sea paths from Tyros
    st = choose(st, "pass")                              # White waits for a later port
    st = choose(st, "sail:ake")
    assert prompt(st).seat == "white"
    dice.set(1, 1)                                       # White scores 0: a draw (8.6.2)
    st = choose(st, "intercept")
    assert st["status"]["white"] == "successor"          # the naval battle was an attack
    st = choose(st, "sail:paphos")
    assert prompt(st).seat == "black"                    # one interception per naval move
    st = choose(st, "land")
    assert st["gen"]["ptolemaios"]["loc"] == "paphos"


# --- 14.5: the Reaction Step against an Independent Army ---------------------------------
def logged(st, text):
    return any(text in e["text"] for e in st["log"])


@pytest.mark.rule("successors", "14.5")
def test_an_army_may_avoid_an_independent_army_entering_its_space(dice):
    st = bare()
    st["ind"]["leosthenes"]["loc"] = "lamia"
    give(st, "krateros", "blue", "larisa")
    put(st, "larisa", "blue", mercenary=2)
    st["pc"]["larisa"] = "blue"
    push(st, "independent", seat="white", army="leosthenes", stage="pick")
    st = choose(st, "larisa")
    assert prompt(st).seat == "blue" and "avoid" in ids(st)
    dice.set(6)                                          # above Krateros' Initiative 4
    st = choose(st, "avoid")
    assert "lamia" not in ids(st)                        # not where it came from (10.5)
    st = choose(st, "dion")
    assert count(st, "dion", "blue") == 2 and st["gen"]["krateros"]["loc"] == "dion"
    assert "larisa" not in st["pc"]                      # no battle: it removes the PC
    assert not logged(st, "Battle at")


@pytest.mark.rule("successors", "14.5")
def test_an_army_may_intercept_a_moving_independent_army(dice):
    st = bare()
    st["ind"]["leosthenes"]["loc"] = "lamia"
    give(st, "krateros", "blue", "larisa")
    put(st, "larisa", "blue", mercenary=3)
    push(st, "independent", seat="white", army="leosthenes", stage="pick")
    st = choose(st, "pherai")
    assert prompt(st).seat == "blue" and "larisa" in ids(st)
    dice.set(5)                                          # above Krateros' Initiative 4
    st = choose(st, "larisa")
    assert logged(st, "intercepts Leosthenes") and logged(st, "Battle at Pherai")
    assert "krateros" not in [g for g, r in st["gen"].items() if r["loc"] == "larisa"]


@pytest.mark.rule("successors", "14.5")
def test_a_failed_interception_of_an_independent_army_stays_home(dice):
    st = bare()
    st["ind"]["leosthenes"]["loc"] = "lamia"
    give(st, "krateros", "blue", "larisa")
    put(st, "larisa", "blue", mercenary=3)
    st["pc"]["pherai"] = "blue"
    push(st, "independent", seat="white", army="leosthenes", stage="pick")
    st = choose(st, "pherai")
    dice.set(4)                                          # not above Initiative 4
    st = choose(st, "larisa")
    assert count(st, "larisa", "blue") == 3 and "pherai" not in st["pc"]


# --- optional 19.4: Surprise cards make Independent Armies react --------------------------
def option_19_4_board(on=True):
    st = bare()
    st["options"]["ind_surprise"] = on
    give(st, "krateros", "blue", "larisa")
    put(st, "larisa", "blue", mercenary=3)
    st["hands"]["white"] = ["c28"]
    return st


@pytest.mark.rule("successors", "19.4")
def test_a_discarded_surprise_card_lets_an_independent_army_avoid_battle(dice):
    st = option_19_4_board()
    st["ind"]["leosthenes"]["loc"] = "pherai"
    activate(st, "krateros", 3)
    st = choose(st, "go:pherai")
    assert prompt(st).seat == "yellow" and ids(st) == ["pass"]    # every seat is asked
    st = choose(st, "pass")
    assert prompt(st).seat == "white" and "ind:c28:leosthenes" in ids(st)
    dice.set(5)                                          # above the Initiative of 4
    st = choose(st, "ind:c28:leosthenes")
    assert "larisa" not in ids(st)                       # not where the mover came from
    st = choose(st, "lamia")
    assert st["ind"]["leosthenes"]["loc"] == "lamia"
    assert "c28" not in st["hands"]["white"] and len(st["hands"]["white"]) == 1   # redrawn
    assert st["stack"][-1]["proc"] == "activation"       # no battle, Krateros moves on
    assert st["gen"]["krateros"]["loc"] == "pherai"


@pytest.mark.rule("successors", "19.4")
def test_a_failed_avoid_by_an_independent_army_means_battle(dice):
    st = option_19_4_board()
    st["ind"]["leosthenes"]["loc"] = "pherai"
    activate(st, "krateros", 3)
    st = choose(st, "go:pherai")
    st = choose(st, "pass")
    dice.set(4)                                          # not above 4
    st = choose(st, "ind:c28:leosthenes")
    assert st["ind"]["leosthenes"]["loc"] == "pherai"
    assert prompt(st).seat != "white" or "ind:" not in " ".join(ids(st))  # one attempt


@pytest.mark.rule("successors", "19.4")
def test_without_the_option_no_independent_army_reacts():
    st = option_19_4_board(on=False)
    st["ind"]["leosthenes"]["loc"] = "lamia"
    activate(st, "krateros", 3)
    st = choose(st, "go:pherai")
    assert prompt(st).seat == "blue"                     # nobody is asked
    assert st["ind"]["leosthenes"]["loc"] == "lamia"


@pytest.mark.rule("successors", "19.4")
def test_a_discarded_surprise_card_lets_an_independent_army_intercept(dice):
    st = option_19_4_board()
    st["ind"]["leosthenes"]["loc"] = "lamia"
    activate(st, "krateros", 3)
    st = choose(st, "go:pherai")
    st = choose(st, "pass")                              # Yellow
    label = {c.id: c.label for c in prompt(st).choices}["ind:c28:leosthenes"]
    assert "intercept from Lamia" in label
    dice.set(6)
    st = choose(st, "ind:c28:leosthenes")
    assert st["ind"]["leosthenes"]["loc"] == "pherai"
    assert prompt(st).seat == "blue" and "withdraw" in ids(st)      # 11.7 as usual


# --- optional 19.8: capital cities (reconstructed building rule) --------------------------
def capital_board(on=True):
    st = bare()
    st["options"]["capitals"] = on
    give(st, "krateros", "blue", "issos")
    put(st, "issos", "blue", mercenary=3)
    st["pc"]["issos"] = "blue"
    return st


def surrender(st, seat):
    capitals.advance(st, seat)                           # as each Surrender Segment begins
    push(st, "surrender", seat=seat, stage="start")


@pytest.mark.rule("successors", "19.8")
def test_a_capital_is_built_over_three_surrender_segments_and_needs_two_sp():
    st = capital_board()
    st["pc"]["tyros"] = "blue"
    put(st, "tyros", "blue", mercenary=1)                # a Major City: no capital there
    surrender(st, "blue")
    assert "capital:issos" in ids(st) and "capital:tyros" not in ids(st)
    st = choose(st, "capital:issos")
    assert not any(c.startswith("capital:") for c in ids(st))       # once a game
    for stage in (2, 3):
        assert not capitals.capital_at(st, "issos")
        capitals.advance(st, "blue")
        assert st["capital"]["blue"]["stage"] == stage
    assert capitals.capital_at(st, "issos")
    assert sieges.siege_target(st, "issos", "white") == "siege" and sieges.required(
        st, "issos") == 2
    give(st, "ptolemaios", "white", "tarsos")
    put(st, "tarsos", "white", mercenary=4)
    activate(st, "ptolemaios", 3)
    st = choose(st, "go:issos")
    assert st["inside"]["issos"] == 1                    # one CU inside a capital
    assert "remove" not in ids(st)                        # no PC removal by movement


@pytest.mark.rule("successors", "19.8")
def test_building_is_interrupted_when_its_cus_march_away():
    st = capital_board()
    surrender(st, "blue")
    st = choose(st, "capital:issos")
    assert not st["stack"]                               # nothing else to do there
    activate(st, "krateros", 2)
    st = choose(st, "go:tarsos")
    assert "blue" not in st.get("capital", {})           # begin again from the start
    st = choose(st, "stop")
    put(st, "issos", "blue", mercenary=1)
    assert capitals.sites(st, "blue") == ["issos"]


@pytest.mark.rule("successors", "19.8")
def test_building_is_interrupted_by_an_attack(dice):
    st = capital_board()
    surrender(st, "blue")
    st = choose(st, "capital:issos")
    battle.fight(st, "issos", "white", "blue")
    assert "blue" not in st.get("capital", {})


@pytest.mark.rule("successors", "19.8")
def test_no_capital_without_the_option():
    st = capital_board(on=False)
    surrender(st, "blue")
    assert not any(c.startswith("capital:") for c in ids(st))
    assert capitals.sites(st, "blue") == []


@pytest.mark.rule("successors", "8.3.3")
def test_a_lone_general_may_pass_but_not_stop_beside_a_lone_enemy_general():
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    give(st, "ptolemaios", "white", "issos")             # alone, no CUs
    activate(st, "krateros", 1)
    assert "go:issos" not in ids(st)                     # 1 MP: he would have to stop there
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    give(st, "ptolemaios", "white", "issos")
    activate(st, "krateros", 2)
    st = choose(st, "go:issos")                          # passing through is allowed
    assert "stop" not in ids(st) and "go:chalybon" in ids(st)
    st = choose(st, "go:chalybon")
    assert st["gen"]["krateros"]["loc"] == "chalybon"
