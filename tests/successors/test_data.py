"""The reconstructed edition's data: it loads, every record has a source, and it says what
the rulebook says where the rulebook says something."""

import networkx as nx
import pytest

from rules.successors.data import PATH_COST, edition

ED = edition()


def test_check_data_counts_records_by_source():
    from rules.engine import registry

    counts = registry.get("successors").check_data()
    assert set(counts) <= {"rule", "example", "derived", "reconstructed"}
    assert sum(counts.values()) > 500


#: every space the rulebook names (digest 2.2.4), with the spelling it uses
NAMED = ["babylon", "pella", "damaskos", "sardeis", "molossia", "memphis", "ekbatana",
         "kelainai", "halikarnassos", "sagalassos", "aspendos", "miletos", "ephesos", "lesbos",
         "tarsos", "issos", "chalybon", "myriandos", "pelousion", "gaza", "ake", "tyros",
         "heliopolis", "komana", "dana", "melitene", "mazaka", "zela", "amaseia", "athenai",
         "lamia", "larisa", "chersonesos", "abydos", "byzantion", "astakos", "rhagai",
         "hekatompylos", "kadousioi", "kossaioi", "sousa", "kyklades"]


@pytest.mark.rule("successors", "5")
def test_every_space_the_text_names_is_on_the_map():
    assert set(NAMED) <= set(ED.spaces)
    majors = {"babylon", "pella", "damaskos", "sardeis", "molossia", "ekbatana", "tyros"}
    assert all(ED.spaces[s].kind == "major" for s in majors)
    assert ED.spaces["kossaioi"].kind == "stronghold" and ED.spaces["kossaioi"].shield == 3
    assert ED.spaces["komana"].shield == 1


#: every path the rulebook's examples use, with its type (digest 2.2.5)
ROUTES = [("tarsos", "issos", "land"), ("issos", "chalybon", "land"),
          ("issos", "myriandos", "land"), ("sagalassos", "aspendos", "land"),
          ("athenai", "lamia", "land"), ("lamia", "larisa", "land"), ("larisa", "pella", "land"),
          ("abydos", "chersonesos", "strait"), ("byzantion", "astakos", "strait"),
          ("pelousion", "gaza", "sea"), ("gaza", "ake", "sea"), ("ake", "tyros", "sea"),
          ("ekbatana", "kossaioi", "mountain"), ("kossaioi", "sousa", "land")]


@pytest.mark.rule("successors", "8.2")
@pytest.mark.parametrize("a,b,kind", ROUTES)
def test_the_examples_routes_exist_with_their_type(a, b, kind):
    assert ED.kind(a, b) == kind
    assert ED.graph.edges[a, b]["cost"] == PATH_COST[kind]


@pytest.mark.rule("successors", "8.2")
def test_example_mountain_paths_to_transit_points():
    assert any(ED.spaces[n].kind == "transit" and ED.kind("issos", n) == "mountain"
               for n in ED.graph["issos"])
    assert any(ED.spaces[n].kind == "transit" and ED.kind("aspendos", n) == "mountain"
               for n in ED.graph["aspendos"])


def _mp(a: str, b: str) -> int:
    g = nx.Graph([(x, y, d) for x, y, d in ED.graph.edges(data=True) if d["kind"] != "trans"])
    return nx.shortest_path_length(g, a, b, weight="cost")


@pytest.mark.rule("successors", "6.6")
def test_example_distances_for_placing_pcs():
    # example 6.6.3.2: Sardeis, Miletos and Ephesos lie within 2 MP of Halikarnassos or
    # Kelainai; Lesbos is 3 MP from both
    for s in ("sardeis", "miletos", "ephesos"):
        assert min(_mp(s, "halikarnassos"), _mp(s, "kelainai")) <= 2
    assert _mp("lesbos", "halikarnassos") == 3 and _mp("lesbos", "kelainai") == 3
    # example 6.6.2: a minor general goes from Halikarnassos to Sagalassos with 2 MP
    assert _mp("halikarnassos", "sagalassos") == 2


@pytest.mark.rule("successors", "7")
def test_provinces_thresholds_and_bonus_spaces():
    for p in ED.provinces.values():
        assert p.need == len(p.spaces) // 2 + 1
    assert len(ED.provinces) == 31
    assert len(ED.extras["hellespont"]["spaces"]) == 5
    assert len(ED.provinces["kappadokia"].spaces) == 6
    assert len(ED.provinces["kilikia"].spaces) == 2 and len(ED.provinces["koile_syria"].spaces) == 2
    assert ED.provinces["babylonia"].major == "babylon"


def test_the_map_is_one_network_and_ports_have_sea_paths():
    assert nx.is_connected(ED.graph)
    for sid, sp in ED.spaces.items():
        naval = any(d["kind"] in ("sea", "trans") for _, _, d in ED.graph.edges(sid, data=True))
        assert naval == sp.port, sid


@pytest.mark.rule("successors", "20")
def test_the_deck_is_59_cards_with_the_numbers_the_text_gives():
    assert sorted(c.n for c in ED.cards.values()) == list(range(1, 60))
    named = {1: "Drink the Hemlock", 7: "Thracian Mercenaries", 11: "Pontic Fleet",
             15: "Condemnation", 17: "Unrest", 18: "Unrest", 19: "Unrest", 24: "Desertions",
             26: "Persian Popular Support", 31: "Kleopatra", 32: "Thessalonike",
             36: "Olympias", 54: "Mutiny", 58: "Ahura Mazda & Ahriman",
             59: "Repercussions of Defeat"}
    for n, name in named.items():
        assert ED.cards[f"c{n}"].name == name
    assert ED.cards["c58"].type == "surprise"
    assert all(ED.cards[f"c{n}"].must and ED.cards[f"c{n}"].type == "bonus" for n in (17, 18, 19))


@pytest.mark.rule("successors", "12.3")
def test_battle_table_fits_the_examples():
    from rules.successors.battle import score

    assert score(8, 7) == 4
    assert score(5, 12) == 7
    assert score(0, 12) == 0


@pytest.mark.rule("successors", "13")
def test_siege_table_fits_the_pella_example():
    assert ED.tables["siege"]["rows"]["3"] == [1, 1]
    assert ED.tables["siege"]["modifiers"]["pella"] == 0


def test_data_errors_name_file_line_and_key(tmp_path, monkeypatch):
    import shutil

    from rules.engine.data import DataError
    from rules.successors import data

    root = tmp_path / "successors"
    shutil.copytree(data._path("cards.yaml").parent, root)
    text = (root / "cards.yaml").read_text().replace("ops: 2, type: event, remove: true, "
                                                     "effect: {hemlock",
                                                     "ops: 9, type: event, remove: true, "
                                                     "effect: {hemlock")
    (root / "cards.yaml").write_text(text)
    monkeypatch.setattr(data, "_path", lambda name: root / name)
    data.edition.cache_clear()
    try:
        with pytest.raises(DataError, match=r"cards.yaml:\d+: ops: a card has 1 to 4"):
            data.edition()
    finally:
        monkeypatch.undo()
        data.edition.cache_clear()


@pytest.mark.slow
def test_the_committed_map_is_what_the_tool_builds():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "tools/build_successors_map.py", "--check"], cwd=root,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout
