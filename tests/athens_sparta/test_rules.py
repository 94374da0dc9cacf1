"""Athens and Sparta: every section of the player aid, each test asserting its outcome."""

from __future__ import annotations

import pytest

from rules.athens_sparta import battle as bt
from rules.athens_sparta import forces, model, olympics, sequence, siege, turn
from rules.athens_sparta.data import ed

from .helpers import GAME, at_step, choose, force, fresh, ids


def give(st, side, *cards, battle=False):
    """Move named cards from the decks into ``side``'s hand."""
    key = "battle" if battle else "action"
    hand = st["battle_hands" if battle else "hands"][side]
    for cid in cards:
        for pile in ("draw", "discard"):
            if cid in st["decks"][key][pile]:
                st["decks"][key][pile].remove(cid)
        for s in ("athens", "sparta"):
            for h in (st["hands"][s], st["battle_hands"][s]):
                if cid in h:
                    h.remove(cid)
        hand.append(cid)


# --- turn sequence ----------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_hoplite_reset_zero_lower_higher_megapolis_and_sieges():
    st = fresh()
    mega = {s: model.megapolis_count(st, s) for s in ("athens", "sparta")}
    # Miletus; Thebes, Corinth and Olynthus (full at set-up since the balance of 2026-12-07)
    assert mega == {"athens": 1, "sparta": 3}
    st["army"] = {"athens": 0, "sparta": 3}
    turn.hoplite_reset(st)
    assert st["army"] == {"athens": 4 + 1, "sparta": 6 + 3}
    st["army"] = {"athens": 3, "sparta": 3}
    force(st, "sparta", "hoplite", "archidamus", "plataea", siege=True)
    turn.hoplite_reset(st)
    assert st["army"] == {"athens": 5 + 1, "sparta": 5 + 3 - 1}


@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_shipbuilding_lower_higher_then_lower_again_if_still_lower():
    st = fresh()
    assert GAME.prompt(st).seat == "sparta" and st["navy"]["sparta"] < st["navy"]["athens"]
    cost = ed().mats["sides"]["sparta"]["ship_costs"][st["navy"]["sparta"]]
    money = st["treasury"]["sparta"]
    st = choose(st, "build")
    assert st["navy"]["sparta"] == 3 and st["treasury"]["sparta"] == money - cost
    assert GAME.prompt(st).seat == "athens"
    st = choose(st, "pass")
    assert GAME.prompt(st).seat == "sparta"             # still lower: again
    st = choose(st, "pass")
    assert st["stage"] != "ship"


@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_shipbuilding_when_tied_athens_then_sparta_once():
    st = fresh()
    st["navy"] = {"athens": 3, "sparta": 3}
    turn.start_shipbuilding(st)
    seats = []
    while st["stage"] == "ship":
        seats.append(GAME.prompt(st).seat)
        st = choose(st, "build")
    assert seats == ["athens", "sparta"]


@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_recruitment_sparta_first_alternating_and_no_mercenaries():
    st = fresh()
    for a in ("ath-hippeis", "ath-peltasts", "spa-helots", "spa-skiritai"):
        st["assets"][a] = "returned"
    st["stage"] = "recruit"
    turn.start_recruitment(st)
    p = GAME.prompt(st)
    assert p.seat == "sparta" and "recruit:spa-helots" in ids(st)
    money = st["treasury"]["sparta"]
    st = choose(st, "recruit:spa-helots")
    assert st["assets"]["spa-helots"] == "play" and st["treasury"]["sparta"] == money - 1
    assert GAME.prompt(st).seat == "athens"
    assert "recruit:ath-hippeis" in ids(st) and "recruit:ath-peltasts" not in ids(st)
    st = choose(st, "recruit:ath-hippeis")
    assert GAME.prompt(st).seat == "sparta"


@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_rebuilding_removes_raids_except_under_siege_and_deal_gives_six_each():
    st = fresh()
    st["raided"] = ["megara", "plataea"]
    force(st, "sparta", "hoplite", "archidamus", "plataea", siege=True)
    st["stage"] = "rebuild"
    sequence.advance(st)
    assert st["raided"] == ["plataea"]
    assert len(st["hands"]["athens"]) == len(st["hands"]["sparta"]) == 6
    assert st["round"] == 1 and st["phasing"] == "sparta"


