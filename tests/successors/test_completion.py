"""Rules completed in the last pass of issue 16: Royal Army disbanding (3.3.4.6),
reinforcement overflow (6.4.3)."""

import pytest

from rules.successors.model import PROCS, count, units
from rules.successors.movement import start_activation

from .helpers import bare, choose, give, prompt, put


def activate(st, gid, mp):
    start_activation(st, gid, mp, "test")
    PROCS.advance(st)


@pytest.mark.rule("successors", "3.3.4.6")
def test_royal_army_cus_may_be_disbanded_before_the_army_moves():
    st = bare()
    give(st, "krateros", "yellow", "issos")
    put(st, "issos", "yellow", mercenary=2, royal=3)
    activate(st, "krateros", 3)
    ids = [c.id for c in prompt(st).choices]
    assert "disband" in ids
    st = choose(st, "disband")
    assert units(st, "issos", "yellow") == {"mercenary": 2}
    assert PROCS.top(st)["army"] == {"mercenary": 2}
    assert "disband" not in [c.id for c in prompt(st).choices]


@pytest.mark.rule("successors", "3.3.4.6")
def test_no_disbanding_once_the_army_has_moved():
    st = bare()
    give(st, "krateros", "yellow", "issos")
    put(st, "issos", "yellow", royal=2)
    activate(st, "krateros", 3)
    go = next(c.id for c in prompt(st).choices if c.id.startswith("go:"))
    st = choose(st, go)
    assert PROCS.top(st)["proc"] == "activation" and PROCS.top(st)["army"] == {"royal": 2}
    assert "disband" not in [c.id for c in prompt(st).choices]
    assert count(st, go[3:], "yellow") == 2


def _reinforce(st, seat, n):
    PROCS.push(st, "reinforce", seat=seat, pieces=[["unit", "mercenary"]] * n, placed={},
                start=[])
    PROCS.advance(st)


@pytest.mark.rule("successors", "6.4.3")
def test_overflow_reinforcements_go_to_free_provinces_two_each_with_a_general():
    st = bare()
    for sid in ("mazaka", "komana", "dana", "melitene"):
        st["pc"][sid] = "yellow"                 # Kappadokia is Yellow's
    _reinforce(st, "blue", 3)                    # Blue has no PC and no general on the map
    spaces = {c.id for c in prompt(st).choices}
    assert "zela" not in spaces and "mazaka" not in spaces   # a province another controls
    assert "tarsos" in spaces and "kilikian_gates" not in spaces   # no transit point
    st = choose(st, "tarsos")
    minor = [g for g, r in st["gen"].items() if r["owner"] == "blue" and r["loc"] == "tarsos"]
    assert len(minor) == 1 and "-minor-" in minor[0]          # a general goes with them
    st = choose(st, "issos")
    spaces = {c.id for c in prompt(st).choices}
    assert "tarsos" not in spaces and "issos" not in spaces  # two in Kilikia already
    st = choose(st, sorted(spaces)[0])
    assert count(st, "tarsos", "blue") + count(st, "issos", "blue") == 2
    assert not any(f["proc"] == "reinforce" for f in st["stack"])


@pytest.mark.rule("successors", "6.4.3")
def test_overflow_needs_a_general_else_the_cu_stays_dispersed():
    st = bare()
    for rec in st["gen"].values():
        if rec["owner"] == "blue" and rec["loc"] == "supply":
            rec["loc"] = "dead"
    _reinforce(st, "blue", 1)
    assert not any(f["proc"] == "reinforce" for f in st["stack"])
    assert st["dispersed"]["blue"] == {"mercenary": 1}
