"""Athens and Sparta in the main window: the whole map in view, lit deploy targets, and a
battle between two human seats behind the hot-seat curtain (hidden battle hands)."""

from gui.point_map import PointMapScene
from rules.athens_sparta import sequence
from rules.engine.session import Session
from tests.athens_sparta.helpers import at_step, force, fresh
from tests.athens_sparta.test_rules import give

from .helpers import click_choice, pass_curtain

HUMANS = {"athens": "human", "sparta": "human"}


def _session(st) -> Session:
    session = Session.new("athens-sparta", "peloponnesian-war", HUMANS, {}, 1)
    session.state = st
    return session


def _hand_of(session: Session, seat: str) -> list[str]:
    from gui.hand_dock import private_lines

    return private_lines(session.view(seat), seat)


def test_a_battle_never_shows_a_hand_to_the_wrong_seat(qtbot, window):
    st = fresh()
    force(st, "athens", "hoplite", "pericles", "eleusis")
    force(st, "sparta", "hoplite", "archidamus", "eleusis")
    give(st, "sparta", "phalanx-push-1", "picked-men-1", "tribute-1")
    give(st, "sparta", "squadron-1", "squadron-2", "ramming-1", battle=True)
    give(st, "athens", "cavalry-reserve-1", "slingers-1", "night-march-1", battle=True)
    give(st, "athens", "plague-1")
    at_step(st, "sparta", "battle")
    sequence.advance(st)
    session = _session(st)
    window.set_session(session)
    assert isinstance(window.scene, PointMapScene)
    assert session.prompt().seat == "sparta" and session.prompt().kind == "battle"
    sparta_cards, athens_cards = _hand_of(session, "sparta"), _hand_of(session, "athens")
    assert sparta_cards and athens_cards and not set(sparta_cards) & set(athens_cards)
    assert window.hand_dock.items() == sparta_cards
    click_choice(qtbot, window, "pass")
    assert session.prompt().seat == "athens"
    assert window.curtain.isVisible()
    assert not set(window.hand_dock.items()) & (set(sparta_cards) | set(athens_cards))
    pass_curtain(qtbot, window)
    assert window.hand_dock.items() == athens_cards


def test_the_map_lights_the_legal_deploy_targets(qtbot, window):
    st = fresh()
    force(st, "athens", "hoplite", "pericles", None)
    give(st, "sparta", "tribute-1")
    at_step(st, "athens", "deploy")
    session = _session(st)
    window.set_session(session)
    lit = {sid for sid, item in window.scene.items_by_id.items() if item.lit}
    assert lit == {c.target for c in session.prompt().choices if c.target}
    assert "megara" in lit and "sparta" not in lit
    assert set(window.scene.items_by_id) >= {"athens", "sparta", "persia", "corcyra"}
