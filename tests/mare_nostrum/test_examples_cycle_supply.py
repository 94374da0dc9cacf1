"""Worked examples of ch.8 and 9.7 (the action cycle), ch.10 (supply, maintenance), ch.11
(control of an island) and ch.13 (armies and fleets)."""

from __future__ import annotations

import pytest

from rules.mare_nostrum import supply
from rules.mare_nostrum.control import controls
from rules.mare_nostrum.refresh import refresh
from rules.mare_nostrum.units import fits_meeples

from .example_setups import merch_hexes, posts
from .helpers import bare, game, hx, ids, place

G = game()
COAST = hx(10, 4)


def _turn_of(s: dict, order: list[str], seat: str) -> None:
    s["order"] = order
    s["action"] = None
    s["cycle"]["next"] = order.index(seat)
    refresh(G, s)


@pytest.mark.example("mare-nostrum", "8/1")
@pytest.mark.rule("mare-nostrum", "8")
def test_move_chosen_eight_times_is_closed():
    """Greece, Rome and Egypt chose MOVE twice, Carthage and Persia once: 8 in all, so no
    one (not even Carthage or Persia) may choose MOVE again this cycle."""
    s = bare()
    cyc = s["cycle"]
    by = {"greece": 2, "rome": 2, "egypt": 2, "carthage": 1, "persia": 1}
    cyc["by"] = {e: {"move": n} for e, n in by.items()}
    cyc["counts"] = {"move": sum(by.values())}
    cyc["last"] = "build"
    assert cyc["counts"]["move"] == 8 == cyc["limit"]
    for seat in ("carthage", "persia"):
        _turn_of(s, list(s["order"]), seat)
        assert "action:move" not in ids(s)
        assert "action:attack" in ids(s)
    cyc["counts"]["move"] = 7                       # one use fewer: open again for them
    _turn_of(s, list(s["order"]), "carthage")
    assert "action:move" in ids(s)


@pytest.mark.example("mare-nostrum", "9.7/1")
@pytest.mark.rule("mare-nostrum", "9.7")
def test_develop_chosen_only_to_block():
    """An empire with no money may still choose DEVELOP; the next empire cannot take it."""
    s = bare()
    s["empires"]["greece"]["money"] = 0
    _turn_of(s, ["greece", "persia", "rome", "carthage", "egypt"], "greece")
    assert "action:develop" in ids(s)
    s = G.apply(s, "action:develop")                 # nothing to pay with: it ends at once
    assert s["action"] is None and s["cycle"]["next"] == 1
    assert "action:develop" not in ids(s)


@pytest.mark.example("mare-nostrum", "9.7/2")
@pytest.mark.rule("mare-nostrum", "9.7")
def test_attack_chosen_to_deny_it_to_persia():
    """Greece, just before Persia, chooses ATTACK and fights nowhere: Persia, who could attack
    the contested hex, cannot choose ATTACK."""
    s = bare()
    place(s, COAST, "greece", legions=1, post="trade_post")
    place(s, COAST, "persia", legions=2, contested=True)
    _turn_of(s, ["greece", "persia", "rome", "carthage", "egypt"], "greece")
    s = G.apply(s, "action:attack")
    assert f"land:{COAST}" in ids(s)
    s = G.apply(s, "done")
    assert s["cycle"]["next"] == 1                   # Persia's choice
    assert "action:attack" not in ids(s)
    assert units_left(s) == (1, 2)


def units_left(s: dict) -> tuple[int, int]:
    u = s["hexes"][COAST]["units"]
    return u["greece"]["legions"], u["persia"]["legions"]


@pytest.mark.example("mare-nostrum", "10/1")
@pytest.mark.rule("mare-nostrum", "10")
def test_five_food_posts_supply_ten_legions():
    """Persia: 5 food posts supply 10 legions; with 11 on the map one must go (owner's
    choice)."""
    s = bare()
    posts(s, "persia", {"GRAIN": 1, "FISH": 1, "OLIVES": 1, "CATTLE": 1, "WINE": 1})
    a, b = merch_hexes("IRON", 2)
    place(s, a, "persia", legions=6)
    place(s, b, "persia", legions=5)
    emp = s["empires"]["persia"]
    assert emp["supply"] == 10 and emp["legions"] == 11
    assert supply.over_supply(s) == "persia"
    p = supply.prompt(G, s)
    assert "remove 1" in p.text and {f"disband:{a}", f"disband:{b}"} <= {c.id for c in p.choices}
    supply.apply(G, s, f"disband:{b}")
    refresh(G, s)
    assert s["empires"]["persia"]["legions"] == 10 and supply.over_supply(s) is None


@pytest.mark.example("mare-nostrum", "10/2")
@pytest.mark.rule("mare-nostrum", "10")
def test_four_ships_at_fleet_four_cost_sixteen():
    s = bare()
    s["empires"]["greece"]["dev"]["fleet"] = G.tables.box_phase["fleet"].index(4) + 1
    place(s, hx(10, 7), "greece", ships=4)
    assert supply.maintenance_cost(G, s, "greece") == 16
    money = s["empires"]["greece"]["money"]
    supply.pay_maintenance(G, s)
    assert money - s["empires"]["greece"]["money"] == 16


@pytest.mark.example("mare-nostrum", "11/1")
@pytest.mark.rule("mare-nostrum", "11")
def test_one_hex_island_control():
    """A one-hex island is controlled with a post or a legion (or army) there, uncontested."""
    isle = next(a for a in sorted(G.map.areas) if len(G.map.merch_hexes(a)) == 1
                and G.map.areas[a].kind == "island")
    h = G.map.merch_hexes(isle)[0]
    for piece in ({"post": "trade_post"}, {"legions": 1}, {"legions": 3}):
        s = bare()
        place(s, h, "greece", **piece)
        assert controls(G, s, isle, "greece")
        assert isle in s["empires"]["greece"]["control"]
        place(s, h, "persia", legions=1, contested=True)
        assert not controls(G, s, isle, "greece")
    s = bare()
    place(s, h, "greece", ships=1)
    assert not controls(G, s, isle, "greece")


@pytest.mark.example("mare-nostrum", "13/1")
@pytest.mark.rule("mare-nostrum", "13")
def test_greece_has_one_army_and_three_fleets():
    s = bare()
    assert s["empires"]["greece"]["meeples"] == {"armies": 1, "fleets": 3}
    seas = [hx(c, 7) for c in (9, 10, 11, 13)]
    for h in seas[:3]:
        place(s, h, "greece", ships=2)                     # three fleets
    assert not fits_meeples(s, "greece", {seas[3]: (0, 2)})  # no fourth fleet
    land = merch_hexes("IRON", 2)
    place(s, land[0], "greece", legions=2)                 # the one army
    assert not fits_meeples(s, "greece", {land[1]: (2, 0)})
    assert fits_meeples(s, "greece", {land[0]: (1, 0)})    # it may grow
