"""Rules written in session 7 of issue 15: five-player naval interdiction of avoidance and
retreat by sea (9.6.4, 11.1.1, 12.4.3), Carthaginian ships lent to an ally (9.6.3, 11.1.1,
12.4.3), one naval capacity for every crossing (9.6.3), Gallic raids on the way to flank
(9.5.6), the unrest raised and lowered by battle (12.5.3) and attacked twice with a Campaign
(20.3)."""

import pytest

from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import cu, current_prompt, ed

from .helpers import bare, campaign_at_fregellae, choose, ids, pass_responses, put


def _card(st, side, value, avoid=()):
    deck = st["decks"][side]
    card = next(c for c in deck["draw"] if ed().cards[c].value == value and c not in avoid)
    deck["draw"].remove(card)
    return card


def _port_battle(dice, *, defender="greeks", leader="dionysius", n=3, attacker="rome",
                 att_leader="camillus", hands=None, setup=None, scenario="five-player"):
    """Five players (or ``scenario``): an army of ``attacker`` (5 CU, from Capua) attacks
    ``n`` CU of ``defender`` at Neapolis, a port; the defender's ports are Neapolis,
    Syracuse and Roma.
    Returns at the first prompt after the attacker enters (avoidance, or Carthage's offer)."""
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance

    st = bare(scenario)
    for sp in st["spaces"].values():
        sp["ctl"] = INDEPENDENT
    for sid in ("neapolis", "syracuse", "roma"):
        st["spaces"][sid]["ctl"] = defender
    st["spaces"]["capua"]["ctl"] = attacker
    st["spaces"]["neapolis"]["loy"] = 0                 # no walls to fall back into
    for side in st["hands"]:
        st["hands"][side] = []
        st["dt"][side] = 0
    for side, values in (hands or {}).items():
        for v in values:
            st["hands"][side].append(_card(st, side, v, st["hands"][side]))
    if setup:
        setup(st)
    st["active_side"] = attacker if attacker != "etruscans" else "etruscans-samnites"
    put(st, "capua", attacker, 5, att_leader)
    put(st, "neapolis", defender, n, leader)
    start_move(st, st["active_side"], att_leader, 3)
    advance(st)
    choose(st, "take:5")
    choose(st, "to:neapolis")
    while current_prompt(st).rule == "10":
        choose(st, "no")
    return st


def _lose(st, dice):
    """The defender stands and loses the battle (1 CU)."""
    choose(st, "stand")
    dice.queue = [4, 3, 3, 2, 2, 3]
    pass_responses(st)
    assert "win" in current_prompt(st).text
    choose(st, "ok")


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_five_players_carthage_may_contest_a_retreat_by_sea(dice):
    st = _port_battle(dice, hands={"greeks": [3], "carthage": [3, 1]})
    _lose(st, dice)
    three = st["hands"]["greeks"][0]
    choose(st, f"sea:{three}:syracuse")
    p = current_prompt(st)
    assert p.rule == "9.6.4" and p.seat == "carthage"
    assert "retreat by sea to Syracuse" in p.text
    c3 = next(c for c in st["hands"]["carthage"] if ed().cards[c].value == 3)
    dice.queue = [5]                          # 5 + 2 (3 OP) - 2 (friendly port) = attrition
    choose(st, f"card:{c3}")
    # turned back: 1 CU lost at sea, the rest retreats by land; Syracuse stays empty
    assert cu(st, "syracuse", "greeks") == 0 and cu(st, "neapolis", "greeks") == 0
    assert st["leaders"]["dionysius"] not in ("neapolis", "syracuse")
    assert c3 in st["decks"]["carthage"]["discard"]
    assert three in st["decks"]["greeks"]["discard"]          # the Greek card is spent
    # uncontested, the retreat sails
    st = _port_battle(dice, hands={"greeks": [3], "carthage": [1]})
    _lose(st, dice)
    choose(st, f"sea:{st['hands']['greeks'][0]}:syracuse")
    choose(st, "no")
    assert cu(st, "syracuse", "greeks") == 2 and st["leaders"]["dionysius"] == "syracuse"


