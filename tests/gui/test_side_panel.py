"""A game's own side panel (gui.scenes.PANELS) docked beside the map and kept up to date."""

from __future__ import annotations

import pytest

from gui import scenes
from rules.engine.session import Session


def _hubris_session() -> Session:
    session = Session.new("hubris", "fourth-syrian-war",
                          {"ptolemies": "human", "seleucids": "human"}, seed=1)
    session.curtain = False
    return session


def test_panel_class_lookup():
    from gui.hubris.panel import HubrisPanel

    assert scenes.panel_class("hubris") is HubrisPanel
    assert scenes.panel_class("duel") is None


def test_a_panel_that_cannot_load_is_left_out(monkeypatch):
    monkeypatch.setitem(scenes.PANELS, "nowhere", "gui.no_such_game.panel:NoPanel")
    with pytest.warns(UserWarning, match="no side panel"):
        assert scenes.panel_class("nowhere") is None


def test_hubris_panel_is_docked_with_status_and_follows_every_change(qtbot, window):
    from gui.hubris.panel import HubrisPanel

    session = _hubris_session()
    window.set_session(session)
    dock = window.panel_dock
    assert isinstance(window.panel, HubrisPanel) and dock.widget() is window.panel
    assert dock.isVisible() and dock.toggleViewAction().isVisible()
    qtbot.waitUntil(lambda: dock in window.tabifiedDockWidgets(window.status_dock), timeout=2000)
    assert dock.toggleViewAction() in window.docks_menu.actions()
    panel = window.panel
    assert "Turn 1" in panel.sections["turn"].text()
    treasury = session.view(window.viewer)["kingdoms"]["seleucids"]["treasury"]
    assert f"{treasury} T" in panel.sections["treasury"].text()

    seen: list[dict] = []
    original = panel.update_state
    panel.update_state = lambda view: (seen.append(view), original(view))
    prompt = session.prompt()
    window.choose(prompt.choices[0].id)
    qtbot.waitUntil(lambda: bool(seen), timeout=3000)
    assert seen[-1] == session.view(window.viewer)       # the visible view, not the state


def test_a_game_without_panel_removes_the_previous_one(qtbot, window):
    window.set_session(_hubris_session())
    assert window.panel is not None
    window.set_session(Session.new("duel", "short", {"north": "human", "south": "human"},
                                   seed=3))
    assert window.panel is None
    assert not window.panel_dock.isVisible()
    assert not window.panel_dock.toggleViewAction().isVisible()


def test_the_panel_is_made_when_its_tab_is_first_shown(qtbot, window):
    """Behind the Status tab the panel is not built for the window's first paint; raising
    the tab builds it with the latest view."""
    session = _hubris_session()
    window.set_session(session)
    dock = window.panel_dock
    qtbot.waitUntil(lambda: dock in window.tabifiedDockWidgets(window.status_dock), timeout=2000)
    qtbot.wait(50)
    assert dock._body is None
    window.choose(session.prompt().choices[0].id)
    dock.raise_()
    qtbot.waitUntil(lambda: dock._body is not None, timeout=2000)
    from gui.hubris.panel import HubrisPanel

    fresh = HubrisPanel(session.view(window.viewer))
    assert {k: w.text() for k, w in dock._body.sections.items()} == \
        {k: w.text() for k, w in fresh.sections.items()}
    assert dock.widget() is dock._body is window.panel
