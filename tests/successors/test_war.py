"""Movement (8), the Reaction Step (9), Avoid Battle (10), Interception (11), land battle
(12), sieges (13) and Independent Armies (14)."""

import pytest

from rules.successors import battle, events, sieges
from rules.successors.mobility import movement_points
from rules.successors.model import count, units

from .helpers import (
    activate,
    bare,
    choose,
    give,
    issos_march,
    prompt,
    push,
    put,
    tarsos_battle,
)


@pytest.mark.rule("successors", "8.1")
def test_movement_allowance_against_initiative():
    st = bare()
    assert movement_points(2, "antigonos", st) == 3 and movement_points(3, "antigonos", st) == 4
    assert movement_points(3, "krateros", st) == 2
    assert movement_points(2, "yellow-minor-1", st) == 2


@pytest.mark.rule("successors", "8.2")
def test_path_costs_mountain_and_strait_two():
    st = bare()
    give(st, "krateros", "blue", "issos")
    put(st, "issos", "blue", mercenary=2)
    activate(st, "krateros", 2)
    ids = {c.id: c.label for c in prompt(st).choices}
    assert "(2 MP)" in ids["go:kilikian_gates"] and "(1 MP)" in ids["go:tarsos"]
    st2 = choose(st, "go:kilikian_gates")
    assert st2["stack"][-1]["mp"] == 0


@pytest.mark.rule("successors", "8.3")
def test_pieces_moved_may_not_move_again_and_pc_removal_costs_two():
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    put(st, "tarsos", "blue", mercenary=3)
    st["pc"]["issos"] = "white"
    activate(st, "krateros", 3)
    st = choose(st, "go:issos")
    assert "remove" in [c.id for c in prompt(st).choices]
    st = choose(st, "remove")
    assert "issos" not in st["pc"] and st["stack"][-1]["mp"] == 0
    st = choose(st, "stop") if prompt(st).seat == "blue" and st["stack"] else st
    assert "krateros" in st["seg"]["moved"]


@pytest.mark.rule("successors", "8.3")
def test_a_lone_general_may_not_enter_enemy_cus():
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    put(st, "issos", "white", mercenary=1)
    activate(st, "krateros", 3)
    assert "go:issos" not in [c.id for c in prompt(st).choices]


@pytest.mark.rule("successors", "8.3")
def test_overrun_at_five_to_one(dice):
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    put(st, "tarsos", "blue", mercenary=5)
    put(st, "issos", "white", mercenary=1)
    give(st, "yellow-minor-1", "white", "issos")
    st["gen"]["white-minor-1"] = {"owner": "white", "loc": "issos"}
    activate(st, "krateros", 3)
    st = choose(st, "go:issos")
    while prompt(st).seat == "white":
        st = choose(st, "stay" if "stay" in [c.id for c in prompt(st).choices] else "pass")
    st = choose(st, "attack")                          # no Friendly Passage asked (8.3.8)
    assert count(st, "issos", "white") == 0
    assert st["stack"][-1]["proc"] == "activation" and not st["stack"][-1]["battled"]


@pytest.mark.rule("successors", "8.4")
def test_naval_movement_along_sea_paths_once_a_segment():
    st = bare()
    give(st, "ptolemaios", "black", "pelousion")
    put(st, "pelousion", "black", mercenary=2)
    activate(st, "ptolemaios", 3)
    ids = [c.id for c in prompt(st).choices]
    assert "sail:gaza" in ids and "sail:tyros" not in ids     # one path at a time (8.4.2)
    for port in ("gaza", "ake", "tyros"):                     # Pelousion-Gaza-Ake-Tyros
        st = choose(st, f"sail:{port}")
    assert st["gen"]["ptolemaios"]["loc"] == "tyros" and count(st, "tyros", "black") == 2
    assert st["stack"][-1]["naval"] == "done"                 # no MP left: it landed
    assert not any(c.id.startswith("sail:") for c in prompt(st).choices)


@pytest.mark.rule("successors", "8.4")
def test_no_naval_move_with_more_than_eight_cus():
    st = bare()
    give(st, "ptolemaios", "black", "pelousion")
    put(st, "pelousion", "black", mercenary=9)
    activate(st, "ptolemaios", 3)
    assert not any(c.id.startswith("sail:") for c in prompt(st).choices)


