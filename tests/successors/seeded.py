"""Dice forced through the state's own seeded generator: ``rig(st, 3, 5, 1)`` moves
``st["rng"]`` to a generator state whose next d6 rolls are 3, 5 and 1, so the rules roll
them with their ordinary ``roll`` (nothing is monkeypatched)."""

from __future__ import annotations

from typing import Any

from rules.engine.rng import randbelow

_STEP = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def rig(st: dict[str, Any], *faces: int, sides: int = 6) -> None:
    """Set the state's generator so that its next ``len(faces)`` rolls of one ``sides``-sided
    die give ``faces`` in order (a search over generator states: keep ``faces`` short)."""
    if not faces or len(faces) > 7:
        raise ValueError("rig between 1 and 7 dice at a time")
    n = st["rng"]["n"]
    for i in range(1, 50 * sides ** len(faces)):
        start = (i * _STEP * 0x2545F4914F6CDD1D) & _MASK
        trial = {"s": start, "n": n}
        if all(randbelow(trial, sides) + 1 == f for f in faces):
            st["rng"] = {"s": start, "n": n}
            return
    raise AssertionError(f"no generator state rolls {faces}")


def rolled(st: dict[str, Any], since: int = 0) -> list[str]:
    """The texts of the dice rolls logged from entry ``since`` on."""
    return [e["text"] for e in st["log"][since:] if e.get("kind") == "random"]