@pytest.mark.rule("sword-of-rome", "11.1.1")
def test_five_players_an_avoidance_by_sea_turned_back_is_a_failed_avoidance(dice):
    st = _port_battle(dice, hands={"greeks": [3], "carthage": [3]})
    three = st["hands"]["greeks"][0]
    dice.queue = [1]                                    # Dionysius avoids (tactics 3)
    choose(st, next(c for c in ids(st) if c.startswith(f"sea:{three}:syracuse")))
    p = current_prompt(st)
    assert p.rule == "9.6.4" and p.seat == "carthage" and "avoid battle by sea" in p.text
    dice.queue = [3]                                    # 3 + 2 - 2 = 3: return
    choose(st, f"card:{st['hands']['carthage'][0]}")
    assert cu(st, "neapolis", "greeks") == 3 and cu(st, "syracuse", "greeks") == 0
    dice.queue = [4, 3, 3, 2, 2, 3]
    pass_responses(st)
    greeks = current_prompt(st).context["sides"][1]
    assert any(m["label"] == "Failed to avoid" for m in greeks["modifiers"])


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_five_players_carthage_lends_ships_for_an_allys_retreat(dice):
    def ally(st):
        st["alliances"] = [["rome", "carthage"]]
    # the example of 12.4.3: Camillus beaten at a port retreats on Carthaginian ships
    st = _port_battle(dice, defender="rome", leader="camillus", n=6, attacker="greeks",
                      att_leader="dionysius", hands={"carthage": [2, 1]}, setup=ally)
    p = current_prompt(st)
    assert p.rule == "11.1.1" and p.seat == "carthage"        # ships to avoid battle first
    choose(st, "no")
    _lose(st, dice)
    p = current_prompt(st)
    assert p.rule == "12.4.3" and p.seat == "carthage"
    two = next(c for c in st["hands"]["carthage"] if ed().cards[c].value == 2)
    one = next(c for c in st["hands"]["carthage"] if ed().cards[c].value == 1)
    assert f"card:{two}" in ids(st) and f"card:{one}" not in ids(st)   # 1 OP: 3 CU only
    choose(st, f"card:{two}")
    p = current_prompt(st)
    assert p.seat == "rome" and "ships:roma" in ids(st)
    assert p.choice("ships:roma").label == "Retreat by sea to Roma on Carthaginian ships"
    choose(st, "ships:roma")
    assert current_prompt(st) is None or current_prompt(st).rule != "9.6.4"   # 15.2.4
    assert cu(st, "roma", "rome") == 5 and st["leaders"]["camillus"] == "roma"
    assert two in st["decks"]["carthage"]["discard"] and one in st["hands"]["carthage"]


@pytest.mark.rule("sword-of-rome", "11.1.1")
def test_five_players_carthage_lends_ships_for_an_allys_avoidance(dice):
    def ally(st):
        st["alliances"] = [["gauls", "carthage"]]
    st = _port_battle(dice, defender="gauls", leader="brennus", n=3, attacker="rome",
                      hands={"carthage": [1]}, setup=ally)
    choose(st, f"card:{st['hands']['carthage'][0]}")
    assert current_prompt(st).seat == "gauls"
    sea = [c for c in ids(st) if c.startswith("ships:")]
    assert set(sea) == {"ships:roma", "ships:syracuse"}
    dice.queue = [2, 6]                          # Brennus (tactics 3) avoids; no pursuit
    choose(st, "ships:syracuse")
    choose(st, "to:syracuse")
    assert cu(st, "syracuse", "gauls") == 3 and st["leaders"]["brennus"] == "syracuse"
    assert not st["hands"]["carthage"]
    # kept: no offer, no ships (the Gauls have no naval capability of their own)
    st = _port_battle(dice, defender="gauls", leader="brennus", n=3, attacker="rome",
                      hands={"carthage": [1]}, setup=ally)
    choose(st, "no")
    assert not [c for c in ids(st) if c.startswith(("ships:", "sea:"))]
    # no offer to a power that is not Carthage's ally
    st = _port_battle(dice, defender="gauls", leader="brennus", n=3, attacker="rome",
                      hands={"carthage": [1]})
    assert current_prompt(st).seat == "gauls"


