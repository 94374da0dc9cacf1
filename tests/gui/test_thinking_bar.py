"""A busy bar shows while a search bot thinks (issue 11), and goes when it has chosen."""

import threading

from rules.engine.session import Session


def test_a_busy_bar_shows_while_the_search_bot_thinks(qtbot, window, monkeypatch):
    session = Session.new("duel", "long", {"north": "search:fast", "south": "human"}, {}, 4)
    go_on = threading.Event()
    decide = session.bot_decision()
    monkeypatch.setattr(session, "bot_decision", lambda: lambda: go_on.wait(30) and decide())
    window.set_session(session)
    session.autosave_path = None
    qtbot.waitUntil(lambda: window.driver.is_thinking, timeout=5000)
    assert window.thinking_bar.isVisible()
    assert window.thinking_bar.maximum() == 0            # busy: no end known
    go_on.set()
    qtbot.waitUntil(lambda: not window.driver.is_thinking, timeout=30_000)
    qtbot.wait(20)
    assert not window.thinking_bar.isVisible()
    assert session.choices                                # the bot did choose
