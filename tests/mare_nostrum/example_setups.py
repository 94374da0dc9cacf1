"""Helpers for the worked-example tests: trade posts of given merchandise on the small board."""

from __future__ import annotations

from rules.mare_nostrum.pieces import cell
from rules.mare_nostrum.refresh import refresh

from .helpers import game


def merch_hexes(merch: str, k: int, skip: tuple[str, ...] = ()) -> list[str]:
    """``k`` land or coastal hexes of ``merch`` (no capitals), in hex-id order."""
    g = game()
    got = [h.id for h in sorted(g.map.hexes.values(), key=lambda h: h.id)
           if h.merchandise == merch and h.terrain in ("land", "coastal")
           and not h.capital_of and h.id not in skip]
    assert len(got) >= k, merch
    return got[:k]


def posts(s: dict, empire: str, holdings: dict[str, int]) -> list[str]:
    """Give ``empire`` uncontested trade posts: ``holdings`` merchandise -> number of hexes."""
    placed = []
    taken = tuple(h for h, c in s["hexes"].items() if c["post"] or c["units"])
    for merch, k in holdings.items():
        for h in merch_hexes(merch, k, taken):
            cell(s, h)["post"] = {"owner": empire, "kind": "trade_post", "count": 1}
            placed.append(h)
    refresh(game(), s)
    return placed
