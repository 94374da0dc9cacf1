"""map.yaml: ids, references, provenance, symmetric borders, islands, straits, reachability."""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import pytest
import yaml

from rules.engine.data import SOURCE_KINDS, DataError, source_kind
from rules.engine.registry import asset_dir
from rules.hubris.mapdata import check_data, load_map, parse_map

MAP = asset_dir("hubris") / "map.yaml"


@pytest.fixture(scope="module")
def raw() -> dict:
    return yaml.safe_load(MAP.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def md():
    return load_map()


@pytest.mark.rule("hubris", "2.5.1")
def test_land_borders_symmetric_in_file(raw):
    listed = {s["id"]: set(s["land_borders"]) for s in raw["satrapies"]}
    for a, others in listed.items():
        for b in others:
            assert a in listed[b], f"{a} lists {b} but {b} does not list {a}"
    seas = {s["id"]: set(s["borders"]) for s in raw["seas"]}
    for a, others in seas.items():
        for b in others:
            assert a in seas[b], f"sea {a} lists {b} but not back"


@pytest.mark.rule("hubris", "2.5.1")
def test_loader_graph_symmetric_and_complete(md):
    g = md.land_graph()
    assert isinstance(g, nx.Graph) and not g.is_directed()
    assert set(g.nodes) == set(md.satrapies)
    for s in md.satrapies.values():
        assert set(g.neighbors(s.id)) == set(s.land_borders)


@pytest.mark.rule("hubris", "2.5.1")
def test_islands_have_no_land_border(md):
    g = md.land_graph()
    for island in ("krete", "kypros", "kyrenaike", "rhodos", "koinon-nesioton"):
        assert g.degree(island) == 0, island
        assert md.satrapies[island].coastal


@pytest.mark.rule("hubris", "2.7")
def test_straits_are_not_adjacency(md):
    g = md.land_graph()
    pairs = {frozenset(s["between"]) for s in md.straits}
    assert pairs == {frozenset(("thrake", "mysia")), frozenset(("aitolia-epeiros", "peloponnesos"))}
    for pair in pairs:
        a, b = tuple(pair)
        assert not g.has_edge(a, b)
    # and no Land Path joins Europe and Asia Minor at all: the crossing is the only link
    europe = set(md.in_region("europe"))
    for comp in nx.connected_components(g):
        assert not (comp & europe) or not (comp & {"mysia", "ionia"})


@pytest.mark.rule("hubris", "2.5.1")
def test_every_satrapy_reachable_by_land_or_sea(md):
    g = md.area_graph()
    assert nx.is_connected(g)
    for s in md.satrapies.values():
        assert s.land_borders or s.seas, s.id


@pytest.mark.rule("hubris", "2.5.3")
def test_nine_seas_one_deep(md):
    assert len(md.seas) == 9
    assert [s.id for s in md.seas.values() if s.deep] == ["kretikon-pelagos"]
    assert {
        "adrias",
        "sikelikon-pelagos",
        "aigaion-pelagos",
        "propontis",
        "kretikon-pelagos",
        "pamphylion-pelagos",
        "aigyption-pelagos",
        "libykon-pelagos",
    } < set(md.seas)
    ninth = md.seas["pontos-euxeinos"]
    assert ninth.source.startswith("reconstructed:")
    assert {r["to"] for r in md.italia["roman_routes"]} == {"illyria", "aitolia-epeiros"}


@pytest.mark.rule("hubris", "2.5.1")
def test_thirty_five_satrapies_and_stated_figures(md):
    assert len(md.satrapies) == 35
    ks = md.satrapies["koile-syria"]
    assert ks.vp["ptolemies"] == ks.vp["seleucids"] == (2, 3) and ks.vp["macedon"] == (1, 1)
    assert ks.tax == (4, 7) and ks.supply == 3 and ks.shipyard
    assert len(md.places_in("koile-syria")) == 5
    assert all(p.kind == "city" for p in md.places_in("koile-syria"))
    assert {p.id for p in md.places_in("koile-syria") if p.port_sea} == {
        "tyros",
        "sidon",
        "ptolemais-ake",
    }
    pel = md.satrapies["peloponnesos"]
    assert (
        len(md.places_in("peloponnesos")) == 6 and pel.vp["macedon"] == (2, 3) and pel.tax == (4, 6)
    )
    assert md.satrapies["makedonia"].tax == (4, 6)
    assert md.satrapies["thessalia"].tax == (2, 3) and md.satrapies["boiotia-euboia"].tax == (2, 3)
    assert md.satrapies["kypros"].tax == (3, 3) and md.satrapies["kypros"].supply == 3
    assert len(md.places_in("thessalia")) == 3
    assert all(p.status == "greek" for p in md.places_in("thessalia"))
    assert len(md.places_in("thrake")) == 4 and len(md.places_in("mysia")) == 3
    assert md.places["sardeis"].stronghold == -2 and md.places["tyros"].stronghold == -1
    assert md.places["tapouroi"].stronghold == -1 and md.places["tapouroi"].kind == "tribe"
    assert md.satrapies["lykia-pamphylia"].rough and md.satrapies["kilikia"].rough
    assert md.border_cost("koile-syria", "pelousiakon-stoma") > 0
    assert md.border_cost("baktriane", "parthyene") > 0
    caps = {p.id: p.capital_of for p in md.places.values() if p.capital_of}
    assert caps == {
        "pella": "macedon",
        "alexandreia": "ptolemies",
        "antiocheia": "seleucids",
        "seleukeia-tigris": "seleucids",
    }


@pytest.mark.rule("hubris", "2.5.1")
def test_two_values_only_with_three_places(md):
    for s in md.satrapies.values():
        if len(md.places_in(s.id)) < 3:
            assert s.tax[0] == s.tax[1], s.id
            assert all(v[0] == v[1] for v in s.vp.values()), s.id


@pytest.mark.rule("hubris", "2.5.4")
def test_places_valid(md, raw):
    ids = (
        [p["id"] for p in raw["places"]]
        + [s["id"] for s in raw["satrapies"]]
        + [s["id"] for s in raw["seas"]]
    )
    assert len(ids) == len(set(ids))
    for p in md.places.values():
        assert p.satrapy in md.satrapies
        if p.port_sea:
            assert p.kind == "city" and p.port_sea in md.satrapies[p.satrapy].seas
        assert -2 <= p.stronghold <= 0
        lon, lat = p.lonlat
        assert 15 < lon < 70 and 23 < lat < 45, p.id
    assert md.places["pergamon"].status == "subject" and md.places["syrinx"].status == "subject"


@pytest.mark.rule("hubris", "2.5.8")
def test_heartlands(md):
    assert md.minors == {
        "aitolian-league": ("aitolia",),
        "achaian-league": ("achaia", "megalopolis"),
        "sparta": ("sparte",),
        "rhodes": ("rhodos-city",),
        "pergamon": ("pergamon",),
        "parthians": ("parnoi", "syrinx"),
    }


def _records(node):
    if isinstance(node, dict):
        if "source" in node:
            yield node
        for v in node.values():
            yield from _records(v)
    elif isinstance(node, list):
        for v in node:
            yield from _records(v)


def test_every_record_has_a_valid_source(md, raw):
    for key in (
        "regions",
        "satrapies",
        "places",
        "seas",
        "straits",
        "border_supply_costs",
        "boxes",
        "minors",
    ):
        for rec in raw[key]:
            assert "source" in rec, rec.get("id")
    for rec in _records(raw):
        kind = source_kind_of(rec["source"])
        assert kind in SOURCE_KINDS, rec["source"]
        for text in rec.get("sources", {}).values():
            assert source_kind_of(text) in SOURCE_KINDS, text
    for p in md.places.values():
        if p.lonlat_from == "dare":
            assert "DARE" in p.sources["lonlat"]


def source_kind_of(text: str) -> str:
    return text.split(":", 1)[0].split(" ", 1)[0].strip().lower()


def test_check_data_counts():
    counts = check_data()
    assert set(counts) <= set(SOURCE_KINDS)
    assert counts["scenario"] > 100 and counts["reconstructed"] > 10 and counts["rule"] > 10


def test_broken_file_names_file_line_key(tmp_path):
    text = MAP.read_text(encoding="utf-8").replace(
        'land_borders: ["ionia", "lydia-phrygia", "bithynia"]',
        'land_borders: ["ionia", "bithynia"]',
        1,
    )
    bad = tmp_path / "map.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        parse_map(bad)
    assert err.value.key == "land_borders" and err.value.line and "map.yaml" in str(err.value)
    assert source_kind  # the engine helper is what validates each record


@pytest.mark.rule("hubris", "2.5.6")
def test_place_facts_feed_details_and_tooltip():
    from rules.engine import registry

    md = load_map()
    assert md.place_facts("sardeis") == ["Stronghold -2"]
    assert "Capital of the Ptolemies" in md.place_facts("alexandreia")
    game = registry.get("hubris")
    state = game.new_game("fourth-syrian-war", ["ptolemies", "seleucids"], {}, 1)
    assert "Capital of the Ptolemies" in game.describe(state, "alexandreia")


def test_cached_map_and_scenarios_equal_the_validated_ones(tmp_path, monkeypatch):
    """load_map/load_scenarios read the validated records back from the cache (content
    keyed); what they give equals a fresh parse and check, LineDict lines included."""
    from rules.hubris import scenarios

    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    fresh_map = parse_map(asset_dir("hubris") / "map.yaml")
    fresh = scenarios.parse_scenarios(asset_dir("hubris") / "scenarios.yaml", fresh_map)
    for _ in range(2):                           # built and stored, then read back
        load_map.cache_clear()
        scenarios.load_scenarios.cache_clear()
        md, sd = load_map(), scenarios.load_scenarios()
        assert md == fresh_map and md.source_counts == fresh_map.source_counts
        assert sd.records == fresh.records and sd.source_counts == fresh.source_counts
        rec, want = sd.records["new-hopes"], fresh.records["new-hopes"]
        assert (rec.path, rec.line, rec.key_lines) == (want.path, want.line, want.key_lines)
    assert {p.name.split("-")[1] for p in (tmp_path / "derived").iterdir()} >= {
        "map", "scenarios"}
    load_map.cache_clear()
    scenarios.load_scenarios.cache_clear()


def test_an_edited_map_is_checked_again_not_read_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HEGEMON_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("HEGEMON_NO_CACHE", raising=False)
    good = asset_dir("hubris") / "map.yaml"
    copy = tmp_path / "map.yaml"
    copy.write_bytes(good.read_bytes())
    load_map(str(copy))                          # stored
    copy.write_text(good.read_text().replace("source: \"rule 2.5.2\"", "source: \"rumour\"", 1))
    load_map.cache_clear()
    with pytest.raises(DataError, match="rumour"):
        load_map(str(copy))
    load_map.cache_clear()


@pytest.mark.parametrize(("printed", "edited", "key"), [
    ("tax: [4, 6]", "tax: [4, 6.5]", "tax"),
    ("vp: {macedon: [2, 3],", "vp: {macedon: [2, 3.25],", "macedon"),
])
def test_values_a_control_refresh_cannot_sum_exactly_are_refused(tmp_path, printed, edited,
                                                                 key):
    """A Control refresh sums Tax Values in whole Talents and VP Values in halves
    (``MapData.tax_talents``, ``vp_halves``): a map with other values is refused by name."""
    bad = tmp_path / "map.yaml"
    bad.write_text(MAP.read_text(encoding="utf-8").replace(printed, edited, 1),
                   encoding="utf-8")
    with pytest.raises(DataError) as err:
        parse_map(bad)
    assert err.value.key == key and "map.yaml" in str(err.value)


def test_control_values_in_whole_units_equal_the_printed_ones(md):
    for sid, s in md.satrapies.items():
        assert md.tax_talents[sid][0] == s.tax
        assert md.tax_talents[sid][1] == s.tax_anachoresis
        for k, pair in s.vp.items():
            assert tuple(Fraction(v, 2) for v in md.vp_halves[sid][k]) == pair
