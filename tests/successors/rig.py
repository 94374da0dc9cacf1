"""Forcing the draws of the state's own seeded generator: ``rig(st, (n, k), ...)`` gives the
state a seed whose next draws ``randbelow(n)`` are ``k`` in turn (a d6 showing f is
``(6, f - 1)``), so the rules roll their dice and pick their cards as they always do."""

from __future__ import annotations

from rules.engine.rng import randbelow, seed_state


def rig(st: dict, *draws: tuple[int, int]) -> None:
    for k in range(2_000_000):
        rng = seed_state(k)
        if all(randbelow(rng, n) == v for n, v in draws):
            st["rng"] = seed_state(k)
            return
    raise AssertionError(f"no seed gives the draws {draws}")


def rig_dice(st: dict, *faces: int) -> None:
    """The next d6 rolls show ``faces``."""
    rig(st, *((6, f - 1) for f in faces))
