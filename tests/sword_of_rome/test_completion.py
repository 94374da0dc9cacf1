"""Rules written in the completion of issue 15: rout (12.4.2), the Sicilian discount of
Greek leaders (8.2.3), and the others listed in docs/sword-of-rome-rulings.md."""

import pytest

from rules.sword_of_rome import board, combat, phases
from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import cu

from .helpers import bare, campaign_at_fregellae, put


def _only_rome_holds(st, *sids):
    for sid, sp in st["spaces"].items():
        sp["ctl"] = "rome" if sid in sids else INDEPENDENT


@pytest.mark.rule("sword-of-rome", "12.4.2")
def test_a_rout_sweeps_up_own_cu_on_the_way_before_the_penalties():
    st = bare()
    _only_rome_holds(st, "roma")
    st["spaces"]["velitrae"]["ctl"] = "gauls"          # an enemy PC: 1 CU penalty
    put(st, "satricum", "rome", 4)
    put(st, "velitrae", "rome", 2)
    paths = board.retreat_options(st, "rome", "satricum", 4, attacker=False, entry=None)
    path = next(p for p in paths if p[0] == "velitrae")
    assert path[-1] == "roma"
    fr = {"removed": 0}
    combat.do_retreat(st, fr, "rome", "satricum", 4, path)
    assert cu(st, "velitrae", "rome") == 0             # swept up: 2 do not outnumber 4
    assert cu(st, "roma", "rome") == 4 + 2 - 1 and fr["removed"] == 1


@pytest.mark.rule("sword-of-rome", "12.4.2")
def test_a_rout_leaves_cu_that_outnumber_it():
    st = bare()
    _only_rome_holds(st, "roma")
    put(st, "satricum", "rome", 2)
    put(st, "velitrae", "rome", 3)
    put(st, "velitrae", "gauls", 1)                    # not a retreat end: other power's CU
    path = ["velitrae", "roma"]
    combat.do_retreat(st, {"removed": 0}, "rome", "satricum", 2, path)
    assert cu(st, "velitrae", "rome") == 3
    assert cu(st, "roma", "rome") == 2 - 1             # 1 for the Gallic CU (12.4.5)


def _greek_sicily(st):
    for lid in st["leaders"]:
        if board.ed().leaders[lid].power == "greeks":
            st["leaders"][lid] = "out"                 # only the leaders a test places
    for sid in st["spaces"]:
        if board.ed().spaces[sid].region == "sicily" and board.ed().spaces[sid].home == "greeks":
            st["spaces"][sid]["ctl"] = "greeks"


def _spare(st):
    return sum(sp["loy"] - 1 for sp in st["spaces"].values()
               if sp["ctl"] == "greeks" and sp["loy"] > 1)


@pytest.mark.rule("sword-of-rome", "8.2.3")
def test_five_players_sicilian_gains_discount_one_greek_leader():
    st = bare("five-player")
    _greek_sicily(st)
    st["spaces"]["selinus"]["ctl"] = st["spaces"]["panormus"]["ctl"] = "greeks"
    put(st, "syracuse", "greeks", 3, "timoleon")       # penalty 1, two spaces: 0 (example)
    put(st, "tarentum", "greeks", 2, "leptines")       # not in Sicily: pays 1
    before = _spare(st)
    phases.greek_upkeep(st)
    _pay(st)
    assert before - _spare(st) == 1
    assert st["leaders"]["timoleon"] == "syracuse"


@pytest.mark.rule("sword-of-rome", "8.2.3")
def test_no_discount_once_a_greek_space_in_sicily_is_lost_or_with_four_players():
    st = bare("five-player")
    _greek_sicily(st)
    st["spaces"]["selinus"]["ctl"] = "greeks"
    st["spaces"]["gela"]["ctl"] = "carthage"
    put(st, "syracuse", "greeks", 3, "dionysius")
    before = _spare(st)
    phases.greek_upkeep(st)
    _pay(st)
    assert before - _spare(st) == 2
    st4 = bare("four-player")
    _greek_sicily(st4)
    st4["spaces"]["selinus"]["ctl"] = "greeks"
    put(st4, "syracuse", "greeks", 3, "dionysius")
    before = _spare(st4)
    phases.greek_upkeep(st4)
    _pay(st4)
    assert before - _spare(st4) == 2


