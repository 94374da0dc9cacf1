"""The 63 Event cards (2.4, 4.1-4.4) as data: Immediate, Pending and Winter parts, their
Checks and choices through the prompt/apply seam, and every card resolving from 12.1."""

import re
from fractions import Fraction

import pytest

from rules.hubris import activation, cards, checks, control, event_effects, events, flow
from tests.hubris.events_helpers import DATA, draw, lines, new_hopes, settle, trigger
from tests.hubris.rules_helpers import Dice

ALL = [f"ev-{n:02d}" for n in range(1, 64)]


def _dvp(state, k):
    return Fraction(state["kingdoms"][k]["dynastic_vp"])


def _activation(state, k):
    """Push ``k``'s Activation (3.6) and return its prompt."""
    flow.push(state, "activation", kingdom=k, card="ev-03")
    return flow.current(DATA, state)[2]


def _choose(state, choice):
    frame, queued, prompt = flow.current(DATA, state)
    assert prompt is not None and choice in [c.id for c in prompt.choices], \
        (choice, [c.id for c in prompt.choices] if prompt else None)
    prompt.choice(choice)
    if queued:
        state["queue"].pop(0)
    flow.PROCS[frame["proc"]].apply(DATA, state, frame, choice)


# --- every card ---------------------------------------------------------------------------
@pytest.mark.rule("hubris", "4.0")
@pytest.mark.parametrize("eid", ALL)
def test_every_event_resolves_from_new_hopes(eid):
    """Each card, drawn in 12.1 (then its Pending part Triggered by the Kingdom it names),
    resolves without error, the stack back where it was, and the card dialog has what it
    did."""
    s = new_hopes()
    before = len(s["log"])
    s = draw(s, eid)
    c = DATA.events[eid]
    assert len(s["stack"]) == 1 and not s.get("queue")
    if c.pending and c.pending.get("who") in s["kingdoms"]:
        k = c.pending["who"]
        if event_effects.may_trigger(DATA, s, k, eid):
            s = trigger(s, k, eid)
            assert eid not in s["pending_events"] and eid in s["triggered_events"]
    assert lines(s, before)                      # it said what it did (or that it could not)
    ctx = cards.card_context(DATA, s, eid)
    assert ctx["title"].startswith(f"Ev {c.number} ") and ctx["text"] and ctx["subtitle"]
    if c.reconstructed or c.source.startswith("reconstructed"):
        assert ctx["footnote"].startswith("Reconstructed")
    shown = " ".join(str(v) for v in ctx.values())
    assert not re.search(r"\b[SPMU]\d+\b|\bev-\d+|\.py\b", shown), shown     # names, not ids
    if eid != "ev-01":
        assert cards.history(s, eid)


@pytest.mark.rule("hubris", "2.4")
def test_the_deck_holds_the_four_kinds_of_event_card_and_every_card_has_its_parts():
    """2.4.2: Recurrent, Winter Quarters, One-Off (Immediate or Pending) and Succession
    Crisis cards; every card but Winter Quarters does something (4.0)."""
    kinds = {c.kind for c in DATA.events.values()}
    assert kinds == {"recurrent", "winter", "one-off", "succession"}
    assert len(DATA.events) == 63
    for eid, c in DATA.events.items():
        if c.kind == "one-off":
            assert c.turn and c.one_off_type, eid          # every One-Off enters play (4.3)
            assert bool(c.pending) == (c.one_off_type != "immediate"), eid
        if eid != "ev-01":
            assert c.ops or c.pending, eid


@pytest.mark.rule("hubris", "2.4")
def test_anachoresis_swaps_in_the_second_delta_and_thebais_cards_until_a_winter_one():
    """2.4.6: while Ev 20 is in effect DELTA and THEBAIS use their reduced Tax cards; its
    Winter part ends it on a 1 (reconstructed)."""
    s = new_hopes()
    delta = control.tax_value(s, "delta", "ptolemies")
    s = draw(s, "ev-20")
    assert "ev-20" in s["ongoing_events"]
    assert control.tax_value(s, "delta", "ptolemies") < delta
    assert any(s["places"][p]["revolt"] for p in DATA.satrapies["thebais"].places)
    since = len(s["log"])
    event_effects.winter(DATA, s)
    s = settle(s)
    # one Winter die: the card stays unless it came up 1
    ended = "ev-20" not in s["ongoing_events"]
    assert "Anachoresis" in lines(s, since)
    assert ended == lines(s, since).split("\n")[0].endswith("rolled 1")
    assert (control.tax_value(s, "delta", "ptolemies") == delta) == ended


