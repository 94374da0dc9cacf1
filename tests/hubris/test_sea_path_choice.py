"""Ruling R6 revised (5.3.1, 5.4.1): the player chooses the Path of Friendly Seas of a Naval
or Overseas Campaign among those at most two Seas longer than the shortest."""

from __future__ import annotations

import pytest

from rules.hubris import core, land_campaign, naval_campaign
from tests.hubris.rules_helpers import DATA, answer, prompt
from tests.hubris.test_rules_rome import nh

LONG = ["aigyption-pelagos", "libykon-pelagos", "kretikon-pelagos", "aigaion-pelagos",
        "propontis"]


@pytest.mark.rule("hubris", "5.3.1")
def test_a_naval_campaign_may_take_a_longer_path():
    s = nh()
    naval_campaign.start(DATA, s, "ptolemies", "P3")
    s = answer(s, "origin:aigyption-pelagos")
    s = answer(s, "target:propontis")
    p = prompt(s)
    routes = [c.id for c in p.choices]
    assert routes[0] == "route:aigyption-pelagos+pamphylion-pelagos+aigaion-pelagos+propontis"
    assert "route:" + "+".join(LONG) in routes
    assert all(c.startswith("route:aigyption-pelagos+") and c.endswith("+propontis")
               for c in routes)
    s = answer(s, "route:" + "+".join(LONG))
    assert s["stack"][-1]["path"] == LONG


@pytest.mark.rule("hubris", "5.4.1")
def test_an_overseas_campaign_may_take_a_longer_path():
    s = nh()
    land_campaign.start(DATA, s, "ptolemies", "P1", "overseas")
    s = answer(s, "origin:delta")
    s = answer(s, "target:kypros")
    routes = {c.id for c in prompt(s).choices}
    assert {"route:aigyption-pelagos", "route:libykon-pelagos+aigyption-pelagos"} <= routes
    s = answer(s, "route:libykon-pelagos+aigyption-pelagos")
    assert s["stack"][-1]["path"] == ["libykon-pelagos", "aigyption-pelagos"]
    assert core.sea_paths(s, DATA, "ptolemies", ["aigyption-pelagos"],
                          ["aigyption-pelagos"]) == [["aigyption-pelagos"]]
