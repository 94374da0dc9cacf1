"""5.10 and 8.2.2: in the Reinforcement Phase the player places his returning displaced
leaders and the two new consuls with his CU, in spaces where reinforcements could go."""

import pytest

from rules.sword_of_rome import phases
from rules.sword_of_rome.model import advance, current_prompt, ed

from .helpers import bare, choose, ids, put, run


@pytest.mark.rule("sword-of-rome", "8.2.2")
def test_the_roman_player_places_the_two_consuls_drawn_with_roman_cu_of_his_choice():
    st = bare()
    put(st, "roma", "rome", 6)
    put(st, "capua", "rome", 1)
    st["cu"].setdefault("veii", {})["rome"] = 2
    st["spaces"]["veii"]["ctl"] = "etruscans"                   # not a placement space
    phases.consuls(st, "rome")
    advance(st)
    p = current_prompt(st)
    assert p.rule == "5.10" and p.seat == "rome"
    assert set(ids(st)) == {"at:roma", "at:capua"}
    choose(st, "at:capua")                                      # the smaller army, his choice
    choose(st, "at:capua")
    placed = [lid for lid, at in st["leaders"].items() if ed().leaders[lid].consul
              and at in st["spaces"]]
    assert len(placed) == 2 and {st["leaders"][c] for c in placed} == {"capua"}


@pytest.mark.rule("sword-of-rome", "5.10.2")
def test_a_displaced_leader_returns_where_the_player_chooses_or_stays_displaced():
    st = bare()
    put(st, "pisae", "etruscans", 1)
    put(st, "tarquinii", "etruscans", 4)
    st["leaders"]["spurinna"] = "displaced"
    phases.return_leaders(st, "etruscans", "etruscans-samnites")
    advance(st)
    assert set(ids(st)) == {"at:pisae", "at:tarquinii"}
    choose(st, "at:pisae")
    assert st["leaders"]["spurinna"] == "pisae"
    st = bare()
    st["leaders"]["spurinna"] = "displaced"
    phases.return_leaders(st, "etruscans", "etruscans-samnites")
    advance(st)
    assert current_prompt(st) is None and st["leaders"]["spurinna"] == "displaced"


@pytest.mark.rule("sword-of-rome", "5.10.2")
def test_the_whole_roman_reinforcement_ends_with_the_consuls_placed():
    st = bare()
    put(st, "roma", "rome", 2)
    run(st, "side_reinforce", side="rome")
    while current_prompt(st):
        choose(st, ids(st)[0])
    placed = [lid for lid, at in st["leaders"].items() if ed().leaders[lid].consul
              and at in st["spaces"]]
    assert len(placed) == 2


@pytest.mark.rule("sword-of-rome", "8.3")
def test_the_reinforcement_phase_lets_the_player_reposition_his_minor_leaders():
    st = bare()
    st["leaders"]["egnatius"] = "out"
    put(st, "bovianum", "samnites", 2, "samnites_minor")
    put(st, "aufidena", "samnites", 3)
    run(st, "side_reinforce", side="etruscans-samnites", stage=1)
    p = current_prompt(st)
    assert p.rule == "8.3" and p.seat == "etruscans-samnites"
    assert "minor:samnites_minor:aufidena" in ids(st) and "done" in ids(st)
    choose(st, "minor:samnites_minor:aufidena")
    assert st["leaders"]["samnites_minor"] == "aufidena"
    assert not any(c.startswith("minor:samnites_minor") for c in ids(st) or [])
