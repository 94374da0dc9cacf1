"""Successors in the main window: the point-to-point map, the side panel, and a battle
window between two human seats behind the hot-seat curtain."""

from gui.point_map import PointMapScene
from rules.engine.session import Session
from rules.successors.model import PROCS
from rules.successors.movement import start_activation
from tests.successors.helpers import bare, give, put

from .helpers import click_choice, pass_curtain

HUMANS = {"yellow": "human", "blue": "human"}


def _battle_window_session() -> Session:
    """A two-player game paused at the Surprise-card window before a battle at Tarsos."""
    session = Session.new("successors", "two-player", HUMANS, {}, 4)
    st = bare("two-player", seed=4)
    st["hands"] = {"yellow": ["c28", "c4"], "blue": ["c29", "c7"]}
    for c in ("c28", "c4", "c29", "c7"):
        st["deck"]["draw"].remove(c)
    give(st, "krateros", "yellow", "kilikian_gates")
    put(st, "kilikian_gates", "yellow", mercenary=4)
    give(st, "leonnatos", "blue", "tarsos")
    put(st, "tarsos", "blue", mercenary=2)
    start_activation(st, "krateros", 3, "test")
    PROCS.advance(st)
    PROCS.apply(st, "go:tarsos")
    PROCS.apply(st, "stay")                   # Blue stands
    PROCS.apply(st, "attack")                 # Yellow asks no passage: the window opens
    session.state = st
    return session


def _hand_of(session: Session, seat: str) -> list[str]:
    from gui.hand_dock import private_lines

    return private_lines(session.view(seat), seat)


def test_a_battle_window_never_shows_a_hand_to_the_wrong_seat(qtbot, window):
    session = _battle_window_session()
    window.set_session(session)
    assert isinstance(window.scene, PointMapScene)
    assert session.prompt().seat == "yellow" and session.prompt().rule == "4.31.1"
    yellow, blue = _hand_of(session, "yellow"), _hand_of(session, "blue")
    assert yellow and blue and not set(yellow) & set(blue)
    assert window.hand_dock.items() == yellow
    click_choice(qtbot, window, "pass")             # Blue is asked next, holder or not
    assert session.prompt().seat == "blue" and session.prompt().rule == "4.31.1"
    assert window.curtain.isVisible()
    assert not set(window.hand_dock.items()) & set(yellow)
    assert not set(window.hand_dock.items()) & set(blue)
    pass_curtain(qtbot, window)
    assert window.hand_dock.items() == blue
    assert window.prompt_dock.prompt.seat == "blue"
    click_choice(qtbot, window, "c29")              # Cavalry Charge: +1 to Blue's dice
    assert session.prompt().seat == "blue"          # a seat that played is asked again
    click_choice(qtbot, window, "pass")
    assert session.state["last_battle"]["sides"]["blue"]["modifiers"][-1] == \
        "+1 from a Surprise card"


def test_the_side_panel_shows_legitimacy_and_the_royal_family(qtbot):
    from gui.successors_panel import SuccessorsPanel
    from tests.successors.helpers import set_up

    st = set_up("four-player")
    panel = SuccessorsPanel(st)
    qtbot.addWidget(panel)
    text = panel.sections["factions"].text()
    assert "Yellow" in text and "Legitimacy" in text
    royals = panel.sections["royals"].text()
    assert "Alexandros: Babylon" in royals and "Funeral Cart at Babylon" in royals


def test_the_screenshot_shows_every_army_after_the_deal(qtbot):
    """``hegemon screenshot`` lets seeded bots make the five-player deal (5.4.5), so the
    picture shows each faction's armies as the shared counters, each at least 14 px across
    with the map fitted, none over another space's counter."""
    from gui.map_check import small_counters
    from gui.screenshot import open_window

    app, window = open_window("successors", "five-player", (1600, 1000), through_opening=True)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    for _ in range(3):
        app.processEvents()
    window.map_view.fit()
    app.processEvents()
    st = window.session.state
    assert st["phase"] != "setup" and "deal" not in st
    counters = window.scene.counter_items()
    owners = {c.data(0).split(":")[1] for c in counters}
    assert set(st["players"]) <= owners
    assert small_counters(window.map_view, counters, 14) == []
    rects = [(c.data(0), c.body_rect()) for c in counters]
    assert not [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:]
                if a.split(":")[0] != b.split(":")[0]
                and ra.adjusted(1, 1, -1, -1).intersects(rb.adjusted(1, 1, -1, -1))]
    window.close()
