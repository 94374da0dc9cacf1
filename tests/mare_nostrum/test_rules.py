"""Rule tests for Mare Nostrum, chapter by chapter (small test board)."""

from __future__ import annotations

import pytest

from rules.engine.game import IllegalChoice
from rules.engine.state import state_hash
from rules.mare_nostrum.attack import resolve
from rules.mare_nostrum.pieces import units
from rules.mare_nostrum.refresh import refresh

from .helpers import act, bare, game, hx, ids, place

G = game()
SEA = hx(10, 7)                  # open sea between the coasts
SEA2 = hx(11, 7)
GREEK_COAST = hx(10, 4)          # a coastal hex of Greece
GREEK_INLAND = hx(9, 2)


def merch_hex(merch: str, terrain: tuple[str, ...] = ("land", "coastal")) -> str:
    return next(h.id for h in sorted(G.map.hexes.values(), key=lambda h: h.id)
                if h.merchandise == merch and h.terrain in terrain and not h.capital_of)


# ---- 4 set-up ------------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "4")
def test_greek_setup_follows_the_printed_example():
    s = G.new_game("standard", [], {}, 1)
    cap = G.map.capital("greece")
    assert s["hexes"][cap]["post"] == {"owner": "greece", "kind": "fortress", "count": 1}
    posts = [h for h, c in s["hexes"].items() if c["post"] and c["post"]["owner"] == "greece"
             and c["post"]["kind"] == "trade_post"]
    assert len(posts) == 5
    assert units(s, cap, "greece")["ships"] == 3          # Fleet I in the capital
    assert s["empires"]["greece"]["legions"] == 2 and s["empires"]["greece"]["ships"] == 4
    assert s["empires"]["greece"]["money"] == 160 + s["empires"]["greece"]["income"]


@pytest.mark.rule("mare-nostrum", "4")
def test_setup_posts_are_the_nearest_merchandise_hexes():
    s = G.new_game("standard", [], {}, 1)
    cap = G.map.capital("rome")
    dist = G.map.land_distances(cap)
    posts = [h for h, c in s["hexes"].items() if c["post"] and c["post"]["owner"] == "rome"
             and h != cap]
    free = [h for h in dist if G.map.hexes[h].merchandise and h != cap and h not in posts
            and not (s["hexes"].get(h) and s["hexes"][h]["post"])]
    assert max(dist[h] for h in posts) <= min(dist[h] for h in free)


# ---- 6 income ----------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "6")
def test_income_is_chart_value_and_contested_posts_pay_nothing():
    s = bare()
    a, b = merch_hex("GRAIN"), [h.id for h in G.map.hexes.values()
                                if h.merchandise == "GRAIN" and not h.capital_of][1]
    place(s, a, "rome", post="trade_post")
    place(s, b, "rome", post="trade_post")
    assert s["empires"]["rome"]["income"] == G.tables.merch_value("GRAIN", 2) == 9
    place(s, b, "carthage", legions=1, contested=True)
    assert s["empires"]["rome"]["income"] == 5


@pytest.mark.rule("mare-nostrum", "6")
def test_economy_phase_adds_income_bonus():
    s = bare()
    place(s, merch_hex("STONE"), "rome", post="trade_post")
    base = s["empires"]["rome"]["income"]
    s["empires"]["rome"]["dev"]["economy"] = 1           # Marketplace
    refresh(G, s)
    assert s["empires"]["rome"]["income"] == base + 5


# ---- 7 turn order -------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "7")
def test_highest_military_starts_then_fleet_breaks_ties():
    from rules.mare_nostrum.turn_order import ranking

    s = bare()
    s["empires"]["egypt"]["dev"]["military"] = 3
    s["empires"]["persia"]["dev"]["military"] = 3
    s["empires"]["persia"]["dev"]["fleet"] = 1
    assert ranking(G, s)[:2] == ["persia", "egypt"]