# --- 4.1 Recurrent Events -------------------------------------------------------------------
@pytest.mark.rule("hubris", "4.1")
def test_recurrent_text_is_resolved_before_its_mechanic_and_the_activations(monkeypatch):
    """4.1: Ev 2's own text (an Aitolian raid, reconstructed) comes first, then Ambitious
    Generals, then the Activations."""
    s = new_hopes()
    monkeypatch.setattr(event_effects, "roll", Dice(1))
    frame = flow.push(s, "recurrent", card="ev-02", step="text", order=[], index=0)
    flow.PROCS["recurrent"].run(DATA, s, frame)
    assert s["stack"][-1]["proc"] == "event-ops"           # the text runs first
    s = settle(s, depth=2)
    assert s["satrapies"]["peloponnesos"]["ravaged"]
    assert frame["step"] == "mechanic"
    assert events.recurrent_on(DATA, 6).count("ev-08") == 1
    assert "ev-07" not in events.recurrent_on(DATA, 6)


# --- 4.2 Winter Quarters ---------------------------------------------------------------------
@pytest.mark.rule("hubris", "4.2")
def test_winter_quarters_ends_the_phase_only_after_four_recurrent_events():
    s = new_hopes()
    s["decks"]["events"] = {"draw": ["ev-05", "ev-01"], "discard": []}     # top: the last
    frame = flow.push(s, "action-phase", recurrent=3)
    flow.PROCS["action-phase"].run(DATA, s, frame)
    assert frame in s["stack"] and "ev-01" in s["decks"]["events"]["draw"]   # shuffled back
    frame["recurrent"] = 4
    s["decks"]["events"]["draw"] = ["ev-05", "ev-01"]
    flow.PROCS["action-phase"].run(DATA, s, frame)
    assert frame not in s["stack"] and s["decks"]["events"]["draw"] == ["ev-05"]


# --- 4.3 One-Off Events: Immediate, Pending, Triggers ----------------------------------------
@pytest.mark.rule("hubris", "4.3")
def test_a_pending_event_waits_for_a_trigger_in_the_kingdoms_own_activation():
    s = new_hopes()
    s = draw(s, "ev-29")                                   # Anabasis: Pending, Seleucids
    assert s["pending_events"] == ["ev-29"]
    assert s["units"]["kataphraktoi"]["location"] == "offmap"      # nothing happened yet
    p = _activation(s, "ptolemies")
    assert not [c for c in p.choices if c.id.startswith("trigger:")]   # not theirs
    flow.pop(s)
    p = _activation(s, "seleucids")
    trig = [c for c in p.choices if c.id.startswith("trigger:ev-29:")]
    assert trig and all("Anabasis" in c.label for c in trig)
    lid = trig[0].id.split(":")[2]
    _choose(s, trig[0].id)
    s = settle(s)
    assert s["leaders"][lid]["rotation"] == 1              # it took his Activation
    assert not any(f["proc"] == "activation" for f in s["stack"])
    assert s["units"]["kataphraktoi"]["location"] == "media"
    assert s["units"]["katoikoi-upper-satrapies"]["location"] == "removed"
    assert s["pending_events"] == []


@pytest.mark.rule("hubris", "4.3")
def test_immediate_pending_card_resolves_its_blue_part_now_and_the_rest_on_trigger():
    """Ev 34: Roman Belligerence +1 at once; the strike on Athens only when Macedon Triggers
    it, which needs no Leader: the Activation goes on."""
    s = new_hopes()
    s = draw(s, "ev-34")
    assert s["rome"]["rb"] == 1 and "ev-34" in s["pending_events"]
    assert s["places"]["athenai"]["power"] is None
    p = _activation(s, "macedon")
    assert "trigger:ev-34" in [c.id for c in p.choices]
    _choose(s, "trigger:ev-34")
    s = settle(s, depth=2)
    assert s["places"]["athenai"]["power"] == "macedon"
    assert s["stack"][-1]["proc"] == "activation"          # the Kingdom still Activates
    assert "trigger:ev-34" not in [c.id for c in flow.current(DATA, s)[2].choices]


