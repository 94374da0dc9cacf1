"""The Mare Nostrum board built from real geography (assets/mare-nostrum/map.yaml)."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from hexmap.hexgrid import hex_id, neighbours, parse_hex_id
from rules.engine.data import DataError
from rules.mare_nostrum.board import EMPIRES, MERCHANDISE, check_board, load_board

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "assets" / "mare-nostrum" / "map.yaml"


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.mark.rule("mare-nostrum", "3.1")
def test_twenty_provinces_and_thirteen_islands(board):
    kinds = Counter(a.kind for a in board.areas.values())
    assert kinds == {"province": 20, "island": 13}
    assert len(board.provinces()) == 20 and len(board.islands()) == 13


@pytest.mark.rule("mare-nostrum", "17.9")
def test_provinces_named_by_the_rulebook_exist_in_italy(board):
    for pid in ("samnium", "etruria", "lucania", "apulia"):
        area = board.areas[pid]
        assert area.kind == "province" and area.home == "rome"
        lons = [board.cities[c].lon for c in board.cities if board.hexes[board.cities[c].hex].area
                == pid]
        assert all(8 < lon < 19 for lon in lons)           # the Italian peninsula


@pytest.mark.rule("mare-nostrum", "11")
def test_every_area_is_connected_and_has_a_merchandise_hex(board):
    for aid in board.areas:
        hexes = board.hexes_of(aid)
        assert hexes, aid
        assert nx.is_connected(board.graph.subgraph(hexes)), aid
        assert board.merchandise_hexes(aid), aid


@pytest.mark.rule("mare-nostrum", "3.2")
def test_terrain_follows_the_four_hex_types(board):
    for h in board.hexes.values():
        touches_sea = any(board.hexes[n].terrain == "sea" for n in board.neighbours(h.id))
        if h.terrain == "coastal":
            assert touches_sea, h.id
        if h.terrain == "land":
            assert not touches_sea, h.id
        if h.terrain == "island":
            assert board.areas[h.area].kind == "island"
        if h.terrain in ("land", "coastal"):
            assert board.areas[h.area].kind == "province"
        if h.terrain == "sea":
            assert h.area is None and h.city is None and h.merchandise is None
        if h.mountain:
            assert h.terrain in ("land", "coastal")
    kinds = Counter(h.terrain for h in board.hexes.values())
    assert 300 <= kinds["land"] + kinds["coastal"] + kinds["island"] <= 700
    assert sum(h.mountain for h in board.hexes.values()) > 40


@pytest.mark.rule("mare-nostrum", "3.2")
def test_cities_carry_merchandise_and_stand_on_land(board):
    for c in board.cities.values():
        h = board.hexes[c.hex]
        assert h.city == c.id and h.merchandise == c.merchandise in MERCHANDISE
        assert h.terrain != "sea"
    merch = Counter(h.merchandise for h in board.hexes.values() if h.merchandise)
    assert set(merch) == set(MERCHANDISE)                   # every type is somewhere


@pytest.mark.rule("mare-nostrum", "4")
def test_rulebook_cities_and_capitals(board):
    want = {"Athenae": "COPPER", "Corinthus": "STONE", "Sparta": "STONE", "Patrae": "WOOD",
            "Nicopolis": "SILVER"}
    for name, merch in want.items():
        assert board.hexes[board.city_hex(name)].merchandise == merch
    assert board.capital("greece") == board.city_hex("Athenae")
    assert board.capital("egypt") == board.city_hex("Memphis")
    for e in EMPIRES:
        cap = board.hex(board.capital(e))
        assert cap.capital_of == e and cap.home == e
    assert board.hex(board.capital("greece")).terrain == "coastal"    # ships start there


@pytest.mark.rule("mare-nostrum", "4")
def test_greek_setup_example_takes_the_nearest_merchandise_hexes(board):
    """Setup step 2: trade posts go to the merchandise hexes nearest the capital, counted
    over land and coastal hexes; the example's five must be a legal nearest-first choice."""
    athenae = board.capital("greece")
    sparta = board.city_hex("Sparta")
    fish = [n for n in board.land_neighbours(sparta)
            if board.hexes[n].merchandise == "FISH" and board.hexes[n].terrain == "coastal"]
    assert len(fish) == 1                                   # "the hex next to Sparta"
    chosen = {board.city_hex(n) for n in ("Corinthus", "Sparta", "Patrae", "Nicopolis")}
    chosen.add(fish[0])
    dist = board.land_distances(athenae)
    assert chosen <= set(dist)
    farthest = max(dist[h] for h in chosen)
    others = [h for h in dist if board.hexes[h].merchandise and h != athenae
              and h not in chosen]
    assert all(dist[h] >= farthest for h in others)


def test_graph_is_the_drawn_adjacency(board):
    for h in board.hexes.values():
        drawn = {hex_id(n) for n in neighbours(h.axial) if hex_id(n) in board.hexes}
        assert set(board.neighbours(h.id)) == drawn
    assert board.graph.number_of_nodes() == len(board.hexes)


@pytest.mark.rule("mare-nostrum", "9.1.1")
def test_legions_need_ships_to_reach_islands_and_ships_never_sail_overland(board):
    for a, b, d in board.graph.edges(data=True):
        ta, tb = board.hexes[a].terrain, board.hexes[b].terrain
        if d["land_link"]:
            assert "sea" not in (ta, tb)
            assert board.landmass(a) == board.landmass(b)
        if d["sea_link"]:
            assert "land" not in (ta, tb)
            if ta != "sea" and tb != "sea":                 # along a shore: water touches both
                common = set(board.neighbours(a)) & set(board.neighbours(b))
                assert any(board.hexes[c].terrain == "sea" for c in common)
    sicily = board.city_hex("Syracusae")
    assert all(board.hexes[n].area == "sicilia" for n in board.land_neighbours(sicily))


