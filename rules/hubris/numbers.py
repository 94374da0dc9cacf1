"""Arithmetic of the rules: rounding (2.1.5), Renown bounds (2.2.5), Treasury cap (2.10)."""

from __future__ import annotations

from fractions import Fraction

RENOWN_MIN, RENOWN_MAX = -2, 4
TREASURY_MAX = 60


def round_half_away(value: Fraction | int | str) -> int:
    """Round once, at the end, halves away from zero (2.1.5): 3.5 -> 4, -0.5 -> -1."""
    v = Fraction(value)
    sign = -1 if v < 0 else 1
    a = abs(v)
    whole = a.numerator // a.denominator
    if a - whole >= Fraction(1, 2):
        whole += 1
    return sign * whole


def clamp_renown(value: int) -> int:
    return max(RENOWN_MIN, min(RENOWN_MAX, value))
