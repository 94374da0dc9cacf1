"""Strategy cards as spent (7.1.3): value and title (a Desperate Times card counts as a
3-value card, 7.4), discard or removal, the Insurrection card (16.4)."""

from __future__ import annotations

from rules.engine.deck import discard, mark_reshuffle, remove
from rules.engine.hands import take

from .model import State, ed, five

DT = "dt"       # the card id standing for a Desperate Times card played as a 3-value card


def card_value(card: str) -> int:
    return 3 if card == DT else ed().cards[card].value


def card_title(card: str) -> str:
    return "Desperate Times" if card == DT else ed().cards[card].title


def spend(st: State, side: str, card: str, *, as_event: bool) -> None:
    """The card leaves the hand: to the discards, or out of the game if it is a REMOVE
    event (7.1.3); a RESHUFFLE card reshuffles the deck before the next draw (6.4.1)."""
    if card == DT:
        return
    fired = card_spent(st, side, card)                   # 16.4
    take(st, side, card)
    deck = st["decks"][side]
    c = ed().cards[card]
    if (as_event and c.remove) or fired:
        remove(deck, card)
    else:
        discard(deck, card)
    if c.reshuffle:
        mark_reshuffle(deck)


def card_spent(st: State, side: str, card: str) -> bool:
    """The Insurrection card breaks out however the Carthaginian player uses it (ruling: the
    card text is lost; a mercenary revolt is nothing Carthage would choose); True if it does
    (the card then leaves the game)."""
    if five(st) and side == "carthage" and ed().cards[card].event["do"] == "revolt" \
            and not st["flags"].get("insurrection"):
        st["flags"]["insurrection_due"] = True
        return True
    return False
