"""The Paths rule (2.7) searched without networkx gives networkx's answers, and the start of
a game does not import it (docs/PERFORMANCE.md: networkx is a 0.1-0.2 s import)."""

import json
import random
import subprocess
import sys

import networkx as nx

from rules.hubris import paths
from rules.hubris.mapdata import load_map
from rules.hubris.rulesdata_load import production


def _random_graph(rng: random.Random) -> tuple[list[str], list[tuple[str, str]]]:
    nodes = [f"n{i}" for i in rng.sample(range(40), rng.randint(1, 14))]
    edges = [(a, b) for a in nodes for b in nodes if a < b and rng.random() < 0.25]
    rng.shuffle(edges)
    return nodes, edges


def test_shortest_path_is_the_one_networkx_finds_on_the_same_graph():
    """Among equally short paths the rules must pick the same one as before (an Overseas
    Campaign sails it, 5.4), so the search follows networkx's order exactly."""
    rng = random.Random(7)
    found = 0
    for _ in range(400):
        nodes, edges = _random_graph(rng)
        g = nx.Graph()
        g.add_nodes_from(nodes)
        g.add_edges_from(edges)
        adj = paths.undirected(nodes, edges)
        for a in nodes:
            dist = paths.distances(adj, a)
            assert dist == nx.single_source_shortest_path_length(g, a)
            for b in nodes:
                want = nx.shortest_path(g, a, b) if nx.has_path(g, a, b) else None
                assert paths.shortest_path(adj, a, b) == want
                found += want is not None and len(want) > 2
    assert found > 1000          # many real searches, with ties among them


def test_components_match_networkx():
    rng = random.Random(11)
    for _ in range(200):
        nodes, edges = _random_graph(rng)
        keep = [n for n in nodes if rng.random() < 0.7]
        g = nx.Graph()
        g.add_nodes_from(nodes)
        g.add_edges_from(edges)
        want = {frozenset(c) for c in nx.connected_components(g.subgraph(keep))}
        comp = paths.components(paths.undirected(nodes, edges), keep)
        got: dict[int, set[str]] = {}
        for n, label in comp.items():
            got.setdefault(label, set()).add(n)
        assert {frozenset(c) for c in got.values()} == want


def test_land_borders_of_the_rules_data_are_the_map_graph():
    md = load_map()
    assert md.land_edges() == list(md.land_graph().edges())
    data = production()
    g = md.land_graph()
    for s in md.satrapies:
        assert data.neighbours(s) == sorted(g.neighbors(s))
        for t in md.satrapies:
            assert data.adjacent(s, t) == g.has_edge(s, t)
    for sea in md.seas:
        assert data.ports_on(sea) == sorted(p.id for p in md.places.values()
                                            if p.port_sea == sea)


START = """
import json, sys
from rules.engine.session import Session
s = Session.new("hubris", sys.argv[1], json.loads(sys.argv[2]), seed=1)
p = s.prompt()
print(json.dumps({"prompt": p is not None, "networkx": "networkx" in sys.modules,
                  "play": "rules.hubris.play" in sys.modules}))
"""


def _start(scenario: str, seats: dict[str, str]) -> dict[str, bool]:
    out = subprocess.run([sys.executable, "-c", START, scenario, json.dumps(seats)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_first_decision_of_a_game_imports_no_networkx():
    got = _start("fourth-syrian-war", {"ptolemies": "human", "seleucids": "human"})
    assert got == {"prompt": True, "networkx": False, "play": True}


def test_a_set_up_only_scenario_does_not_load_the_play_rules():
    assert _start("antiochos-the-great", {}) == {"prompt": False, "networkx": False,
                                                 "play": False}