@pytest.mark.rule("successors", "8.5")
@pytest.mark.rule("successors", "8.6")
def test_naval_interception_and_a_lost_naval_battle(dice):
    st = bare()
    give(st, "ptolemaios", "black", "pelousion")
    put(st, "pelousion", "black", mercenary=4)
    st["pc"]["sidon"] = "white"
    for sid in ("tyros", "sidon", "ake"):
        st["pc"][sid] = "white"                       # Phoenike and its fleet (2)
    activate(st, "ptolemaios", 3)
    st = choose(st, "sail:gaza")                      # Gaza is within 2 Sea paths of Tyros
    p = prompt(st)
    assert p.seat == "white" and "intercept" in [c.id for c in p.choices]
    dice.set(6, 6, 6)                                 # white 12 on column 2; attrition 6
    st = choose(st, "intercept")
    assert st["gen"]["ptolemaios"]["loc"] == "pelousion"
    assert st["status"]["white"] == "successor"          # the naval battle was an attack
    assert count(st, "pelousion", "black") == 2          # attrition: 2 lost on a 6 (4 CUs)


@pytest.mark.rule("successors", "9")
def test_entering_an_enemy_major_city_its_garrison_goes_inside():
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    put(st, "tarsos", "blue", mercenary=4)
    st["pc"]["damaskos"] = "white"
    put(st, "damaskos", "white", macedonian=2)
    give(st, "seleukos", "white", "damaskos")
    give(st, "ptolemaios", "blue", "gaza")
    put(st, "gaza", "blue", mercenary=4)
    st["pc"]["gaza"] = "blue"
    from rules.successors.model import besieged
    from rules.successors.reaction import city_sorting

    city_sorting(st, "damaskos", "blue")
    assert st["inside"]["damaskos"] == 2
    put(st, "damaskos", "blue", mercenary=4)
    assert besieged(st, "damaskos")


@pytest.mark.rule("successors", "10")
def test_avoid_battle_on_a_die_above_initiative(dice):
    st = bare()
    st = issos_march(st, 2)
    assert prompt(st).seat == "white"
    dice.set(5)                                       # 5 > 2
    st = choose(st, "avoid")
    dests = [c.id for c in prompt(st).choices]
    assert "tarsos" not in dests and "chalybon" in dests
    st = choose(st, "chalybon")
    assert count(st, "chalybon", "white") == 2 and st["gen"]["ptolemaios"]["loc"] == "chalybon"


@pytest.mark.rule("successors", "10")
def test_a_failed_avoid_loses_local_troops(dice):
    st = bare()
    st["pc"]["issos"] = "white"
    st["pc"]["tarsos"] = "white"                      # Kilikia: +3 local troops
    strength, mods = battle.battle_strength(st, "issos", {"mercenary": 2}, "white",
                                            set_aside_ra=False, failed_avoid=False, why="")
    assert strength == 5
    strength, mods = battle.battle_strength(st, "issos", {"mercenary": 2}, "white",
                                            set_aside_ra=False, failed_avoid=True, why="")
    assert strength == 2


@pytest.mark.rule("successors", "11")
def test_land_interception_from_an_adjacent_space(dice):
    st = bare()
    give(st, "krateros", "blue", "kilikian_gates")
    put(st, "kilikian_gates", "blue", mercenary=2)
    give(st, "antigonos", "white", "issos")
    put(st, "issos", "white", mercenary=3)
    activate(st, "krateros", 3)
    st = choose(st, "go:tarsos")
    p = prompt(st)
    assert p.seat == "white" and "issos" in [c.id for c in p.choices]
    dice.set(6)                                       # 6 > 2: intercepted
    st = choose(st, "issos")
    assert count(st, "tarsos", "white") == 3
    p = prompt(st)
    assert p.seat == "blue" and "withdraw" in [c.id for c in p.choices]
    st = choose(st, "withdraw")
    assert st["gen"]["krateros"]["loc"] == "kilikian_gates"


@pytest.mark.rule("successors", "12.1")
@pytest.mark.rule("successors", "12.2")
@pytest.mark.rule("successors", "12.3")
@pytest.mark.rule("successors", "12.5")
def test_a_land_battle_and_the_losers_losses(dice):
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    put(st, "tarsos", "blue", macedonian=4)
    give(st, "leonnatos", "white", "tarsos")
    put(st, "tarsos", "white", mercenary=2, macedonian=1)
    dice.set(6, 6, 1, 1, 1)       # blue 12; white 1+1 -> BR 2: 4; attrition roll 1
    rec = battle.fight(st, "tarsos", "blue", "white")
    assert rec["winner"] == "blue"
    assert rec["sides"]["white"]["total"] == 4              # battle rating floor (12.3.1)
    assert count(st, "tarsos", "white") == 0
    assert st["dispersed"]["white"] == {"macedonian": 1}     # no attrition loss on a 1
    assert st["gen"]["leonnatos"]["loc"] == "dispersed"
    assert count(st, "tarsos", "blue") == 4                 # a double score: no loss