# ---- 8 action cycle -----------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "8")
def test_cannot_copy_previous_action_but_pass_may_follow_pass():
    s = G.new_game("standard", [], {}, 3)
    first = G.prompt(s).seat
    s = G.apply(s, "action:stability")
    s = G.apply(s, "done")
    assert G.prompt(s).seat != first
    assert "action:stability" not in ids(s)
    s = G.apply(s, "action:pass")
    assert "action:pass" in ids(s)


@pytest.mark.rule("mare-nostrum", "8")
def test_one_empire_uses_an_action_at_most_twice():
    from rules.mare_nostrum.action_cycle import may_choose

    s = G.new_game("standard", [], {}, 3)
    e = G.prompt(s).seat
    s["cycle"]["by"][e] = {"develop": 2}
    assert not may_choose(s, e, "develop")
    s["cycle"]["by"][e] = {"develop": 1}
    assert may_choose(s, e, "develop")
    s["cycle"]["counts"]["develop"] = 8
    assert not may_choose(s, e, "develop")


@pytest.mark.rule("mare-nostrum", "9.7")
def test_all_empires_passing_in_a_row_ends_the_cycle():
    s = G.new_game("standard", [], {}, 3)
    turn = s["turn"]
    for _ in range(5):
        s = G.apply(s, "action:pass")
    while s["phase"] == "supply":
        s = G.apply(s, G.prompt(s).choices[0].id)
    assert s["turn"] == turn + 1


# ---- 9.1 move ----------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "9.1.3")
def test_legion_entering_enemy_post_stops_and_contests():
    s = bare()
    a, b = hx(9, 3), hx(10, 3)
    place(s, a, "greece", legions=1)
    place(s, b, "persia", post="trade_post")
    act(s, "greece", "move")
    s = G.apply(s, f"legions:{a}:1")
    from rules.mare_nostrum.move import reachable

    dests = ids(s)
    assert f"to:{b}" in dests
    # nothing is reached *through* b: costs equal those of a map where b is a dead end
    with_post = reachable(G, s, "greece", a, "legions")
    mp = 3
    best, frontier = {a: 0}, [a]
    while frontier:
        nxt = []
        for h in frontier:
            if h == b:
                continue
            for n in G.map.adjacency[h]:
                cost = best[h] + (2 if G.map.hexes[n].mountain else 1)
                if G.map.land_step(h, n) and cost <= mp and cost < best.get(n, 99):
                    best[n] = cost
                    nxt.append(n)
        frontier = nxt
    best.pop(a)
    assert with_post == best
    s = G.apply(s, f"to:{b}")
    assert s["hexes"][b]["contested"]
    assert s["empires"]["persia"]["income"] == 0


@pytest.mark.rule("mare-nostrum", "9.1.2")
def test_mountain_costs_two_movement_points():
    from rules.mare_nostrum.move import reachable

    s = bare()
    mountain = next(h.id for h in G.map.hexes.values() if h.mountain)
    start = next(n for n in G.map.adjacency[mountain] if G.map.land_step(n, mountain)
                 and not G.map.hexes[n].mountain)
    place(s, start, "rome", legions=1)
    assert reachable(G, s, "rome", start, "legions")[mountain] == 2


@pytest.mark.rule("mare-nostrum", "9.1.3")
def test_third_empire_may_not_enter_a_contested_hex():
    from rules.mare_nostrum.move import may_enter

    s = bare()
    h = hx(10, 3)
    place(s, h, "persia", post="trade_post")
    place(s, h, "greece", legions=1, contested=True)
    assert not may_enter(s, h, "rome")
    assert may_enter(s, h, "persia")


