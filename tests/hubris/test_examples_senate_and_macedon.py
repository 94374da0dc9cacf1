"""Worked examples of Lobbying (5.6.3), Incite Rome To War (5.7.3) and the Non-Player Macedon's
Actions (10.5), driven through their prompts with the dice forced through the state's
generator."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.hubris import core, flow, leaders, play, rome, two_player
from tests.dice import rig
from tests.hubris.rules_helpers import DATA, answer, prompt
from tests.hubris.test_rules_rome import nh, place
from tests.hubris.test_rules_two_player import fresh as two_player_state


@pytest.mark.example("hubris", "5.6.3/1")
@pytest.mark.rule("hubris", "5.6.3")
@pytest.mark.rule("hubris", "5.6.2")
def test_lobbying_example_two_successes_one_shift():
    """12.1; Macedon Influential and the Ptolemies Predominant (set directly); the lobbyist
    is Macedon's U7 (Diplomacy 4, no Senate ability). The faces are lost: 2 and 4."""
    s = nh()
    s["kingdoms"]["macedon"].update(senate="influential", treasury=10)
    s["kingdoms"]["ptolemies"]["senate"] = "predominant"
    assert DATA.card("U7").diplomacy == 4
    flow.push(s, "lobby", kingdom="macedon", leader="U7")
    assert {c.id for c in prompt(s).choices} == {"bribe:0", "bribe:1"}
    rig(s, 2, 4)
    s = answer(s, "bribe:0")                  # no bribe: 2 T
    assert s["kingdoms"]["macedon"]["treasury"] == 10 - 2
    p = prompt(s)
    # two Successes, one shift: lower the Ptolemies; no rise to Predominant
    assert {c.id for c in p.choices} == {"shift:down:ptolemies"}
    s = answer(s, "shift:down:ptolemies")
    assert s["kingdoms"]["ptolemies"]["senate"] == "influential"
    assert s["kingdoms"]["macedon"]["senate"] == "influential"


@pytest.mark.example("hubris", "5.7.3/1")
@pytest.mark.rule("hubris", "5.7.3")
@pytest.mark.rule("hubris", "5.7.2")
def test_incite_example_ptolemaios_v_against_macedon():
    """12.1 with the example's situation set directly: Agenda ORBI, RB High (+1), the
    Ptolemies Predominant with 16 Total VPs to Macedon's 15 (Dynastic VPs adjusted), and
    Ptolemaios V (P10, Diplomacy 3) brought to the Ptolemaic Court; Treasury 20 T. A 1 is
    the one chance in six: rolled here, Rome declares War on Macedon."""
    s = nh(agenda="orbi", rb=1)
    s["kingdoms"]["ptolemies"].update(senate="predominant", treasury=20)
    for k, want in (("ptolemies", 16), ("macedon", 15)):
        total = Fraction(s["derived"]["vp"][k]["total"])
        dyn = Fraction(s["kingdoms"][k]["dynastic_vp"]) + want - total
        core.set_kingdom(s, k, dynastic_vp=str(dyn))
    DATA.refresh(s)
    assert [s["derived"]["vp"][k]["total_rounded"] for k in ("ptolemies", "macedon")] == \
        [16, 15]
    leaders.join_court(DATA, s, "ptolemies", "P10")
    flow.push(s, "incite", kingdom="ptolemies", leader="P10")
    labels = {c.id: c.label for c in prompt(s).choices if c.id.startswith("incite:macedon")}
    assert "needs 1 or less" in labels["incite:macedon:1"]      # -3 -1 +1 +1 = -2: 3 - 2
    assert "needs 0 or less" in labels["incite:macedon:0"]      # without the bribe
    assert "15 T" in labels["incite:macedon:1"]
    rig(s, 1)
    s = answer(s, "incite:macedon:1")
    assert s["kingdoms"]["ptolemies"]["treasury"] == 20 - 15
    assert rome.at_war(s, "macedon") or any(
        q["proc"] == "forestall" and q.get("kingdom") == "macedon" for q in s["queue"])


@pytest.mark.example("hubris", "10.5/1")
@pytest.mark.rule("hubris", "10.5")
def test_clashing_ambitions_example_the_king_campaigns_into_the_peloponnesos():
    """Two-player 12.1; THESSALIA and BOIOTIA-EUBOIA Fully Controlled by Macedon (set
    directly) and Philippos V with the Royal Army in THESSALIA. Alt Ev 2 is drawn and rolls
    a 3 (forced): a Land Campaign of the King into the first listed Satrapy not Fully
    Controlled, PELOPONNESOS; then the Ptolemies, the Seleucids and Rome activate."""
    s = two_player_state()
    for p in DATA.satrapies["boiotia-euboia"].places + DATA.satrapies["thessalia"].places:
        place(s, p, "macedon", "alliance" if DATA.places[p].kind == "tribe" else "garrison")
    DATA.refresh(s)
    assert two_player.fully_controlled(s, "thessalia")
    assert two_player.fully_controlled(s, "boiotia-euboia")
    core.set_leader(s, "M6", location="thessalia")
    core.set_unit(s, "macedon-royal-army", location=core.card_of("M6"), face="up",
                  owner="macedon")
    s["stack"].append({"proc": "recurrent", "card": "alt-ev-02", "step": "text", "order": [],
                       "index": 0, "log_at": len(s["log"])})
    rig(s, 3)
    campaign = None
    for _ in range(40):                 # the Campaign, its Reactions and the card shown
        play.prepare(s)
        top = s["stack"][-1]
        if top["proc"] == "activation":
            break
        if top["proc"] == "campaign" and campaign is None:
            campaign = dict(top)
        ids = [c.id for c in prompt(s).choices]
        s = answer(s, next((c for c in ("decline", "done", "ok") if c in ids), ids[0]))
    assert campaign is not None and campaign["kingdom"] == "macedon"
    assert campaign["target"] == "peloponnesos" and campaign["leader"] == "M6"
    texts = [e["text"] for e in s["log"]]
    assert any(t.startswith("Roll 3: Land Campaign of the King") for t in texts)
    assert any("leads his Force into Peloponnesos" in t for t in texts)
    recurrent = next(f for f in s["stack"] if f["proc"] == "recurrent")
    assert recurrent["order"] == ["ptolemies", "seleucids", "rome"]
    assert s["stack"][-1] == dict(s["stack"][-1], proc="activation", kingdom="ptolemies")
