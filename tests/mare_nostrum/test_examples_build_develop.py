"""Worked examples of 9.3 (BUILD costs), 9.4 (a trade post) and 9.6 (DEVELOP)."""

from __future__ import annotations

import pytest

from rules.mare_nostrum.build import may_build_legion, may_build_ship
from rules.mare_nostrum.units import legion_cv, legion_mp

from .example_setups import merch_hexes, posts
from .helpers import act, bare, game, ids, place

G = game()


def _first_box(row: str, ph: int) -> int:
    """Boxes entered when the cube sits on the first box of phase ``ph``."""
    return G.tables.box_phase[row].index(ph) + 1


def _cities(area_prefix: str, coastal: bool | None = None) -> list[str]:
    return [h.id for h in sorted(G.map.hexes.values(), key=lambda h: h.id)
            if h.city and h.merchandise and not h.capital_of and h.area
            and h.area.startswith(area_prefix)
            and (coastal is None or h.is_coast == coastal)]


@pytest.mark.example("mare-nostrum", "9.3/1")
@pytest.mark.rule("mare-nostrum", "9.3")
def test_build_two_legions_a_ship_and_a_fortress():
    """Greece at Military II, Fleet III, Economy III: legions 12 each, a ship 20, a fortress
    30: 74 Talents in one BUILD."""
    s = bare()
    dev = s["empires"]["greece"]["dev"]
    dev["military"], dev["fleet"], dev["economy"] = (_first_box("military", 2),
                                                      _first_box("fleet", 3),
                                                      _first_box("economy", 3))
    port = G.map.capital("greece")
    a, b, c = _cities("greece")[:3]
    for h in (port, a, b):
        place(s, h, "greece", post="fortress")
    place(s, c, "greece", post="trade_post")
    act(s, "greece", "build")
    money = s["empires"]["greece"]["money"]
    for choice in (f"legion:{a}", f"legion:{b}", f"ship:{port}", f"fortress:{c}"):
        assert choice in ids(s), choice
        s = G.apply(s, choice)
    assert money - s["empires"]["greece"]["money"] == 2 * 12 + 20 + 30 == 74


@pytest.mark.example("mare-nostrum", "9.4/1")
@pytest.mark.rule("mare-nostrum", "9.4")
def test_third_wool_post():
    """A Greek legion in a WOOL hex; 15 Talents for a third WOOL post: the WOOL cube goes from
    7 to 11, income +4, 145 -> 149."""
    s = bare()
    posts(s, "greece", {"WOOL": 2, "GOLD": 3, "SALT": 3, "SILVER": 3, "IRON": 3, "GLASS": 3,
                        "FISH": 2})
    assert s["empires"]["greece"]["income"] == 145
    taken = tuple(h for h, c in s["hexes"].items() if c["post"])
    h = merch_hexes("WOOL", 1, taken)[0]
    place(s, h, "greece", legions=1)
    act(s, "greece", "trade")
    money = s["empires"]["greece"]["money"]
    s = G.apply(s, f"post:{h}")
    assert money - s["empires"]["greece"]["money"] == 15
    assert G.tables.merch_value("WOOL", 2) == 7 and G.tables.merch_value("WOOL", 3) == 11
    assert s["empires"]["greece"]["income"] == 149


@pytest.mark.example("mare-nostrum", "9.6/1")
@pytest.mark.rule("mare-nostrum", "9.6")
def test_banking_needs_an_uncontested_silver_post():
    s = bare()
    s["empires"]["rome"]["dev"]["economy"] = _first_box("economy", 5) - 1
    act(s, "rome", "develop")
    assert "dev:economy" not in ids(s)
    silver = posts(s, "rome", {"SILVER": 1})[0]
    assert "dev:economy" in ids(s)
    place(s, silver, "carthage", legions=1, contested=True)
    assert "dev:economy" not in ids(s)


@pytest.mark.example("mare-nostrum", "9.6/2")
@pytest.mark.rule("mare-nostrum", "9.6")
def test_military_needs_city_state_and_ships_need_wool_wood_and_fleet_one():
    s = bare()
    cap = G.map.capital("rome")
    place(s, cap, "rome", post="fortress")
    act(s, "rome", "develop")
    assert "dev:military" not in ids(s) and "dev:fleet" not in ids(s)
    assert not may_build_legion(G, s, "rome", cap) and not may_build_ship(G, s, "rome", cap)
    s["empires"]["rome"]["dev"]["culture"] = 1                      # City State
    posts(s, "rome", {"WOOL": 1})
    assert "dev:military" in ids(s) and "dev:fleet" not in ids(s)   # WOOD still missing
    posts(s, "rome", {"WOOD": 1})
    assert "dev:fleet" in ids(s)
    s = G.apply(s, "dev:military")
    s = G.apply(s, "dev:fleet")
    assert may_build_legion(G, s, "rome", cap)
    assert G.map.hexes[cap].is_coast and may_build_ship(G, s, "rome", cap)


@pytest.mark.example("mare-nostrum", "9.6/3")
@pytest.mark.rule("mare-nostrum", "9.6")
def test_greek_development_example():
    """Greece on Military space 10, Fleet 17, Economy 26, Culture 7 pays 14 + 22 + 33 + 10 =
    79: Military II (legions CV 3, 5 MP, 12 Talents), Fleet stays II, Economy III (+10
    income: 150 -> 160, COPPER held), Republic (our table asks 2 luxuries: GOLD and SALT
    held), two boxes right on the Stability Track."""
    s = bare()
    dev = s["empires"]["greece"]["dev"]
    for row, space in (("military", 10), ("fleet", 17), ("economy", 26), ("culture", 7)):
        dev[row] = G.tables.boxes[row].index(space) + 1
    posts(s, "greece", {"COPPER": 1, "SALT": 1, "GOLD": 1, "SILVER": 3, "IRON": 3,
                        "GLASS": 3, "WINE": 3, "GRAIN": 3})
    emp = s["empires"]["greece"]
    assert emp["phases"] == {"military": 1, "fleet": 2, "economy": 2, "culture": 1}
    assert emp["income"] == 150
    act(s, "greece", "develop")
    money, stability = emp["money"], emp["stability"]
    for row in ("military", "fleet", "economy", "culture"):
        s = G.apply(s, f"dev:{row}")
    emp = s["empires"]["greece"]
    assert money - emp["money"] == 14 + 22 + 33 + 10 == 79
    assert emp["phases"] == {"military": 2, "fleet": 2, "economy": 3, "culture": 2}
    assert legion_cv(G, s, "greece") == 3 and legion_mp(G, s, "greece") == 5
    assert G.tables.cost("legion", emp["phases"]["military"]) == 12
    assert emp["income"] == 160
    assert G.tables.phase_names["economy"][3] == "Material Science"
    assert G.tables.phase_names["culture"][2] == "Republic"
    assert emp["stability"] == stability + 2
