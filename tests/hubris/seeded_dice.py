"""Forcing dice through the state's own seeded generator (never by patching a rule): the
generator's seed is set to one whose next draws are the faces wanted."""

from __future__ import annotations

from typing import Any

from rules.engine.rng import randbelow


def rig(state: dict[str, Any], *faces: int, sides: int = 6) -> None:
    """Set ``state["rng"]`` so that the next ``len(faces)`` dice of ``sides`` faces it rolls
    are ``faces`` (a search over seeds: a few thousand tries for four dice)."""
    n = state["rng"].get("n", 0)
    for seed in range(1, 10_000_000):
        rng = {"s": seed, "n": n}
        if all(randbelow(rng, sides) + 1 == f for f in faces):
            state["rng"] = {"s": seed, "n": n}
            return
    raise AssertionError(f"no seed rolls {faces}")
