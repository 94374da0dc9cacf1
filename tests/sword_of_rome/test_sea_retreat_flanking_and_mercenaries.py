"""Retreat by sea (12.4.3), the flanking force
intercepted (9.5.9), coordinated attacks moving on (9.5.7) and with an ally (9.5.8), the
five-player mercenaries (5.10.1, 16.4)."""

import pytest

from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import cu, current_prompt, ed

from .helpers import bare, campaign_at_fregellae, choose, ids, pass_responses, put


def _card(st, side, value, avoid=()):
    deck = st["decks"][side]
    pool = deck["draw"] + deck["discard"] + st["hands"][side]
    return next(c for c in pool if ed().cards[c].value == value and c not in avoid)


def _neapolis_battle(dice, greek_hand, power="greeks", leader="dionysius", n=4):
    """The Romans (Camillus, 5 CU, from Capua) beat an army at Neapolis, a port."""
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance

    st = bare()
    for sp in st["spaces"].values():
        sp["ctl"] = INDEPENDENT
    for sid in ("neapolis", "syracuse", "tarentum"):
        st["spaces"][sid]["ctl"] = power
    st["spaces"]["capua"]["ctl"] = "rome"
    st["spaces"]["neapolis"]["loy"] = 0                 # no walls to fall back into
    for side in st["hands"]:
        st["hands"][side] = []
    st["hands"]["greeks"] = list(greek_hand(st))
    st["active_side"] = "rome"
    put(st, "capua", "rome", 5, "camillus")
    put(st, "neapolis", power, n, leader)
    start_move(st, "rome", "camillus", 3)
    advance(st)
    choose(st, "take:5")
    choose(st, "to:neapolis")
    while current_prompt(st).rule in ("10", "11"):
        choose(st, "no" if "no" in ids(st) else "stand")
    dice.queue = [4, 3, 3, 2, 2, 3]                   # the Romans win, the loser loses 1
    pass_responses(st)
    assert "Romans win" in current_prompt(st).text
    choose(st, "ok")
    return st


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_greeks_beaten_in_a_port_retreat_by_sea_paying_a_three_value_card(dice):
    three = []
    st = _neapolis_battle(dice, lambda st: three.append(_card(st, "greeks", 3)) or
                          [three[0], _card(st, "greeks", 1)])
    p = current_prompt(st)
    assert p.rule == "12.4" and p.seat == "greeks"
    sea = [c.id for c in p.choices if c.id.startswith("sea:")]
    # only the 3-value card (or a Desperate Times, 7.4.6) buys ships; to friendly ports
    assert {c.split(":")[1] for c in sea} == {three[0], "dt"}
    assert {c.split(":")[2] for c in sea} == {"syracuse", "tarentum"}
    assert all("Dionysius" not in c.label and "greeks-" not in c.label for c in p.choices)
    left = cu(st, "neapolis", "greeks")
    choose(st, f"sea:{three[0]}:tarentum")
    assert cu(st, "tarentum", "greeks") == left and cu(st, "neapolis", "greeks") == 0
    assert st["leaders"]["dionysius"] == "tarentum"
    assert three[0] in st["decks"]["greeks"]["discard"]


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_no_retreat_by_sea_without_a_card_that_buys_ships_or_for_too_many_cu(dice):
    st = _neapolis_battle(dice, lambda st: [_card(st, "greeks", 2), _card(st, "greeks", 1)]
                          + (st["dt"].update(greeks=0) or []))
    assert not [c for c in ids(st) if c.startswith("sea:")]
    # 4-6 CU may sail only to Syracuse (9.6.3, 12.4.3); more may not sail at all
    st = _neapolis_battle(dice, lambda st: [_card(st, "greeks", 3)], n=6)
    assert cu(st, "neapolis", "greeks") == 5
    assert {c.split(":")[2] for c in ids(st) if c.startswith("sea:")} == {"syracuse"}
    st = _neapolis_battle(dice, lambda st: [_card(st, "greeks", 3)], n=9)
    assert not [c for c in ids(st) if c.startswith("sea:")]
    assert cu(st, "neapolis", "greeks") == 0                 # gone by land


