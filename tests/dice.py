"""Dice forced through the state's own seeded generator, never by monkeypatching: find a
generator state whose next draws are the ones a worked example prints, so the rules roll
their dice and pick their cards with their ordinary calls.

``rig(st, 3, 5, 1)``: the next three d6 show 3, 5 and 1 (``None``: any face).
``rig_draws(st, (n, k), ...)``: the next draws ``randbelow(n)`` give ``k`` in turn (a card
picked from ``n``, a die of ``n`` faces showing ``k + 1``).
"""

from __future__ import annotations

from typing import Any

from rules.engine.rng import randbelow, seed_state

State = dict[str, Any]
_TRIES = 2_000_000


def rig_draws(st: State, *draws: tuple[int, int | None]) -> None:
    """Set ``st["rng"]`` so that its next draws ``randbelow(n)`` give ``k`` in turn (``None``:
    any value); the count of draws made so far is kept. Keep ``draws`` short: the search
    tries seeds from 0 up."""
    count = st.get("rng", {}).get("n", 0)
    for seed in range(_TRIES):
        trial = seed_state(seed)
        got = [randbelow(trial, n) for n, _ in draws]
        if all(k is None or k == g for (_, k), g in zip(draws, got, strict=True)):
            st["rng"] = {"s": seed_state(seed)["s"], "n": count}
            return
    raise AssertionError(f"no seed gives the draws {draws}")


def rig(st: State, *faces: int | None, sides: int = 6) -> None:
    """The next ``len(faces)`` rolls of one ``sides``-sided die show ``faces`` in order."""
    rig_draws(st, *((sides, None if f is None else f - 1) for f in faces))


def rolled(st: State, since: int = 0) -> list[str]:
    """The texts of the dice rolls logged from log entry ``since`` on."""
    return [e["text"] for e in st["log"][since:] if e.get("kind") == "random"]
