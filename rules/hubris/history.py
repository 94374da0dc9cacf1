"""The Historical Victory Performance table (9.3): each Kingdom's VPs as history scored them.

Loaded from ``assets/hubris/history.yaml`` and checked: eleven Turns, every Kingdom's four rows
complete, each printed Total the rounded sum (2.1.5) of its Territorial VPs, Dynastic VPs and
King's Renown.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from rules.engine.data import DataError, LineDict, load_yaml, require, source_kind
from rules.engine.registry import asset_dir

from .mapdata import KINGDOMS
from .numbers import round_half_away

TURNS = 11          # 220-166 BCE, five years a Turn (2.5.10)
ROWS = ("territorial", "dynastic", "renown", "total")


@dataclass(frozen=True)
class Performance:
    """One Kingdom's historical VPs at the end of one Turn (9.3)."""

    kingdom: str
    turn: int
    territorial: Fraction
    dynastic: int
    renown: int
    total: int


@dataclass(frozen=True)
class History:
    """The whole 9.3 table: the years of each Turn and every Kingdom's row."""

    years: dict[int, str]
    rows: dict[tuple[str, int], Performance]
    source_counts: Counter[str]

    def of(self, kingdom: str, turn: int) -> Performance | None:
        return self.rows.get((kingdom, turn))

    def totals(self, kingdom: str) -> dict[int, int]:
        """Turn -> historical Total VPs of ``kingdom``."""
        return {t: p.total for (k, t), p in self.rows.items() if k == kingdom}


def parse_history(path: Path) -> History:
    raw = load_yaml(path)
    if not isinstance(raw, LineDict):
        raise DataError(path, None, None, "expected a mapping at the top")
    counts: Counter[str] = Counter()
    years: dict[int, str] = {}
    for rec in require(raw, "turns", list):
        counts[source_kind(rec)] += 1
        years[require(rec, "turn", int)] = require(rec, "years", str)
    if sorted(years) != list(range(1, TURNS + 1)):
        raise raw.error("turns", f"expected Turns 1 to {TURNS}")
    table = require(raw, "performance", dict)
    if set(table) != set(KINGDOMS):
        raise raw.error("performance", f"expected the Kingdoms {', '.join(KINGDOMS)}")
    rows: dict[tuple[str, int], Performance] = {}
    for k, rec in table.items():
        counts[source_kind(rec)] += 1
        cols = {}
        for row in ROWS:
            values = require(rec, row, list)
            if len(values) != TURNS:
                raise rec.error(row, f"expected {TURNS} values, got {len(values)}")
            cols[row] = [Fraction(str(v)) for v in values]
        for i in range(TURNS):
            terr, dyn, ren, total = (cols[row][i] for row in ROWS)
            if round_half_away(terr + dyn + ren) != total:
                raise rec.error("total", f"Turn {i + 1}: {total} is not the rounded sum "
                                         f"{terr} + {dyn} + {ren} (2.1.5)")
            rows[(k, i + 1)] = Performance(k, i + 1, terr, int(dyn), int(ren), int(total))
    return History(years, rows, counts)


@cache
def load_history(path: str | None = None) -> History:
    """``assets/hubris/history.yaml`` (or ``path``), checked, once per process."""
    return parse_history(Path(path) if path else asset_dir("hubris") / "history.yaml")


def check_history() -> dict[str, int]:
    """Records of the 9.3 table by source kind (``hegemon check-data``)."""
    return dict(load_history().source_counts)
