"""The Hubris Board and Status show the Phase of the decision asked (issue #31 item 9):
a new Fourth Syrian War's set-up state is before the Decks Phase, its first decision (an
Event card drawn) is in the Action Phase, found on a prepared copy; the screen showed the
set-up's "Decks Phase (3.2)" until the first choice, and in a save opened at that point."""

from __future__ import annotations

from rules.engine.session import Session


def _session() -> Session:
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "human", "seleucids": "human"}, seed=1)
    session.curtain = False
    return session


def _phase_texts(window) -> tuple[str, str]:
    rows = dict(window._status_rows(window.session.shown_view(window.viewer)))
    return window.panel.sections["turn"].text(), rows["Phase"]


def test_the_first_decision_shows_its_own_phase(qtbot, window):
    session = _session()
    assert session.state["phase"] == "decks"                  # the set-up, before any Phase
    assert session.game.shown_state(session.state)["phase"] == "action"
    window.set_session(session)
    board, status = _phase_texts(window)
    assert "Action Phase (3.6)" in board and "Decks Phase" not in board
    assert status == "Action Phase (3.6)"


def test_a_save_opened_at_the_start_shows_the_decisions_phase(qtbot, window, tmp_path):
    window.set_session(_session())
    path = str(tmp_path / "start.json")
    assert window.save_to(path)
    window.set_session(Session.new("duel", "short", {"north": "human", "south": "human"},
                                   seed=3))
    assert window.open_path(path)
    qtbot.wait(50)
    board, status = _phase_texts(window)
    assert "Action Phase (3.6)" in board and "Decks Phase" not in board
    assert status == "Action Phase (3.6)"


def test_the_view_of_the_state_is_unchanged_beside_the_view_shown():
    """``Session.view`` is still the state's own (the set-up); the screen and, since
    session 17, the bots read the position asked in (tests/hubris/test_search_hooks.py)."""
    session = _session()
    assert session.view(None)["phase"] == "decks"
    assert session.shown_view(None)["phase"] == "action"


def test_royal_army_placement_shows_the_set_up(qtbot, window):
    """New Hopes asks first for the Royal Armies' placement (12.1), a set-up step: the Board
    and Status say so, not the Decks Phase the state is kept in until the first Turn."""
    session = Session.new("hubris", "new-hopes",
                          {"macedon": "human", "ptolemies": "human", "seleucids": "human"},
                          seed=1)
    session.curtain = False
    assert "Royal Army" in session.prompt().text
    window.set_session(session)
    board, status = _phase_texts(window)
    assert "Set-up (12.1)" in board and "Decks Phase" not in board
    assert status == "Set-up (12.1)"
