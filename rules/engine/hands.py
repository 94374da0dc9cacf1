"""Hidden hands of cards kept in state: ``state["hands"][seat]`` is a list of card ids.

A hand is seen only by its seat: :func:`hide_hands` gives the view of one seat, with every
other hand replaced by its size (``state["hand_sizes"]``), so a bot or a hot-seat viewer
learns no more than a player at the table.
"""

from __future__ import annotations

from typing import Any

from .game import IllegalChoice

State = dict[str, Any]


def hand(state: State, seat: str) -> list[str]:
    """The hand of ``seat`` (made empty if it had none)."""
    return state.setdefault("hands", {}).setdefault(seat, [])


def holds(state: State, seat: str, card: str) -> bool:
    return card in state.get("hands", {}).get(seat, [])


def take(state: State, seat: str, card: str) -> str:
    """Take ``card`` out of ``seat``'s hand (to play or discard it)."""
    cards = hand(state, seat)
    if card not in cards:
        raise IllegalChoice(f"{seat} does not hold {card}")
    cards.remove(card)
    return card


def hide_hands(state: State, seat: str | None) -> State:
    """A shallow copy of ``state`` in which only ``seat``'s hand is shown (None: no hand).

    Other hands become empty lists; ``hand_sizes`` gives every hand's size."""
    view = dict(state)
    hands = state.get("hands", {})
    view["hand_sizes"] = {s: len(cards) for s, cards in hands.items()}
    view["hands"] = {s: (list(cards) if s == seat else []) for s, cards in hands.items()}
    return view
