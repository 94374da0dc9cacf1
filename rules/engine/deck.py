"""Decks of cards kept in state: draw pile (hidden order), discard, reshuffle.

A deck is a plain record ``{"draw": [card ids], "discard": [card ids]}``; the top of the
draw pile is the *end* of the list. Drawing and reshuffling are commit points.
"""

from __future__ import annotations

from typing import Any

from .rng import shuffle
from .state import commit

Deck = dict[str, list[str]]


def new_deck(state: dict[str, Any], cards: list[str], *, name: str, rule: str = "") -> Deck:
    """A shuffled deck of ``cards``."""
    pile = list(cards)
    shuffle(state, pile, purpose=f"{name} deck", rule=rule, quiet=True)
    return {"draw": pile, "discard": []}


def reshuffle(state: dict[str, Any], deck: Deck, *, name: str, rule: str = "") -> None:
    """Shuffle the discard pile back under the draw pile."""
    pile = deck["discard"] + deck["draw"]
    deck["discard"] = []
    shuffle(state, pile, purpose=f"{name} deck reshuffled", rule=rule, quiet=True)
    deck["draw"] = pile


def draw(state: dict[str, Any], deck: Deck, *, name: str, rule: str = "",
         reshuffle_empty: bool = True) -> str | None:
    """Draw the top card (reshuffling the discards if the pile is empty); None if none left."""
    if not deck["draw"] and reshuffle_empty and deck["discard"]:
        reshuffle(state, deck, name=name, rule=rule)
    if not deck["draw"]:
        return None
    card = deck["draw"].pop()
    commit(state, f"{name}: card drawn", rule)
    return card


def discard(deck: Deck, card: str) -> None:
    deck["discard"].append(card)


def hidden(deck: Deck) -> dict[str, Any]:
    """What a player may see of a deck: sizes, discard pile, never the draw order."""
    return {"draw": len(deck["draw"]), "discard": list(deck["discard"])}
