"""9.6.4 and its example: the naval combat roll is 2 less for sailing to a friendly port, a
modifier of the table, so also with two to four players (Greek crossings after the
Rome-Carthage alliance, 18)."""

import pytest

from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, cu

from .helpers import bare, choose, put


@pytest.mark.rule("sword-of-rome", "9.6.4")
@pytest.mark.parametrize("die,arrives", [(4, True), (5, False)])
def test_after_the_treaty_a_greek_crossing_to_syracuse_rolls_two_less(dice, die, arrives):
    st = bare()
    st["flags"]["rome_carthage_alliance"] = True
    put(st, "neapolis", "greeks", 3, "dionysius")
    start_move(st, "greeks", "dionysius", 3)
    advance(st)
    choose(st, "take:3")
    dice.queue = [die]                           # 4 - 2 = 2: success; 5 - 2 = 3: return
    choose(st, "sail:syracuse")
    assert not dice.queue
    assert (cu(st, "syracuse", "greeks") == 3) is arrives
    assert st["leaders"]["dionysius"] == ("syracuse" if arrives else "neapolis")
