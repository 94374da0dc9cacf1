"""ch.5, the sequence of a turn: income, turn order, the action cycle, victory, upkeep."""

from __future__ import annotations

import random

import pytest

from rules.mare_nostrum.sequence import end_cycle
from rules.mare_nostrum.supply import maintenance_cost
from rules.mare_nostrum.supply import over_supply as supply_excess

from .helpers import game

G = game()


def _play_to_turn(state: dict, turn: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    for _ in range(20_000):
        if state["turn"] >= turn or state.get("result"):
            break
        state = G.apply(state, rng.choice([c.id for c in G.prompt(state).choices]))
    return state


def _first(log: list[dict], rule: str, start: int = 0) -> int:
    return next(i for i, e in enumerate(log) if i >= start and e["rule"] == rule)


@pytest.mark.rule("mare-nostrum", "5")
def test_a_turn_runs_income_turn_order_actions_then_upkeep_then_the_next_turn():
    s = _play_to_turn(G.new_game("short", [], {}, 3), 2)
    assert s["turn"] == 2 and not s.get("result")
    log = s["log"]
    turn1 = _first(log, "5")
    turn2 = _first(log, "5", turn1 + 1)
    income, order = _first(log, "6", turn1), _first(log, "7", turn1)
    actions = [i for i, e in enumerate(log[:turn2]) if e["rule"].startswith("9.")
               and i > turn1]
    assert turn1 < income < order < actions[0]
    # the cycle ends when every empire passed in a row (9.7); fleet upkeep (10) comes after it
    end_of_cycle = max(i for i in range(turn1, turn2) if log[i]["rule"] == "9.7")
    assert all(i < end_of_cycle for i in actions if log[i]["rule"] != "9.7")
    assert all(e["rule"] not in ("6", "7") for e in log[order + 1:turn2])
    assert _first(log, "6", turn2) > turn2 and _first(log, "7", turn2) > turn2


def _end_of_cycle_with_a_winner(options: dict[str, str]) -> tuple[dict, int]:
    s = G.new_game("short", [], options, 3)
    s["vp_target"] = 0                       # every empire has reached it: ties are broken
    for emp in s["empires"].values():
        emp["money"] = 1_000
    cost = maintenance_cost(G, s, "greece")
    assert cost > 0                          # Greece starts with a fleet to pay for
    end_cycle(G, s)
    return s, cost


@pytest.mark.rule("mare-nostrum", "5")
def test_victory_is_checked_before_fleet_maintenance_by_the_phase_list():
    s, _ = _end_of_cycle_with_a_winner({})
    assert s["result"]["winners"]
    assert s["empires"]["greece"]["money"] == 1_000          # the game ended before upkeep
    assert all(e["rule"] != "10" for e in s["log"])


@pytest.mark.rule("mare-nostrum", "5")
def test_the_ruling_switch_checks_victory_after_maintenance_and_supply():
    s, cost = _end_of_cycle_with_a_winner({"victory_after_upkeep": "on"})
    assert not s.get("result")                               # not yet: upkeep first
    assert s["empires"]["greece"]["money"] == 1_000 - cost
    assert s["phase"] == "supply"
    G._advance(s)
    while supply_excess(s):                  # an empire over its supply disbands first (ch.10)
        assert not s.get("result")
        s = G.apply(s, G.prompt(s).choices[0].id)
    assert s["result"]["winners"] and s["turn"] == 1
