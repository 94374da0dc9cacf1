"""Hidden hands of cards kept in state: ``state["hands"][seat]`` is a list of card ids.

A hand is seen only by its seat: :func:`hide_hands` gives the view of one seat, with every
other hand replaced by its size (``state["hand_sizes"]``), so a bot or a hot-seat viewer
learns no more than a player at the table. The card games' ``view`` methods (The Sword of
Rome, Successors, Athens and Sparta) build on :func:`hide_hands`, :func:`shown` and
:func:`sizes`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
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


def sizes(hands: dict[str, list[Any]]) -> dict[str, int]:
    """The number of cards in every hand."""
    return {s: len(cards) for s, cards in hands.items()}


def shown(hands: dict[str, list[str]], seen: Collection[str | None],
          face: Callable[[str], Any] | None = None) -> dict[str, list[Any]]:
    """Every hand as a viewer finds it who sees the hands of ``seen``: those copied (each card
    through ``face``, if given), the others empty."""
    return {s: ([face(c) for c in cards] if face else list(cards)) if s in seen else []
            for s, cards in hands.items()}


def hide_hands(state: State, seat: str | None, *, key: str = "hands",
               sizes_key: str = "hand_sizes", face: Callable[[str], Any] | None = None,
               view: State | None = None) -> State:
    """``view`` (by default a shallow copy of ``state``) in which, of the hands in
    ``state[key]``, only ``seat``'s is shown (None: no hand), each card through ``face``;
    ``view[sizes_key]`` gives every hand's size. Returns the view."""
    if view is None:
        view = dict(state)
    hands = state.get(key, {})
    view[sizes_key] = sizes(hands)
    view[key] = shown(hands, (seat,), face)
    return view