@pytest.mark.rule("mare-nostrum", "9.1.1")
def test_embark_sail_and_land_next_move():
    s = bare()
    coast = GREEK_COAST
    place(s, coast, "greece", legions=1, ships=1)
    act(s, "greece", "move")
    s = G.apply(s, f"embark:{coast}:1")
    assert units(s, coast, "greece")["carried"] == 1
    s = G.apply(s, f"ships:{coast}:1:1")
    s = G.apply(s, f"to:{SEA}")
    assert units(s, SEA, "greece") == {"legions": 0, "ships": 1, "carried": 1}
    # loaded this action: no landing, nothing else can move, so the MOVE ends (ruling R-8e)
    assert s["action"] is None
    assert any("nothing (more) to do: Move ends" in e["text"] for e in s["log"][-3:])


# ---- 9.2 attack --------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "9.2")
def test_fleet_combat_example():
    """4 Greek ships CV 3 against 5 Persian ships CV 2: Persia loses 4, Greece 3."""
    s = bare()
    s["empires"]["greece"]["dev"]["fleet"] = 5            # Phase III: ship CV 3
    s["empires"]["persia"]["dev"]["fleet"] = 3            # Phase II: ship CV 2
    place(s, SEA, "greece", ships=4)
    place(s, SEA, "persia", ships=5)
    act(s, "greece", "attack")
    out = resolve(G, s, SEA, "greece", "sea")
    assert out["cv"] == [12, 10]
    assert units(s, SEA, "greece")["ships"] == 1 and units(s, SEA, "persia")["ships"] == 1


@pytest.mark.rule("mare-nostrum", "9.2")
def test_fortress_survives_with_less_than_six_surplus():
    """3 legions CV 2... here CV 1 x3 + City State 2 = 5 vs legion 1 + fortress 5 + 2 = 8."""
    s = bare()
    h = G.map.capital("persia")
    for e in ("greece", "persia"):
        s["empires"][e]["dev"]["culture"] = 1            # City State: +2 per combat
    place(s, h, "persia", legions=1, post="fortress")
    place(s, h, "greece", legions=3, contested=True)
    act(s, "greece", "attack")
    out = resolve(G, s, h, "greece", "land")
    assert out["cv"] == [5, 8]
    assert out["lost"] == [2, 1]
    assert s["hexes"][h]["post"]["kind"] == "fortress"
    assert s["hexes"][h]["contested"]


@pytest.mark.rule("mare-nostrum", "9.2")
def test_fortress_burns_with_six_surplus_cv():
    s = bare()
    h = G.map.capital("persia")
    s["empires"]["greece"]["dev"]["military"] = 3         # Phase II: CV 3
    place(s, h, "persia", post="fortress")
    place(s, h, "greece", legions=2, contested=True)       # 6 CV against 5
    act(s, "greece", "attack")
    out = resolve(G, s, h, "greece", "land")
    assert out["fortress"] and s["hexes"][h]["post"] is None
    assert out["lost"] == [1, 0]


@pytest.mark.rule("mare-nostrum", "9.2")
def test_takeover_of_ungarrisoned_post_needs_no_money():
    s = bare()
    h = merch_hex("WOOL")
    place(s, h, "persia", post="trade_post")
    place(s, h, "greece", legions=1, contested=True)
    act(s, "greece", "attack")
    money = s["empires"]["greece"]["money"]
    s = G.apply(s, f"takeover:{h}")
    assert s["hexes"][h]["post"]["owner"] == "greece" and not s["hexes"][h]["contested"]
    assert s["empires"]["greece"]["money"] == money


@pytest.mark.rule("mare-nostrum", "9.8")
def test_no_combat_against_an_armistice_partner():
    s = bare()
    place(s, SEA, "greece", ships=2)
    place(s, SEA, "persia", ships=1)
    s["armistices"] = [{"asker": "greece", "accepter": "persia", "box": 1, "since": 1}]
    act(s, "greece", "attack")
    assert f"sea:{SEA}" not in ids(s)
    s["armistices"] = []
    assert f"sea:{SEA}" in ids(s)


