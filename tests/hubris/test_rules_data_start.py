"""The rules' plain land adjacency is the map's graph, and the first decision of a game
imports neither networkx nor, for a set-up-only scenario, the play rules."""

import json
import subprocess
import sys

from rules.hubris.mapdata import load_map
from rules.hubris.rulesdata_load import production


def test_land_borders_of_the_rules_data_are_the_map_graph():
    md = load_map()
    assert md.land_edges() == list(md.land_graph().edges())
    data = production()
    g = md.land_graph()
    for s in md.satrapies:
        assert list(data.neighbours(s)) == sorted(g.neighbors(s))
        for t in md.satrapies:
            assert data.adjacent(s, t) == g.has_edge(s, t)
    for sea in md.seas:
        assert list(data.ports_on(sea)) == sorted(p.id for p in md.places.values()
                                            if p.port_sea == sea)


START = """
import json, sys
import rules.hubris.game
from rules.engine.session import Session
if len(sys.argv) > 3:               # a scenario whose play is not written: none left in Hubris
    rules.hubris.game.PLAYABLE = frozenset()
s = Session.new("hubris", sys.argv[1], json.loads(sys.argv[2]), seed=1)
p = s.prompt()
print(json.dumps({"prompt": p is not None, "networkx": "networkx" in sys.modules,
                  "play": "rules.hubris.play" in sys.modules}))
"""


def _start(scenario: str, seats: dict[str, str], set_up_only: bool = False) -> dict[str, bool]:
    extra = ["set-up-only"] if set_up_only else []
    out = subprocess.run([sys.executable, "-c", START, scenario, json.dumps(seats), *extra],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_first_decision_of_a_game_imports_no_networkx():
    got = _start("fourth-syrian-war", {"ptolemies": "human", "seleucids": "human"})
    assert got == {"prompt": True, "networkx": False, "play": True}


def test_a_set_up_only_scenario_does_not_load_the_play_rules():
    assert _start("last-glimmers", {}, set_up_only=True) == {
        "prompt": False, "networkx": False, "play": False}
