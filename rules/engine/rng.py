"""The seeded generator that lives in the game state.

SplitMix64: a 64-bit integer is the whole state, so it serialises as one JSON number and
same seed + same calls => same numbers on every machine. Every draw made for a rule is
logged with its purpose and rule number, and marks a commit point (undo stops there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .logbook import log

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> dict[str, int]:
    """The ``state["rng"]`` record for a new game."""
    return {"s": (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK, "n": 0}


def _next64(rng: dict[str, int]) -> int:
    rng["s"] = (rng["s"] + 0x9E3779B97F4A7C15) & _MASK
    z = rng["s"]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    rng["n"] += 1
    return z ^ (z >> 31)


def randbelow(rng: dict[str, int], n: int) -> int:
    """A uniform integer in ``[0, n)`` without modulo bias."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next64(rng)
        if x < limit:
            return x % n


def _log(state: dict[str, Any], text: str, rule: str) -> None:
    log(state, text, rule=rule, kind="random")
    state["commit"] = state.get("commit", 0) + 1


def roll(state: dict[str, Any], dice: int = 1, sides: int = 6, *, purpose: str,
         rule: str = "") -> list[int]:
    """Roll ``dice`` dice of ``sides`` faces from the state's generator, logged."""
    out = [randbelow(state["rng"], sides) + 1 for _ in range(dice)]
    _log(state, f"{purpose}: rolled {', '.join(map(str, out))}", rule)
    return out


def pick(state: dict[str, Any], items: Sequence[T], *, purpose: str, rule: str = "",
         show: Callable[[T], str] = str) -> T:
    """Pick one of ``items`` uniformly, logged by its name (``show``: id -> name)."""
    item = items[randbelow(state["rng"], len(items))]
    _log(state, f"{purpose}: {show(item)}", rule)
    return item


def permute(rng: dict[str, int], items: list[T]) -> None:
    """Shuffle ``items`` in place with the generator ``rng`` (Fisher-Yates), logging nothing:
    the rules' :func:`shuffle`, and a search's guess at a deck it cannot see."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def shuffle(state: dict[str, Any], items: list[T], *, purpose: str, rule: str = "",
            quiet: bool = False, show: Callable[[T], str] = str) -> None:
    """Shuffle ``items`` in place (Fisher-Yates). ``quiet`` logs no order (hidden decks);
    otherwise the new order is logged by name (``show``: id -> name)."""
    permute(state["rng"], items)
    order = ", ".join(show(item) for item in items)
    _log(state, f"{purpose}: shuffled" if quiet else f"{purpose}: {order}", rule)