def _lose_at_kerkouane(st):
    put(st, "kerkouane", "greeks", 4)
    combat.consequences(st, {"attacker": "greeks", "defender": "carthage",
                             "winner": "attacker", "removed": 0, "space": "kerkouane",
                             "adjacent": {}})


@pytest.mark.rule("sword-of-rome", "17.2.1")
def test_hamilcar_sails_home_when_carthage_loses_at_kerkouane():
    st = bare()
    put(st, "lilybaeum", "carthage", 5, "hamilcar")
    _lose_at_kerkouane(st)
    assert st["leaders"]["hamilcar"] == "carthago"
    assert cu(st, "carthago", "carthage") == 5 and cu(st, "lilybaeum", "carthage") == 0


@pytest.mark.rule("sword-of-rome", "17.2.1")
def test_hamilcar_stays_if_besieged_or_storms_at_sea():
    st = bare()
    put(st, "lilybaeum", "carthage", 2, "hamilcar")
    put(st, "lilybaeum", "greeks", 3)
    st["spaces"]["lilybaeum"].update(ctl="carthage", siege=0, sieger="greeks", inside=2)
    _lose_at_kerkouane(st)
    assert st["leaders"]["hamilcar"] == "lilybaeum"
    st = bare()
    put(st, "lilybaeum", "carthage", 5, "hamilcar")
    st["flags"]["storms_at_sea"] = True
    _lose_at_kerkouane(st)
    assert st["leaders"]["hamilcar"] == "lilybaeum"


@pytest.mark.rule("sword-of-rome", "8.3")
def test_the_active_player_repositions_his_minor_leaders_to_his_cu():
    from .helpers import choose, ids, run

    st = bare()
    put(st, "roma", "rome", 3)
    put(st, "capua", "rome", 5)
    put(st, "veii", "etruscans", 2)
    st["leaders"]["rome_minor"] = "reserve"            # set aside: back while active (8.4)
    run(st, "active", side="rome", played=False)
    moves = [c for c in ids(st) if c.startswith("minor:")]
    assert sorted(moves) == ["minor:rome_minor:capua", "minor:rome_minor:roma"]
    choose(st, "minor:rome_minor:capua")
    assert st["leaders"]["rome_minor"] == "capua"
    assert not any(c.startswith("minor:") for c in ids(st))    # once a turn
    assert not any(c.startswith("minor:etruscans") for c in moves)


@pytest.mark.rule("sword-of-rome", "9.5.2")
def test_a_subordinate_leader_goes_along_with_the_army():
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance

    from .helpers import choose, ids

    st = bare()
    _only_rome_holds(st, "roma", "velitrae", "ardea")
    put(st, "roma", "rome", 6, "valerius", "camillus", "rome_minor")
    start_move(st, "rome", "camillus", 3)
    advance(st)
    choose(st, "take:6")
    assert {"with:valerius", "with:rome_minor"} <= set(ids(st))
    choose(st, "with:valerius")
    choose(st, "to:velitrae")
    assert st["leaders"]["valerius"] == st["leaders"]["camillus"] == "velitrae"
    assert st["leaders"]["rome_minor"] == "roma"


def _siege_of_sutrium(st, inside, outside_rome=0):
    """Etruscans besiege Roman Sutrium; ``inside`` Roman CU and Camillus within its walls."""
    st["spaces"]["sutrium"].update(ctl="rome", loy=2, siege=0, sieger="etruscans",
                                   inside=inside)
    put(st, "sutrium", "rome", inside + outside_rome, "camillus")
    put(st, "sutrium", "etruscans", 3)


