"""9.1.2 and 8.2.1: a minor leader cannot pick up named leaders (named leaders are never
subordinate to a minor one); a named leader may take a minor one along."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance

from .helpers import bare, choose, ids, put


@pytest.mark.rule("sword-of-rome", "9.1.2")
def test_a_minor_leader_takes_no_named_leader_along():
    st = bare()
    put(st, "roma", "rome", 6, "rome_minor")
    put(st, "velitrae", "rome", 1, "camillus")
    start_move(st, "rome", "rome_minor", 3)
    advance(st)
    choose(st, "take:6")
    choose(st, "to:velitrae")
    assert "with:camillus" not in ids(st)
    st = bare()
    put(st, "roma", "rome", 6, "camillus")
    put(st, "velitrae", "rome", 1, "rome_minor")
    start_move(st, "rome", "camillus", 3)
    advance(st)
    choose(st, "take:6")
    choose(st, "to:velitrae")
    assert "with:rome_minor" in ids(st)
