"""Docks tabbed behind another at start make their contents when first shown."""

from rules.engine.session import Session


def test_hidden_docks_fill_when_first_shown(qtbot, window):
    seats = ("macedon", "ptolemies", "seleucids")
    session = Session.new("hubris", "new-hopes", dict.fromkeys(seats, "human"), seed=1)
    session.curtain = False
    window.set_session(session)
    qtbot.wait(20)
    assert window.hand_dock._body is None and window.info_dock._body is None
    assert window.hand_dock.windowTitle().startswith("Hand — ")
    window.hand_dock.raise_()
    qtbot.waitUntil(lambda: window.hand_dock._body is not None)
    shown = window.hand_dock.list
    assert [shown.item(i).text() for i in range(shown.count())] == window.hand_dock.items()
    target = next(iter(window.scene.areas))
    window.centre_on(target)             # a click's description fills the info dock
    assert window.info_dock.text.toPlainText()
    qtbot.waitUntil(lambda: window.info_dock.text.isVisible())