def hold_regions(st, sparta_regions):
    """Fill every space of every region with full influence: Sparta's in ``sparta_regions``,
    Athens' elsewhere; nothing contested."""
    st["raided"].clear()
    st["sieges"].clear()
    for sid, sp in ed().spaces.items():
        if sp.kind != "ally" and sp.region in ed().regions:
            side = "sparta" if sp.region in sparta_regions else "athens"
            model.set_influence(st, sid, side, sp.autonomy)


@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_victory_after_turn_six_most_regions_and_fresh_leaders_before():
    st = fresh()
    st["leaders"]["pericles"]["state"] = "spent"
    st["stage"], st["turn"] = "end", 2
    turn.end_of_turn(st)
    assert st["turn"] == 3 and st["leaders"]["pericles"]["state"] == "ready"
    assert st["leaders"]["cleon"]["state"] == "ready"         # enters on turn 3
    assert st["leaders"]["alcibiades"]["state"] == "future"
    st["turn"], st["stage"] = 6, "end"
    regions = list(ed().regions)
    hold_regions(st, regions[:6])
    st["tiles"] = {r: ("sparta" if i < 6 else "athens") for i, r in enumerate(regions)}
    turn.end_of_turn(st)
    assert GAME.result(st).winners == ["sparta"]


@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_the_board_at_the_end_of_turn_six_decides_not_the_tiles_of_its_start():
    """Ruling "final count": regions won during Turn 6 count; the tiles handed out at the
    Turn's Assessment do not (on the old code Athens won 10-0 here)."""
    st = fresh()
    regions = list(ed().regions)
    hold_regions(st, regions[:6])
    st["tiles"] = dict.fromkeys(regions, "athens")        # as assessed at the start of Turn 6
    money = dict(st["treasury"])
    st["turn"], st["stage"] = 6, "end"
    turn.end_of_turn(st)
    res = GAME.result(st)
    assert res.winners == ["sparta"]
    assert res.scores == {"sparta": 6, "athens": 4}
    assert st["treasury"] == money                          # a count, not an Assessment


@pytest.mark.rule("athens-sparta", "regions")
def test_the_final_count_leaves_a_tied_region_with_its_holder():
    st = fresh()
    regions = list(ed().regions)
    hold_regions(st, regions[:5])
    st["raided"].append("thebes")             # Boeotia: Tanagra 1 against Plataea 1
    model.set_influence(st, "plataea", "athens", 1)
    model.set_influence(st, "tanagra", "sparta", 1)
    assert model.region_controller(st, "boeotia") is None
    st["tiles"] = dict.fromkeys(regions, "athens")
    st["tiles"]["boeotia"] = "sparta"
    st["turn"], st["stage"] = 6, "end"
    turn.end_of_turn(st)
    assert st["tiles"]["boeotia"] == "sparta"


@pytest.mark.rule("athens-sparta", "turn-sequence")
def test_victory_tie_goes_to_more_allies():
    st = fresh()
    regions = list(ed().regions)
    hold_regions(st, [r for i, r in enumerate(regions) if i % 2])
    st["tiles"] = {r: ("sparta" if i % 2 else "athens") for i, r in enumerate(regions)}
    st["turn"], st["stage"] = 6, "end"
    assert len(model.allies_controlled(st, "athens")) > 0   # Acarnania at set-up
    assert len(model.allies_controlled(st, "athens")) > len(
        model.allies_controlled(st, "sparta"))
    turn.end_of_turn(st)
    assert GAME.result(st).winners == ["athens"]


# --- action round -----------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "action-round")
def test_round_steps_in_order_raid_then_card():
    st = fresh()
    give(st, "sparta", "tribute-1")
    force(st, "sparta", "hoplite", "archidamus", "eleusis")
    at_step(st, "sparta", "raid")
    assert GAME.prompt(st).rule == "raiding"
    st = choose(st, ids(st)[0])
    assert GAME.prompt(st).rule == "action-round" and st["step"] == "card"