@pytest.mark.rule("sword-of-rome", "12.4.3")
def test_carthage_retreats_by_sea_without_a_card(dice):
    st = _neapolis_battle(dice, lambda st: [], power="carthage", leader="hamilcar", n=4)
    sea = [c for c in ids(st) if c.startswith("sea:")]
    assert sea and all(c.split(":")[1] == "-" for c in sea)       # no card needed
    assert {c.split(":")[2] for c in sea} == {"syracuse"}            # 16.3: not in Italy
    choose(st, "sea:-:syracuse")
    assert cu(st, "syracuse", "carthage") == 3 and st["leaders"]["hamilcar"] == "syracuse"


def _campaign_at_fregellae(dice, *, valerius_power="rome", flank_leader="valerius",
                           extra=None):
    return campaign_at_fregellae(flank_power=valerius_power, flank_leader=flank_leader,
                                 extra=extra)


def _finish_battle(st, pick=0):
    while current_prompt(st) and current_prompt(st).rule in ("12.4", "12.5", "7.3"):
        choose(st, ids(st)[pick])


@pytest.mark.rule("sword-of-rome", "9.5.9")
def test_a_flanking_force_intercepted_on_the_way_leaves_the_primary_to_fight_first(dice):
    st = _campaign_at_fregellae(dice, extra=lambda st: put(st, "praeneste", "etruscans", 4,
                                                           "spurinna"))
    choose(st, "flank:valerius|velitrae")
    p = current_prompt(st)
    assert p.rule == "9.5.9" and p.seat == "etruscans-samnites"
    # Egnatius, already engaged at Fregellae (next to Velitrae), may not intercept
    assert ids(st) == ["no", "icpt:praeneste|etruscans"]
    dice.queue = [1]                                    # Spurinna (tactics 2) intercepts
    choose(st, "icpt:praeneste|etruscans")
    assert cu(st, "velitrae", "etruscans") == 4 and st["leaders"]["spurinna"] == "velitrae"
    dice.queue = [4, 3, 3, 2, 2, 2]                   # the primary battle, fought alone
    pass_responses(st)
    p = current_prompt(st)
    assert p.context["title"] == "Battle at Fregellae"
    assert p.context["sides"][0]["strength"] == 7      # no flanking force
    assert not any(m["label"].startswith("Flanking") for m in p.context["sides"][0]["modifiers"])
    choose(st, "ok")
    _finish_battle(st)
    dice.queue = [3, 3, 3, 4, 4, 4]                   # then the interception battle
    pass_responses(st)
    p = current_prompt(st)
    assert p.context["title"] == "Battle at Velitrae"
    labels = [m["label"] for m in p.context["sides"][1]["modifiers"]]
    assert "Intercepted" in labels


@pytest.mark.rule("sword-of-rome", "9.5.9")
def test_a_flanking_force_not_intercepted_joins_the_battle(dice):
    st = _campaign_at_fregellae(dice, extra=lambda st: put(st, "praeneste", "etruscans", 4,
                                                           "spurinna"))
    choose(st, "flank:valerius|velitrae")
    dice.queue = [6]                                    # the interception fails
    choose(st, "icpt:praeneste|etruscans")
    dice.queue = [4, 3, 3, 2, 2, 2]
    pass_responses(st)
    assert current_prompt(st).context["sides"][0]["strength"] == 7 + 3


@pytest.mark.rule("sword-of-rome", "9.5.8")
def test_an_allied_army_flanks_with_its_players_permission(dice):
    def ally(st):
        st["alliances"] = [["rome", "gauls"]]
    st = _campaign_at_fregellae(dice, valerius_power="gauls", flank_leader="brennus",
                                extra=ally)
    assert "flank:brennus|velitrae" in ids(st)
    label = current_prompt(st).choice("flank:brennus|velitrae").label
    assert "Brennus" in label and "asking the Gauls" in label
    choose(st, "flank:brennus|velitrae")
    p = current_prompt(st)
    assert p.rule == "9.5.8" and p.seat == "gauls"
    choose(st, "no")                                    # refused: fight alone, still allies
    assert current_prompt(st).rule == "9.5.6" and ids(st) == ["none"]
    assert st["alliances"] == [["rome", "gauls"]]
    camp = next(f for f in st["stack"] if f["proc"] == "campaign")
    assert camp["left"] == 1                            # a refusal costs no activation
    st2 = _campaign_at_fregellae(dice, valerius_power="gauls", flank_leader="brennus",
                                 extra=ally)
    choose(st2, "flank:brennus|velitrae")
    choose(st2, "yes")
    assert st2["leaders"]["brennus"] == "velitrae" and cu(st2, "velitrae", "gauls") == 5
    dice.queue = [4, 3, 3, 2, 2, 2]
    pass_responses(st2)
    rome = current_prompt(st2).context["sides"][0]
    assert rome["strength"] == 7 + 3                    # half the Gallic CU, rounded up
    assert any(m["label"].startswith("Flanking force (Brennus") for m in rome["modifiers"])


