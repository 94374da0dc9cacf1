"""15.5: breaking an alliance costs the breaker three of his support, which he chooses."""

import pytest

from rules.sword_of_rome.alliances import own_support
from rules.sword_of_rome.data import INDEPENDENT
from rules.sword_of_rome.model import current_prompt

from .helpers import bare, choose, ids, run


@pytest.mark.rule("sword-of-rome", "15.5")
def test_the_breaker_picks_the_three_support_he_gives_up():
    st = bare()
    st["alliances"].append(["rome", "greeks"])
    for sp in st["spaces"].values():
        if sp["ctl"] == "rome" and sp["loy"] > 1:
            sp["loy"] = 1
    st["spaces"]["roma"]["loy"] = 3
    st["spaces"]["sentinum"]["ctl"] = "rome"                    # a PC outside Roman home
    run(st, "active", side="rome", played=False)
    choose(st, "break:rome:greeks")
    p = current_prompt(st)
    assert p.rule == "15.5" and p.seat == "rome"
    assert set(ids(st)) == {c.id for c in own_support(st, "rome")} \
        == {"loy:roma", "pc:sentinum"}
    choose(st, "pc:sentinum")
    choose(st, "loy:roma")
    choose(st, "loy:roma")
    assert st["spaces"]["sentinum"]["ctl"] == INDEPENDENT and st["spaces"]["roma"]["loy"] == 1
    assert current_prompt(st).rule == "5.4"                     # paid what he could
