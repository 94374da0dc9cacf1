"""The two-player game (section 10): the Ptolemies and the Seleucids against a Non-Player
Macedon run by the rules (option ``players=2``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.engine.options import check_options
from rules.hubris import control, core, courts, play, roman_war, rome, two_player
from rules.hubris.components import components

from .rules_helpers import DATA, GAME, Dice

State = dict[str, Any]
_BASE: dict[str, State] = {}


def fresh(turn: int = 1) -> State:
    """New Hopes in two-player mode (seed 1), set up, Control derived, nothing driven."""
    if not _BASE:
        s = GAME.new_game("new-hopes", ["ptolemies", "seleucids"],
                          {"players": "2", "turns": "11"}, 1)
        play.add_squadron_pools(DATA, s)
        DATA.refresh(s)
        _BASE["s"] = s
    state = copy.deepcopy(_BASE["s"])
    state["turn"] = turn
    state["stack"] = [{"proc": "game", "next": "action", "started": True}]
    state["phase"] = "action"
    return state


def run_top(state: State) -> None:
    """One automatic step of the procedure on top of the stack."""
    from rules.hubris.flow import PROCS
    frame = state["stack"][-1]
    PROCS[frame["proc"]].run(DATA, state, frame)


def texts(state: State, rule: str) -> list[str]:
    return [e["text"] for e in state["log"] if e.get("rule") == rule]


# --- 10.0 / 10.1 ---------------------------------------------------------------------------
@pytest.mark.rule("hubris", "10.0")
def test_every_three_kingdom_scenario_offers_two_players_and_the_seats_shrink():
    for scen in GAME.scenarios():
        has = any(o.key == "players" for o in scen.options)
        assert has == (len(scen.seats) == 3), scen.id
        if has:
            opts = check_options(GAME, scen, {"players": "2"})
            assert GAME.seats_for(scen, opts) == ("ptolemies", "seleucids")
            assert GAME.seats_for(scen, check_options(GAME, scen, {})) == scen.seats
    with pytest.raises(ValueError):
        GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {"players": "2"}, 1)


@pytest.mark.rule("hubris", "10.1")
def test_non_player_macedon_is_no_kingdom_has_no_vp_no_treasury_and_is_always_at_war():
    s = fresh()
    kd = s["kingdoms"]["macedon"]
    assert kd["non_player"] and not kd["player"] and kd["treasury"] == 0
    assert kd["senate"] == "none"                      # no Influence in Rome
    assert core.kingdoms(s) == ["seleucids", "ptolemies"]
    assert set(s["derived"]["vp"]) == {"seleucids", "ptolemies"}
    assert core.at_war(s, "macedon", "seleucids") and core.at_war(s, "macedon", "ptolemies")
    # ... but that War neither halves Revenue nor counts for War Exhaustion
    assert control.at_war_for_revenue(s, "ptolemies")            # the Fourth Syrian War
    s["wars"]["ptolemies|seleucids"] = "peace"
    assert not control.at_war_for_revenue(s, "ptolemies")
    assert core.kingdom_enemies(s, "seleucids") == []
    core.gain(s, "macedon", 5, "a test", "10.1")
    assert kd["treasury"] == 0
    # its Royal Army and Siege Train wait off the map
    assert s["units"]["macedon-royal-army"]["location"] == "offmap"
    assert s["units"]["macedon-siege-train"]["location"] == "offmap"


@pytest.mark.rule("hubris", "10.1")
def test_the_player_with_fewest_vps_decides_for_macedon_a_die_on_a_tie(monkeypatch):
    s = fresh()
    vp = s["derived"]["vp"]
    low = min(vp, key=lambda k: vp[k]["total_rounded"])
    assert two_player.choose_decider(s) == low
    assert core.seat_of(s, "macedon") == low
    vp["ptolemies"]["total_rounded"] = vp["seleucids"]["total_rounded"] = 10
    monkeypatch.setattr(two_player, "roll", Dice(5))
    assert two_player.choose_decider(s) == "ptolemies"     # 4-6: the second of the tie
    monkeypatch.setattr(two_player, "roll", Dice(2))
    assert two_player.choose_decider(s) == "seleucids"


@pytest.mark.rule("hubris", "10.1")
def test_macedon_at_peace_with_rome_always_grants_free_passage():
    s = fresh()
    assert not rome.at_war(s, "macedon")
    assert "macedon" not in roman_war.passage_from(DATA, s, "peloponnesos", "seleucids")


# --- 10.2 / 10.3 ---------------------------------------------------------------------------
@pytest.mark.rule("hubris", "10.2")
def test_makedonia_is_out_of_play():
    s = fresh()
    assert not core.sat_in_play(s, "makedonia")
    assert "makedonia" not in core.satrapies_in_play(s)


@pytest.mark.rule("hubris", "10.3")
def test_only_philippos_then_perseus_of_the_macedonian_leaders():
    s = fresh()
    mac = [lid for lid, r in s["leaders"].items() if r["court"] == "macedon"]
    assert mac == [two_player.PHILIPPOS] and s["kingdoms"]["macedon"]["king"] == "M6"
    assert s["kingdoms"]["macedon"]["chief_minister"] is None
    s["turn"] = 9
    two_player.start_of_turn(DATA, s)
    assert "M6" not in s["leaders"] and s["kingdoms"]["macedon"]["king"] == "M11"
    assert s["leaders"]["M11"]["role"] == "king"


@pytest.mark.rule("hubris", "10.3")
def test_the_ferryman_of_souls_ignores_the_non_player_king(monkeypatch):
    s = fresh()
    others = [lid for lid, r in s["leaders"].items() if r["court"] != "macedon"]
    monkeypatch.setattr(courts, "roll", lambda state, n=1, **kw: [6] * n)   # 2d6 = 12
    courts.ferryman(DATA, s)
    assert "M6" in s["leaders"]
    assert others and not set(others) & set(s["leaders"])    # every other Leader died


# --- 10.4 ----------------------------------------------------------------------------------
@pytest.mark.rule("hubris", "10.4")
def test_the_two_player_deck_swaps_ev_2_and_ev_4_and_drops_16_18_42():
    s = fresh()
    for turn in (1, 2, 7):
        s["turn"] = turn
        cards = two_player.deck(DATA, s, sorted(DATA.events))
        assert "alt-ev-02" in cards and "alt-ev-04" in cards
        assert not {"ev-02", "ev-04", "ev-16", "ev-18", "ev-42", "ev-11"} & set(cards)
    # the alternates are the cards events.yaml describes
    alts = components().alternates
    for eid, c in two_player.ALT_CARDS.items():
        assert alts[eid].title == c.name and alts[eid].activation_sequence == c.sequence
        assert alts[eid].mechanic == c.mechanic


@pytest.mark.rule("hubris", "10.4")
def test_social_war_has_no_pending_part_and_ev_34_makes_rome_declare_war_on_macedon():
    s = fresh()
    s["pending_events"] = ["ev-12"]
    two_player.settle(DATA, s)
    assert "ev-12" not in s["pending_events"]
    assert rome.active(s) and not rome.at_war(s, "macedon")
    s["resolved_events"] = ["ev-34"]
    two_player.settle(DATA, s)
    assert rome.at_war(s, "macedon")


# --- 10.5 ----------------------------------------------------------------------------------
def _act(s: State, card: str, monkeypatch, *faces: int) -> None:
    monkeypatch.setattr(two_player, "roll", Dice(*faces))
    two_player.alt_event(DATA, s, card)
    while s["stack"][-1]["proc"] == "np-action":
        run_top(s)


@pytest.mark.rule("hubris", "10.5")
def test_a_campaign_goes_to_the_first_listed_satrapy_not_fully_controlled(monkeypatch):
    s = fresh()
    assert two_player.fully_controlled(s, "thessalia")
    assert not two_player.fully_controlled(s, "boiotia-euboia")
    _act(s, "alt-ev-02", monkeypatch, 4)
    camp = s["stack"][-1]
    assert camp["proc"] == "campaign" and camp["kingdom"] == "macedon" and camp["np"]
    assert camp["target"] == "boiotia-euboia" and camp["leader"] == "M6"
    assert set(core.on_card(s, "M6")) == {"macedon-royal-army", "macedon-siege-train"}


@pytest.mark.rule("hubris", "10.5")
def test_the_king_on_the_map_campaigns_where_he_stands(monkeypatch):
    s = fresh()
    s["leaders"]["M6"]["location"] = "illyria"
    s["units"]["macedon-royal-army"]["location"] = core.card_of("M6")
    _act(s, "alt-ev-02", monkeypatch, 3)
    assert s["stack"][-1]["target"] == "illyria"


@pytest.mark.rule("hubris", "10.5")
def test_a_dispersed_royal_army_is_replaced_by_a_hireable_mercenary(monkeypatch):
    s = fresh()
    s["units"]["macedon-royal-army"]["location"] = "dispersed"
    s["units"]["macedon-siege-train"]["location"] = "dispersed"
    mercs = two_player.hireable_mercenaries(DATA, s)
    assert mercs
    _act(s, "alt-ev-02", monkeypatch, 3)
    assert core.on_card(s, "M6") == [mercs[0]]       # no Siege Train replacement
    assert s["units"][mercs[0]]["face"] == "up"


@pytest.mark.rule("hubris", "10.5")
def test_ineffective_results_are_rolled_again(monkeypatch):
    s = fresh()
    for u in [*two_player.squadron_pool(s), *two_player.squadrons_at_sea(DATA, s)]:
        s["units"][u]["location"] = "removed"
    _act(s, "alt-ev-02", monkeypatch, 6, 1)          # no Squadron at sea or in the pool
    assert any("rolled again" in t for t in texts(s, "10.5"))
    assert s["stack"][-1]["proc"] == "envoy" and s["stack"][-1]["diplomacy"] == 4
    assert s["stack"][-1]["target"] == "thrake"


def _sail(s: State, answer: str = "decline") -> State:
    """Drive the game from a Macedonian naval Campaign until it is over, every Interception
    answered ``answer`` (then every Battle prompt with its first choice)."""
    while any(f["proc"] in ("np-naval", "naval-battle") for f in s["stack"]):
        prompt = GAME.prompt(s)
        ids = [c.id for c in prompt.choices]
        s = GAME.apply(s, answer if answer in ids else ids[0])
    return s


@pytest.mark.rule("hubris", "10.5")
def test_a_naval_result_raids_the_listed_satrapies_across_the_sea(monkeypatch):
    """TP12: Alt Ev 2's 6 sends the King with the Squadron from the Propontis into the
    Aigaion Pelagos; undisturbed, it Plunders (Ravages) the Ptolemaic KOINON NESIOTON and
    IONIA, the first listed Satrapies it can raid, without a Talent (10.1)."""
    s = fresh()
    assert two_player.squadrons_at_sea(DATA, s) == ["macedon-squadron-1"]
    assert s["units"]["macedon-squadron-1"]["location"] == "propontis"
    _act(s, "alt-ev-02", monkeypatch, 6)
    camp = s["stack"][-1]
    assert camp["proc"] == "np-naval" and camp["leader"] == "M6"
    assert camp["path"] == ["propontis", "aigaion-pelagos"]
    s = _sail(s)
    assert s["satrapies"]["koinon-nesioton"]["ravaged"] and s["satrapies"]["ionia"]["ravaged"]
    assert not s["satrapies"]["rhodos"].get("ravaged")          # Controlled by no Kingdom
    assert s["kingdoms"]["macedon"]["treasury"] == 0
    assert s["units"]["macedon-squadron-1"]["location"] == "aigaion-pelagos"
    assert s["leaders"]["M6"]["location"] == "court"


@pytest.mark.rule("hubris", "10.5")
def test_a_naval_campaign_with_no_squadron_at_sea_puts_one_in_play(monkeypatch):
    s = fresh()
    s["units"]["macedon-squadron-1"]["location"] = "offmap"
    pool = two_player.squadron_pool(s)
    _act(s, "alt-ev-04", monkeypatch, 6)
    assert s["units"][pool[0]]["location"] == "aigaion-pelagos"   # the first Friendly base
    assert s["stack"][-1]["path"] == ["aigaion-pelagos"]
    s = _sail(s)
    assert s["satrapies"]["ionia"]["ravaged"]           # Alt Ev 4: THRAKE, MYSIA, BITHYNIA
    assert s["units"][pool[0]]["location"] == "aigaion-pelagos"  # hold no Kingdom's Control


@pytest.mark.rule("hubris", "10.5")
def test_an_intercepted_and_beaten_fleet_raids_nothing(monkeypatch):
    from rules.hubris import battles
    s = fresh()
    _act(s, "alt-ev-02", monkeypatch, 6)
    monkeypatch.setattr(battles, "roll", Dice(*[6, 1] * 20))   # Macedon misses, Egypt hits
    s = _sail(s, "intercept")
    assert any("beaten or lost" in t for t in texts(s, "5.3.4"))
    assert not s["satrapies"]["koinon-nesioton"].get("ravaged")
    assert not s["satrapies"]["ionia"].get("ravaged")


@pytest.mark.rule("hubris", "10.5")
def test_on_a_naval_result_the_king_in_the_field_campaigns_where_he_stands(monkeypatch):
    s = fresh()
    s["leaders"]["M6"]["location"] = "illyria"
    s["units"]["macedon-royal-army"]["location"] = core.card_of("M6")
    _act(s, "alt-ev-02", monkeypatch, 6)
    camp = s["stack"][-1]
    assert camp["proc"] == "campaign" and camp["target"] == "illyria"


@pytest.mark.rule("hubris", "10.5")
def test_after_two_surrenders_macedonian_actions_are_ignored(monkeypatch):
    s = fresh()
    s["kingdoms"]["macedon"]["surrendered"] = 2
    depth = len(s["stack"])
    _act(s, "alt-ev-02", monkeypatch)                # no roll at all
    assert len(s["stack"]) == depth
    assert any("ignored" in t for t in texts(s, "10.5"))


@pytest.mark.rule("hubris", "10.5")
def test_a_won_campaign_ravages_without_an_option_then_uses_four(monkeypatch):
    s = fresh()
    _act(s, "alt-ev-02", monkeypatch, 4)
    camp = s["stack"][-1]
    camp["announced"] = {"powers": ["seleucids", "ptolemies"], "unaligned": True,
                         "garrisons": True}
    s["places"]["athenai"].update(power=None, marker=None)
    two_player.after_battles(DATA, s, camp)
    assert s["satrapies"]["boiotia-euboia"]["ravaged"]
    assert s["kingdoms"]["macedon"]["treasury"] == 0
    # BOIOTIA-EUBOIA holds Cities only: four Sieges, declared at once
    assert two_player.option_splits(DATA, s, camp) == [(4, 0)]
    opts = s["stack"][-1]
    assert opts["proc"] == "options" and (opts["sieges"], opts["subj"], opts["plunder"]) == \
        (4, 0, 0)
    # with Cities and Tribes to attack the deciding player splits the four
    s["stack"].pop()
    camp.update(target="aitolia-epeiros", step="after-battles")
    for p in DATA.satrapies["aitolia-epeiros"].places:
        s["places"][p].update(power="seleucids", marker="alliance")
    two_player.after_battles(DATA, s, camp)
    splits = two_player.option_splits(DATA, s, camp)
    assert len(splits) == 5 and all(a + b == 4 for a, b in splits)
    assert camp["step"] == "options"
    from rules.hubris.flow import PROCS
    asked = PROCS["campaign"].prompt(DATA, s, camp)
    assert asked.rule == "10.5" and "Macedon" in asked.text
    assert asked.seat == two_player.decider(s)
    assert not any(c.id.endswith("-1") for c in asked.choices)       # no Plunder


@pytest.mark.rule("hubris", "10.5")
def test_the_activation_sequence_leaves_macedon_out():
    for c in two_player.ALT_CARDS.values():
        assert "macedon" not in c.sequence
    s = fresh()
    s["stack"].append({"proc": "recurrent", "card": "ev-03", "step": "mechanic", "order": [],
                       "index": 0})
    run_top(s)                                   # Storms & Worms
    run_top(s)                                   # the card shown, the order
    assert "macedon" not in s["stack"][-1]["order"]
    assert any("Non-Player" in t for t in texts(s, "10.5"))


# --- 10.6 ----------------------------------------------------------------------------------
@pytest.mark.rule("hubris", "10.6")
def test_minors_allied_to_macedon_emergency_muster_only_for_its_places():
    s = fresh()
    ach = [u for u in ("achaians",) if u in s["units"]]
    assert ach
    s["units"]["achaians"].update(location="peloponnesos", face="down", owner=None)
    s["minors"]["achaian-league"]["allied_with"] = "macedon"
    for p in DATA.satrapies["aitolia-epeiros"].places:
        if s["places"][p]["power"] is None:
            s["places"][p].update(power="macedon", marker="alliance")
    camp = {"kingdom": "seleucids", "target": "peloponnesos", "id": "c1",
            "announced": {"powers": ["macedon"]}}
    from rules.hubris import minors
    assert minors.status(DATA, s, "achaians") == ("allied", "macedon")
    two_player.emergency_muster(DATA, s, camp)
    assert s["units"]["achaians"]["face"] == "up"
    assert s["units"]["achaians"]["owner"] == "macedon"


@pytest.mark.rule("hubris", "10.6")
def test_macedonian_squadrons_always_sea_support_friendly_ports():
    s = fresh()
    sea = DATA.places["korinthos"].port
    sq = two_player.squadron_pool(s)[0]
    s["units"][sq].update(location=sea, owner="macedon")
    opts = {"proc": "options", "id": "o1", "supported": [], "supporters": []}
    s["stack"].append(opts)
    two_player.sea_support(DATA, s, opts, [sea], ["korinthos"])
    assert "korinthos" in opts["supported"]
    assert opts["supporters"][0]["power"] == "macedon"
    assert two_player.may_intercept(DATA, s, sea, [])


# --- 10.7 ----------------------------------------------------------------------------------
def _military_card(s: State) -> str:
    return next(c for c in sorted(rome._cards().roman_activation)
                if roman_war.box(s, c).military)


@pytest.mark.rule("hubris", "10.7")
@pytest.mark.parametrize("face, surrenders", [(1, True), (6, False)])
def test_a_military_icon_checks_the_consul_and_success_makes_macedon_surrender(
        monkeypatch, face, surrenders):
    from rules.hubris import checks
    s = fresh()
    rome.go_to_war(DATA, s, "macedon", "a test", "10.7")
    card = _military_card(s)
    roman_war._deck(s)["draw"].append(card)
    monkeypatch.setattr(checks, "roll", Dice(face))
    s["stack"].append({"proc": "roman-activation", "card": "ev-03"})
    run_top(s)
    run_top(s)
    assert (s["kingdoms"]["macedon"].get("surrendered", 0) == 1) == surrenders
    assert rome.at_war(s, "macedon") != surrenders
    assert "consul-macedon" not in s["leaders"]          # no Consul placed
    assert not [u for u, r in s["units"].items() if r["type"] == "legion"
                and r["location"] != "offmap"]


@pytest.mark.rule("hubris", "10.7")
def test_at_war_with_rome_macedonian_campaigns_are_rolled_again(monkeypatch):
    s = fresh()
    rome.go_to_war(DATA, s, "macedon", "a test", "10.7")
    _act(s, "alt-ev-02", monkeypatch, 3, 6, 1)        # a Campaign, a naval one, an Envoy
    assert sum("At War with Rome" in t for t in texts(s, "10.5")) == 2
    assert s["stack"][-1]["proc"] == "envoy"


@pytest.mark.rule("hubris", "10.3")
def test_every_three_kingdom_scenario_sets_up_with_its_king():
    for scen in GAME.scenarios():
        if not any(o.key == "players" for o in scen.options):
            continue
        s = GAME.new_game(scen.id, ["ptolemies", "seleucids"], {"players": "2"}, 1)
        kd = s["kingdoms"]["macedon"]
        want = "M11" if s["turn"] >= two_player.PERSEUS_FROM else "M6"
        assert kd["non_player"] and kd["king"] == want, scen.id
        assert [lid for lid, r in s["leaders"].items() if r["court"] == "macedon"] == [want]
        assert not s["satrapies"]["makedonia"]["in_play"]
        assert set(s["derived"]["vp"]) == {"ptolemies", "seleucids"}


@pytest.mark.rule("hubris", "10.1")
def test_the_invariants_catch_a_non_player_with_a_treasury_or_a_court():
    s = fresh()
    assert play.check(s) == []
    s["kingdoms"]["macedon"]["treasury"] = 5
    s["leaders"]["M2"] = dict(s["leaders"]["M6"], role=None)
    s["wars"].pop("macedon|seleucids")
    found = play.check(s)
    assert any("Treasury" in p for p in found) and any("Leaders" in p for p in found)
    assert any("not at War" in p for p in found)


@pytest.mark.rule("hubris", "10.2")
def test_a_consul_may_march_through_makedonia_only_with_free_passage():
    s = fresh()
    assert roman_war.passage_through(s, "makedonia")           # at Peace with Rome
    assert not roman_war.passage_through(s, "thrake")         # in play: the normal rules
    rome.go_to_war(DATA, s, "macedon", "a test", "10.2")
    assert not roman_war.passage_through(s, "makedonia")
    s["kingdoms"]["macedon"]["surrendered"] = 2
    assert roman_war.passage_through(s, "makedonia")
    three = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    assert not roman_war.passage_through(three, "makedonia")


@pytest.mark.rule("hubris", "10.2")
def test_the_consul_marches_to_thrake_through_makedonia_unless_at_war_with_macedon():
    s = fresh()
    s["rome"]["agenda"] = "orbi"
    assert rome.in_scope(s, "makedonia") and rome.in_scope(s, "thrake")
    rome.go_to_war(DATA, s, "seleucids", "a test", "8.6.6")
    s["leaders"]["consul-seleucids"] = {"court": "rome", "location": "thessalia", "role": None,
                                        "rotation": 0, "renown": 0, "rebel": False,
                                        "of": "rome"}
    for rec in s["places"].values():
        if rec["power"] == "seleucids":
            rec.update(power=None, marker=None)
    s["places"]["lysimacheia"].update(power="seleucids", marker="garrison")
    # an Origin in MAKEDONIA, passed through by the Non-Player's Free Passage (R34, TP4)
    assert roman_war.targets(DATA, s, "seleucids") == ["thrake"]
    rome.go_to_war(DATA, s, "macedon", "a test", "10.2")
    assert roman_war.targets(DATA, s, "seleucids") == []


@pytest.mark.rule("hubris", "10.1")
def test_no_inefficient_play_a_die_that_can_succeed_is_used(monkeypatch):
    from rules.hubris import checks
    from rules.hubris.flow import PROCS
    s = fresh()
    monkeypatch.setattr(checks, "roll", Dice(1, 6))
    _act(s, "alt-ev-02", monkeypatch, 1)                  # Envoy, Diplomacy 4: dice 1, 6
    env = s["stack"][-1]
    assert env["proc"] == "envoy" and env["dice"] == [1, 6]
    first = PROCS["envoy"].prompt(DATA, s, env)
    assert "die:-" not in {c.id for c in first.choices} and "Macedon" in first.text
    env["used"] = [0]
    second = PROCS["envoy"].prompt(DATA, s, env)
    assert "die:-" in {c.id for c in second.choices}     # a 6 fails everywhere


@pytest.mark.rule("hubris", "10.1")
def test_no_event_makes_peace_with_or_gives_vp_talents_or_a_leader_to_the_non_player():
    from rules.hubris import event_effects, wars
    s = fresh()
    wars.make_peace(s, "macedon", "seleucids", "4.0")
    assert core.at_war(s, "macedon", "seleucids")
    frame = {"card": "ev-52", "who": None}
    event_effects.OPS["vp"](DATA, s, frame, {"vp": 1, "who": "macedon"})
    event_effects.OPS["talents"](DATA, s, frame, {"talents": 5, "who": "macedon"})
    event_effects.OPS["leader_enters"](DATA, s, frame, {"leader_enters": "M12",
                                                        "to": "macedon"})
    kd = s["kingdoms"]["macedon"]
    assert kd["dynastic_vp"] == "0" and kd["treasury"] == 0
    assert "M12" not in s["leaders"]
    event_effects.OPS["vp"](DATA, s, frame, {"vp": 1, "who": "seleucids"})   # the others do
    assert s["kingdoms"]["seleucids"]["dynastic_vp"] != "0"