@pytest.mark.rule("hubris", "4.3")
def test_untriggered_pending_events_leave_play_in_winter_ongoing_ones_stay():
    s = new_hopes()
    s = draw(s, "ev-19")
    s = draw(s, "ev-20")
    assert s["pending_events"] == ["ev-19"] and s["ongoing_events"] == ["ev-20"]
    frame = flow.push(s, "winter", segment="pending")
    flow.PROCS["winter"].run(DATA, s, frame)
    assert s["pending_events"] == [] and "never Triggered" in lines(s)
    s = settle(s, depth=2)
    assert frame["segment"] == "peace"


@pytest.mark.rule("hubris", "4.3")
def test_drawn_one_offs_do_not_return_to_the_next_turns_deck():
    """3.2 / 4.3: a drawn One-Off is out of play; an undrawn one stays for the next Turn, and
    the new Turn's One-Offs join it."""
    s = new_hopes()
    s["decks"]["events"] = {"draw": ["ev-16"], "discard": ["ev-12", "ev-03"]}
    s["turn"] = 2
    s["deck_built"] = True
    flow.PROCS["decks"].run(DATA, s, flow.push(s, "decks"))
    pile = s["decks"]["events"]["draw"]
    assert "ev-16" in pile and "ev-12" not in pile
    assert {"ev-17", "ev-18", "ev-19", "ev-20", "ev-21", "ev-22"} <= set(pile)


# --- 4.4 Checks with thumbs, RB and Casus Belli cues ------------------------------------------
@pytest.mark.rule("hubris", "4.4")
@pytest.mark.parametrize("faces,vp,renown", [((1, 2), 1, 1), ((1, 6), 0, 1), ((6, 6), 0, -1)])
def test_the_number_of_successes_picks_the_result(monkeypatch, faces, vp, renown):
    """Ev 12's Pending part: a 2-die Battle Check; 2, 1 or 0 Successes give different
    results (the thumbs of 4.4)."""
    s = new_hopes()
    s = draw(s, "ev-12")
    monkeypatch.setattr(checks, "roll", Dice(*faces))
    king = s["kingdoms"]["macedon"]["king"]
    r0, vp0 = s["leaders"][king]["renown"], _dvp(s, "macedon")
    s = trigger(s, "macedon", "ev-12")
    assert _dvp(s, "macedon") == vp0 + vp
    assert s["leaders"][king]["renown"] == r0 + renown


@pytest.mark.rule("hubris", "4.4")
def test_rb_box_and_tested_casus_belli(monkeypatch):
    """Ev 32: RB +1 always, then a Casus Belli of 5 rolled against Macedon (8.5)."""
    from rules.hubris import rome
    s = new_hopes()
    monkeypatch.setattr(rome, "roll", Dice(4))            # 4 + RB 1 = 5: War
    s = draw(s, "ev-32")
    assert s["rome"]["rb"] == 1
    assert rome.at_war(s, "macedon") or any(f["proc"] == "forestall" for f in s["queue"])
    s2 = new_hopes()
    monkeypatch.setattr(rome, "roll", Dice(3))            # 3 + 1 < 5: no War
    s2 = draw(s2, "ev-32")
    assert not rome.at_war(s2, "macedon") and "lets it pass" in lines(s2)


@pytest.mark.rule("hubris", "4.4")
def test_automatic_casus_belli_needs_no_roll():
    from rules.hubris import rome
    s = new_hopes()
    s = draw(s, "ev-34")
    s = trigger(s, "macedon", "ev-34")
    assert rome.at_war(s, "macedon")
    assert "Casus Belli (Automatic)" in lines(s)


