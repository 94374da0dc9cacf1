"""Error 7 (announcement) and error 8: a Campaign names the Powers it targets one by one
(5.2.1, 5.4.1; the 8.5 example leaves the Roman ally out), the Non-Player Macedon's decider
names the Powers Macedon targets (10.1), and a Minor allied with the Non-Player Macedon
Emergency Musters only when Places Aligned with Macedon are targeted (10.6)."""

from __future__ import annotations

import pytest

from rules.hubris import land_campaign, minors, reactions, sieges, two_player
from tests.hubris.rules_helpers import DATA, GAME, answer, prompt
from tests.hubris.test_rules_two_player import fresh as two_player_state


def _new_hopes():
    s = GAME.new_game("new-hopes", ["macedon", "ptolemies", "seleucids"], {}, 1)
    DATA.refresh(s)
    s["stack"] = [{"proc": "game", "next": "action", "started": True}]
    s["phase"] = "action"
    return s


def _thessalia_of_the_example(s):
    """8.5 example: THESSALIA with a Roman Alliance, an Unaligned Place and a Ptolemaic
    Alliance, the Freedom of the Greeks proclaimed (set directly)."""
    s["places"]["larisa"].update(power="rome", marker="alliance")
    s["places"]["pherai"].update(power=None, marker=None)
    s["places"]["demetrias"].update(power="ptolemies", marker="alliance")
    s["rome"]["freedom_of_greeks"] = True
    DATA.refresh(s)


@pytest.mark.rule("hubris", "5.2.1")
@pytest.mark.rule("hubris", "8.5")
def test_a_campaign_may_target_the_ptolemaic_place_and_spare_the_roman_ally():
    s = _new_hopes()
    _thessalia_of_the_example(s)
    s["stack"].append({"proc": "campaign", "id": "c9", "kingdom": "macedon", "leader": "M6",
                       "mode": "land", "step": "announce", "origin": "thessalia",
                       "target": "thessalia", "announce": None, "force": [], "fees": 0,
                       "escorts": [], "path": None, "sea_index": 0, "battles": [],
                       "naval": [], "defeated_squadrons": [], "plundered": 0, "ended": False})
    ids = {c.id for c in prompt(s).choices}
    assert {"announce:none", "announce:unaligned", "announce:alliances", "announce:all",
            "announce:alliances:ptolemies", "announce:all:ptolemies",
            "announce:alliances:rome", "announce:all:rome"} == ids
    s = answer(s, "announce:alliances:ptolemies")
    frame = s["stack"][-1]
    frame["announced"] = land_campaign.announced(DATA, s, frame)
    assert frame["announced"] == {"powers": ["ptolemies"], "unaligned": True,
                                  "garrisons": False}
    assert sorted(sieges.targetable(DATA, s, frame, "city")) == ["demetrias", "pherai"]


@pytest.mark.rule("hubris", "10.1")
def test_the_decider_names_the_powers_the_non_player_macedon_targets():
    s = two_player_state()
    # IONIA with a Ptolemaic and a Seleucid Alliance (and nothing of Macedon's)
    ionia = DATA.satrapies["ionia"].places
    s["places"][ionia[0]].update(power="ptolemies", marker="alliance")
    s["places"][ionia[1]].update(power="seleucids", marker="alliance")
    for p in ionia[2:]:
        s["places"][p].update(power=None, marker=None)
    DATA.refresh(s)
    two_player.choose_decider(s)
    decider = two_player.decider(s)
    two_player.start_campaign(DATA, s, two_player.Action("campaign", ("ionia",)))
    p = prompt(s)
    assert p.seat == s["kingdoms"][decider]["seat"] and p.rule == "5.2.1"
    ids = {c.id for c in p.choices}
    assert {"announce:all", "announce:all:ptolemies", "announce:all:seleucids"} <= ids
    assert not any("rome" in i or i.startswith("announce:alliances") for i in ids)
    s = answer(s, "announce:all:seleucids")
    assert s["stack"][-1]["announce"] == "all:seleucids"
    frame = s["stack"][-1]
    assert land_campaign.announced(DATA, s, frame)["powers"] == ["seleucids"]


def _achaians_allied_to_macedon():
    s = two_player_state()
    s["units"]["achaians"].update(location="peloponnesos", face="down", owner=None)
    s["minors"]["achaian-league"]["allied_with"] = "macedon"
    assert minors.status(DATA, s, "achaians") == ("allied", "macedon")
    return s


@pytest.mark.rule("hubris", "10.6")
@pytest.mark.parametrize("announced", [
    {"powers": [], "unaligned": True, "garrisons": False},               # Elis only
    {"powers": ["ptolemies"], "unaligned": True, "garrisons": True},      # no Macedonian
])
def test_minor_allied_with_non_player_macedon_stays_down_when_macedon_is_not_targeted(
        announced):
    s = _achaians_allied_to_macedon()
    s["places"]["sparte"].update(power="ptolemies", marker="alliance")
    camp = {"kingdom": "seleucids", "target": "peloponnesos", "id": "c1",
            "announced": announced}
    reactions.open_defence(DATA, s, camp)
    assert s["units"]["achaians"]["face"] == "down"
    assert s["units"]["achaians"]["owner"] is None
    assert not land_campaign._has_troops(s, "macedon", "peloponnesos")   # nothing to fight


@pytest.mark.rule("hubris", "10.6")
def test_minor_allied_with_non_player_macedon_musters_when_its_places_are_targeted():
    s = _achaians_allied_to_macedon()
    camp = {"kingdom": "seleucids", "target": "peloponnesos", "id": "c1",
            "announced": {"powers": ["macedon"], "unaligned": True, "garrisons": False}}
    reactions.open_defence(DATA, s, camp)
    assert s["units"]["achaians"]["face"] == "up"
    assert s["units"]["achaians"]["owner"] == "macedon"