# ---- 9.3 build ---------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "9.3")
def test_legions_need_military_phase_one_and_a_fortress_builds_once():
    s = bare()
    cap = G.map.capital("rome")
    place(s, cap, "rome", post="fortress")
    act(s, "rome", "build")
    assert f"legion:{cap}" not in ids(s)
    s["empires"]["rome"]["dev"]["military"] = 1
    assert f"legion:{cap}" in ids(s)
    s = G.apply(s, f"legion:{cap}")
    assert units(s, cap, "rome")["legions"] == 1
    assert f"legion:{cap}" not in ids(s) and f"ship:{cap}" not in ids(s)


@pytest.mark.rule("mare-nostrum", "9.3")
def test_new_fortress_cannot_build_in_the_same_action():
    s = bare()
    h = next(x.id for x in G.map.hexes.values() if x.city and not x.capital_of
             and x.merchandise and x.terrain == "coastal")
    place(s, h, "rome", post="trade_post")
    s["empires"]["rome"]["dev"]["military"] = 1
    act(s, "rome", "build")
    s = G.apply(s, f"fortress:{h}")
    assert s["hexes"][h]["post"]["kind"] == "fortress"
    assert f"legion:{h}" not in ids(s)


# ---- 9.4 trade posts ---------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "9.4")
def test_legion_creates_trade_post_and_first_luxury_raises_stability():
    s = bare()
    h = merch_hex("SALT")
    place(s, h, "rome", legions=1)
    act(s, "rome", "trade")
    s = G.apply(s, f"post:{h}")
    assert s["hexes"][h]["post"]["owner"] == "rome"
    assert s["empires"]["rome"]["stability"] == 1
    assert s["empires"]["rome"]["money"] == 500 - 15


@pytest.mark.rule("mare-nostrum", "9.4")
def test_only_greek_ships_create_trade_posts_and_17_4_forbids_it():
    for opts, greek_ok in (({}, True), ({"17.4": "yes"}, False)):
        s = bare(opts)
        coast = [x.id for x in G.map.hexes.values() if x.merchandise and x.is_coast
                 and not x.capital_of]
        h = coast[0]
        place(s, h, "greece", ships=1)
        place(s, coast[1], "rome", ships=1)
        act(s, "greece", "trade")
        assert (f"post:{h}" in ids(s)) is greek_ok
        act(s, "rome", "trade")
        assert not any(c.startswith("post:") for c in ids(s))


@pytest.mark.rule("mare-nostrum", "16")
def test_no_more_posts_of_a_type_than_chart_boxes():
    from rules.mare_nostrum.trade import may_hold_more

    s = bare()
    grains = [h.id for h in G.map.hexes.values() if h.merchandise == "GRAIN"]
    assert G.tables.merch_boxes("GRAIN") == 6
    for h in grains[:5]:
        place(s, h, "rome", post="trade_post")
    assert may_hold_more(G, s, "rome", "GRAIN")
    place(s, grains[5], "rome", post="trade_post")
    assert not may_hold_more(G, s, "rome", "GRAIN")


@pytest.mark.rule("mare-nostrum", "9.5")
def test_capital_conquest_costs_three_boxes():
    s = bare()
    cap = G.map.capital("persia")
    place(s, cap, "greece", legions=1)
    act(s, "greece", "trade")
    s = G.apply(s, f"post:{cap}")
    assert s["empires"]["persia"]["stability"] == -3


# ---- 9.5 stability -----------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "9.5")
def test_pay_for_stability_price_follows_culture():
    s = bare()
    act(s, "rome", "stability")
    s = G.apply(s, "raise")
    assert s["empires"]["rome"]["stability"] == 1 and s["empires"]["rome"]["money"] == 450


@pytest.mark.rule("mare-nostrum", "9.5")
def test_golden_age_on_stability_gives_a_vp_and_is_locked():
    from rules.mare_nostrum.stability import shift

    s = bare()
    s["empires"]["rome"]["stability"] = 10
    shift(G, s, "rome", 1, "test", "9.5")
    refresh(G, s)
    assert s["empires"]["rome"]["vp_detail"]["golden_ages"] == 1
    shift(G, s, "rome", -2, "test", "9.8")
    assert s["empires"]["rome"]["stability"] == 11