@pytest.mark.rule("sword-of-rome", "13.4.1")
def test_a_besieged_army_may_only_sortie_and_falls_back_inside_if_beaten(dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance, current_prompt

    from .helpers import choose, ids

    st = bare()
    _siege_of_sutrium(st, 5)
    start_move(st, "rome", "camillus", 3)
    advance(st)
    assert sorted(ids(st)) == ["sortie", "stop"]        # may not leave the city
    choose(st, "sortie")
    assert current_prompt(st).rule == "7.1.1"          # no interception: straight to battle
    dice.queue = [2, 2, 2, 4, 4, 4]                     # 6 + 6 ties 12: the defender wins
    while current_prompt(st).rule == "7.1.1":
        choose(st, "pass")
    assert "Etruscans win" in current_prompt(st).text
    choose(st, "ok")
    while current_prompt(st) and current_prompt(st).rule in ("12.4", "12.5", "7.3"):
        choose(st, ids(st)[-1])
    sp = st["spaces"]["sutrium"]
    assert cu(st, "sutrium", "rome") == 2 and sp["inside"] == 2
    assert st["leaders"]["camillus"] == "sutrium"


@pytest.mark.rule("sword-of-rome", "13.4.2")
def test_a_relieving_army_fights_with_the_garrison_which_stays_inside_if_beaten(dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance, current_prompt

    from .helpers import choose, ids

    st = bare()
    _only_rome_holds(st, "veii", "nepet", "sutrium", "roma")
    _siege_of_sutrium(st, 2)
    put(st, "sutrium", "etruscans", 5)
    st["leaders"]["camillus"] = "reserve"
    put(st, "nepet", "rome", 4, "valerius")
    start_move(st, "rome", "valerius", 3)
    advance(st)
    choose(st, "take:4")
    choose(st, "to:sutrium")
    while current_prompt(st).rule in ("10", "11"):
        choose(st, "no" if "no" in ids(st) else "stand")
    dice.queue = [2, 2, 2, 4, 4, 4]                     # the Romans lose 3 CU
    while current_prompt(st).rule == "7.1.1":
        choose(st, "pass")
    rep = current_prompt(st).context
    assert "Etruscans win" in current_prompt(st).text
    assert rep["sides"][0]["strength"] == 4 + 2         # the garrison joins the battle
    choose(st, "ok")
    while current_prompt(st) and current_prompt(st).rule in ("12.4", "12.5", "7.3"):
        choose(st, ids(st)[0])
    sp = st["spaces"]["sutrium"]
    assert sp["inside"] == cu(st, "sutrium", "rome") == 2     # losses came from outside
    assert st["leaders"]["valerius"] != "sutrium"


@pytest.mark.rule("sword-of-rome", "7.2.2")
def test_an_etruscan_army_bribes_its_way_through_enemy_cu():
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance, current_prompt

    from .helpers import choose, ids

    st = bare()
    side = "etruscans-samnites"
    three = next(c for c in st["decks"][side]["draw"] if board.ed().cards[c].value == 3)
    st["decks"][side]["draw"].remove(three)
    st["hands"][side] = [three]
    put(st, "caere", "etruscans", 4, "spurinna")
    put(st, "veii", "rome", 2)
    put(st, "nepet", "rome", 3, "valerius")            # next door: bribed CU never intercept
    start_move(st, side, "spurinna", 3)
    advance(st)
    choose(st, "take:4")
    choose(st, "to:veii")
    while current_prompt(st).rule == "10":
        choose(st, "no")
    assert current_prompt(st).rule == "7.1.1"
    assert f"bribe:{three}" in ids(st)
    choose(st, f"bribe:{three}")
    assert three in st["decks"][side]["removed"]       # the bribe card leaves the game
    assert st["leaders"]["spurinna"] == "veii" and cu(st, "veii", "rome") == 2
    assert "stop" not in ids(st)                       # never stops among the bribed
    assert any(c.startswith("to:") for c in ids(st))


def _hand(st, side, value):
    card = next(c for c in st["decks"][side]["draw"] if board.ed().cards[c].value == value)
    st["decks"][side]["draw"].remove(card)
    st["hands"][side].append(card)
    return card


@pytest.mark.rule("sword-of-rome", "7.2.4")
def test_five_players_carthage_hires_mercenaries_besides_its_card_play():
    from .helpers import choose, ids, run

    st = bare("five-player")
    st["hands"]["carthage"] = []
    card = _hand(st, "carthage", 3)
    other = _hand(st, "carthage", 2)
    put(st, "lilybaeum", "carthage", 2, "hamilcar5")
    run(st, "active", side="carthage", played=False)
    assert f"hire:{card}" in ids(st)
    choose(st, f"hire:{card}")
    before = sum(cu(st, s, "carthage") for s in st["spaces"])
    for _ in range(3):
        choose(st, next(c for c in ids(st) if c.startswith("at:")))
    assert sum(cu(st, s, "carthage") for s in st["spaces"]) == before + 3
    assert not any(c.startswith("hire:") for c in ids(st))      # once a turn
    assert f"play:{other}" in ids(st)                           # the card play is still due


@pytest.mark.rule("sword-of-rome", "9.6.4")
def test_five_players_a_crossing_is_rolled_for_only_when_carthage_contests_it(dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance, current_prompt

    from .helpers import choose

    st = bare("five-player")
    st["hands"]["carthage"] = []
    two = _hand(st, "carthage", 2)
    put(st, "neapolis", "greeks", 3, "dionysius")
    start_move(st, "greeks", "dionysius", 3)
    advance(st)
    choose(st, "take:3")
    choose(st, "sail:syracuse")
    assert current_prompt(st).rule == "9.6.4" and current_prompt(st).seat == "carthage"
    dice.queue = [3]                                  # 3 + 1 (2 OP) - 2 (friendly port) = 2
    choose(st, f"card:{two}")
    assert st["leaders"]["dionysius"] == "syracuse" and cu(st, "syracuse", "greeks") == 3
    assert two in st["decks"]["carthage"]["discard"]
    st = bare("five-player")
    st["hands"]["carthage"] = []
    three = _hand(st, "carthage", 3)
    put(st, "neapolis", "greeks", 3, "dionysius")
    start_move(st, "greeks", "dionysius", 3)
    advance(st)
    choose(st, "take:3")
    choose(st, "sail:syracuse")
    dice.queue = [5]                                  # 5 + 2 - 2 = 5: attrition
    choose(st, f"card:{three}")
    assert st["leaders"]["dionysius"] == "neapolis" and cu(st, "neapolis", "greeks") == 2
    st = bare("five-player")
    put(st, "neapolis", "greeks", 3, "dionysius")
    st["hands"]["carthage"] = [_hand(st, "carthage", 1)]
    start_move(st, "greeks", "dionysius", 3)
    advance(st)
    choose(st, "take:3")
    choose(st, "sail:syracuse")
    dice.queue = [6]                                  # would be attrition if rolled
    choose(st, "no")                                  # uncontested: no roll at all
    assert st["leaders"]["dionysius"] == "syracuse" and dice.queue == [6]


def _combat_example(dice, flank=True):
    """The rulebook's combat example: Camillus (7 CU) from Capua attacks Egnatius (5 CU) in
    Fregellae with a Campaign; Valerius (5 CU) from Roma flanks from Velitrae."""

    from .helpers import choose, ids

    st = campaign_at_fregellae()
    assert "flank:valerius|velitrae" in ids(st)
    choose(st, "flank:valerius|velitrae" if flank else "none")
    return st


@pytest.mark.rule("sword-of-rome", "9.5.6")
def test_a_flanking_force_halts_beside_the_battle_and_adds_half_its_cu_and_one(dice):
    from rules.sword_of_rome.model import current_prompt

    from .helpers import choose

    st = _combat_example(dice)
    assert st["leaders"]["valerius"] == "velitrae" and cu(st, "velitrae", "rome") == 5
    dice.queue = [5, 2, 2, 5, 5, 4]                   # the example's dice: 9 and 14
    while current_prompt(st).rule == "7.1.1":
        choose(st, "pass")
    rep = current_prompt(st).context
    rome = rep["sides"][0]
    assert rome["strength"] == 7 + 3                    # 5 CU / 2 rounded up
    labels = {m["label"].split(" (")[0]: m["value"] for m in rome["modifiers"]}
    assert labels["Force ratio"] == 3 and labels["Flanking force"] == 1
    assert labels["Leadership"] == 1                    # Camillus 4 - Egnatius 3
    assert "Samnites win" in current_prompt(st).text
    # the Romans remove 5 CU: Camillus 3 (the odd one), Valerius 2 (as in the example)
    assert cu(st, "fregellae", "rome") == 4 and cu(st, "velitrae", "rome") == 3
    choose(st, "ok")
    while current_prompt(st) and current_prompt(st).rule == "12.4":
        choose(st, "path:0")
    assert st["leaders"]["valerius"] == "velitrae"      # already in friendly territory
    assert st["leaders"]["camillus"] == "capua"         # the primary retreats the way it came


@pytest.mark.rule("sword-of-rome", "9.5.6")
def test_the_flanking_leader_is_spent_from_the_campaign(dice):
    st = _combat_example(dice)
    camp = next(f for f in st["stack"] if f["proc"] == "campaign")
    assert camp["left"] == 0 and camp["done"] == ["camillus", "valerius"]


@pytest.mark.rule("sword-of-rome", "9.5.5")
def test_a_campaign_may_activate_an_allys_army_with_his_permission():
    from rules.sword_of_rome.model import current_prompt

    from .helpers import choose, ids, run

    st = bare()
    st["alliances"] = [["rome", "gauls"]]
    put(st, "roma", "rome", 4, "valerius")
    put(st, "bononia", "gauls", 6, "brennus")
    run(st, "campaign", side="rome", left=2, done=[])
    assert "ally:brennus" in ids(st)
    choose(st, "ally:brennus")
    assert current_prompt(st).rule == "9.5.5" and current_prompt(st).seat == "gauls"
    choose(st, "no")                                   # refused: the alliance stands
    assert st["alliances"] == [["rome", "gauls"]] and "ally:brennus" not in ids(st)
    assert next(f for f in st["stack"] if f["proc"] == "campaign")["left"] == 2
    st["stack"][-1]["refused"] = []
    choose(st, "ally:brennus")
    choose(st, "yes")
    p = current_prompt(st)
    assert p.seat == "rome" and p.rule == "9"          # the Roman player moves the Gauls
    assert st["stack"][-1]["power"] == "gauls" and st["stack"][-1]["leader"] == "brennus"


@pytest.mark.rule("sword-of-rome", "17.1.2")
def test_the_citizen_militia_never_leave_africa_and_are_never_replaced():
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import add_cu, advance, militia

    from .helpers import choose, ids

    st = bare("five-player")
    assert st["militia"] == {}                          # 17 is ignored with five players
    st["militia"] = {"carthago": 2}                     # the mechanics, on a 5-player board
    put(st, "carthago", "carthage", 4, "hanno")
    start_move(st, "carthage", "hanno", 3)
    advance(st)
    choose(st, "take:4")                                 # two of them militia
    assert [c for c in ids(st) if c.startswith("sail:")] == ["sail:kerkouane"]
    assert "to:utica" in ids(st)                         # Africa is open to them
    st = bare("five-player")
    st["militia"] = {"carthago": 2}
    put(st, "carthago", "carthage", 4, "hanno")
    start_move(st, "carthage", "hanno", 3)
    advance(st)
    choose(st, "take:2")                                 # the two regulars sail
    assert "sail:lilybaeum" in ids(st)
    choose(st, "sail:lilybaeum")
    assert militia(st, "carthago") == 2 and cu(st, "carthago", "carthage") == 2
    add_cu(st, "carthago", "carthage", -1)              # a militia CU lost ...
    add_cu(st, "carthago", "carthage", 3)               # ... is not replaced
    assert militia(st, "carthago") == 1


def _pay(st):
    """The Greek player pays every penalty from the first city offered (8.2.3)."""
    from rules.sword_of_rome.model import advance, apply_choice, current_prompt

    advance(st)
    while current_prompt(st) and current_prompt(st).rule == "8.2.3":
        apply_choice(st, next(c.id for c in current_prompt(st).choices
                              if c.id.startswith("loy:")))
