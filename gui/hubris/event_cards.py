"""The Event cards in the Hubris panel (4.0): the Pending cards, those in effect and those
drawn this Turn, each a link that opens its card dialog (number, kind, our summary, whether
it is reconstructed and why, what it did this game)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from rules.engine.game import Choice, Prompt
from rules.hubris import cards, event_effects
from rules.hubris.rulesdata_load import production


def _data():
    return production()


def event_html(state: dict[str, Any]) -> str:
    """The panel's Event section: links named by the cards' titles."""
    data = _data()
    turn = int(state.get("turn") or 1)

    def links(eids: list[str]) -> str:
        return ", ".join(f"<a href='{e}'>{cards.title(data, e)}</a>" for e in eids
                         if e in data.events) or "—"

    drawn = [e for e, book in sorted((state.get("card_log") or {}).items())
             if any(line.startswith(f"Turn {turn}:") for line in book)]
    return (f"<b>Pending Events</b>: {links(event_effects.pending(state))}"
            f"<br><b>Events in effect</b>: {links(event_effects.ongoing(state))}"
            f"<br><b>Drawn this Turn</b>: {links(drawn)}")


def card_prompt(state: dict[str, Any], eid: str) -> Prompt:
    """A read-only card prompt for the card dialog: the card and what it did this game."""
    data = _data()
    ctx: dict[str, Any] = {"card": cards.card_context(data, state, eid)}
    done = cards.history(state, eid)
    ctx["this game"] = "\n".join(done) if done else "Not drawn yet."
    return Prompt("", f"Event card {cards.title(data, eid)}", [Choice("close", "Close")],
                  kind="card", rule="4.0", context=ctx)


def open_card(state: dict[str, Any], eid: str, parent: QWidget | None = None):
    """Open the card dialog of ``eid`` (closing it decides nothing)."""
    from gui.dialogs.card import CardDialog  # late: a dialog only a click opens

    dialog = CardDialog(card_prompt(state, eid), parent)
    dialog.setWindowTitle("Event card")
    dialog.show()
    return dialog
