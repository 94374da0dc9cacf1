"""Checks and Successes (2.14): roll d6 against a Success Threshold (rating + THMs)."""

from __future__ import annotations

from typing import Any

from rules.engine.names import needs
from rules.engine.rng import roll


def check(state: dict[str, Any], threshold: int, *, dice: int = 1, purpose: str,
          rule: str, parts: list[tuple[str, int]] | None = None) -> list[int]:
    """Roll ``dice`` Checks; each die <= ``threshold`` is a Success (2.14). Returns the faces.

    The log gives the threshold with how it is made up (``parts``: the rating, then each
    THM, by name): "Envoy to Kilikia (needs 2 or less: Diplomacy 3, Garrison -1)"."""
    return roll(state, dice, purpose=f"{purpose} ({needs(threshold, parts or [])})", rule=rule)


def successes(faces: list[int], threshold: int) -> int:
    return sum(1 for f in faces if f <= threshold)


def margin(threshold: int, face: int) -> int:
    """Success Margin = threshold - roll (2.14)."""
    return threshold - face