@pytest.mark.rule("mare-nostrum", "17.1")
def test_optional_sabotage_lowers_an_opponent():
    s = bare({"17.1": "yes"})
    act(s, "rome", "stability")
    s = G.apply(s, "lower:carthage")
    assert s["empires"]["carthage"]["stability"] == -1 and s["empires"]["rome"]["money"] == 400
    s = bare()
    act(s, "rome", "stability")
    assert "lower:carthage" not in ids(s)


# ---- 9.6 develop -------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "9.6")
def test_development_conditions_and_stability_for_new_phase():
    s = bare()
    act(s, "rome", "develop")
    assert "dev:economy" not in ids(s) and "dev:culture" not in ids(s)
    assert "dev:military" not in ids(s)          # needs City State
    place(s, merch_hex("STONE"), "rome", post="trade_post")
    place(s, merch_hex("GOLD"), "rome", post="trade_post")
    s = G.apply(s, "dev:economy")
    s = G.apply(s, "dev:culture")
    e = s["empires"]["rome"]
    assert e["phases"]["economy"] == 1 and e["phases"]["culture"] == 1
    assert e["stability"] == 2                  # one box per new phase in economy and culture
    assert "dev:economy" not in ids(s)          # one box per row per action


@pytest.mark.rule("mare-nostrum", "17.2")
def test_fifth_column_takes_development_back():
    s = bare({"17.2": "yes"})
    h = merch_hex("STONE")
    place(s, h, "rome", post="trade_post")
    s["empires"]["rome"]["dev"]["economy"] = 2
    refresh(G, s)
    place(s, h, "carthage", legions=1, contested=True)
    refresh(G, s)
    assert s["empires"]["rome"]["dev"]["economy"] == 0


# ---- 9.8 armistice -----------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "9.8")
def test_refusing_armistice_costs_two_and_three_against_rome():
    for asker, loss in (("greece", 2), ("rome", 3)):
        s = bare()
        act(s, asker, "armistice")
        s = G.apply(s, "offer:persia")
        p = G.prompt(s)
        assert p.seat == "persia" and p.kind == "yes-no"
        s = G.apply(s, "refuse")
        assert s["empires"]["persia"]["stability"] == -loss


@pytest.mark.rule("mare-nostrum", "9.8")
def test_accepted_armistice_pays_and_lasts_three_turns():
    from rules.mare_nostrum.armistice import advance_tracks, at_peace

    s = bare()
    act(s, "greece", "armistice")
    s = G.apply(s, "offer:persia")
    s = G.apply(s, "accept")
    assert s["empires"]["persia"]["money"] == 535 and at_peace(s, "greece", "persia")
    advance_tracks(G, s)
    advance_tracks(G, s)
    assert at_peace(s, "greece", "persia")
    advance_tracks(G, s)
    assert not at_peace(s, "greece", "persia")


# ---- 10 supply and maintenance -----------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "10")
def test_unpaid_maintenance_costs_one_box():
    from rules.mare_nostrum.supply import pay_maintenance

    s = bare()
    place(s, SEA, "rome", ships=3)
    s["empires"]["rome"]["money"] = 2
    pay_maintenance(G, s)
    assert s["empires"]["rome"]["money"] == 0 and s["empires"]["rome"]["stability"] == -1


@pytest.mark.rule("mare-nostrum", "10")
def test_unsupplied_legions_are_disbanded_by_their_owner():
    from rules.mare_nostrum.supply import over_supply

    s = bare()
    place(s, hx(2, 2), "rome", legions=2)
    place(s, merch_hex("GRAIN"), "rome", post="trade_post")
    place(s, hx(5, 2), "rome", legions=1)
    assert over_supply(s) == "rome"
    s["phase"] = "supply"
    p = G.prompt(s)
    assert p.seat == "rome" and all(c.id.startswith("disband:") for c in p.choices)


