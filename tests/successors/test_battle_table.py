"""The reconstructed Battle Table (12.3): it gives every figure the rulebook prints, and a
greater Battle Strength never scores less and somewhere scores more."""

import pytest

from rules.successors.battle import score
from rules.successors.model import ed

ROLLS = range(2, 13)


def columns() -> list[tuple[int, int]]:
    """Each column's strengths (lowest, highest; the last open-ended, capped at 40)."""
    out = []
    for col in ed().tables["battle"]["columns"]:
        lo, _, hi = col["strength"].rstrip("+").partition("-")
        out.append((int(lo), 40 if col["strength"].endswith("+") else int(hi or lo)))
    return out


@pytest.mark.rule("successors", "12.3")
def test_the_columns_cover_every_strength_once_in_order():
    cols = columns()
    assert cols[0][0] == 1
    for (_, hi), (lo, _) in zip(cols, cols[1:], strict=False):
        assert lo == hi + 1
    for col in ed().tables["battle"]["columns"]:
        assert len(col["scores"]) == len(ROLLS)


@pytest.mark.rule("successors", "12.3")
def test_the_printed_figures():
    assert score(8, 7) == 4          # example 12.3: the "8" column, a roll of 7
    assert score(5, 12) == 7         # example 12.3: the "5" column, a roll of 12
    assert score(0, 12) == 0         # 12.3: strength zero scores zero


@pytest.mark.rule("successors", "12.3")
def test_more_strength_never_scores_less_and_each_column_beats_the_one_before():
    """Over the whole table: for every roll a higher strength scores at least as much, and
    every column scores more than the column before it on some roll (so no two columns are
    the same, as the 5-6 and 7-8 columns once were)."""
    for s in range(0, 40):
        for r in ROLLS:
            assert score(s + 1, r) >= score(s, r), (s, r)
    cols = columns()
    for (lo0, _), (lo1, _) in zip(cols, cols[1:], strict=False):
        assert any(score(lo1, r) > score(lo0, r) for r in ROLLS), (lo0, lo1)
    assert any(score(1, r) > score(0, r) for r in ROLLS)


@pytest.mark.rule("successors", "12.3")
def test_a_higher_roll_never_scores_less():
    for s in range(1, 41):
        for r in range(2, 12):
            assert score(s, r + 1) >= score(s, r), (s, r)
