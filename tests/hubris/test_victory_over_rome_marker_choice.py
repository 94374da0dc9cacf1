"""Error 7 (8.7): the Kingdom victorious over Rome chooses, for each Roman Garrison it takes
on a Greek or Free City, an Alliance or a Garrison (a Subject City takes a Garrison)."""

from __future__ import annotations

import pytest

from rules.hubris import rome
from tests.hubris.rules_helpers import DATA, answer, prompt
from tests.hubris.test_rules_rome import nh, place


@pytest.mark.rule("hubris", "8.7")
def test_a_single_victor_chooses_alliance_or_garrison_where_both_are_allowed():
    s = nh()
    rome.go_to_war(DATA, s, "seleucids", "test", "8.5")
    s["queue"].clear()
    place(s, "athenai", "rome", "garrison")         # Greek City: either marker
    place(s, "sardeis", "rome", "garrison")         # Subject City: a Garrison only
    rome.victory_over_rome(DATA, s, ["seleucids"])
    asked = [q for q in s["queue"] if q["proc"] == "rome-spoils"]
    assert [q["place"] for q in asked] == ["athenai"]
    p = prompt(s)
    assert p.seat == s["kingdoms"]["seleucids"]["seat"] and p.rule == "8.7"
    assert {c.id for c in p.choices} == {"marker:garrison", "marker:alliance"}
    s = answer(s, "marker:alliance")
    assert s["places"]["athenai"]["power"] == "seleucids"
    assert s["places"]["athenai"]["marker"] == "alliance"
    assert s["places"]["sardeis"]["marker"] == "garrison"
    assert s["places"]["sardeis"]["power"] == "seleucids"


@pytest.mark.rule("hubris", "8.7")
def test_the_victor_may_keep_the_garrison():
    s = nh()
    rome.go_to_war(DATA, s, "seleucids", "test", "8.5")
    s["queue"].clear()
    place(s, "athenai", "rome", "garrison")
    rome.victory_over_rome(DATA, s, ["seleucids"])
    s = answer(s, "marker:garrison")
    assert s["places"]["athenai"]["marker"] == "garrison"
    assert not any(q["proc"] == "rome-spoils" for q in s["queue"])