@pytest.mark.rule("successors", "12.4")
def test_leader_loss_on_a_modified_nine(dice):
    st = bare()
    give(st, "krateros", "blue", "tarsos")
    put(st, "tarsos", "blue", macedonian=4)
    give(st, "leonnatos", "white", "tarsos")
    put(st, "tarsos", "white", mercenary=2)
    dice.set(4, 5, 1, 1, 6)        # blue 9 and wins; leader-loss die 6 kills Krateros
    battle.fight(st, "tarsos", "blue", "white")
    assert st["gen"]["krateros"]["loc"] == "dead"
    assert st["lost_major"]["blue"]
    assert any(st["gen"][g]["loc"] == "tarsos" for g in st["gen"] if g.startswith("blue-minor"))


@pytest.mark.rule("successors", "12.6")
def test_a_draw_each_side_loses_one_and_the_attacker_retreats(dice):
    st = tarsos_battle(bare(), blue={"mercenary": 3}, white={"mercenary": 3})
    dice.set(3, 3, 3, 3)
    while prompt(st) and prompt(st).rule == "4.31.1":
        st = choose(st, "pass")
    assert count(st, "kilikian_gates", "blue") == 2 and count(st, "tarsos", "white") == 2
    assert st["gen"]["krateros"]["loc"] == "kilikian_gates"


@pytest.mark.rule("successors", "12.7")
def test_after_a_battle_the_activation_ends(dice):
    st = tarsos_battle(bare(), blue={"mercenary": 4}, white={"mercenary": 2}, mp=4)
    dice.set(6, 6, 1, 1)
    while prompt(st) and prompt(st).rule == "4.31.1":
        st = choose(st, "pass")
    assert st["last_battle"]["winner"] == "blue"
    assert not any(f["proc"] == "activation" for f in st["stack"])


@pytest.mark.rule("successors", "12.1")
def test_every_seat_is_asked_in_the_battle_window(dice):
    st = bare()
    st["hands"]["white"] = ["c28"]
    st = tarsos_battle(st, blue={"mercenary": 4}, white={"mercenary": 2}, mp=4)
    asked = []
    dice.set(4, 4, 4, 4)
    while prompt(st) and prompt(st).rule == "4.31.1":
        asked.append(prompt(st).seat)
        ids = [c.id for c in prompt(st).choices]
        st = choose(st, "c28" if "c28" in ids else "pass")
    assert asked[:1] == ["yellow"] and set(asked) == set(st["players"])
    assert st["last_battle"]["sides"]["white"]["total"] == 10      # 8 + Ambush 2


@pytest.mark.rule("successors", "13")
def test_siege_needs_three_cus_and_takes_the_city(dice):
    st = bare()
    st["pc"]["damaskos"] = "white"
    put(st, "damaskos", "white", mercenary=1)
    st["inside"]["damaskos"] = 1
    put(st, "damaskos", "blue", mercenary=2)
    assert not sieges.can_siege(st, "damaskos", "blue")
    put(st, "damaskos", "blue", mercenary=3)
    assert sieges.can_siege(st, "damaskos", "blue")
    assert sieges.required(st, "damaskos") == 2
    dice.set(6, 6)                       # 2 SP each
    rec = sieges.siege(st, "damaskos", "blue")
    assert rec["taken"] and "damaskos" not in st["pc"]   # no PC outside a Surrender Segment
    assert count(st, "damaskos", "white") == 0


@pytest.mark.rule("successors", "13")
def test_subjugation_of_an_independent_minor_city(dice):
    st = bare()
    st["pc"]["komana"] = "ind"
    put(st, "komana", "blue", mercenary=3)
    st["seg"]["segment"] = "surrender"
    dice.set(4)                          # 1 SP, no loss
    rec = sieges.siege(st, "komana", "blue")
    assert rec["taken"] and st["pc"]["komana"] == "blue"


@pytest.mark.rule("successors", "14")
def test_an_independent_army_removes_a_pc_and_keeps_to_its_area():
    st = bare()
    st["ind"]["leosthenes"]["loc"] = "lamia"
    st["pc"]["larisa"] = "blue"
    moves = events.ind_moves(st, "leosthenes")
    assert "larisa" in moves and "pella" not in moves and "kyklades" not in moves
    push(st, "independent", seat="white", army="leosthenes", stage="pick")
    st = choose(st, "larisa")
    assert "larisa" not in st["pc"] and st["ind"]["leosthenes"]["loc"] == "larisa"


@pytest.mark.rule("successors", "14")
def test_filon_must_end_further_west():
    st = bare()
    st["ind"]["filon"]["loc"] = "rhagai"
    lon = events.ed().spaces["rhagai"].lon
    assert all(events.ed().spaces[s].lon < lon for s in events.ind_moves(st, "filon"))


