"""Bounded movement: costs, blocked and stopping nodes."""

import networkx as nx

from hexmap.reach import within_budget

# a - b - c - d in a line, with a branch b - e
ADJ = nx.Graph({"a": ["b"], "b": ["a", "c", "e"], "c": ["b", "d"], "d": ["c"], "e": ["b"]})


def test_unit_costs_and_budget():
    assert within_budget("a", 2, ADJ) == {"b": 1, "c": 2, "e": 2}


def test_enter_costs():
    cost = {"a": 1, "b": 1, "c": 2, "d": 1, "e": 1}
    assert within_budget("a", 3, ADJ, cost) == {"b": 1, "c": 3, "e": 2}


def test_blocked_and_stopping_nodes():
    assert "c" not in within_budget("a", 5, ADJ, may_enter=lambda n: n != "c")
    reach = within_budget("a", 5, ADJ, must_stop=lambda n: n == "c")
    assert reach["c"] == 2 and "d" not in reach


def test_start_never_stops_the_mover():
    assert within_budget("c", 1, ADJ, must_stop=lambda n: True) == {"b": 1, "d": 1}
