"""Dice forced through the state's own seeded generator (no monkeypatching): find the
generator state whose next d6 rolls are the faces a worked example prints."""

from __future__ import annotations

from typing import Any

from rules.engine import rng


def _faces(s: int, n: int, sides: int) -> list[int]:
    gen = {"s": s, "n": 0}
    return [rng.randbelow(gen, sides) + 1 for _ in range(n)]


def rig(state: dict[str, Any], *faces: int | None, sides: int = 6) -> None:
    """Set ``state["rng"]`` so that its next ``len(faces)`` draws of ``sides`` give
    ``faces`` (None: any face). Searches seeds from 1 up: a few thousand tries at most for
    four dice."""
    want = list(faces)
    for seed in range(1, 2_000_000):
        s = rng.seed_state(seed)["s"]
        got = _faces(s, len(want), sides)
        if all(w is None or w == g for w, g in zip(want, got, strict=True)):
            state["rng"] = {"s": s, "n": state.get("rng", {}).get("n", 0)}
            return
    raise AssertionError(f"no seed gives {faces}")
