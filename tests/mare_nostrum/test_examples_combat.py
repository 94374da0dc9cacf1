"""Worked examples of 9.1.3 (contesting a hex) and 9.2 (combat)."""

from __future__ import annotations

import pytest

from rules.mare_nostrum.combat import combat_value, culture_modifier
from rules.mare_nostrum.game import MareNostrum
from rules.mare_nostrum.pieces import units
from rules.mare_nostrum.stability import combat_modifier

from .example_setups import merch_hexes
from .helpers import act, bare, game, hx, ids, place
from .small_board import small_board

G = game()
SEA = hx(10, 7)
COAST = hx(10, 4)


def _neighbour_on_land(h: str) -> str:
    return next(n for n in sorted(G.map.land_graph.neighbors(h))
                if G.map.hexes[n].terrain in ("land", "coastal") and not G.map.hexes[n].mountain
                and not G.map.hexes[G.map.capital("greece")].id == n)


@pytest.mark.example("mare-nostrum", "9.1.3/1")
@pytest.mark.rule("mare-nostrum", "9.1.3")
def test_contesting_an_enemy_post():
    """The illustration is lost in the text; 9.1.3 around it: a legion entering a hex with an
    enemy post stops there, the hex is contested at once and the owner's income for that
    merchandise stops; nothing can be built or founded there; combat is only an option."""
    s = bare()
    target = merch_hexes("WOOL", 1)[0]
    start = _neighbour_on_land(target)
    place(s, target, "persia", post="trade_post")
    place(s, start, "greece", legions=1)
    before = s["empires"]["persia"]["income"]
    act(s, "greece", "move")
    s = G.apply(s, f"legions:{start}:1")
    assert f"to:{target}" in ids(s)
    s = G.apply(s, f"to:{target}")
    assert s["hexes"][target]["contested"]
    assert s["empires"]["persia"]["income"] == before - G.tables.merch_value("WOOL", 1)
    assert f"legions:{target}:1" not in ids(s)                     # it had to stop there
    act(s, "greece", "trade")
    assert f"post:{target}" not in ids(s)                          # no post in a contested hex
    act(s, "greece", "attack")
    assert f"takeover:{target}" in ids(s) and "done" in ids(s)     # attacking is optional


def _greek_pair_vs_persian_legion(greek_military: int = 0, greek_culture: int = 0) -> dict:
    s = bare()
    h = merch_hexes("WOOL", 1)[0]
    s["empires"]["persia"]["stability"] = 1
    s["empires"]["greece"]["stability"] = 0
    s["empires"]["greece"]["dev"]["military"] = greek_military
    s["empires"]["greece"]["dev"]["culture"] = greek_culture
    place(s, h, "persia", legions=1, post="trade_post")
    place(s, h, "greece", legions=2, contested=True)
    act(s, "greece", "attack")
    return s


@pytest.mark.example("mare-nostrum", "9.2/1")
@pytest.mark.rule("mare-nostrum", "9.2")
def test_two_legions_against_one_is_a_tie():
    """2 Greek legions (CV 1) against 1 Persian legion with a post, stability 0 and 1, no
    culture: 2 CV against 1, nobody reaches 3: no losses, the hex stays contested."""
    s = _greek_pair_vs_persian_legion()
    h = merch_hexes("WOOL", 1)[0]
    s = G.apply(s, f"land:{h}")
    last = [e["text"] for e in s["log"] if e["rule"] == "9.2" and "attacks" in e["text"]][-1]
    assert "2 CV against 1 CV" in last and "Greece loses 0, Persia loses 0" in last
    assert units(s, h, "greece")["legions"] == 2 and units(s, h, "persia")["legions"] == 1
    assert s["hexes"][h]["contested"]


@pytest.mark.example("mare-nostrum", "9.2/2")
@pytest.mark.rule("mare-nostrum", "9.2")
def test_city_state_and_stability_modify_per_combat():
    """City State: +2 per combat (attacking or defending); stability -4: -2 per combat."""
    s = bare()
    s["empires"]["greece"]["dev"]["culture"] = 1
    s["empires"]["persia"]["stability"] = -4
    assert culture_modifier(G, s, "greece") == 2
    assert combat_modifier(G, s, "persia") == -2
    place(s, COAST, "persia", legions=3)
    place(s, COAST, "greece", legions=3, contested=True)
    assert combat_value(G, s, COAST, "greece", "persia", "land", True)[0] == 3 + 2
    assert combat_value(G, s, COAST, "persia", "greece", "land", False)[0] == 3 - 2
    s["empires"]["persia"]["dev"]["culture"] = 1                    # defending City State
    assert combat_value(G, s, COAST, "persia", "greece", "land", False)[0] == 3 + 2 - 2


