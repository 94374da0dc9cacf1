"""Set-up (5), the Game Turn (6.1-6.8) and victory (7)."""

import pytest

from rules.successors import turn, victory
from rules.successors.model import PROCS, count

from .helpers import GAME, bare, choose, give, prompt, push, put, set_up


@pytest.mark.rule("successors", "5")
@pytest.mark.parametrize("scenario,each", [("two-player", 4), ("three-player", 3),
                                           ("four-player", 2), ("five-player", 2)])
def test_generals_are_dealt_by_player_count(scenario, each):
    st = set_up(scenario)
    for seat in st["players"]:
        majors = [g for g, r in st["gen"].items() if r["owner"] == seat and "-minor-" not in g]
        assert len(majors) == each
        assert sum(1 for g in st["gen"] if g.startswith(f"{seat}-minor-")) == 4
    aside = {g for g, r in st["gen"].items() if r["owner"] is None}
    assert {"demetrios", "kassandros"} <= aside


@pytest.mark.rule("successors", "5")
def test_five_player_deal_two_keep_one_pass_one():
    st = GAME.new_game("five-player", [], {}, 3)
    p = prompt(st)
    assert p.context.get("secret") and len(p.choices) == 2
    kept = p.choices[1].id
    st = choose(st, kept)
    assert st["gen"][kept]["owner"] == p.seat
    view = GAME.view(st, "blue")
    assert view["deal"]["yellow"] == [] and len(view["deal"]["blue"]) == 2


@pytest.mark.rule("successors", "5")
def test_packages_pcs_and_independents_at_the_start():
    st = set_up("four-player")
    perd = st["gen"]["perdikkas"]["owner"]
    assert st["gen"]["perdikkas"]["loc"] == "babylon"
    assert st["cu"]["babylon"][perd] == {"royal": 4, "elephant": 2}
    assert all(st["pc"][s] == perd for s in ("babylon", "sippar", "uruk"))
    assert st["pc"]["komana"] == "ind" and st["pc"]["athenai"] == "ind"
    assert st["ind"]["leosthenes"]["loc"] == "lamia" and st["ind"]["filon"]["loc"] == "box"
    assert st["royals"]["alexandros"] == {"loc": "babylon", "active": True, "held": perd}
    assert st["royals"]["kleopatra"] == {"loc": "sardeis", "active": False}
    assert st["body"]["loc"] == "babylon"
    royal = sum(g.get("royal", 0) for by in st["cu"].values() for g in by.values())
    assert royal == 8


@pytest.mark.rule("successors", "6.1")
def test_turn_three_antipatros_dies_and_demetrios_arrives():
    st = bare()
    give(st, "antipatros", "blue", "pella")
    give(st, "antigonos", "white", "kelainai")
    st["turn"] = 3
    turn.turn_events(st)
    assert st["gen"]["antipatros"]["loc"] == "dead"
    assert st["gen"]["polyperchon"] == {"owner": "blue", "loc": "pella"}
    assert st["gen"]["demetrios"] == {"owner": "white", "loc": "dispersed"}


@pytest.mark.rule("successors", "6.1")
def test_turn_four_the_unburied_cart_leaves():
    st = bare(turn=4)
    st["body"] = {"loc": "babylon", "tomb": False, "pella": None}
    turn.turn_events(st)
    assert st["body"]["loc"] == "gone"


@pytest.mark.rule("successors", "6.2")
def test_fewest_vp_chooses_the_first_player_then_clockwise():
    st = bare()
    put(st, "babylon", "yellow", mercenary=1)
    for sid in ("babylon", "sippar", "opis", "borsippa"):
        st["pc"][sid] = "yellow"
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "blue"
    for sid in ("memphis", "pelousion", "heliopolis"):
        st["pc"][sid] = "black"
    turn.turn_order(st)
    p = prompt(st)
    assert p.seat == "white"
    st = choose(st, "black")
    assert st["order"] == ["black", "yellow", "blue", "white"]


@pytest.mark.rule("successors", "6.3")
def test_the_usurper_has_the_most_vp_ties_to_seniority():
    st = bare()
    give(st, "perdikkas", "white", "dispersed")
    give(st, "lysimachos", "blue", "dispersed")
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "blue"               # Makedonia 4 VP
    for sid in ("larisa", "pherai"):
        st["pc"][sid] = "white"              # Thessalia 2 VP
    for sid in ("tarsos", "issos"):
        st["pc"][sid] = "white"              # Kilikia 2 VP
    turn.label_usurper(st)
    assert st["usurper"] == "white"          # 4 = 4: Perdikkas outranks Lysimachos


