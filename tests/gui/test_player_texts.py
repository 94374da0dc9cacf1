"""No ids or developer notes reach players (issue 9): the Info panel, the Hubris Board, the
Decision panel's rule line, seat names, the Status and the log read as a player reads."""

from __future__ import annotations

import re

import pytest

from gui.info_dock import for_players
from gui.prompt_dock import rule_reference
from rules.engine import registry
from rules.engine.bots import make_bot
from rules.engine.options import default_options
from rules.engine.session import Session

GAMES = ["hubris", "mare-nostrum", "sword-of-rome", "successors", "athens-sparta"]
#: what a player must never read
DEVELOPER = re.compile(r"source:|reconstructed|derived:|docs/|\.md\b|lonlat", re.IGNORECASE)
CLUMSY = re.compile(r"\w\(s\)| a [AEIOU]\w| round 0\b")


def _session(game_id: str, seed: int = 1) -> Session:
    game = registry.get(game_id)
    info = game.scenarios()[0]
    options = default_options(game, info)
    seats = game.seats_for(info, options)
    session = Session.new(game_id, info.id, {s: "human" for s in seats}, options, seed=seed)
    session.curtain = False
    session.autosave_path = None
    return session


@pytest.mark.parametrize("game_id", GAMES)
def test_the_info_panel_shows_no_data_source_notes(qtbot, window, game_id):
    session = _session(game_id)
    window.set_session(session)
    shown = 0
    for element in list(session.game.names(session.state))[:300]:
        try:
            window._describe(element)
        except (KeyError, TypeError, ValueError):
            continue
        text = window.info_dock.text.toPlainText()
        assert not DEVELOPER.search(text), (element, text)
        shown += bool(text.strip())
    assert shown > 20


def test_for_players_keeps_the_facts_and_drops_the_notes():
    text = ("Roma; walled city; loyalty 3; Romans 5 CU; [source: rule 5.10.1: Roman "
            "reinforcement 2 CU; vp reconstructed: the capital]")
    assert for_players(text) == "Roma; walled city; loyalty 3; Romans 5 CU"
    text = ("LYDIA-PHRYGIA\nTax: 3|5\nSource: scenario 12.2\n  tax: derived: see "
            "docs/hubris-errata.md\n  supply: reconstructed\nControl: Rebel")
    assert for_players(text) == "LYDIA-PHRYGIA\nTax: 3|5\nControl: Rebel"


def test_the_hubris_board_names_the_units_in_its_boxes(qtbot):
    from gui.hubris.panel import HubrisPanel

    session = _session("hubris")
    state = session.state
    units = [u for u in state["units"] if u.startswith("seleucids-")][:1]
    for uid in units:
        state["units"][uid]["location"] = "dispersed"
    panel = HubrisPanel(state)
    qtbot.addWidget(panel)
    text = panel.sections["boxes"].text()
    assert units and not any(uid in text for uid in units)
    assert "Seleucid " in text


def test_a_named_aid_section_is_not_cited_as_a_rule():
    assert rule_reference("turn-sequence") == ""
    assert rule_reference("5.1") == "Rule 5.1"


def test_the_seat_banner_names_sword_of_rome_sides_as_the_game_does(qtbot, window):
    window.set_session(_session("sword-of-rome"))
    assert "Gauls Greeks" not in window.prompt_dock.who.text()
    assert "Rome Etruscans Samnites" not in window.status_dock.rows()[-1][1]


@pytest.mark.parametrize("game_id", GAMES)
def test_prompts_status_and_log_read_cleanly_through_a_game_start(game_id):
    session = _session(game_id, seed=2)
    seen: list[str] = []
    for _ in range(120):
        prompt = session.prompt()
        if prompt is None:
            break
        seen += [prompt.text] + [c.label for c in prompt.choices]
        seen += [f"{k}: {v}" for k, v in session.game.status(session.state)]
        bot = make_bot("bot", 2, prompt.seat, session.game)
        session.choose(bot.choose(session.view(prompt.seat), prompt, len(session.choices)))
    seen += [entry["text"] for entry in session.state.get("log", [])]
    bad = sorted({t for t in seen if CLUMSY.search(t)})
    assert not bad, bad[:10]
    if game_id == "mare-nostrum":
        from rules.mare_nostrum.board import MERCHANDISE

        shouting = [t for t in seen if any(m in t for m in MERCHANDISE if len(m) > 3)]
        assert not shouting, shouting[:5]
    if game_id == "hubris":
        assert not any("Pay 1 T" == t for t in seen)