# ---- 11 control --------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "11")
def test_losing_a_province_costs_stability_islands_do_not():
    s = bare()
    area = "rome_wn"
    hexes = G.map.merch_hexes(area)
    for h in hexes:
        place(s, h, "rome", post="trade_post")
    isle = G.map.merch_hexes("isle_b")[0]
    place(s, isle, "rome", post="trade_post")
    refresh(G, s)
    assert area in s["empires"]["rome"]["control"] and "isle_b" in s["empires"]["rome"]["control"]
    place(s, isle, "carthage", legions=1, contested=True)
    refresh(G, s)
    assert s["empires"]["rome"]["stability"] == 0
    place(s, hexes[0], "carthage", legions=1, contested=True)
    refresh(G, s)
    assert area not in s["empires"]["rome"]["control"]
    assert s["empires"]["rome"]["stability"] == -1


@pytest.mark.rule("mare-nostrum", "17.3")
def test_optional_stability_for_winning_a_province():
    s = bare({"17.3": "yes"})
    for h in G.map.merch_hexes("rome_wn"):
        place(s, h, "rome", post="trade_post")
    refresh(G, s)
    assert s["empires"]["rome"]["stability"] == 1


# ---- 12 monuments ------------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "12")
def test_monument_gives_vp_and_stability():
    s = bare()
    h = next(x.id for x in G.map.hexes.values() if x.city and x.merchandise and not x.capital_of)
    place(s, h, "rome", post="trade_post")
    act(s, "rome", "build")
    s = G.apply(s, f"monument:{h}")
    assert s["empires"]["rome"]["vp"] == 1 and s["empires"]["rome"]["stability"] == 1
    assert not any(c.startswith("monument:") for c in ids(s))     # one per BUILD


@pytest.mark.rule("mare-nostrum", "12")
def test_monument_falls_to_eight_surplus_cv():
    s = bare()
    h = next(x.id for x in G.map.hexes.values() if x.city and x.merchandise and not x.capital_of
             and not x.mountain)
    place(s, h, "persia", post="trade_post", monument=True)
    s["empires"]["greece"]["dev"]["military"] = 3          # CV 3 each
    place(s, h, "greece", legions=3, contested=True)       # 9 CV
    act(s, "greece", "attack")
    out = resolve(G, s, h, "greece", "land")
    assert out["monument"] and s["hexes"][h]["monument"] is None
    assert s["empires"]["persia"]["stability"] == -1


# ---- 13 armies and fleets ----------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "13")
def test_no_army_without_a_free_meeple():
    s = bare()
    a, b, c = hx(9, 1), hx(9, 2), hx(10, 2)
    place(s, a, "greece", legions=2)                    # Greece has a single army meeple
    place(s, b, "greece", legions=1)
    place(s, c, "greece", legions=1)
    act(s, "greece", "move")
    s = G.apply(s, f"legions:{b}:1")
    assert f"to:{c}" not in ids(s) and f"to:{a}" in ids(s)


# ---- 14 revolution -----------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "14")
def test_revolution_removes_units_but_not_posts_and_tightens_limits():
    from rules.mare_nostrum.revolution import limits_players
    from rules.mare_nostrum.stability import shift

    s = bare()
    h = merch_hex("GRAIN")
    place(s, h, "egypt", legions=1, post="trade_post")
    s["empires"]["egypt"]["stability"] = -8
    shift(G, s, "egypt", -1, "test", "14")
    assert s["empires"]["egypt"]["revolted"]
    assert "egypt" not in s["hexes"][h]["units"] and s["hexes"][h]["post"]["owner"] == "egypt"
    assert limits_players(s) == 5                      # this turn still the 5-empire limits
    s["turn"] += 1
    assert limits_players(s) == 4 and G.tables.action_limit(4) == 7