@pytest.mark.rule("sword-of-rome", "9.5.7")
def test_after_a_coordinated_automatic_victory_the_flanking_force_moves_on(dice):
    def small(st):
        put(st, "fregellae", "samnites", 2, "egnatius")
    st = _campaign_at_fregellae(dice, extra=small)
    choose(st, "flank:valerius|velitrae")
    # 7 + 3 against 2: automatic victory (12.2.1); the primary force moves on first
    assert cu(st, "fregellae", "samnites") == 0
    _finish_battle(st, -1)
    p = current_prompt(st)
    assert p.rule == "9" and st["stack"][-1]["leader"] == "camillus"
    assert st["stack"][-1]["mp"] == 3
    choose(st, "stop")
    # then Valerius, with the 4 MP of a 3-value card less Roma-Velitrae and Velitrae-Fregellae
    while current_prompt(st) and st["stack"][-1]["proc"] != "move":
        choose(st, ids(st)[0])
    mv = st["stack"][-1]
    assert mv["leader"] == "valerius" and mv["at"] == "velitrae"
    choose(st, "take:5")
    assert mv["mp"] == 2
    assert "to:roma" in ids(st)


def _hire(st, value):
    from .helpers import run

    st["hands"]["carthage"] = [_card(st, "carthage", value)]
    run(st, "active", side="carthage", played=False)
    choose(st, f"hire:{st['hands']['carthage'][0]}")
    p = current_prompt(st)
    assert "mercenary" in p.text and all("mercenary" in c.label for c in p.choices)
    for _ in range(value):
        choose(st, next(c for c in ids(st) if c.startswith("at:")))
    st["stack"] = []


@pytest.mark.rule("sword-of-rome", "5.10.1")
def test_five_players_half_the_mercenaries_leave_then_carthage_raises_three_and_two(dice):
    from rules.sword_of_rome import mercenaries
    from rules.sword_of_rome.model import add_cu

    from .helpers import run

    st = bare("five-player")
    put(st, "carthago", "carthage", 4)
    put(st, "lilybaeum", "carthage", 1, "hamilcar5")
    st["spaces"]["lilybaeum"]["ctl"] = "carthage"
    assert mercenaries.count(st) == 0                    # set-up CU are citizens
    _hire(st, 3)
    assert mercenaries.count(st) == 3 and total(st) == 8
    add_cu(st, "carthago", "carthage", -1)               # a loss: a mercenary goes first
    assert mercenaries.count(st) == 2
    run(st, "side_reinforce", side="carthage")
    p = current_prompt(st)
    assert p.rule == "5.10.1" and p.seat == "carthage" and "remove 1 mercenary" in p.text
    choose(st, ids(st)[0])                               # half of 2, rounded up
    assert mercenaries.count(st) == 1
    placed = []
    while current_prompt(st) and current_prompt(st).rule == "5.10.1":
        placed.append("mercenary" in current_prompt(st).text)
        choose(st, ids(st)[0])
    assert placed == [False] * 3 + [True] * 2            # 3 Carthaginian CU, 2 mercenaries
    assert mercenaries.count(st) == 3
    assert total(st) == 5 + 3 - 1 - 1 + 5


def total(st):
    return sum(here.get("carthage", 0) for here in st["cu"].values())