# --- families of effects ----------------------------------------------------------------------
@pytest.mark.rule("hubris", "4.0")
def test_a_choice_is_a_prompt_to_the_kingdoms_seat_and_its_cost_is_paid():
    """Ev 63: the Seleucids decide through the prompt/apply seam; an option they cannot pay
    is not offered."""
    s = new_hopes()
    flow.push(s, "one-off", card="ev-63", log_at=len(s["log"]))
    flow.PROCS["one-off"].run(DATA, s, s["stack"][-1])
    flow.PROCS["event-ops"].run(DATA, s, s["stack"][-1])
    p = flow.current(DATA, s)[2]
    assert p.seat == "seleucids" and len(p.choices) == 2
    assert len({c.label for c in p.choices}) == 2
    vp = _dvp(s, "seleucids")
    _choose(s, "option:0")
    s = settle(s)
    assert s["kingdoms"]["seleucids"]["treasury"] == 0 and _dvp(s, "seleucids") == vp + 1
    poor = new_hopes()
    poor["kingdoms"]["seleucids"]["treasury"] = 9
    flow.push(poor, "event-choice", card="ev-63", kingdom="seleucids", text="?",
              options=DATA.events["ev-63"].ops[0]["options"])
    assert [c.id for c in flow.current(DATA, poor)[2].choices] == ["option:1"]


@pytest.mark.rule("hubris", "4.0")
def test_war_and_peace_between_kingdoms():
    s = new_hopes()
    before = {k: _dvp(s, k) for k in ("ptolemies", "seleucids")}
    s = draw(s, "ev-38")                                   # Kleopatra's wedding
    assert s["wars"]["ptolemies|seleucids"] == "peace"
    assert all(_dvp(s, k) == v + 1 for k, v in before.items())
    s = draw(new_hopes(), "ev-28", pick=lambda p: p.choices[0].id)    # both join the pact
    assert s["wars"].get("macedon|ptolemies") == "war"
    assert s["rome"]["rb"] == 2


@pytest.mark.rule("hubris", "4.0")
def test_leaders_leave_enter_and_defect():
    s = draw(new_hopes(), "ev-21")                         # Aratos dies
    assert "U7" not in s["leaders"]
    s = draw(new_hopes(), "ev-37")                         # Hannibal at Ephesos
    assert s["leaders"]["U4"]["court"] == "seleucids" and s["rome"]["rb"] == 1
    s = draw(new_hopes(), "ev-37")
    s = draw(s, "ev-37")                                   # already in play: no second copy
    assert "already in play" in lines(s)


@pytest.mark.rule("hubris", "4.0")
def test_a_failed_check_can_make_a_leader_defect(monkeypatch):
    s = new_hopes()
    monkeypatch.setattr(checks, "roll", Dice(6))
    s = draw(s, "ev-16", pick=lambda p: "bid:pass" if "bid:pass" in
             [c.id for c in p.choices] else p.choices[0].id)
    assert s["kingdoms"]["macedon"]["treasury"] == 0       # 4 T, the plot costs 5
    assert s["leaders"].get("M2", {}).get("court") != "macedon"


@pytest.mark.rule("hubris", "4.0")
def test_revolts_alignments_and_unrest():
    s = draw(new_hopes(), "ev-61")                         # the Maccabees
    assert s["places"]["hierosolyma"]["revolt"] is False   # a Ptolemaic Alliance in 12.1
    s = new_hopes()
    s["places"]["hierosolyma"].update(power="seleucids", marker="alliance")
    s = draw(s, "ev-61")
    assert s["places"]["hierosolyma"]["revolt"]
    s = draw(new_hopes(), "ev-40")                         # Nabis murdered: Sparte Unaligned
    assert s["places"]["sparte"]["power"] is None and "U9" not in s["leaders"]
    s = draw(new_hopes(), "ev-22")                         # Rome allies with the Aitolians
    assert s["places"]["aitolia"]["power"] == "rome"
    s = draw(s, "ev-26")                                   # ... until their separate peace
    assert s["places"]["aitolia"]["power"] is None


@pytest.mark.rule("hubris", "4.0")
def test_roman_peace_of_apameia_only_when_at_war_with_rome():
    from rules.hubris import rome
    s = draw(new_hopes(), "ev-41")
    assert "not At War with Rome" in lines(s)
    s = new_hopes()
    rome.go_to_war(DATA, s, "seleucids", "test", "8.6")
    s = settle(s)
    s["kingdoms"]["seleucids"]["treasury"] = 20
    vp = _dvp(s, "seleucids")
    s = draw(s, "ev-41")
    assert not rome.at_war(s, "seleucids")
    assert s["kingdoms"]["seleucids"]["treasury"] == 5 and _dvp(s, "seleucids") == vp - 2