@pytest.mark.rule("sword-of-rome", "9.6.4")
def test_five_players_carthage_never_contests_an_allys_crossing_and_may_use_desperate_times(
        dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance

    for allies in ([["greeks", "carthage"]], []):
        st = bare("five-player")
        st["alliances"] = allies
        st["hands"]["carthage"] = []
        st["dt"]["carthage"] = 1
        put(st, "neapolis", "greeks", 3, "dionysius")
        start_move(st, "greeks", "dionysius", 3)
        advance(st)
        if allies:                                      # 9.6.3: ships offered first
            choose(st, "no")
        choose(st, "take:3")
        choose(st, "sail:syracuse")
        if allies:                                      # 15.2.4
            assert st["leaders"]["dionysius"] == "syracuse"
        else:                                           # 7.4.6: a 3-value card
            assert current_prompt(st).rule == "9.6.4"
            assert current_prompt(st).choice("card:dt").label.startswith(
                "Contest it with Desperate Times (3 OP")


@pytest.mark.rule("sword-of-rome", "9.6.3")
def test_greek_fleets_carry_more_to_or_from_syracuse_and_lilybaeum(dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance

    def sails(scenario, n, lilybaeum=False):
        st = bare(scenario)
        st["hands"]["carthage"] = []
        if lilybaeum:
            st["spaces"]["lilybaeum"]["ctl"] = "greeks"
        put(st, "neapolis", "greeks", n, "dionysius")
        start_move(st, "greeks", "dionysius", 3)
        advance(st)
        choose(st, f"take:{n}")
        return {c.split(":")[1] for c in ids(st) if c.startswith("sail:")}
    assert "tarentum" in sails("four-player", 3)
    assert sails("four-player", 5) == {"syracuse"}            # up to 6 to Syracuse
    assert sails("four-player", 7) == set()
    assert sails("five-player", 8) == set()
    assert sails("five-player", 8, lilybaeum=True) == {"syracuse", "lilybaeum"}


@pytest.mark.rule("sword-of-rome", "12.5.3")
def test_five_players_the_winner_over_carthage_may_spend_support_on_unrest(dice):
    st = _port_battle(dice, defender="carthage", leader="hamilcar5", n=4)
    st["unrest"] = 3
    put(st, "garrison_box", "carthage", 6)               # cap: 10 - 6 = 4 (20.1)
    _lose(st, dice)
    while current_prompt(st).rule == "12.4":
        choose(st, ids(st)[0])
    p = current_prompt(st)
    assert p.rule == "12.5" and p.seat == "rome"
    assert p.choice("unrest:up").label == "Raise Carthaginian unrest by 1 (3 to 4)"
    assert len(ids(st)) > 2                             # placing support instead is open
    choose(st, "unrest:up")
    assert st["unrest"] == 4
    assert current_prompt(st) is None or "unrest:up" not in ids(st)   # at its cap


@pytest.mark.rule("sword-of-rome", "12.5.3")
def test_five_players_a_victorious_carthage_may_spend_support_to_lower_unrest(dice):
    from rules.sword_of_rome.combat import consequences

    st = bare("five-player")
    st["unrest"] = 2
    put(st, "capua", "carthage", 5, "hamilcar5")
    bf = {"attacker": "carthage", "defender": "rome", "winner": "attacker", "removed": 4,
          "space": "capua", "adjacent": {"carthage": []}}
    consequences(st, bf)
    p = current_prompt(st)
    assert p.seat == "carthage" and "unrest:down" in ids(st)
    choose(st, "unrest:down")
    choose(st, "unrest:down")
    assert st["unrest"] == 0 and "unrest:down" not in ids(st)


@pytest.mark.rule("sword-of-rome", "20.3")
def test_the_third_example_of_20_3_sail_to_the_box_and_attack_with_the_last_mp(dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance

    st = bare("five-player")
    st["militia"] = {}
    st["unrest"] = 4
    put(st, "garrison_box", "carthage", 2, "hanno")      # the example has a minor leader
    put(st, "carthago", "carthage", 10, "bomilcar")
    start_move(st, "carthage", "bomilcar", 3)
    advance(st)
    choose(st, "take:10")
    choose(st, "sail:garrison_box")
    assert "unrest" in ids(st)                           # 1 MP left
    choose(st, "unrest")
    assert ids(st)[0] == "cu:10" and "cu:6" in ids(st)
    dice.queue = [1, 1, 2, 6, 4, 4]                      # 1+1+2+4 = 8 against 14
    choose(st, "cu:6")
    pass_responses(st)
    # a 6 CU loss (4 from the unrest's dice, 2 for the Carthaginian 1s); 3 points, but the
    # 6 CU left in the box cap the unrest at 4; Bomilcar is displaced
    assert cu(st, "garrison_box", "carthage") == 6
    assert st["unrest"] == 4
    assert st["leaders"]["bomilcar"] == "displaced"


@pytest.mark.rule("sword-of-rome", "20.3")
def test_the_second_example_of_20_3_the_unrest_of_one_inflicts_two(dice):
    from .helpers import attack_the_unrest

    st = bare("five-player")
    attack_the_unrest(st, 1, 2, "bomilcar")
    dice.queue = [2, 2, 5, 6, 5, 5]                      # 9 + 6 = 15 against 16
    choose(st, "cu:2")
    pass_responses(st)
    assert cu(st, "garrison_box", "carthage") == 0       # the two 5s do nothing
    assert st["unrest"] == 2                             # one point from 2 CU


@pytest.mark.rule("sword-of-rome", "20.3")
def test_a_campaign_attacks_the_unrest_twice_with_two_leaders_and_other_cu(dice):
    from .helpers import run

    st = bare("five-player")
    st["unrest"] = 6
    put(st, "garrison_box", "carthage", 7, "hasdrubal", "hanno")
    run(st, "campaign", side="carthage", left=2, done=[])
    assert {"unrest:hasdrubal", "unrest:hanno"} <= set(ids(st))
    choose(st, "unrest:hasdrubal")
    dice.queue = [6, 6, 6, 2, 2, 3]                      # Carthage wins, loses 0
    choose(st, "cu:4")
    pass_responses(st)
    # hits: three 6s against a 6-strong unrest: 6 CU, so 3 points: 6 -> 3
    assert st["unrest"] == 3 and cu(st, "garrison_box", "carthage") == 7
    assert "unrest:hasdrubal" not in ids(st) and "unrest:hanno" in ids(st)
    assert current_prompt(st).choice("unrest:hanno").label.endswith("3 CU may fight)")
    choose(st, "unrest:hanno")
    assert ids(st) == ["cu:3", "cu:2", "cu:1"]           # not the 4 that fought already


@pytest.mark.rule("sword-of-rome", "9.5.6")
def test_a_gallic_flanking_force_raids_on_the_way_with_its_spare_mp(dice):
    def board(st):
        st["spaces"]["velitrae"]["ctl"] = "rome"         # a Roman PC on the way
        st["spaces"]["roma"]["ctl"] = "gauls"

    st = campaign_at_fregellae(primary="britomaris", flank_power="gauls",
                               flank_leader="brennus", extra=board)
    choose(st, "flank:brennus|velitrae")
    p = current_prompt(st)
    # a Campaign gives the Gauls 5 MP: 2 to Velitrae and into Fregellae, 3 to spare
    assert p.rule == "9.5.6" and ids(st) == ["raid", "on"]
    assert p.choice("raid").label == "Raid Velitrae (1 of 3 spare MP)"
    dice.queue = [2, 3]                                   # 5: no point, no loss
    choose(st, "raid")
    assert st["spaces"]["velitrae"]["ctl"] == "rome" and "raid" in ids(st)   # again
    dice.queue = [5, 5]                                   # 10: the raid succeeds
    choose(st, "raid")
    assert st["spaces"]["velitrae"]["ctl"] == INDEPENDENT
    assert st["plunder"]["gauls"] == 1
    bf = next(f for f in st["stack"] if f["proc"] == "battle")
    assert bf["flank"]["leader"] == "brennus" and bf["flank"]["mp"] == 1
    # a Roman flanking force has no raid to make
    st = campaign_at_fregellae(extra=lambda st: st["spaces"]["velitrae"].update(ctl="samnites"))
    choose(st, "flank:valerius|velitrae")
    assert current_prompt(st).rule == "7.1.1"             # straight to the battle


@pytest.mark.rule("sword-of-rome", "9.6.3")
def test_the_example_of_9_6_3_carthaginian_ships_carry_a_gallic_army(dice):
    from rules.sword_of_rome.army import mover_frame, start_move
    from rules.sword_of_rome.model import advance

    st = bare("five-player")
    st["alliances"] = [["gauls", "carthage"]]
    st["hands"]["carthage"] = []
    st["dt"]["carthage"] = 0
    two = _card(st, "carthage", 2)
    st["hands"]["carthage"] = [two]
    put(st, "pisae", "gauls", 8, "gauls_minor")
    start_move(st, "gauls", "gauls_minor", 3)
    advance(st)
    p = current_prompt(st)
    assert p.rule == "9.6.3" and p.seat == "carthage"     # before the army moves
    assert p.choice(f"card:{two}").label.endswith("(up to 6 CU)")
    choose(st, f"card:{two}")
    choose(st, "take:8")
    assert not [c for c in ids(st) if c.startswith("sail:")]      # 8 CU: too many
    mover_frame(st)["stage"] = "take"                     # take 6 instead, 2 stay behind
    choose(st, "take:6")
    label = current_prompt(st).choice("sail:roma").label
    assert label == "Sail to Roma on Carthaginian ships (3 MP)"
    choose(st, "sail:roma")
    assert current_prompt(st).rule != "9.6.4"            # never contested for an ally
    assert cu(st, "roma", "gauls") == 6 and cu(st, "pisae", "gauls") == 2
    assert mover_frame(st)["mp"] == 2 and two in st["decks"]["carthage"]["discard"]
    # without the offer the Gauls cannot sail at all
    st = bare("five-player")
    st["alliances"] = [["gauls", "carthage"]]
    st["hands"]["carthage"] = [_card(st, "carthage", 2)]
    put(st, "pisae", "gauls", 8, "gauls_minor")
    start_move(st, "gauls", "gauls_minor", 3)
    advance(st)
    choose(st, "no")
    choose(st, "take:6")
    assert not [c for c in ids(st) if c.startswith("sail:")]


@pytest.mark.rule("sword-of-rome", "20.3")
def test_the_first_example_of_20_3_a_battle_response_against_the_unrest(dice):
    from .helpers import attack_the_unrest

    st = bare("five-player")
    for side in st["hands"]:
        st["hands"][side] = []
    band = next(c for c in st["decks"]["carthage"]["draw"]
                if ed().cards[c].title == "The Sacred Band")
    st["decks"]["carthage"]["draw"].remove(band)
    st["hands"]["carthage"] = [band, _card(st, "carthage", 2)]
    attack_the_unrest(st, 4, 2, "hasdrubal", card=st["hands"]["carthage"][1])
    choose(st, "cu:2")
    p = current_prompt(st)                                # every player is asked (7.1.1)
    assert p.rule == "7.1.1" and p.seat == "carthage"
    assert "attacks the Carthaginian unrest (level 4)" in p.text
    choose(st, f"card:{band}")                            # four dice (the example)
    # Hasdrubal +2 (tactics 2 - 0); the unrest +3 (4 against 2)
    dice.queue = [6, 6, 6, 6, 4, 4, 5]                    # 24 + 2 = 26 against 13 + 3 = 16
    pass_responses(st)
    assert st["unrest"] == 0                              # four 6s: 8 hits, 4 points
    assert cu(st, "garrison_box", "carthage") == 0        # the unrest's 4, 4, 5: 3 (of 2)
    assert st["leaders"]["hasdrubal"] == "garrison_box"   # a winner is not displaced


@pytest.mark.rule("sword-of-rome", "9.6.4")
def test_after_the_rome_carthage_alliance_a_greek_avoidance_by_sea_rolls_naval_combat(dice):
    def treaty(st):
        st["flags"]["rome_carthage_alliance"] = True
    st = _port_battle(dice, hands={"greeks": [3]}, setup=treaty, scenario="four-player")
    three = st["hands"]["greeks"][0]
    dice.queue = [1, 6]                          # the avoidance succeeds; 6 - 2 (friendly
    #                                              port, 9.6.4 example) = 4: return
    choose(st, next(c for c in ids(st) if c.startswith(f"sea:{three}:syracuse")))
    assert cu(st, "neapolis", "greeks") == 3 and cu(st, "syracuse", "greeks") == 0
    dice.queue = [4, 3, 3, 2, 2, 3]
    pass_responses(st)
    greeks = current_prompt(st).context["sides"][1]
    assert any(m["label"] == "Failed to avoid" for m in greeks["modifiers"])
    st = _port_battle(dice, hands={"greeks": [3]}, setup=treaty, scenario="four-player")
    dice.queue = [1, 2, 6]                       # success at sea; no pursuit
    choose(st, next(c for c in ids(st) if c.startswith("sea:") and c.endswith(":syracuse")))
    choose(st, "to:syracuse")
    assert cu(st, "syracuse", "greeks") == 3
