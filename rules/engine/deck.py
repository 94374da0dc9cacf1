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


# --- per-power decks: draw, discard, removed, a pending reshuffle --------------------------
#
# A card game with one deck per power keeps ``state["decks"][name]`` as a deck record with
# two extra lists/flags: ``removed`` (cards out of the game) and ``reshuffle`` (a RESHUFFLE
# card was played since the last draw phase: the discards go back before the next draw).


def new_power_deck(state: dict[str, Any], cards: list[str], *, name: str,
                   rule: str = "") -> Deck:
    """A shuffled deck with an empty discard pile, removed pile and no pending reshuffle."""
    deck = new_deck(state, cards, name=name, rule=rule)
    deck["removed"] = []
    deck["reshuffle"] = False
    return deck


def remove(deck: Deck, card: str) -> None:
    """Take ``card`` out of the game (played as a REMOVE event)."""
    deck.setdefault("removed", []).append(card)


def mark_reshuffle(deck: Deck) -> None:
    """A RESHUFFLE card was played: reshuffle before the next draw (:func:`draw_to`)."""
    deck["reshuffle"] = True


def draw_to(state: dict[str, Any], deck: Deck, hand: list[str], size: int, *, name: str,
            rule: str = "") -> list[str]:
    """Draw into ``hand`` until it holds ``size`` cards (a pending reshuffle first; an empty
    pile is refilled from the discards). Returns the cards drawn."""
    if deck.get("reshuffle"):
        reshuffle(state, deck, name=name, rule=rule)
        deck["reshuffle"] = False
    got: list[str] = []
    while len(hand) < size:
        card = draw(state, deck, name=name, rule=rule)
        if card is None:
            break
        hand.append(card)
        got.append(card)
    return got


def search(state: dict[str, Any], deck: Deck, card: str, *, name: str, rule: str = "") -> str:
    """Take a named ``card`` out of the draw pile or the discards ("search the deck"); a card
    taken from the draw pile reshuffles it. Returns where it was: ``draw`` or ``discard``;
    KeyError if it is in neither (removed, or in a hand)."""
    if card in deck["draw"]:
        deck["draw"].remove(card)
        shuffle(state, deck["draw"], purpose=f"{name} deck reshuffled", rule=rule, quiet=True)
        return "draw"
    if card in deck["discard"]:
        deck["discard"].remove(card)
        return "discard"
    raise KeyError(f"{card} is in neither the draw pile nor the discards of {name}")


def power_deck_view(deck: Deck) -> dict[str, Any]:
    """What every player may see of a per-power deck: sizes and the open piles."""
    out = hidden(deck)
    out["removed"] = list(deck.get("removed", []))
    out["reshuffle"] = bool(deck.get("reshuffle"))
    return out