@pytest.mark.rule("hubris", "4.0")
def test_the_data_check_names_a_broken_operation():
    errors = event_effects.validate([{"talents": 2, "bogus": 1}, {"nope": 1},
                                     {"call": "missing"}, {"vp": 1, "when": {"x": 1}}],
                                    "ops")
    assert len(errors) == 4 and all(e.startswith("ops[") for e in errors)


@pytest.mark.rule("hubris", "4.3")
def test_trigger_choices_read_differently():
    s = new_hopes()
    s = draw(s, "ev-12")
    s = draw(s, "ev-34")
    ch = event_effects.trigger_choices(DATA, s, "macedon", activation.candidates(s, "macedon"))
    assert len({c.label for c in ch}) == len(ch) > 2


@pytest.mark.rule("hubris", "2.5.4")
def test_an_event_never_puts_an_alliance_on_a_subject_city_nor_a_garrison_on_a_tribe():
    s = new_hopes()
    flow.push(s, "event-ops", card="ev-25", i=0, who="seleucids", leader=None,
              ops=[{"align": ["syrinx"], "marker": "alliance"},
                   {"align": ["aitolia"], "marker": "garrison"}])
    s = settle(s)
    assert s["places"]["syrinx"]["power"] != "seleucids"
    assert s["places"]["aitolia"]["marker"] != "garrison"
    assert lines(s).count("(2.5.4): no change") == 2


@pytest.mark.rule("hubris", "8.9")
def test_only_an_event_brings_a_hostage_home():
    s = new_hopes()
    s["leaders"]["M4"].update(location="hostage", role=None)
    s = draw(s, "ev-42")                                   # Macedon Re-Arms
    assert s["leaders"]["M4"]["location"] == "court"
    assert "comes home from Rome" in lines(s)


def test_the_rulings_list_every_reconstructed_event():
    """docs/hubris-rulings.md names every reconstructed card with its number and title."""
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "hubris-rulings.md").read_text()
    table = doc.split("## The 63 Event cards")[1]
    for eid, c in DATA.events.items():
        if c.reconstructed or c.source.startswith("reconstructed"):
            assert f"| {c.number} | {c.name} |" in table, eid


@pytest.mark.rule("hubris", "10.1")
def test_events_leave_the_non_player_macedon_alone():
    """Two-player game: Ev 52's Peace and Dynastic VPs cannot touch Non-Player Macedon, which
    stays At War with both Kingdoms."""
    from rules.hubris import core, play
    from tests.hubris.rules_helpers import GAME
    s = GAME.new_game("new-hopes", ["ptolemies", "seleucids"], {"players": "2"}, 1)
    play.add_squadron_pools(DATA, s)
    DATA.refresh(s)
    s["stack"] = [{"proc": "game", "next": "winter", "started": True}]
    s["phase"] = "action"
    assert core.non_player(s, "macedon") and core.at_war(s, "macedon", "seleucids")
    s = draw(s, "ev-52")
    assert core.at_war(s, "macedon", "seleucids")
    assert "Macedon gain" not in lines(s)


def test_a_card_shown_again_shows_the_same_faces_and_its_status_of_the_moment():
    """What a card shows of itself is found at its first showing and kept with the rules
    data (``RulesData.card_faces``); each showing gets its own copy, with the card's status
    in that game (Pending, In effect) added then."""
    s = new_hopes()
    eid = next(e for e, c in DATA.events.items() if c.kind == "one-off" and c.pending)
    first = cards.card_context(DATA, s, eid)
    assert DATA.card_faces[eid] == {k: v for k, v in first.items() if k != "status"}
    first["text"] += " (changed by a caller)"
    again = cards.card_context(DATA, s, eid)
    assert again["text"] == DATA.card_faces[eid]["text"] != first["text"]
    s.setdefault("pending_events", []).append(eid)
    assert cards.card_context(DATA, s, eid)["status"].startswith("Pending")
