"""7.2.1 with 9.5.1: a Campaign may move a Roman army onto a Roman PC and activate the same
army again to found a colony there."""

import pytest

from rules.sword_of_rome.model import cu

from .helpers import bare, choose, ids, put, run


@pytest.mark.rule("sword-of-rome", "7.2.1")
@pytest.mark.rule("sword-of-rome", "9.5.1")
def test_a_campaign_moves_an_army_onto_a_roman_pc_then_founds_a_colony_with_it():
    st = bare()
    st["active_side"] = "rome"
    put(st, "velitrae", "rome", 4, "camillus")
    run(st, "campaign", side="rome", left=2, done=[])
    assert "colony:camillus" in ids(st)                         # Velitrae: a Roman PC too
    choose(st, "move:camillus")
    choose(st, "take:4")
    choose(st, "to:praeneste")
    choose(st, "stop")
    assert "move:camillus" not in ids(st)                       # not twice to move
    assert "colony:camillus" in ids(st)                         # but to found a colony
    choose(st, "colony:camillus")
    sp = st["spaces"]["praeneste"]
    assert sp["ctl"] == "rome" and sp["loy"] == 1 and cu(st, "praeneste", "rome") == 3
