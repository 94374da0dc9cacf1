"""Hot-seat: a one-choice prompt for the player behind the curtain is answered without
passing the screen (issue 5); a real decision still raises the curtain."""

from rules.engine.session import Session

from .helpers import click_choice

BOTH_HUMAN = {"north": "human", "south": "human"}


def _start(qtbot, window, blocks: str) -> Session:
    session = Session.new("duel", "short", BOTH_HUMAN, {"blocks": blocks}, seed=5)
    session.curtain = True
    window.set_session(session)
    qtbot.wait(20)
    return session


def test_a_lone_choice_for_the_other_seat_is_answered_without_the_curtain(qtbot, window):
    s = _start(qtbot, window, blocks="0")
    assert s.prompt().seat == "north" and not window._curtain_up()
    click_choice(qtbot, window, "play:0")     # south may only Allow: nothing to decide
    qtbot.waitUntil(lambda: "allow" in s.choices, timeout=2000)
    assert s.choices[-1] == "allow"
    qtbot.wait(20)
    prompt = s.prompt()
    assert prompt is not None and len(prompt.choices) > 1
    assert window._curtain_up() == (prompt.seat != window.viewer)


def test_a_real_choice_for_the_other_seat_still_raises_the_curtain(qtbot, window):
    s = _start(qtbot, window, blocks="2")
    click_choice(qtbot, window, "play:0")     # south may Block or Allow
    qtbot.wait(50)
    assert s.prompt().seat == "south" and len(s.prompt().choices) == 2
    assert window._curtain_up()
    assert s.choices == ["play:0"]