@pytest.mark.rule("mare-nostrum", "15")
def test_last_empire_standing_wins_at_once():
    from rules.mare_nostrum.revolution import revolt

    s = bare()
    for e in ("rome", "carthage", "egypt", "persia"):
        revolt(G, s, e)
    G._advance(s)
    assert G.result(s).winners == ["greece"] and G.prompt(s) is None


# ---- 15 / 2 victory ----------------------------------------------------------------------
@pytest.mark.rule("mare-nostrum", "2")
def test_vp_ties_go_to_more_monuments_then_stability():
    from rules.mare_nostrum.victory import check_vp

    s = bare()
    for e, stab in (("rome", 7), ("carthage", 6)):
        s["empires"][e]["vp"] = 11
        s["empires"][e]["vp_detail"] = {"monuments": 2, "golden_ages": 0, "control": 0}
        s["empires"][e]["stability"] = stab
    assert check_vp(G, s) and G.result(s).winners == ["rome"]


@pytest.mark.rule("mare-nostrum", "17.8")
def test_light_laurels_give_control_vp_sooner():
    s = bare({"17.8": "yes"})
    for h in G.map.merch_hexes("rome_wn") + G.map.merch_hexes("rome_en"):
        place(s, h, "rome", post="trade_post")
    refresh(G, s)
    assert s["empires"]["rome"]["vp_detail"]["control"] == 1
    s2 = bare()
    for h in G.map.merch_hexes("rome_wn") + G.map.merch_hexes("rome_en"):
        place(s2, h, "rome", post="trade_post")
    assert s2["empires"]["rome"]["vp_detail"]["control"] == 0


# ---- engine-level properties -------------------------------------------------------------
def test_illegal_choice_is_refused():
    s = G.new_game("short", [], {}, 1)
    with pytest.raises(IllegalChoice):
        G.apply(s, "to:0,0")


def test_same_seed_and_choices_give_the_same_hash():
    import random

    def run() -> str:
        rng = random.Random(5)
        s = G.new_game("short", [], {}, 5)
        for _ in range(300):
            p = G.prompt(s)
            if p is None:
                break
            s = G.apply(s, rng.choice(p.choices).id)
        return state_hash(s)

    assert run() == run()


def test_data_files_have_sources():
    counts = G.check_data()
    assert counts.get("reconstructed", 0) > 0 and counts.get("example", 0) > 0


# ---- ruling R-8e: a decision with one legal answer is taken without asking ----------------
@pytest.mark.rule("mare-nostrum", "9.7")
def test_an_action_with_nothing_to_do_ends_at_once():
    s = bare()                                   # empty map: nobody can attack
    seat = G.prompt(s).seat
    s = G.apply(s, "action:attack")
    assert s["action"] is None and G.prompt(s).seat != seat
    assert f"{seat.capitalize()} has nothing (more) to do: Attack ends." in \
        [e["text"] for e in s["log"]]
    assert s["cycle"]["counts"] == {"attack": 1}          # the cube still blocks the box


@pytest.mark.rule("mare-nostrum", "10")
def test_a_single_unsupplied_legion_is_disbanded_without_asking():
    s = bare()
    h = hx(2, 2)
    place(s, h, "rome", legions=1)               # no food post: supply 0
    turn = s["turn"]
    for _ in range(len(s["order"])):
        s = G.apply(s, "action:pass")
    assert s["turn"] == turn + 1                 # no supply prompt was left to answer
    assert "rome" not in (s["hexes"].get(h) or {"units": {}})["units"]
    assert any("disbands an unsupplied legion" in e["text"] for e in s["log"])


@pytest.mark.rule("mare-nostrum", "10")
def test_two_places_to_disband_are_still_asked():
    s = bare()
    place(s, hx(2, 2), "rome", legions=1)
    place(s, hx(5, 2), "rome", legions=1)
    for _ in range(len(s["order"])):
        s = G.apply(s, "action:pass")
    p = G.prompt(s)
    assert s["phase"] == "supply" and p.seat == "rome" and len(p.choices) == 2