@pytest.mark.rule("successors", "14")
def test_a_beaten_independent_army_goes_back_to_its_box(dice):
    st = bare()
    st["ind"]["seuthes"]["loc"] = "kabyle"
    give(st, "lysimachos", "blue", "kabyle")
    put(st, "kabyle", "blue", macedonian=4)
    dice.set(6, 6, 1, 1)
    battle.fight_independent(st, "kabyle", "blue", ["seuthes"], player_attacks=True)
    assert st["ind"]["seuthes"]["loc"] == "box"
    assert units(st, "kabyle", "blue") == {"macedonian": 4}


@pytest.mark.rule("successors", "8.3")
def test_a_minor_general_takes_command_of_leaderless_cus():
    st = bare()
    put(st, "pella", "blue", mercenary=2)
    push(st, "movement", seat="blue", stage="moving", roll=4)
    assert "minor:pella" in [c.id for c in prompt(st).choices]
    st = choose(st, "minor:pella")
    assert st["gen"]["blue-minor-1"]["loc"] == "pella"
    ids = [c.id for c in prompt(st).choices]
    assert "blue-minor-1" in ids


@pytest.mark.rule("successors", "10")
def test_a_lone_general_who_fails_to_avoid_is_killed_on_a_five_or_six(dice):
    st = bare()
    st = issos_march(st)
    assert prompt(st).seat == "white"
    dice.set(1, 5)                                    # fails (1), then 5: killed
    st = choose(st, "avoid")
    assert st["gen"]["ptolemaios"]["loc"] == "dead"
    assert st["status"]["blue"] == "successor"        # dispersing a general is an attack


@pytest.mark.rule("successors", "8.3")
def test_a_lone_general_who_stays_is_dispersed():
    st = bare()
    st = issos_march(st)
    st = choose(st, "stay")
    assert st["gen"]["ptolemaios"]["loc"] == "dispersed"


@pytest.mark.rule("successors", "19")
def test_optional_avoid_via_a_transit_point_minus_one(dice):
    st = bare()
    st["options"]["avoid_transit"] = True
    st = issos_march(st, 2)
    dice.set(3)                                       # 3 > 2, but 3 - 1 is not
    st = choose(st, "avoid")
    dests = [c.id for c in prompt(st).choices]
    assert "chalybon" in dests
    # the Amanian Gates, a Transit Point next door, is reached through Chalybon: its first
    # space is Chalybon, so no -1 (19.5 looks at the first space entered)
    assert "amanian_gates" in dests


@pytest.mark.rule("successors", "8.3")
def test_passing_an_independent_stronghold_costs_attrition(dice):
    st = bare()
    st["pc"]["sagalassos"] = "ind"
    give(st, "antigonos", "blue", "kelainai")
    put(st, "kelainai", "blue", mercenary=4)
    activate(st, "antigonos", 4)
    st = choose(st, "go:sagalassos")                  # stopping there costs nothing
    assert count(st, "sagalassos", "blue") == 4
    dice.set(6)                                       # '2' column, a 6: 1 lost ('1e')
    st = choose(st, "go:aspendos")
    assert count(st, "aspendos", "blue") == 3


@pytest.mark.rule("successors", "20")
def test_desertions_never_strike_cus_under_siege():
    st = bare()
    st["pc"]["damaskos"] = "white"
    give(st, "seleukos", "white", "damaskos")
    put(st, "damaskos", "white", mercenary=2)
    st["inside"]["damaskos"] = 2
    give(st, "krateros", "blue", "damaskos")
    put(st, "damaskos", "blue", mercenary=4)
    targets = [c.id for c in events.event_targets(st, "black", "attrition")]
    assert "damaskos|blue" in targets and "damaskos|white" not in targets


@pytest.mark.rule("successors", "19")
def test_optional_the_interceptor_attacks(dice):
    st = bare()
    st["options"]["interceptor_attacks"] = True
    give(st, "krateros", "blue", "kilikian_gates")
    put(st, "kilikian_gates", "blue", mercenary=2)
    give(st, "antigonos", "white", "issos")
    put(st, "issos", "white", mercenary=3)
    activate(st, "krateros", 3)
    st = choose(st, "go:tarsos")
    dice.set(6)
    st = choose(st, "issos")
    assert prompt(st).seat == "white" and prompt(st).rule == "19.3.2"
    st = choose(st, "attack")
    assert [c.id for c in prompt(st).choices] == ["fight", "avoid"]   # no withdrawal
    st = choose(st, "fight")
    dice.set(6, 6, 1, 1)
    while prompt(st) and prompt(st).rule == "4.31.1":
        st = choose(st, "pass")
    assert st["last_battle"]["attacker"] == "white" and st["last_battle"]["winner"] == "white"
    assert st["status"]["white"] == "successor"