@pytest.mark.rule("athens-sparta", "action-round")
def test_discard_an_action_card_for_two_favour():
    st = fresh()
    give(st, "sparta", "plague-1")
    st["favour"]["sparta"]["blue"] = 2
    at_step(st, "sparta", "card")
    st = choose(st, "discard:plague-1")
    assert st["favour"]["sparta"]["blue"] == 0 and st["hands"]["sparta"] == []
    assert "plague-1" in st["decks"]["action"]["discard"]
    assert st["army"]["athens"] == fresh()["army"]["athens"]     # not played


@pytest.mark.rule("athens-sparta", "action-round")
def test_no_discard_without_two_favour_and_athens_follows_sparta():
    st = fresh()
    give(st, "sparta", "tribute-1")
    give(st, "athens", "tribute-2")
    st["treasury"]["sparta"] = 0          # cannot mobilise after the card
    at_step(st, "sparta", "card")
    assert ids(st) == ["play:tribute-1"]
    st = choose(st, "play:tribute-1")
    assert GAME.prompt(st).seat == "athens" and st["phasing"] == "athens"


@pytest.mark.rule("athens-sparta", "action-round")
def test_the_olympic_games_follow_the_round_in_which_the_hands_run_out():
    st = fresh()
    st["hands"] = {"athens": [], "sparta": []}
    at_step(st, "athens", "battle", cards=False)
    sequence.advance(st)
    assert st["stage"] == "olympics" and GAME.prompt(st).kind == "olympics"


# --- spaces, regions, allies, colonies -------------------------------------------------------

@pytest.mark.rule("athens-sparta", "spaces")
def test_controlled_friendly_neutral_contested():
    st = fresh()
    assert model.controlled_by(st, "megara") == "sparta"       # 2 of autonomy 2
    assert model.controlled_by(st, "ephesus") is None          # 1 of 2: friendly only
    assert model.owner(st, "ephesus") == "athens"
    assert model.owner(st, "argos") is None                    # neutral
    assert not model.contested(st, "megara")
    st["raided"].append("megara")
    assert model.contested(st, "megara")


@pytest.mark.rule("athens-sparta", "regions")
def test_region_control_counts_controlled_uncontested_autonomy():
    st = fresh()
    assert model.region_totals(st, "boeotia") == {"athens": 1, "sparta": 4}
    assert model.region_controller(st, "boeotia") == "sparta"
    st["raided"].append("thebes")
    assert model.region_totals(st, "boeotia") == {"athens": 1, "sparta": 1}
    assert model.region_controller(st, "boeotia") is None


@pytest.mark.rule("athens-sparta", "regions")
def test_assessment_gives_tile_and_reward():
    st = fresh()
    st["tiles"] = dict.fromkeys(ed().regions)
    before = dict(st["treasury"])
    turn.assessment(st)
    assert st["tiles"]["boeotia"] == "sparta" and st["tiles"]["ionia"] == "athens"
    owned = {s: sum(ed().regions[r].reward for r, t in st["tiles"].items() if t == s)
             for s in ("athens", "sparta")}
    allies = sum(ed().spaces[a].reward for a in model.allies_controlled(st, "athens"))
    assert st["treasury"]["athens"] == before["athens"] + owned["athens"] + allies + 3


@pytest.mark.rule("athens-sparta", "allies")
def test_a_controlled_ally_pays_and_adds_to_its_box():
    st = fresh()
    base = dict(st["treasury"])
    turn.assessment(st)
    without = st["treasury"]["sparta"] - base["sparta"]
    st2 = fresh()
    st2["infl"]["persia"] = {"sparta": 3}
    base2 = dict(st2["treasury"])
    turn.assessment(st2)
    assert st2["treasury"]["sparta"] - base2["sparta"] == without + 2
    cav = bt.box_value(st2, "sparta", "cavalry")
    st2["infl"]["thessaly"] = {"sparta": 2}
    assert bt.box_value(st2, "sparta", "cavalry") == cav + 1