@pytest.mark.rule("successors", "6.4")
def test_reinforcements_and_their_bonuses():
    st = bare()
    give(st, "antipatros", "blue", "pella")
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "blue"
    st["dispersed"]["yellow"] = {"macedonian": 1}
    turn.reinforcement(st)
    frames = {f["seat"]: f for f in st["stack"] if f["proc"] == "reinforce"}
    blue = [p[1] for p in frames["blue"]["pieces"] if p[0] == "unit"]
    # 2 Mercenaries, +1 Macedonian (Makedonia), +1 Macedonian (most L), +2 Mercenaries (most VP)
    assert sorted(blue) == ["macedonian", "macedonian", "mercenary", "mercenary", "mercenary",
                            "mercenary"]
    assert sorted(p[1] for p in frames["yellow"]["pieces"] if p[0] == "unit") == [
        "macedonian", "mercenary",
                                                                 "mercenary"]


@pytest.mark.rule("successors", "6.4")
def test_reinforcements_never_into_a_besieged_city_and_two_per_space():
    st = bare()
    st["pc"]["pella"] = "blue"
    st["pc"]["aigai"] = "blue"
    put(st, "pella", "blue", mercenary=1)
    put(st, "pella", "red" if "red" in st["players"] else "white", mercenary=3)
    spaces = turn.reinforce_spaces(st, "blue", ["unit", "mercenary"], {}, [])
    assert "pella" not in spaces and "aigai" in spaces
    assert "aigai" not in turn.reinforce_spaces(st, "blue", ["unit", "mercenary"],
                                                {"aigai": 2}, [])


@pytest.mark.rule("successors", "6.5")
@pytest.mark.parametrize("scenario,hand,table", [("two-player", 5, 10), ("three-player", 5, 5),
                                                 ("four-player", 5, 0), ("five-player", 4, 0)])
def test_tyche_cards_dealt(scenario, hand, table):
    st = set_up(scenario)
    st["order"] = list(st["players"])
    turn.distribute(st)
    assert all(len(h) == hand for h in st["hands"].values())
    assert len(st["table"]) == table


@pytest.mark.rule("successors", "6.7")
def test_isolated_pcs_are_removed_but_not_major_cities_or_independents():
    st = bare()
    st["pc"].update({"sardeis": "yellow", "smyrna": "yellow", "ammon": "yellow",
                     "ephesos": "ind", "paraitonion": "blue"})
    put(st, "chalkis", "blue", mercenary=2)
    st["pc"]["chalkis"] = "blue"
    st["pc"]["lesbos"] = "blue"
    turn.isolation(st)
    assert st["pc"]["sardeis"] == "yellow" and st["pc"]["smyrna"] == "yellow"
    assert "ammon" not in st["pc"]           # its one road runs through a Blue space
    assert st["pc"]["ephesos"] == "ind"


@pytest.mark.rule("successors", "6.8")
def test_burial_at_pella_gives_ten_legitimacy_for_ever():
    st = bare()
    give(st, "antipatros", "blue", "pella")
    put(st, "pella", "blue", macedonian=2)
    st["body"] = {"loc": "pella", "tomb": False, "pella": None}
    st["pc"]["pella"] = "blue"
    before = victory.legitimacy(st, "blue")
    turn.end_phase(st)
    st = choose(st, "bury")
    assert st["body"]["tomb"] and st["body"]["pella"] == "blue"
    assert victory.legitimacy(st, "blue") == before + 10 + 2      # Pella and the tomb
    st["pc"]["pella"] = "white"
    st["gen"]["antipatros"]["loc"] = "dispersed"
    assert victory.legitimacy_breakdown(st, "blue")["burial at Pella"] == 10


@pytest.mark.rule("successors", "6.6")
def test_forage_above_the_limit_loses_one_cu():
    from rules.successors.strategy import forage

    st = bare()
    put(st, "tempe", "blue", mercenary=4)
    put(st, "pella", "blue", mercenary=9)
    forage(st, "blue")
    PROCS.advance(st)                    # one type of CU each: no question (6.6.5)
    assert count(st, "tempe", "blue") == 3 and count(st, "pella", "blue") == 8