def test_the_empires_can_reach_each_other(board):
    land = nx.Graph([(a, b) for a, b, d in board.graph.edges(data=True) if d["land_link"]])
    assert nx.has_path(land, board.capital("rome"), board.capital("greece"))
    assert nx.has_path(land, board.capital("carthage"), board.capital("egypt"))
    sea = nx.Graph([(a, b) for a, b, d in board.graph.edges(data=True) if d["sea_link"]])
    ports = [board.capital(e) for e in ("rome", "carthage", "greece")]
    ports.append(board.city_hex("Alexandria"))
    for p in ports[1:]:
        assert nx.has_path(sea, ports[0], p)


@pytest.mark.rule("mare-nostrum", "9.1.2")
def test_mountains_cost_two(board):
    alps = [h.id for h in board.hexes.values() if h.mountain]
    plain = next(h.id for h in board.hexes.values() if h.terrain == "land" and not h.mountain)
    assert board.enter_cost(alps[0]) == 2 and board.enter_cost(plain) == 1
    # the Alps and the Taurus are mountains where they really are
    from hexmap.geo import MEDITERRANEAN
    for lon, lat in ((7.0, 45.0), (33.3, 37.0)):
        h = hex_id(board.layout.from_pixel(*MEDITERRANEAN.to_xy(lon, lat)))
        assert board.is_mountain(h), (lon, lat)


def test_helpers(board):
    rome = board.capital("rome")
    assert board.province_of(rome) == "etruria"
    assert rome in board.hexes_of("etruria")
    assert board.is_coastal(rome) and not board.is_coastal(board.capital("egypt"))
    assert board.city_at(rome).name == "Roma"
    assert set(board.sea_neighbours(rome)) <= set(board.neighbours(rome))
    assert set(board.land_neighbours(rome)) <= set(board.neighbours(rome))
    assert board.home_hexes("carthage") and all(board.hexes[h].home == "carthage"
                                                 for h in board.home_hexes("carthage"))
    with pytest.raises(KeyError, match="no hex"):
        board.hex("999,999")
    with pytest.raises(KeyError):
        board.hexes_of("atlantis")
    assert load_board() is board                             # cached


def test_check_board_counts_records_by_source_kind(board):
    counts = check_board()
    records = 1 + len(board.areas) + len(board.cities) + len(board.sites) + len(board.hexes)
    assert sum(counts.values()) == records
    assert counts["rule"] >= 4 and counts["example"] >= 6 and counts["reconstructed"] > 50


def test_attribution_kept():
    text = MAP.read_text(encoding="utf-8")
    assert "DARE" in text and "CC BY-SA" in text and "Natural Earth" in text


@pytest.mark.parametrize("old,new,key", [
    ('terrain: "coastal"', 'terrain: "swamp"', "terrain"),
    ('merchandise: "COPPER", capital_of', 'merchandise: "PEPPER", capital_of', "merchandise"),
    ('area: "etruria"', 'area: "atlantis"', "area"),
])
def test_broken_map_names_file_line_and_key(tmp_path, old, new, key):
    text = MAP.read_text(encoding="utf-8")
    assert old in text
    bad = text.replace(old, new, 1)
    line = bad.splitlines().index(next(ln for ln in bad.splitlines() if new in ln)) + 1
    path = tmp_path / "map.yaml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(DataError) as err:
        check_board(path)
    assert err.value.path == str(path) and err.value.key == key and err.value.line == line


def test_wrong_area_count_is_refused(tmp_path):
    text = MAP.read_text(encoding="utf-8").replace('kind: "island", name: "Melita"',
                                                   'kind: "province", name: "Melita"')
    path = tmp_path / "map.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError):
        check_board(path)


def test_committed_map_matches_the_generator():
    pytest.importorskip("shapely", reason="the map tools' extra: pip install -e '.[tools]'")
    spec = importlib.util.spec_from_file_location(
        "build_mare_nostrum_map", ROOT / "tools" / "build_mare_nostrum_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    data = mod.build()
    assert mod.to_yaml(data) == MAP.read_text(encoding="utf-8")
    coast = json.loads((MAP.parent / "map-coast.json").read_text(encoding="utf-8"))
    assert coast == mod.coastline(data)
    # and the classification itself, on a few hexes by name
    board = load_board()
    assert board.hexes[board.capital("rome")].terrain == "coastal"
    sea = hex_id(board.layout.from_pixel(*__import__("hexmap.geo").geo.MEDITERRANEAN.to_xy(
        18.0, 34.0)))                                        # the open Ionian/Libyan sea
    assert board.hexes[sea].terrain == "sea"
    assert parse_hex_id(sea)



def test_the_nearest_hexes_over_land_are_those_of_a_full_search():
    """nearest_over_land (set-up step 2: trade posts nearest the capital, ties by hex id)
    stops early, yet finds what sorting every reachable hex finds."""
    import random

    from rules.engine import registry

    geo = registry.get("mare-nostrum").map
    rng = random.Random(5)
    land = sorted(h for h, x in geo.hexes.items() if x.terrain != "sea")
    wanted = {h for h in geo.hexes if geo.hexes[h].merchandise}
    for start in rng.sample(land, 25):
        dist = geo.land_distances(start)
        for count in (1, 3, 8):
            want = wanted - {start}
            full = sorted((d, h) for h, d in dist.items() if h in want)[:count]
            assert geo.nearest_over_land(start, want.__contains__, count) == full
