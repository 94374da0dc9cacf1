"""Peace proposals between Kingdoms during the Action Phase (2.12): the terms builder, the
answer of the other seat and every kind of condition honoured."""

import pytest

from rules.hubris import flow, wars
from tests.hubris.rules_helpers import GAME, prompt
from tests.hubris.test_rules_rome import nh


def activation(k="seleucids"):
    s = nh()
    flow.push(s, "activation", kingdom=k, card="ev-03")
    return s


def run(s, *choices):
    for c in choices:
        s = GAME.apply(s, c)
    return s


@pytest.mark.rule("hubris", "2.12")
def test_proposal_offered_only_to_kingdoms_at_war():
    s = activation()
    ids = [c.id for c in prompt(s).choices]
    assert "peace:ptolemies" in ids and "peace:macedon" not in ids


@pytest.mark.rule("hubris", "2.12")
def test_the_terms_menu_offers_the_four_kinds_both_ways_and_labels_never_repeat():
    s = run(activation(), "peace:ptolemies")
    p = prompt(s)
    assert (p.seat, p.kind) == ("seleucids", "peace")
    ids = {c.id for c in p.choices}
    assert {"send", "withdraw", "add:talents:us", "add:talents:them", "add:garrison:us",
            "add:garrison:them", "add:unalign:us", "add:squadron:them"} <= ids
    assert "add:squadron:us" not in ids          # no Seleucid Squadron at sea in 12.1
    s = run(s, "add:garrison:them")
    labels = [c.label for c in prompt(s).choices]
    assert len(labels) == len(set(labels)) and "Tyros (Koile Syria)" in labels


@pytest.mark.rule("hubris", "2.12")
def test_accepted_terms_move_garrisons_talents_squadrons_and_unalign_alliances():
    s = activation()
    alliance = next(p for p, r in s["places"].items() if r["power"] == "seleucids"
                    and r["marker"] == "alliance")
    sea = s["units"]["ptolemies-squadron-1"]["location"]
    s = run(s, "peace:ptolemies", "add:garrison:them", "term:tyros",
            "add:squadron:them", "term:ptolemies-squadron-1",
            "add:unalign:us", f"term:{alliance}", "add:talents:us", "term:5")
    p = prompt(s)
    assert "add:talents:us" not in [c.id for c in p.choices]       # one payment term
    assert "send" in [c.id for c in p.choices] and "4 terms" in p.choices[0].label
    s = run(s, "send")
    p = prompt(s)
    assert (p.seat, p.kind) == ("ptolemies", "peace") and "Tyros" in p.text
    treasury = {k: s["kingdoms"][k]["treasury"] for k in ("seleucids", "ptolemies")}
    s = run(s, "accept")
    assert s["wars"]["ptolemies|seleucids"] == "peace"
    assert s["places"]["tyros"]["power"] == "seleucids"
    assert s["places"]["tyros"]["marker"] == "garrison"
    assert s["places"][alliance]["power"] is None                   # nobody replaces it
    assert s["units"]["ptolemies-squadron-1"]["location"] == "offmap"
    assert s["units"]["seleucids-squadron-1"]["location"] == sea
    assert s["kingdoms"]["seleucids"]["treasury"] == treasury["seleucids"] - 5
    assert s["kingdoms"]["ptolemies"]["treasury"] == treasury["ptolemies"] + 5
    assert not wars.may_commit_act_of_war(s, "ptolemies", "seleucids")


@pytest.mark.rule("hubris", "2.13.8")
def test_a_squadron_handed_over_without_a_counter_to_replace_it_is_lost_to_both():
    s = activation()
    for r in s["units"].values():
        if r["type"] == "squadron" and r["owner"] == "seleucids":
            r["location"] = "removed"            # no Seleucid counter left
    s = run(s, "peace:ptolemies", "add:squadron:them", "term:ptolemies-squadron-1", "send",
            "accept")
    assert s["units"]["ptolemies-squadron-1"]["location"] == "offmap"
    assert not any(r["owner"] == "seleucids" and r["location"] in s["seas"]
                   for r in s["units"].values() if r["type"] == "squadron")


@pytest.mark.rule("hubris", "2.12")
def test_a_withdrawn_proposal_may_be_written_again_a_refused_one_not():
    s = run(activation(), "peace:ptolemies", "withdraw")
    assert "peace:ptolemies" in [c.id for c in prompt(s).choices]
    s = run(s, "peace:ptolemies", "add:talents:them", "term:5", "send")
    t = s["kingdoms"]["ptolemies"]["treasury"]
    s = run(s, "refuse")
    assert s["wars"]["ptolemies|seleucids"] == "war"
    assert s["kingdoms"]["ptolemies"]["treasury"] == t
    assert "peace:ptolemies" not in [c.id for c in prompt(s).choices]
