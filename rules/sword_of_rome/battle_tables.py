"""The combat tables (12.2.1 force ratio, 12.3 losses), read from tables.yaml."""

from __future__ import annotations

from .model import ed


def force_ratio(larger: int, smaller: int) -> int | str:
    """The larger army's modifier, or "AV" (12.2.1; table reconstructed: tables.yaml)."""
    table = ed().tables["force_ratio"]
    if smaller <= 0:
        return table["smaller_zero"]
    ratio = larger / smaller
    for row in table["rows"]:
        if ratio >= row["at_least"] and larger >= row.get("min_larger", 0):
            return row["result"]
    return 0


def loss_column(n: int) -> int:
    return 0 if n <= 1 else (1 if n == 2 else 2)


def losses(winner_dice: list[int], loser_dice: list[int], winner_cu: int, loser_cu: int
           ) -> tuple[int, int]:
    """CU the (winner, loser) remove, read from the unmodified dice (12.3; the loser's die 1
    costs the loser a CU, as every worked example shows)."""
    table = ed().tables["combat_losses"]
    to_winner = to_loser = 0
    for die in winner_dice:
        r = table["winner"][die][loss_column(winner_cu)]
        if isinstance(r, str) and r.startswith("L"):
            to_loser += int(r[1:])
    for die in loser_dice:
        r = table["loser"][die][loss_column(loser_cu)]
        if isinstance(r, str) and r.startswith("W"):
            to_winner += int(r[1:])
        elif isinstance(r, str) and r.startswith("S"):
            to_loser += int(r[1:])
    return to_winner, to_loser
