"""The solitaire scenarios 12.5 'Antiochos's Hubris' and 12.6 'The Dance of Ares': their
flow (alternating Activations, no Event deck), special rules and Victory, and random-seat
playouts to the end with invariants (rulings S1-S12 in docs/hubris-rulings.md)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.engine.runner import play as run
from rules.hubris import core, play, roman_war, solitaire
from rules.hubris.land_campaign import musterable

from .rules_helpers import DATA, GAME

_BASE: dict[str, Any] = {}


def fresh(sid: str) -> dict[str, Any]:
    """The set-up state of ``sid`` (seed 1), driven to its first decision."""
    if sid not in _BASE:
        s = GAME.new_game(sid, ["seleucids"], {}, 1)
        play.prepare(s, DATA)
        _BASE[sid] = s
    return copy.deepcopy(_BASE[sid])


def settle(state: dict[str, Any]) -> None:
    for hook in play.flow.SETTLE:
        hook(DATA, state)


def _games(sid: str, seeds: range) -> list:
    outs = [run("hubris", sid, {"seleucids": "random"}, seed, check_invariants=True)
            for seed in seeds]
    failed = [(o.seed, o.problem, o.error.splitlines()[0]) for o in outs if o.error]
    assert not failed, failed
    return outs


def _activations(state: dict[str, Any]) -> list[str]:
    return [e["text"].split(" of ")[1].rstrip(".") for e in state["log"]
            if e["text"].startswith("Activation ")]


@pytest.mark.rule("hubris", "12.5")
def test_antiochos_hubris_alternates_three_then_five_activations_each():
    s = fresh("antiochos-hubris")
    assert solitaire.activation_order(s) == ["seleucids", "rome"] * 3
    s7 = dict(s, turn=7)
    assert solitaire.activation_order(s7) == ["rome", "seleucids"] * 5
    assert not s["decks"]["events"]["draw"]          # no Event deck (12.5)
    out = _games("antiochos-hubris", range(8, 9))[0]     # a game that reaches Turn 7
    seq = _activations(out.session.state)
    assert len(seq) > 6
    assert seq == (["Seleucids", "Rome"] * 3 + ["Rome", "Seleucids"] * 5)[:len(seq)]


@pytest.mark.rule("hubris", "12.5")
def test_antiochos_hubris_turn_7_has_revenue_and_mercenaries_but_no_roman_politics():
    out = _games("antiochos-hubris", range(6, 7))[0]      # a game that reaches Turn 7
    log = out.session.state["log"]
    end6 = next(i for i, e in enumerate(log) if e["text"] == "End of Turn 6.")
    turn7 = [e["rule"] for e in log[end6:]]
    assert "3.3" in turn7 and "3.5" in turn7 and "3.4" not in turn7
    assert not [e for e in log[:end6] if e["rule"] in ("3.3", "3.4", "3.5")]


@pytest.mark.rule("hubris", "12.6")
def test_dance_of_ares_starts_with_the_mercenaries_then_five_activations_each_rome_first():
    s = fresh("dance-of-ares")
    assert s["phase"] == "mercenaries"
    assert solitaire.activation_order(s) == ["rome", "seleucids"] * 5
    outs = _games("dance-of-ares", range(1, 3))
    for o in outs:
        seq = _activations(o.session.state)
        assert seq[0] == "Rome" and all(a != b for a, b in zip(seq, seq[1:], strict=False))
        assert o.result is not None


@pytest.mark.rule("hubris", "12.5")
def test_the_first_seleucid_activation_is_antiochos_landing_in_greece_and_triggers_ev39():
    s = fresh("antiochos-hubris")
    p = play.prompt(s)
    assert [c.id for c in p.choices] == ["land"]
    s = GAME.apply(s, "land")
    p = play.prompt(s)
    origins = {c.id.split(":")[1] for c in p.choices}
    assert origins and origins <= {"ionia", "mysia", "thrake", "lydia-phrygia"}
    s = GAME.apply(s, p.choices[0].id)
    p = play.prompt(s)
    greece = set(solitaire.greece(DATA, s))
    assert p.choices and {c.id.split(":")[1] for c in p.choices} <= greece
    # Ev 39 waits below the Campaign, then allies the Aitolians and brings War with Rome
    assert any(f["proc"] == "solo-ev39" for f in s["stack"])
    solitaire.aitolian_promises(DATA, s)
    assert core.aligned(s, "aitolia", "seleucids")
    assert s["queue"] and s["queue"][-1]["proc"] == "forestall"     # they may Forestall


@pytest.mark.rule("hubris", "12.5")
def test_rome_taking_sardeis_forces_surrender_and_defeat():
    s = fresh("dance-of-ares")
    assert core.at_war(s, "rome", "seleucids")
    s["places"]["sardeis"].update(power="rome", marker="garrison")
    DATA.refresh(s)
    settle(s)
    assert s["kingdoms"]["seleucids"]["surrendered"] == 1
    assert s["result"]["level"] == "Defeat" and s["result"]["winners"] == []


@pytest.mark.rule("hubris", "12.6")
def test_compelling_rome_to_make_peace_wins_at_once():
    from rules.hubris import rome
    s = fresh("dance-of-ares")
    settle(s)
    rome.victory_over_rome(DATA, s, ["seleucids"])
    settle(s)
    assert s["result"]["winners"] == ["seleucids"]
    assert s["result"]["level"] == "Victory"


@pytest.mark.rule("hubris", "12.6")
@pytest.mark.parametrize("take_mysia", [False, True])
def test_the_last_winter_goes_straight_to_victory_on_territorial_vps(take_mysia):
    s = fresh("dance-of-ares")
    if take_mysia:
        for p in DATA.satrapies["mysia"].places:
            kind = DATA.places[p].kind
            core.set_place(s, p, power="seleucids",
                           marker="garrison" if kind == "city" else "alliance")
    s["turn"] = s["last_turn"]
    s["stack"] = [{"proc": "game", "next": "winter", "started": True}]
    play.flow.drive(DATA, s)
    t = solitaire.territorial(s)
    assert (t >= 6) == take_mysia                 # 5 as set up (12.6 prints 5)
    assert s["result"]["winners"] == (["seleucids"] if take_mysia else [])
    assert s["result"]["level"] == ("Victory" if take_mysia else "Draw")


@pytest.mark.rule("hubris", "12.5")
def test_eumenes_waits_for_the_consul_in_mysia_and_leaves_if_pergamon_falls():
    s = fresh("antiochos-hubris")
    assert s["units"]["eumenes"]["location"] == "offmap"        # on his Banner, waiting
    s["leaders"]["consul-seleucids"] = {"court": "rome", "location": "mysia", "role": None,
                                        "rotation": 0, "renown": 0, "rebel": False,
                                        "of": "rome"}
    settle(s)
    assert s["units"]["eumenes"]["location"] == "leader:consul-seleucids"
    s["places"]["pergamon"].update(power="seleucids", marker="garrison")
    settle(s)
    assert s["units"]["eumenes"]["location"] == "removed"


@pytest.mark.rule("hubris", "12.5")
def test_roman_diplomacy_never_courts_the_aitolians_in_12_5():
    s = fresh("antiochos-hubris")
    s["rome"].update(agenda="graecia", agenda_side="full-war")
    before = dict(s["places"]["aitolia"])
    roman_war.diplomacy(DATA, s)
    assert s["places"]["aitolia"] == before


@pytest.mark.rule("hubris", "12.6")
def test_a_diplomacy_icon_with_rhodes_roman_turns_a_seleucid_alliance():
    s = fresh("dance-of-ares")
    assert core.aligned(s, "rhodos-city", "rome")
    allies = {p for p, r in s["places"].items() if r.get("power") == "seleucids"
              and r.get("marker") == "alliance"}
    roman_war.diplomacy(DATA, s)
    after = {p for p, r in s["places"].items() if r.get("power") == "seleucids"
             and r.get("marker") == "alliance"}
    assert len(after) == len(allies) - 1
    (gone,) = allies - after
    assert s["places"][gone]["power"] == "rome" and s["places"][gone]["marker"] == "alliance"


@pytest.mark.rule("hubris", "12.6")
def test_seas_friendly_at_all_times_and_new_roman_squadrons_in_the_aigaion():
    s = fresh("dance-of-ares")
    for sea in ("pamphylion-pelagos", "aigyption-pelagos"):
        assert core.friendly_sea(s, DATA, "seleucids", sea)
    for sea in ("aigaion-pelagos", "propontis"):
        assert core.friendly_sea(s, DATA, "rome", sea)
    assert not core.friendly_sea(s, DATA, "seleucids", "propontis") or \
        core.aligned(s, "lysimacheia", "seleucids")
    s["rome"]["consuls"]["seleucids"] = {"location": None, "card": None}
    card = next(c for c in sorted(roman_war.rome._cards().roman_activation)
                if roman_war.box(s, c).squadrons)
    s["rome"]["consuls"]["seleucids"]["card"] = card
    roman_war.set_squadrons(s)
    placed = {r["location"] for r in s["units"].values() if r["type"] == "roman-squadron"
              and r["location"] != "offmap"}
    assert placed == {"aigaion-pelagos"}


@pytest.mark.rule("hubris", "12.6")
def test_the_consul_reaches_asia_through_makedonia_and_across_the_propontis():
    s = fresh("dance-of-ares")
    assert roman_war.reach(DATA, s, "italia") == ["thrake"]
    assert "mysia" in roman_war.reach(DATA, s, "thrake")
    other = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    assert "mysia" in roman_war.reach(DATA, other, "thrake")    # 5.2.1 everywhere (R34)


@pytest.mark.rule("hubris", "12.5")
def test_the_colonists_kept_off_the_map_muster_from_turn_7_near_kilikia():
    s = fresh("antiochos-hubris")
    s["leaders"]["S4"]["location"] = "court"
    got = {u for u, _ in musterable(DATA, s, "seleucids", "S4", "lydia-phrygia", "land")}
    assert not got & {"kataphraktoi", "katoikoi-lower-satrapies"}       # Turn 6: not yet
    s["turn"] = 7
    got = {u for u, _ in musterable(DATA, s, "seleucids", "S4", "lydia-phrygia", "land")}
    assert {"kataphraktoi", "katoikoi-lower-satrapies"} <= got
    far = {u for u, _ in musterable(DATA, s, "seleucids", "S4", "thrake", "land")}
    assert not far & {"kataphraktoi", "katoikoi-lower-satrapies"}


@pytest.mark.rule("hubris", "12.5")
def test_capitals_outside_the_areas_in_play_stay_seleucid():
    s = fresh("antiochos-hubris")
    assert not s["kingdoms"]["seleucids"].get("temporary_capital")
    assert not any(e["rule"] == "2.5.6" for e in s["log"])
    assert s["derived"]["vp"]["seleucids"]["dynastic"] == "0"      # no -1 (2.5.6)


def test_a_few_games_of_each_solitaire_scenario_end_with_a_result():
    for sid in solitaire.SCENARIOS:
        outs = _games(sid, range(20, 23))
        assert all(o.result is not None for o in outs)


@pytest.mark.slow
@pytest.mark.parametrize("sid", solitaire.SCENARIOS)
def test_a_hundred_random_seat_games_of_each_solitaire_scenario(sid):
    outs = _games(sid, range(1, 101))
    assert all(o.result is not None for o in outs)


@pytest.mark.rule("hubris", "12.6")
def test_rome_targets_antiochos_campaigning_then_sardeis():
    s = fresh("dance-of-ares")
    s["leaders"]["consul-seleucids"] = {"court": "rome", "location": "mysia", "role": None,
                                        "rotation": 0, "renown": 0, "rebel": False,
                                        "of": "rome"}

    def best() -> str:
        ts = roman_war.targets(DATA, s, "seleucids")
        return max(ts, key=lambda t: (roman_war.score(DATA, s, "seleucids", t), t))

    assert {"ionia", "lydia-phrygia", "mysia"} <= set(roman_war.targets(DATA, s, "seleucids"))
    assert best() == "lydia-phrygia"                         # (2) Sardeis
    s["leaders"]["S4"]["location"] = "ionia"                 # Antiochos campaigns in IONIA
    assert best() == "ionia"                                 # (1) battle Antiochos III
    assert "Antiochos III" in roman_war.why_target(DATA, s, "seleucids", "ionia")


def test_the_status_panel_says_what_wins():
    rows = dict(GAME.status(fresh("dance-of-ares")))
    assert rows["To win"].startswith("5 of 6 Territorial VPs")