@pytest.mark.rule("athens-sparta", "allies")
def test_a_hoplite_marches_from_an_ally_but_never_through_one():
    st = fresh()
    st["infl"]["olynthus"] = {"athens": 2}
    force(st, "sparta", "hoplite", "archidamus", "potidaea", siege=True)
    targets = forces.hoplite_targets(st, "sparta")
    assert "olynthus" in targets and "amphipolis" not in targets   # not via Macedon
    st["infl"]["macedon"] = {"sparta": 2}
    assert "amphipolis" in forces.hoplite_targets(st, "sparta")        # from Macedon


@pytest.mark.rule("athens-sparta", "colonies")
def test_a_colony_and_its_roads_exist_only_once_placed():
    st = fresh()
    assert "heraclea" not in model.graph(st)
    give(st, "sparta", "colony-1")
    at_step(st, "sparta", "card")
    st = choose(st, "play:colony-1")
    assert "colony:heraclea" in ids(st)
    st = choose(st, "colony:heraclea")
    g = model.graph(st)
    assert set(g.neighbors("heraclea")) == {"elatea", "thessaly"}
    assert model.controlled_by(st, "heraclea") == "sparta"
    assert "heraclea" in forces.path_starts(st, "sparta")


# --- envoys -----------------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "envoys")
def test_greater_envoy_removes_enemy_influence_before_placing():
    st = fresh()
    give(st, "athens", "greater-envoy-1")
    at_step(st, "athens", "card")
    st = choose(st, "play:greater-envoy-1")
    st = choose(st, "envoy:tanagra")
    assert st["infl"]["tanagra"] == {}
    st = choose(st, "envoy:tanagra")
    assert st["infl"]["tanagra"] == {"athens": 1}


@pytest.mark.rule("athens-sparta", "envoys")
def test_no_envoy_into_a_contested_space_unless_the_card_allows_and_capital_always():
    st = fresh()
    st["raided"].append("tanagra")
    give(st, "athens", "lesser-envoy-1", "demagogue-1")
    at_step(st, "athens", "card")
    st1 = choose(st, "play:lesser-envoy-1")
    assert "envoy:tanagra" not in ids(st1)
    assert "envoy:athens" in ids(st1)            # own capital, full, always allowed
    st2 = choose(st, "play:demagogue-1")
    assert "envoy:tanagra" in ids(st2)


# --- raiding ----------------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "raiding")
def test_raid_and_return_home():
    st = fresh()
    force(st, "athens", "hoplite", "pericles", "argos")
    at_step(st, "athens", "raid")
    money = st["treasury"]["athens"]
    fid = st["forces"][0]["id"]
    st = choose(st, f"home:{fid}")
    assert st["infl"]["argos"] == {"sparta": 3}        # controlled by the enemy
    assert "argos" in st["raided"] and st["treasury"]["athens"] == money + 1
    assert st["forces"] == [] and st["leaders"]["pericles"]["state"] == "spent"


@pytest.mark.rule("athens-sparta", "raiding")
def test_a_trireme_starting_a_siege_becomes_hoplites_and_no_second_talent():
    st = fresh()
    f = force(st, "athens", "trireme", "phormio", "gytheion")
    st["raided"].append("gytheion")
    money = st["treasury"]["athens"]
    at_step(st, "athens", "raid")
    st = choose(st, f"siege:{f['id']}")
    f = st["forces"][0]
    assert f["type"] == "hoplite" and f["siege"] and st["sieges"]["gytheion"] == "athens"
    assert st["treasury"]["athens"] == money           # already raided: no talent


# --- deploy -----------------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "deploy")
def test_hoplite_paths_from_the_capital_through_friendly_spaces():
    st = fresh()
    targets = forces.hoplite_targets(st, "athens")
    assert {"megara", "tanagra"} <= set(targets)         # next to Eleusis, Decelea
    assert "corinth" not in targets                      # beyond hostile Megara
    assert "eleusis" not in targets                      # friendly: not a target
    force(st, "sparta", "trireme", "cnemus", "eleusis")
    assert "megara" not in forces.hoplite_targets(st, "athens")   # enemy force on the way