@pytest.mark.rule("sword-of-rome", "5.10.1")
def test_with_the_insurrection_carthage_raises_only_one_mercenary(dice):
    from .helpers import run

    st = bare("five-player")
    put(st, "carthago", "carthage", 4)
    st["flags"]["insurrection"] = True
    run(st, "side_reinforce", side="carthage")
    kinds = []
    while current_prompt(st) and current_prompt(st).rule == "5.10.1":
        kinds.append("mercenary" in current_prompt(st).text)
        choose(st, ids(st)[0])
    assert kinds == [False] * 3 + [True]


def _insurrection(st):
    return next(c for c in ed().decks["carthage"] if ed().cards[c].title == "Insurrection")


def _revolt(dice, *, at_kerkouane=0, mercs=4):
    from rules.sword_of_rome import revolt
    from rules.sword_of_rome.cards import spend
    from rules.sword_of_rome.model import advance

    st = bare("five-player")
    st["active_side"] = "rome"
    put(st, "carthago", "carthage", 3, "hamilcar5")
    st["spaces"]["lilybaeum"]["ctl"] = "carthage"
    if mercs:
        _hire(st, mercs // 2 + 1)
        while total(st) < 3 + mercs:
            _hire(st, 1)
    if at_kerkouane:
        put(st, "kerkouane", "carthage", at_kerkouane, "hasdrubal")
        st["citizens"] = st.get("citizens", 3) + at_kerkouane
    card = _insurrection(st)
    st["hands"]["carthage"] = [card]
    spend(st, "carthage", card, as_event=False)         # used for its operations
    assert st["flags"].get("insurrection_due") and not revolt.active(st)
    revolt.between_actions(st)
    advance(st)
    return st


@pytest.mark.rule("sword-of-rome", "16.4")
def test_the_insurrection_turns_half_the_mercenaries_into_a_non_player_revolt(dice):
    from rules.sword_of_rome import mercenaries, revolt

    st = _revolt(dice, mercs=4)
    assert mercenaries.count(st) == 4
    p = current_prompt(st)
    assert p.rule == "16.4" and p.seat == "carthage" and "remove 2 mercenary" in p.text
    choose(st, ids(st)[0])
    choose(st, ids(st)[0])
    assert mercenaries.count(st) == 2
    assert revolt.active(st) and "rebels" in st["nonplayer"]
    assert cu(st, "kerkouane", "rebels") == 2 and st["leaders"]["spendius"] == "kerkouane"
    assert current_prompt(st) is None                  # nobody at Kerkouane: no battle


@pytest.mark.rule("sword-of-rome", "16.4")
def test_revolting_mercenaries_placed_on_cu_fight_them_without_avoidance(dice):
    st = _revolt(dice, mercs=0, at_kerkouane=2)
    assert cu(st, "kerkouane", "rebels") == 2           # at least 2 CU
    # placed, not moved: no interception or avoidance, straight to the battle's responses
    assert current_prompt(st).rule == "7.1.1"


@pytest.mark.rule("sword-of-rome", "16.4")
def test_only_non_carthaginian_npa_cards_move_the_revolt_and_only_into_africa(dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance, deciding_side
    from rules.sword_of_rome.nonplayer import activatable_powers

    st = _revolt(dice, mercs=0)
    assert "rebels" in activatable_powers(st, "rome")
    assert "rebels" not in activatable_powers(st, "carthage")
    st["vp"]["carthage"] = 0                            # fewest VP, yet never decides
    assert deciding_side(st, "rebels") not in (None, "carthage")
    start_move(st, "rome", "spendius", 3, np_power="rebels")
    advance(st)
    choose(st, "take:2")
    assert [c for c in ids(st) if c.startswith("to:")] == ["to:carthago"]   # 16.3


@pytest.mark.rule("sword-of-rome", "16.4")
def test_the_revolt_grows_each_reinforcement_phase_and_ends_when_wiped_out(dice):
    from rules.sword_of_rome import phases, revolt
    from rules.sword_of_rome.model import add_cu

    st = _revolt(dice, mercs=0)
    phases.reinforcements(st)
    assert cu(st, "kerkouane", "rebels") == 3
    st["stack"] = []
    add_cu(st, "kerkouane", "rebels", -3)
    revolt.between_actions(st)
    assert not revolt.active(st) and "rebels" not in st["nonplayer"]
    assert st["leaders"]["spendius"] == "out"


@pytest.mark.rule("sword-of-rome", "11.1.1")
def test_an_army_in_a_port_may_avoid_battle_by_sea_paying_for_the_ships(dice):
    from rules.sword_of_rome.army import start_move
    from rules.sword_of_rome.model import advance

    st = bare()
    for sp in st["spaces"].values():
        sp["ctl"] = INDEPENDENT
    for sid in ("neapolis", "tarentum"):
        st["spaces"][sid]["ctl"] = "greeks"
    st["spaces"]["capua"]["ctl"] = "rome"
    st["spaces"]["neapolis"]["loy"] = 0
    for side in st["hands"]:
        st["hands"][side] = []
    three, one = _card(st, "greeks", 3), _card(st, "greeks", 1)
    st["hands"]["greeks"] = [three, one]
    st["dt"]["greeks"] = 0
    st["active_side"] = "rome"
    put(st, "capua", "rome", 8, "camillus")
    put(st, "neapolis", "greeks", 3, "dionysius")
    start_move(st, "rome", "camillus", 3)
    advance(st)
    choose(st, "take:8")
    choose(st, "to:neapolis")
    while current_prompt(st).rule == "10":
        choose(st, "no")
    p = current_prompt(st)
    assert p.rule == "11" and p.seat == "greeks"
    sea = [c for c in ids(st) if c.startswith("sea:")]
    assert sea == [f"sea:{three}:tarentum"]              # the 3-value card only
    assert "Avoid battle by sea to Tarentum" in p.choice(sea[0]).label
    dice.queue = [1, 6]                                  # avoids; Camillus fails to pursue
    choose(st, sea[0])
    choose(st, "to:tarentum")
    assert cu(st, "tarentum", "greeks") == 3 and st["leaders"]["dionysius"] == "tarentum"
    assert three in st["decks"]["greeks"]["discard"] and st["hands"]["greeks"] == [one]


@pytest.mark.rule("sword-of-rome", "9.5.8")
def test_a_sortie_made_with_a_campaign_may_call_an_allied_flanking_force(dice):
    from rules.sword_of_rome import board

    from .helpers import run

    st = bare()
    for side in st["hands"]:
        st["hands"][side] = []
    st["alliances"] = [["rome", "gauls"]]
    st["spaces"]["sutrium"].update(ctl="rome", loy=2, siege=0, sieger="etruscans", inside=5)
    put(st, "sutrium", "rome", 5, "camillus")
    put(st, "sutrium", "etruscans", 4, "spurinna")
    near = board.neighbours(st, "sutrium")[0]
    st["spaces"][near]["ctl"] = "gauls"
    put(st, near, "gauls", 4, "brennus")
    run(st, "campaign", side="rome", left=2, done=[])
    choose(st, "move:camillus")
    choose(st, "sortie")
    choose(st, "stand")                                 # the besiegers could avoid
    assert current_prompt(st).rule == "9.5.6"
    assert f"flank:brennus|{near}" in ids(st)
    choose(st, f"flank:brennus|{near}")
    choose(st, "yes")                                   # the Gallic player agrees
    dice.queue = [4, 3, 3, 2, 2, 2]
    pass_responses(st)
    rome = current_prompt(st).context["sides"][0]
    assert rome["strength"] == 5 + 2                    # half of 4 Gallic CU


@pytest.mark.rule("sword-of-rome", "17.1.2")
def test_a_carthaginian_force_with_citizen_militia_retreats_by_sea_only_within_africa():
    from rules.sword_of_rome import sea_retreat

    st = bare("five-player")
    st["active_side"] = "rome"
    for sid in ("carthago", "kerkouane", "lilybaeum"):
        st["spaces"][sid]["ctl"] = "carthage"
    put(st, "carthago", "carthage", 4, "hanno")
    st["militia"] = {"carthago": 2}
    st["hands"]["carthage"] = [_card(st, "carthage", 3)]
    bf = {"attacker": "greeks", "entry_kind": "clear"}
    dests = {d for lift in sea_retreat.lifts(st, bf, "carthage", "carthago", 4)
             for d in lift.dests}
    assert dests == {"kerkouane"}
    st["militia"] = {}
    dests = {d for lift in sea_retreat.lifts(st, bf, "carthage", "carthago", 4)
             for d in lift.dests}
    assert "lilybaeum" in dests