@pytest.mark.example("mare-nostrum", "9.2/3")
@pytest.mark.rule("mare-nostrum", "9.2")
def test_military_two_wins_the_hex_and_takes_the_post_later():
    """As 9.2/1 but Greece at Military II (CV 3) and, for its 8 CV, a City State (ruling
    R-9.2-6): the Persian legion goes, the Greek ones stay; the post changes hands only in
    a later ATTACK (R-9.2-2), free, and only then does Greece gain its income."""
    s = _greek_pair_vs_persian_legion(greek_military=3, greek_culture=1)
    h = merch_hexes("WOOL", 1)[0]
    persian_income = s["empires"]["persia"]["income"]
    s = G.apply(s, f"land:{h}")
    last = [e["text"] for e in s["log"] if e["rule"] == "9.2" and "attacks" in e["text"]][-1]
    assert "8 CV against 1 CV" in last
    assert units(s, h, "persia")["legions"] == 0 and units(s, h, "greece")["legions"] == 2
    assert s["empires"]["persia"]["income"] == persian_income       # adjusted when contested
    assert s["action"] is None                                      # no takeover this ATTACK
    act(s, "greece", "attack")
    money, income = s["empires"]["greece"]["money"], s["empires"]["greece"]["income"]
    s = G.apply(s, f"takeover:{h}")
    assert s["hexes"][h]["post"]["owner"] == "greece"
    assert s["empires"]["greece"]["money"] == money
    assert s["empires"]["greece"]["income"] == income + G.tables.merch_value("WOOL", 1)


@pytest.mark.example("mare-nostrum", "9.2/4")
@pytest.mark.rule("mare-nostrum", "9.2")
def test_fleet_example():
    """4 Greek ships CV 3 (12) against 5 Persian ships CV 2 (10): Persia loses 4, Greece 3;
    in its next MOVE Persia may sail its last ship out of the hex."""
    s = bare()
    s["empires"]["greece"]["dev"]["fleet"] = G.tables.box_phase["fleet"].index(3) + 1
    s["empires"]["persia"]["dev"]["fleet"] = G.tables.box_phase["fleet"].index(2) + 1
    place(s, SEA, "greece", ships=4)
    place(s, SEA, "persia", ships=5)
    act(s, "greece", "attack")
    s = G.apply(s, f"sea:{SEA}")
    last = [e["text"] for e in s["log"] if e["rule"] == "9.2" and "attacks" in e["text"]][-1]
    assert "12 CV against 10 CV" in last and "Greece loses 3, Persia loses 4" in last
    assert units(s, SEA, "greece")["ships"] == 1 and units(s, SEA, "persia")["ships"] == 1
    act(s, "persia", "move")
    s = G.apply(s, f"ships:{SEA}:1:0")
    assert any(i.startswith("to:") for i in ids(s))


def _cv2_game() -> MareNostrum:
    """Our Military II legions have CV 3 (9.6); the example's army has CV 2 legions, so this
    game's table gives Military II legions CV 2 (component data differ, ruling R-9.2-4)."""
    t = G.tables
    units_ = dict(t.units)
    values = list(units_["legion_cv"]["values"])
    values[2] = 2
    units_["legion_cv"] = {"values": values, "source": "test: the 9.2 example's CV 2"}
    return MareNostrum(board=small_board(), tables=t._replace(units=units_))


@pytest.mark.example("mare-nostrum", "9.2/5")
@pytest.mark.rule("mare-nostrum", "9.2")
@pytest.mark.parametrize("greek_stability", [0, 4])
def test_army_against_legion_and_fortress(greek_stability: int):
    """3 Greek legions CV 2 against 1 Persian legion CV 1 and a fortress, both City States:
    8 CV each. Persia's 8 kill 2 Greek legions; Greece's 8 kill the legion and leave 5, short
    of the 6 a fortress needs: the hex stays contested. With 9 CV (here +1 from stability 4)
    the legion and the fortress would both fall."""
    g = _cv2_game()
    s = bare()
    h = next(x.id for x in sorted(G.map.hexes.values(), key=lambda x: x.id)
             if x.city and x.area and x.area.startswith("persia") and not x.capital_of)
    for e in ("greece", "persia"):
        s["empires"][e]["dev"]["culture"] = 1
    s["empires"]["greece"]["dev"]["military"] = 3
    s["empires"]["greece"]["stability"] = greek_stability
    place(s, h, "persia", legions=1, post="fortress")
    place(s, h, "greece", legions=3, contested=True)
    act(s, "greece", "attack")
    assert f"land:{h}" in [c.id for c in g.prompt(s).choices]
    s = g.apply(s, f"land:{h}")
    last = [e["text"] for e in s["log"] if e["rule"] == "9.2" and "attacks" in e["text"]][-1]
    greek_cv = 8 + (greek_stability == 4)
    assert f"{greek_cv} CV against 8 CV" in last
    assert units(s, h, "greece")["legions"] == 1 and units(s, h, "persia")["legions"] == 0
    if greek_cv == 8:
        assert s["hexes"][h]["post"]["kind"] == "fortress"
        assert s["hexes"][h]["contested"]
    else:
        assert s["hexes"][h]["post"] is None
