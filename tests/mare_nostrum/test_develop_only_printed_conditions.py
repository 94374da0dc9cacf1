"""9.6: entering a phase asks the conditions printed for that phase only (the examples name
only the new phase's merchandise), and no condition the rulebook does not give."""

from __future__ import annotations

import pytest

from .helpers import act, bare, game, ids, place

G = game()


def merch_hex(merch: str) -> str:
    return next(h.id for h in sorted(G.map.hexes.values(), key=lambda h: h.id)
                if h.merchandise == merch and h.terrain in ("land", "coastal")
                and not h.capital_of)


def _at(row: str, first_box_of: int, posts: tuple[str, ...] = (), culture: int = 0) -> dict:
    """Rome just before the first box of Phase ``first_box_of`` on ``row``."""
    s = bare()
    dev = s["empires"]["rome"]["dev"]
    dev[row] = G.tables.box_phase[row].index(first_box_of)
    dev["culture"] = max(dev["culture"], G.tables.box_phase["culture"].index(culture) + 1
                         if culture else 0)
    for m in posts:
        place(s, merch_hex(m), "rome", post="trade_post")
    act(s, "rome", "develop")
    return s


@pytest.mark.rule("mare-nostrum", "9.6")
def test_banking_needs_silver_only():
    """9.6 example: SILVER for Banking; not the STONE, COPPER or IRON of lower phases."""
    assert "dev:economy" not in ids(_at("economy", 5))
    assert "dev:economy" in ids(_at("economy", 5, ("SILVER",)))


@pytest.mark.rule("mare-nostrum", "9.6")
def test_material_science_needs_copper_only():
    """9.6 Greek example: 'condition Copper' for Phase III, nothing else."""
    assert "dev:economy" not in ids(_at("economy", 3))
    assert "dev:economy" in ids(_at("economy", 3, ("COPPER",)))


@pytest.mark.rule("mare-nostrum", "9.6")
@pytest.mark.parametrize(("row", "ph"), [("economy", 2), ("fleet", 2), ("fleet", 3),
                                         ("fleet", 4), ("fleet", 5), ("military", 2),
                                         ("military", 4), ("military", 5)])
def test_phases_without_a_printed_condition_are_open(row: str, ph: int):
    """Roads, Fleet II-V and Military II, IV, V have no printed condition (no WOOD, IRON or
    Kingdom asked); Military IV-V with culture at City State (Military I's condition)."""
    assert f"dev:{row}" in ids(_at(row, ph, culture=1 if row == "military" else 0))


@pytest.mark.rule("mare-nostrum", "9.6")
def test_hoplites_still_need_a_republic():
    """17.2 example: Military Phase III (Hoplites) needs Republic."""
    assert "dev:military" not in ids(_at("military", 3, culture=1))
    assert "dev:military" in ids(_at("military", 3, culture=2))
