"""The Sword of Rome in the main window: the point-to-point map and a response window
between two human seats behind the hot-seat curtain."""

from gui.point_map import PointMapScene
from rules.engine.session import Session
from rules.sword_of_rome.army import start_move
from rules.sword_of_rome.model import advance, apply_choice
from tests.sword_of_rome.helpers import bare, put

from .helpers import click_choice, pass_curtain

HUMANS = {"rome-etruscans-samnites": "human", "gauls-greeks": "human"}


def _battle_window_session() -> Session:
    """A two-player game paused at the response window before a battle at Veii."""
    session = Session.new("sword-of-rome", "two-player", HUMANS, {}, 4)
    st = bare("two-player", seed=4)
    put(st, "roma", "rome", 6, "valerius")
    put(st, "veii", "etruscans", 2)
    start_move(st, "rome", "valerius", 3)
    advance(st)
    apply_choice(st, "take:6")
    apply_choice(st, "to:veii")
    session.state = st
    return session


def _hand_of(session: Session, seat: str) -> list[str]:
    from gui.hand_dock import private_lines

    return private_lines(session.view(seat), seat)


def test_a_response_window_never_shows_a_hand_to_the_wrong_seat(qtbot, window):
    session = _battle_window_session()
    window.set_session(session)
    assert isinstance(window.scene, PointMapScene)
    rome_seat, gaul_seat = "rome-etruscans-samnites", "gauls-greeks"
    assert session.prompt().seat == rome_seat and session.prompt().rule == "7.1.1"
    rome_cards, gaul_cards = _hand_of(session, rome_seat), _hand_of(session, gaul_seat)
    assert rome_cards and gaul_cards and not set(rome_cards) & set(gaul_cards)
    assert window.hand_dock.items() == rome_cards
    click_choice(qtbot, window, "pass")              # the Gauls are asked next, holder or not
    # the Gauls' "Any response?" offers only "No response": it answers itself, and the
    # screen is not handed over for nothing (issue 5)
    qtbot.waitUntil(lambda: len(session.choices) >= 2, timeout=2000)
    assert session.choices[:2] == ["pass", "pass"]
    qtbot.wait(20)
    prompt = session.prompt()
    assert prompt is not None and len(prompt.choices) > 1
    if window._curtain_up():
        assert not set(window.hand_dock.items()) & (set(rome_cards) | set(gaul_cards))
        pass_curtain(qtbot, window)
    shown = set(window.hand_dock.items())
    assert window.viewer == prompt.seat
    assert shown == set(_hand_of(session, prompt.seat))
    other = gaul_cards if prompt.seat == rome_seat else rome_cards
    assert not shown & set(other)


def test_the_map_lights_the_legal_destinations(qtbot, window):
    session = Session.new("sword-of-rome", "two-player", HUMANS, {}, 4)
    st = bare("two-player", seed=4)
    put(st, "roma", "rome", 6, "valerius")
    start_move(st, "rome", "valerius", 3)
    advance(st)
    apply_choice(st, "take:6")
    session.state = st
    window.set_session(session)
    lit = {sid for sid, item in window.scene.items_by_id.items() if item.lit}
    assert lit == {c.target for c in session.prompt().choices if c.target}
    assert "veii" in lit and "tarentum" not in lit
