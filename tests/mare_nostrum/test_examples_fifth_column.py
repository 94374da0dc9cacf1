"""Worked examples of optional rule 17.2 (the "fifth column")."""

from __future__ import annotations

import pytest

from rules.mare_nostrum.refresh import refresh
from rules.mare_nostrum.stability import GOLDEN_AGE

from .example_setups import posts
from .helpers import act, bare, game, place

G = game()


def _logged(s: dict, rule: str) -> list[str]:
    return [e["text"] for e in s["log"] if e["rule"] == rule]


@pytest.mark.example("mare-nostrum", "17.2/1")
@pytest.mark.rule("mare-nostrum", "17.2")
def test_banking_lost_with_the_only_silver_post():
    """Greece at Banking; Persia takes its only SILVER post: the cube goes back to box 56
    (Manufacturing), WOOD, IRON, COPPER and STONE still held (ruling R-17.2-1), and the
    income loses Banking's 20 Talents (besides the SILVER itself)."""
    s = bare({"17.2": "yes"})
    placed = posts(s, "greece", {"SILVER": 1, "WOOD": 1, "IRON": 1, "COPPER": 1, "STONE": 1})
    silver = placed[0]
    s["empires"]["greece"]["dev"]["economy"] = G.tables.box_phase["economy"].index(5) + 1
    refresh(G, s)
    before = s["empires"]["greece"]["income"]
    place(s, silver, "persia", legions=1, contested=True)
    act(s, "persia", "attack")
    s = G.apply(s, f"takeover:{silver}")
    emp = s["empires"]["greece"]
    assert G.tables.boxes["economy"][emp["dev"]["economy"] - 1] == 56
    assert emp["phases"]["economy"] == 4
    assert before - emp["income"] == 20 + G.tables.merch_value("SILVER", 1)
    assert "economy falls back to box 56 (Manufacturing)" in _logged(s, "17.2")[-1]


@pytest.mark.example("mare-nostrum", "17.2/2")
@pytest.mark.rule("mare-nostrum", "17.2")
def test_golden_age_lost_by_refusing_an_armistice():
    """Greece in the Golden Age of the Stability Track refuses Persia's armistice: two boxes
    back and one VP less."""
    s = bare({"17.2": "yes"})
    s["empires"]["greece"]["stability"] = GOLDEN_AGE
    refresh(G, s)
    vp = s["empires"]["greece"]["vp"]
    assert s["empires"]["greece"]["vp_detail"]["golden_ages"] == 1
    act(s, "persia", "armistice")
    s = G.apply(s, "offer:greece")
    s = G.apply(s, "refuse")
    emp = s["empires"]["greece"]
    assert emp["stability"] == GOLDEN_AGE - 2
    assert emp["vp"] == vp - 1


@pytest.mark.example("mare-nostrum", "17.2/3")
@pytest.mark.rule("mare-nostrum", "17.2")
def test_kingdom_lost_with_a_luxury_and_the_chain_to_hoplites():
    """Kingdom with 2 luxury posts loses one: culture back to space 7 (City State); Hoplites
    need Republic, so the military falls back to box 18 (Cavalry)."""
    s = bare({"17.2": "yes"})
    gold, salt = posts(s, "greece", {"GOLD": 1, "SALT": 1})
    dev = s["empires"]["greece"]["dev"]
    dev["culture"] = G.tables.box_phase["culture"].index(3) + 1
    dev["military"] = G.tables.box_phase["military"].index(3) + 1
    refresh(G, s)
    assert s["empires"]["greece"]["phases"]["culture"] == 3
    assert s["empires"]["greece"]["phases"]["military"] == 3
    place(s, salt, "persia", legions=1, contested=True)
    emp = s["empires"]["greece"]
    assert G.tables.boxes["culture"][emp["dev"]["culture"] - 1] == 7
    assert emp["phases"]["culture"] == 1
    assert G.tables.boxes["military"][emp["dev"]["military"] - 1] == 18
    assert emp["phases"]["military"] == 2
    lines = _logged(s, "17.2")
    assert any("culture falls back to box 7 (City State)" in t for t in lines)
    assert any("military falls back to box 18 (Cavalry)" in t for t in lines)
