"""The Hubris Event cards in the panel and in the card dialog (4.0): links by title, the
dialog with the card's kind, our summary, its provenance and what it did this game."""

from PySide6.QtWidgets import QLabel

from gui.dialogs import dialog_for
from gui.hubris.event_cards import card_prompt, event_html, open_card
from gui.hubris.panel import HubrisPanel
from rules.hubris import flow
from tests.hubris.events_helpers import DATA, draw, new_hopes


def _texts(widget) -> str:
    return "\n".join(label.text() for label in widget.findChildren(QLabel))


def test_panel_links_pending_ongoing_and_drawn_cards_by_title(qtbot):
    s = draw(draw(new_hopes(), "ev-12"), "ev-20")
    html = event_html(s)
    assert "<a href='ev-12'>Ev 12 'Social War'</a>" in html
    assert "Ev 20 'Anachoresis'" in html.split("Events in effect")[1]
    panel = HubrisPanel(s)
    qtbot.addWidget(panel)
    assert "Pending Events" in panel.sections["events"].text()
    dialog = open_card(s, "ev-20", panel)
    qtbot.addWidget(dialog)
    shown = _texts(dialog)
    assert "Ev 20 'Anachoresis'" in shown and "One-Off Event (Immediate), Turn 2" in shown
    assert "Reconstructed" in shown and "In effect" in shown
    assert "Turn 1:" in shown and "rises in Revolt" in shown            # what it did


def test_the_card_shown_when_drawn_carries_what_happened(qtbot):
    s = new_hopes()
    flow.push(s, "one-off", card="ev-16", log_at=len(s["log"]))
    for _ in range(50):
        frame, queued, prompt = flow.current(DATA, s)
        if prompt is not None and prompt.kind == "card":
            break
        if prompt is not None:
            prompt.choice(prompt.choices[0].id)
            if queued:
                s["queue"].pop(0)
            flow.PROCS[frame["proc"]].apply(DATA, s, frame, prompt.choices[0].id)
        elif queued:
            s["queue"].pop(0)
        else:
            flow.PROCS[frame["proc"]].run(DATA, s, frame)
    dialog = dialog_for(prompt)
    qtbot.addWidget(dialog)
    shown = _texts(dialog)
    assert "Ev 16 'Apelles's Plot'" in shown and "Checks Intrigue" in shown
    assert card_prompt(s, "ev-63").context["this game"] == "Not drawn yet."
