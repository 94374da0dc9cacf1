"""Checks and Successes (2.14): roll d6 against a Success Threshold (rating + THMs)."""

from __future__ import annotations

from typing import Any

from rules.engine.rng import roll


def check(state: dict[str, Any], threshold: int, *, dice: int = 1, purpose: str,
          rule: str) -> list[int]:
    """Roll ``dice`` Checks; each die <= ``threshold`` is a Success (2.14). Returns the faces."""
    return roll(state, dice, purpose=f"{purpose} (needs {threshold} or less)", rule=rule)


def successes(faces: list[int], threshold: int) -> int:
    return sum(1 for f in faces if f <= threshold)


def margin(threshold: int, face: int) -> int:
    """Success Margin = threshold - roll (2.14)."""
    return threshold - face
