"""Rome on screen (issue 12): a declaration of war opens Rome's dialog, which says what
happened and why; the side panel shows the Agenda, Belligerence, Punic War, Senate and Casus
Belli and changes as they change."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gui.dialogs.rome import RomeDialog
from rules.engine import registry
from rules.engine.session import Session

SEATS = {"macedon": "human", "ptolemies": "human", "seleucids": "human"}


def _declared() -> Session:
    """New Hopes, first decision reached, then Rome declares War on Macedon (no Influence:
    no Forestall), as an Automatic Casus Belli would."""
    from rules.hubris import play, rome
    from rules.hubris.rulesdata_load import production

    game = registry.get("hubris")
    state = game.new_game("new-hopes", list(SEATS), {}, 3)
    play.prepare(state)
    rome.casus_belli(production(), state, "macedon", None,
                     "Macedon attacks a Roman Garrison in Illyria")
    session = Session(game, state, dict(SEATS))
    session.curtain = False
    return session


@pytest.mark.rule("hubris", "8.6")
def test_a_roman_declaration_of_war_plays_through_its_dialog(qtbot, window, tmp_path):
    session = _declared()
    window.set_session(session)
    qtbot.waitUntil(lambda: window.dialog is not None, timeout=3000)
    dialog = window.dialog
    assert isinstance(dialog, RomeDialog)
    qtbot.waitUntil(dialog.isVisible)
    shown = "\n".join(label.text() for label in dialog.findChildren(QLabel))
    assert "Rome declares War on Macedon" in shown
    assert "attacks a Roman Garrison" in shown and "8.5" in shown
    dialog.grab().save(str(tmp_path / "rome-dialog.png"))
    panel = window.panel
    assert "At War with Macedon" in panel.sections["rome"].text()
    assert "GRAECIA" in panel.sections["rome"].text()          # the Agenda moved on (8.1.1)
    seats_seen = []
    for _ in range(3):                                          # one dialog per player seat
        qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible(),
                        timeout=3000)
        seats_seen.append(window.dialog.prompt.seat)
        qtbot.mouseClick(window.dialog.buttons["continue"], Qt.MouseButton.LeftButton)
    assert sorted(seats_seen) == sorted(SEATS)
    assert session.choices == ["continue"] * 3
    assert session.state["wars"]["macedon|rome"] == "war"


def test_the_panel_shows_rome_and_follows_belligerence(qtbot):
    from gui.hubris.panel import HubrisPanel

    session = _declared()
    panel = HubrisPanel(session.state)
    qtbot.addWidget(panel)
    text = panel.sections["rome"].text()
    for part in ("Belligerence: <b>+0</b>", "Second Punic War", "Senate: Ptolemies "
                 "Influential", "Casus Belli", "Attack on a Roman Unit or Garrison"):
        assert part in text, part
    state = dict(session.state, rome=dict(session.state["rome"], rb=2))
    panel.update_state(state)
    assert "Belligerence: <b>+2</b> (Very High)" in panel.sections["rome"].text()