@pytest.mark.rule("athens-sparta", "deploy")
def test_trireme_to_any_neutral_or_hostile_harbour_and_fight_needs_no_path():
    st = fresh()
    f = force(st, "athens", "trireme", "phormio", None)
    targets = forces.deploy_targets(st, f)
    assert {"pylos", "melos", "gytheion"} <= set(targets) and "chios" not in targets
    assert "sparta" not in targets                       # not a harbour
    force(st, "sparta", "hoplite", "archidamus", "chios")
    h = force(st, "athens", "hoplite", "pericles", None)
    assert "chios" in forces.deploy_targets(st, h)         # same type: fight, no path
    assert "chios" not in forces.deploy_targets(st, f)     # another type
    at_step(st, "athens", "deploy")
    st = choose(st, f"deploy:{h['id']}:chios")
    assert st["forces"][-1]["where"] == "chios"


# --- mobilise ---------------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "mobilise")
def test_mobilise_pays_three_and_two_more_for_a_battle_card():
    st = fresh()
    st["treasury"]["athens"] = 10
    at_step(st, "athens", "mobilise")
    st = choose(st, "mob:pericles:hoplite")
    assert st["treasury"]["athens"] == 7 and st["leaders"]["pericles"]["state"] == "commander"
    assert st["forces"][-1]["where"] is None and st["forces"][-1]["type"] == "hoplite"
    st = choose(st, "mob:phormio:trireme:card")
    assert st["treasury"]["athens"] == 2 and len(st["battle_hands"]["athens"]) == 1
    assert GAME.prompt(st).rule != "mobilise"           # cannot pay 3 more


# --- siege ------------------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "siege")
def test_siege_dice_for_sparta_athens_and_the_tracks():
    st = fresh()
    force(st, "athens", "hoplite", "pericles", "sparta", siege=True)
    st["army"]["athens"], st["navy"]["athens"] = 5, 5
    assert siege.siege_dice(st, "sparta", "athens")[0] == 2        # base + Sparta
    st["navy"]["athens"] = 6
    assert siege.siege_dice(st, "sparta", "athens")[0] == 3
    force(st, "sparta", "hoplite", "archidamus", "athens", siege=True)
    st["army"]["sparta"], st["navy"]["sparta"] = 5, 2
    assert siege.siege_dice(st, "athens", "sparta")[0] == 0        # base - Athens


@pytest.mark.rule("athens-sparta", "siege")
def test_siege_successes_remove_influence_failure_costs_army_once(dice):
    st = fresh()
    force(st, "athens", "hoplite", "pericles", "megara", siege=True)
    st["raided"].append("megara")
    st["army"]["athens"] = 7
    st["treasury"]["athens"] = 10
    at_step(st, "athens", "siege")
    assert siege.siege_dice(st, "megara", "athens")[0] == 2
    dice.queue = [5, 2]
    st = choose(st, "roll:megara")
    assert st["infl"]["megara"] == {"sparta": 1} and st["army"]["athens"] == 6
    assert st["treasury"]["athens"] == 8
    assert GAME.prompt(st).kind == "siege"               # keep or abandon
    st = choose(st, "keep")
    at_step(st, "athens", "siege")
    dice.queue = [6]
    st = choose(st, "roll:megara")
    assert st["infl"]["megara"] == {"athens": 2}         # control disc
    assert st["treasury"]["athens"] == 6 + 2
    assert "megara" not in st["sieges"] and "megara" not in st["raided"]
    assert st["leaders"]["pericles"]["state"] == "spent" and st["forces"] == []


@pytest.mark.rule("athens-sparta", "siege")
def test_abandoning_a_siege_on_a_failure_eliminates_the_leader(dice):
    st = fresh()
    force(st, "athens", "hoplite", "pericles", "megara", siege=True)
    st["raided"].append("megara")
    at_step(st, "athens", "siege")
    dice.queue = [1, 2]
    st = choose(st, "roll:megara")
    st = choose(st, "abandon")
    assert st["leaders"]["pericles"]["state"] == "eliminated"
    assert "megara" in st["raided"] and "megara" not in st["sieges"] and st["forces"] == []


# --- battles ----------------------------------------------------------------------------------

