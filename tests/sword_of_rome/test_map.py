"""The reconstructed map proves the rulebook's examples: adjacencies, routes, distances,
retreats (docs/sword-of-rome-components.md)."""

import networkx as nx
import pytest

from rules.sword_of_rome import board
from rules.sword_of_rome.data import edition

from .helpers import bare, put


def ed():
    return edition()


@pytest.mark.rule("sword-of-rome", "2.2")
@pytest.mark.parametrize("a,b,where", [
    ("pisae", "luna", "example 11.1"), ("pisae", "populonium", "example 11.1"),
    ("roma", "velitrae", "example 7.3.2"), ("velitrae", "fregellae", "example 12"),
    ("capua", "fregellae", "example 12"), ("messana", "catina", "example 9.6.3"),
    ("sentinum", "spoletium", "example 14.3")])
def test_adjacencies_the_examples_state(a, b, where):
    assert ed().graph.has_edge(a, b), where


def test_every_space_the_rulebook_names_is_on_the_map():
    named = ["roma", "velitrae", "praeneste", "tarracina", "capua", "narnia", "sutrium",
             "antium", "clusium", "tarquinii", "pisae", "populonium", "luna", "fregellae",
             "aufidena", "bovianum", "larinum", "neapolis", "syracuse", "messana", "tarentum",
             "catina", "lilybaeum", "selinus", "panormus", "carthago", "kerkouane", "eporedia",
             "genua", "mediolanum", "bononia", "sena_gallica", "patavium", "sentinum",
             "spoletium"]
    assert not [s for s in named if s not in ed().spaces]


@pytest.mark.rule("sword-of-rome", "5.10.1")
def test_reinforcement_values_are_the_rulebook_s():
    want = {"roma": 2, "antium": 1, "syracuse": 2, "messana": 1, "tarentum": 1, "neapolis": 1,
            "eporedia": 1, "genua": 1, "mediolanum": 1, "bononia": 1, "sena_gallica": 1,
            "patavium": 1, "pisae": 1, "tarquinii": 1, "aufidena": 1, "bovianum": 1,
            "larinum": 1, "carthago": 3}
    got = {s: sp.reinf for s, sp in ed().spaces.items() if sp.reinf}
    assert got == want


def test_the_map_is_one_country_each_island_whole_and_every_link_typed():
    g = ed().graph
    for region in ("italy", "sicily", "africa"):
        part = g.subgraph(s for s in g if ed().spaces[s].region == region)
        assert nx.is_connected(part), region
    assert {d["kind"] for _, _, d in g.edges(data=True)} <= {"clear", "rough", "strait"}
    assert g.edges["messana", "rhegium"]["kind"] == "strait"
    assert "eporedia" in ed().one_way["transalpine_box"]


@pytest.mark.rule("sword-of-rome", "9.2")
def test_clusium_army_reaches_roma_with_four_mp():
    """Example 7.3.2: an Etruscan army in Clusium attacks Roma in one activation."""
    st = bare()
    g = nx.Graph()
    for a, b in ed().graph.edges:
        g.add_edge(a, b, weight=board.cost(st, "etruscans", a, b))
    assert nx.shortest_path_length(g, "clusium", "roma", weight="weight") <= 4


@pytest.mark.rule("sword-of-rome", "9.2")
def test_samnites_treat_links_to_bovianum_and_aufidena_as_clear():
    st = bare()
    rough = [(a, b) for a, b, d in ed().graph.edges(data=True)
             if d["kind"] == "rough" and {a, b} & {"bovianum", "aufidena"}]
    assert rough, "the data should make some such link rough"
    a, b = rough[0]
    assert board.cost(st, "romans" if False else "rome", a, b) == 2
    assert board.cost(st, "samnites", a, b) == 1


@pytest.mark.rule("sword-of-rome", "12.4")
def test_roman_retreat_from_roma_can_reach_velitrae():
    """Example 7.3.2: a Roman army defeated in Roma retreats to Velitrae."""
    st = bare()
    put(st, "roma", "etruscans", 6)
    paths = board.retreat_options(st, "rome", "roma", 3, attacker=False, entry="veii")
    assert ["velitrae"] in paths
    assert all(len(p) == 1 for p in paths) and ["veii"] not in paths


@pytest.mark.rule("sword-of-rome", "12.4.1")
def test_retreat_never_crosses_rough_links_and_stops_at_four_spaces():
    st = bare()
    for s in st["spaces"]:
        st["spaces"][s]["ctl"] = "independent"
    st["spaces"]["roma"]["ctl"] = "rome"
    assert board.retreat_options(st, "rome", "tarentum", 2, attacker=False, entry=None) == []
    a, b = next((a, b) for a, b, d in ed().graph.edges(data=True) if d["kind"] == "rough")
    st["spaces"][b]["ctl"] = "rome"
    assert [b] not in board.retreat_options(st, "rome", a, 2, attacker=False, entry=None)