@pytest.mark.rule("successors", "6.6")
def test_train_troops_three_ops_make_a_mercenary():
    st = bare()
    st["pc"]["pella"] = "blue"
    st["hands"]["blue"] = ["c4"]                # 3 OP
    st["active"] = "blue"
    push(st, "tyche", seat="blue", stage="start")
    st = choose(st, "c4")
    st = choose(st, "train")
    st = choose(st, "mercenary")
    p = prompt(st)
    assert p.rule == "6.4.2" and "pella" in [c.id for c in p.choices]
    st = choose(st, "pella")
    assert count(st, "pella", "blue") == 1 and st["training"]["blue"]["points"] == 0


@pytest.mark.rule("successors", "6.6")
def test_surrender_segment_replaces_an_enemy_pc_and_places_on_empty_spaces():
    st = bare()
    put(st, "larisa", "blue", mercenary=1)
    put(st, "pherai", "blue", mercenary=1)
    st["pc"]["larisa"] = "white"
    push(st, "surrender", seat="blue", stage="start")
    ids = [c.id for c in prompt(st).choices]
    assert "flip:larisa" in ids and "place:pherai" in ids
    st = choose(st, "flip:larisa")
    assert st["pc"]["larisa"] == "blue"


@pytest.mark.rule("successors", "6.6")
def test_only_surprise_cards_in_hand_are_discarded_for_new_ones():
    st = bare()
    st["hands"]["blue"] = ["c28"]               # Ambush: a Surprise card
    st["deck"]["draw"].remove("c4")
    st["deck"]["draw"].append("c4")
    push(st, "tyche", seat="blue", stage="start")
    assert st["hands"]["blue"] == ["c4"] and "c28" in st["deck"]["discard"]


@pytest.mark.rule("successors", "7")
def test_immediate_victory_never_on_turn_one():
    st = bare(turn=1)
    give(st, "perdikkas", "blue", "dispersed")      # +1 L (15.2)
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "blue"
    st["body"] = {"loc": "pella", "tomb": True, "pella": "blue"}
    victory.check_immediate(st)
    assert not st["over"]
    st["turn"] = 2
    victory.check_immediate(st)
    assert st["over"]["winners"] == ["blue"] and victory.legitimacy(st, "blue") >= 18


@pytest.mark.rule("successors", "7")
def test_immediate_victory_by_vp_total():
    st = bare()
    st["vp_target"] = 5
    for sid in ("memphis", "pelousion", "heliopolis"):
        st["pc"][sid] = "black"
    victory.check_immediate(st)
    assert st["over"]["winners"] == ["black"]


@pytest.mark.rule("successors", "7")
def test_regency_heir_of_age_the_regent_must_lead_in_vp_plus_l():
    st = bare(turn=4)
    give(st, "ptolemaios", "black", "damaskos")
    st["royals"]["herakles"] = {"loc": "damaskos", "active": True}
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "blue"
    victory.regency(st, "herakles")
    assert not st["over"] and st["royals"]["herakles"]["loc"] == "dead"
    st = bare(turn=5)
    give(st, "ptolemaios", "black", "babylon")
    st["royals"]["alexandros"] = {"loc": "babylon", "active": True}
    victory.regency(st, "alexandros")
    assert st["over"]["winners"] == ["black"]


@pytest.mark.rule("successors", "7")
def test_game_end_most_vp_ties_go_to_makedonia():
    st = bare()
    for sid in ("pella", "aigai", "dion"):
        st["pc"][sid] = "blue"            # Makedonia 4
    for sid in ("kelainai", "gordion", "ankyra"):
        st["pc"][sid] = "white"           # Phrygia 3
    st["pc"]["tarsos"] = st["pc"]["issos"] = "white"   # Kilikia 2 -> 5
    for sid in ("larisa", "pherai"):
        st["pc"][sid] = "blue"            # Thessalia 2 -> 6
    victory.game_end(st)
    assert st["over"]["winners"] == ["blue"]
    st["over"] = None
    st["pc"]["smyrna"] = st["pc"]["ephesos"] = "white"
    st["pc"]["sardeis"] = "white"         # Lydia 3 -> 8
    victory.game_end(st)
    assert st["over"]["winners"] == ["white"]


def test_a_new_turn_starts_after_the_end_phase():
    st = bare()
    PROCS.push(st, "turn", step=len(turn.STEPS))
    PROCS.advance(st)
    assert st["turn"] == 3