def _land_battle(st):
    force(st, "athens", "hoplite", "pericles", "eleusis")
    force(st, "sparta", "hoplite", "archidamus", "eleusis")
    st["army"] = {"athens": 6, "sparta": 6}
    st["tiles"]["attica"] = None
    for side in ("athens", "sparta"):
        give(st, side, *(("ramming-1", "ramming-2", "squadron-1") if side == "athens"
                         else ("squadron-2", "defection-1", "defection-2")), battle=True)
    at_step(st, "sparta", "battle")
    sequence.advance(st)
    return st


@pytest.mark.rule("athens-sparta", "battles")
def test_strength_from_advantages_and_outcome(dice):
    st = _land_battle(fresh())
    b = st["battle"]
    # elite Sparta 3-1; cavalry Athens 2-1; skirmishers Athens 2+1 (Acarnania) - 1
    assert bt.strength(st, b, "sparta") == 1 and bt.strength(st, b, "athens") == 2
    assert GAME.prompt(st).kind == "battle" and GAME.prompt(st).seat == "sparta"
    assert "Athens ahead by 1" in GAME.prompt(st).context["advantage"]
    dice.queue = [6, 1]                                  # attacker's leader, defender's
    st = choose(st, "pass")
    st = choose(st, "pass")
    assert st.get("battle") is None
    assert st["army"] == {"athens": 5, "sparta": 4}
    assert st["favour"]["athens"]["red"] == 1
    assert st["leaders"]["archidamus"]["gold"] is True
    assert st["leaders"]["pericles"]["state"] == "eliminated"
    assert st["forces"] == []              # loser home; the winner lost its leader


@pytest.mark.rule("athens-sparta", "battles")
def test_a_cancelled_advantage_lowers_its_holders_strength():
    st = fresh()
    give(st, "sparta", "feigned-retreat-1", battle=True)
    st = _land_battle(st)
    assert "bcard:feigned-retreat-1" in ids(st)
    st = choose(st, "bcard:feigned-retreat-1")
    b = st["battle"]
    assert bt.strength(st, b, "athens") == 1 and "cavalry" in b["cancel"]["athens"]
    assert GAME.prompt(st).context["advantage"] == "even"
    assert GAME.prompt(st).seat == "athens"              # players alternate


@pytest.mark.rule("athens-sparta", "battles")
def test_two_passes_in_a_row_end_the_battle_draw(dice):
    st = fresh()
    give(st, "sparta", "feigned-retreat-1", battle=True)
    st = _land_battle(st)
    st = choose(st, "bcard:feigned-retreat-1")
    st = choose(st, "pass")
    dice.queue = [4, 4]
    st = choose(st, "pass")
    assert st.get("battle") is None
    assert st["army"] == {"athens": 5, "sparta": 5}                 # a draw: both -1
    assert [f["side"] for f in st["forces"]] == ["athens"]          # attacker home
    assert st["leaders"]["pericles"]["gold"] and st["leaders"]["archidamus"]["gold"]


@pytest.mark.rule("athens-sparta", "battles")
def test_few_battle_cards_may_draw_and_a_gold_leader_draws_on_success(dice):
    st = fresh()
    force(st, "athens", "trireme", "phormio", "pylos")
    force(st, "sparta", "trireme", "cnemus", "pylos")
    st["leaders"]["phormio"]["gold"] = True
    at_step(st, "sparta", "battle")
    sequence.advance(st)
    assert GAME.prompt(st).seat == "sparta" and ids(st) == ["draw", "nodraw"]
    st = choose(st, "nodraw")
    st = choose(st, "draw")
    assert len(st["battle_hands"]["athens"]) == 1
    while st.get("battle") and st["battle"]["phase"] == "cards":
        dice.queue = [1, 6]
        st = choose(st, "pass")
    assert len(st["battle_hands"]["athens"]) >= 1
    assert st["leaders"]["cnemus"]["state"] == "eliminated"


# --- Olympic Games ----------------------------------------------------------------------------

