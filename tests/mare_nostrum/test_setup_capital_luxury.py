"""9.5 / ch.4 (ruling R-9.5-2): at set-up every empire's first post of each luxury type moves
its cube one box right, the capital's fortress included (Roma: SALT, Sardis: GOLD)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from rules.mare_nostrum.game import MareNostrum


@lru_cache(maxsize=1)
def _real() -> MareNostrum:
    return MareNostrum()


def _luxuries_held(g: MareNostrum, s: dict, empire: str) -> set[str]:
    return {g.map.hexes[h].merchandise for h, c in s["hexes"].items()
            if c["post"] and c["post"]["owner"] == empire
            and g.tables.merch_class.get(g.map.hexes[h].merchandise or "") == "luxury"}


@pytest.mark.rule("mare-nostrum", "9.5")
@pytest.mark.parametrize(("empire", "capital_luxury"), [("rome", "SALT"), ("persia", "GOLD")])
def test_a_luxury_capital_counts_as_a_first_luxury(empire: str, capital_luxury: str):
    g = _real()
    s = g.new_game("standard", [], {}, 1)
    cap = g.map.capital(empire)
    assert g.map.hexes[cap].merchandise == capital_luxury
    emp = s["empires"][empire]
    assert capital_luxury in emp["luxury_firsts"]
    assert emp["stability"] == g.tables.setups[empire]["stability"] + \
        len(_luxuries_held(g, s, empire))


@pytest.mark.rule("mare-nostrum", "9.5")
def test_every_empire_gets_one_box_per_luxury_type_at_setup():
    g = _real()
    s = g.new_game("standard", [], {}, 1)
    for e, emp in s["empires"].items():
        held = _luxuries_held(g, s, e)
        assert set(emp["luxury_firsts"]) == held, e
        assert emp["stability"] == g.tables.setups[e]["stability"] + len(held), e
