"""9.2: an ATTACK fights at most one round of combat in a hex (legions and ships apart);
survivors leave the hex contested until a later ATTACK."""

from __future__ import annotations

import pytest

from rules.mare_nostrum.pieces import units

from .helpers import act, bare, game, hx, ids, place

G = game()
COAST = hx(10, 4)                # a coastal hex of Greece on the small board


def _melee() -> dict:
    """Greece (Military II, CV 3) with 3 legions and 1 ship against 6 Persian legions
    (CV 1) and 1 ship in one contested coastal hex."""
    s = bare()
    s["empires"]["greece"]["dev"]["military"] = 3
    place(s, COAST, "persia", legions=6, ships=1)
    place(s, COAST, "greece", legions=3, ships=1, contested=True)
    act(s, "greece", "attack")
    return s


@pytest.mark.rule("mare-nostrum", "9.2")
def test_a_hex_is_fought_once_per_attack_on_land():
    s = _melee()
    assert f"land:{COAST}" in ids(s) and f"sea:{COAST}" in ids(s)
    s = G.apply(s, f"land:{COAST}")
    assert units(s, COAST, "greece")["legions"] == 1       # 6 CV: 2 Greek legions lost
    assert units(s, COAST, "persia")["legions"] == 3       # 9 CV: 3 Persian legions lost
    assert s["hexes"][COAST]["contested"]
    assert f"land:{COAST}" not in ids(s)                   # no second round in this ATTACK
    assert f"sea:{COAST}" in ids(s)                        # the ships still have their combat
    s = G.apply(s, f"sea:{COAST}")
    assert s["action"] is None                             # nothing is left: the action ends


@pytest.mark.rule("mare-nostrum", "9.2")
def test_a_combat_without_effect_is_not_offered_again():
    """The 9.2 tie example: one round with no losses, then the hex simply stays contested."""
    s = bare()
    place(s, COAST, "persia", legions=1)
    place(s, COAST, "greece", legions=2, contested=True)
    act(s, "greece", "attack")
    s = G.apply(s, f"land:{COAST}")
    assert s["action"] is None                             # no repeat: the ATTACK is over
    assert units(s, COAST, "greece")["legions"] == 2 and units(s, COAST, "persia")["legions"] == 1
    act(s, "greece", "attack")                             # a later ATTACK may fight again
    assert f"land:{COAST}" in ids(s)
