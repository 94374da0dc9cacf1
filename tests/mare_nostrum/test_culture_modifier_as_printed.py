"""9.2 / 9.6: the cultural combat modifier is the printed one (City State +2 per combat);
no "Tyrant" malus when the economy runs ahead of culture (its size and trigger are not
printed; ruling R-9.6-1)."""

from __future__ import annotations

import pytest

from rules.mare_nostrum.combat import combat_value, culture_modifier

from .helpers import bare, game, hx, place

G = game()
COAST = hx(10, 4)


@pytest.mark.rule("mare-nostrum", "9.6")
def test_city_state_keeps_plus_two_with_the_economy_far_ahead():
    s = bare()
    rome = s["empires"]["rome"]["dev"]
    rome["culture"] = 1                                   # City State
    rome["economy"] = G.tables.box_phase["economy"].index(4)   # Manufacturing (Phase IV)
    place(s, COAST, "persia", legions=1)
    place(s, COAST, "rome", legions=1, contested=True)
    assert culture_modifier(G, s, "rome") == 2
    cv, notes = combat_value(G, s, COAST, "rome", "persia", "land", True)
    assert cv == 3 and "culture/stability +2" in notes