@pytest.mark.rule("athens-sparta", "olympic-games")
def test_olympic_winner_chooses_and_the_other_gets_the_rest(dice):
    st = fresh()
    st["hands"] = {"athens": [], "sparta": []}
    at_step(st, "athens", "battle", cards=False)
    dice.queue = [6, 6, 1, 5]
    sequence.advance(st)
    p = GAME.prompt(st)
    assert p.seat == "athens" and {c.id for c in p.choices} == {"green", "talents"}
    money = dict(st["treasury"])
    olympics.olympic_choose(st, "talents")
    assert st["treasury"]["athens"] == money["athens"] + 2
    assert st["treasury"]["sparta"] == money["sparta"] + 1
    assert st["favour"]["sparta"]["green"] == 1 and st["favour"]["athens"]["green"] == 0


@pytest.mark.rule("athens-sparta", "olympic-games")
def test_a_side_with_forces_out_rolls_one_die(dice):
    st = fresh()
    st["hands"] = {"athens": [], "sparta": []}
    force(st, "athens", "hoplite", "pericles", None)
    at_step(st, "athens", "battle", cards=False)
    dice.queue = [6, 1, 1]
    sequence.advance(st)
    assert dice.rolled == [6, 1, 1] and GAME.prompt(st).seat == "athens"


def test_the_mat_rows_show_every_box_and_the_hidden_hands_only_by_size():
    from rules.athens_sparta.matview import mat_rows

    st = fresh()
    give(st, "sparta", "tribute-1")
    give(st, "sparta", "ramming-1", battle=True)
    view = GAME.view(st, "athens")
    assert view["hands"]["sparta"] == [] and view["battle_hands"]["sparta"] == []
    heads, rows = mat_rows(view)
    table = {r[0]: r[1:] for r in rows}
    assert heads == ["Mat", "Athens", "Sparta"]
    assert table["Cards in hand"][1] == "1 action, 1 battle"
    assert table["Skirmisher box"][0].startswith("3:")       # archers, peltasts, Acarnania
    assert "ally Acarnania 1" in table["Skirmisher box"][0]


@pytest.mark.rule("athens-sparta", "regions")
def test_a_tied_region_keeps_its_tile_and_pays_nobody():
    st = fresh()
    st["raided"].append("thebes")                       # Sparta 1 (Tanagra), Athens 1
    assert model.region_controller(st, "boeotia") is None
    st["tiles"]["boeotia"] = "athens"
    money = st["treasury"]["athens"]
    turn.assessment(st)
    assert st["tiles"]["boeotia"] == "athens"
    paid = sum(ed().regions[r].reward for r, t in st["tiles"].items()
               if t == "athens" and r != "boeotia")
    allies = sum(ed().spaces[a].reward for a in model.allies_controlled(st, "athens"))
    assert st["treasury"]["athens"] == money + paid + allies + 3


@pytest.mark.rule("athens-sparta", "battles")
def test_a_generic_leader_that_fails_comes_back_next_turn_on_its_regular_side(dice):
    st = fresh()
    force(st, "athens", "trireme", "ath-strategos-1", "pylos")
    force(st, "sparta", "trireme", "cnemus", "pylos")
    st["leaders"]["ath-strategos-1"]["gold"] = True
    give(st, "athens", "feigned-retreat-1", "feigned-retreat-2", "hold-the-line-1",
         battle=True)                                    # land cards: nothing to play at sea
    give(st, "sparta", "hold-the-line-2", "shield-wall-1", "phalanx-push-1", battle=True)
    at_step(st, "sparta", "battle")
    sequence.advance(st)
    dice.queue = [6, 1]                                   # Cnemus succeeds, the strategos fails
    while st.get("battle"):
        st = choose(st, "pass")
    assert st["leaders"]["ath-strategos-1"] == {"state": "spent", "gold": False}
    st["stage"] = "end"
    turn.end_of_turn(st)
    assert st["leaders"]["ath-strategos-1"]["state"] == "ready"


@pytest.mark.rule("athens-sparta", "raiding")
def test_a_trireme_cannot_start_a_siege_without_a_free_hoplite_model():
    st = fresh()
    force(st, "athens", "hoplite", "pericles", None)
    force(st, "athens", "hoplite", "ath-strategos-1", None)   # both hoplite models in use
    f = force(st, "athens", "trireme", "phormio", "melos")
    at_step(st, "athens", "raid")
    assert ids(st) == [f"home:{f['id']}"]
