"""The pieces on the Hubris map as stacks (one counter per owner and Area), and the order
Qt stacks items in."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import (
    QColor,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
)

from ..counters import Counter
from . import style as S

_CHIP_NEUTRAL = QColor("#e9e2cf")
_HIDDEN = QColor("#8a8170")

#: the counter on top of a stack, first of these (then the others, by unit id)
TOP_FIRST = ("leader", "royal-army", "legion", "mercenary", "minor", "colonist", "siege-train",
             "squadron", "roman-squadron", "minor-squadron", "mercenary-squadron")
#: a unit type's symbol on its counter
SYMBOLS = {"royal-army": "RA", "siege-train": "ST", "legion": "L", "colonist": "Col",
           "squadron": "⚓", "roman-squadron": "⚓", "minor-squadron": "⚓",
           "mercenary-squadron": "⚓"}
TYPE_NAMES = {"royal-army": "Royal Army", "siege-train": "Siege Train", "legion": "Legion",
              "colonist": "Colonists", "mercenary": "Mercenaries", "minor": "Minor Power army",
              "squadron": "Squadron", "roman-squadron": "Roman Squadron",
              "minor-squadron": "Minor Power Squadron",
              "mercenary-squadron": "Mercenary Squadron"}


@dataclass
class Stack:
    """One owner's pieces in one Area, drawn as its top counter with a count."""

    owner: str
    counter: Counter
    tip: str


def _piece_name(pid: str) -> str:
    return pid.replace("-", " ").title()


def stacks(state: dict[str, Any], shown: set[str]) -> dict[str, list[Stack]]:
    """Area id -> a stack per owner there (face-down pieces: a neutral stack of "?")."""
    pieces: dict[tuple[str, str], list[tuple[int, str, str, str]]] = defaultdict(list)
    for uid, u in sorted((state.get("units") or {}).items()):
        loc = u.get("location")
        if loc not in shown:
            continue
        kind = u.get("type") or ""
        if u.get("face") == "down":
            pieces[(loc, "hidden")].append((len(TOP_FIRST), uid, "?", "a face-down piece"))
            continue
        symbol = SYMBOLS.get(kind) or uid.split("-")[0][:3].capitalize()
        if kind.endswith("squadron") and uid[-1].isdigit():
            symbol += uid.rsplit("-", 1)[1]             # Squadrons show their number
        rank = TOP_FIRST.index(kind) if kind in TOP_FIRST else len(TOP_FIRST) - 1
        pieces[(loc, u.get("owner") or "neutral")].append(
            (rank, uid, symbol, f"{TYPE_NAMES.get(kind, kind or 'piece')}: {_piece_name(uid)}"))
    for lid, ld in sorted((state.get("leaders") or {}).items()):
        loc = ld.get("location")
        if loc in shown:
            crown = "King " if ld.get("role") == "king" else ""
            if lid.startswith("consul-"):       # our id, not a card's: name him
                pieces[(loc, "rome")].append((0, lid, "Cos", "Roman Consul against the "
                                              + lid.removeprefix("consul-").title()))
                continue
            pieces[(loc, ld.get("court") or "neutral")].append(
                (0, lid, ("♛" if crown else "") + lid, f"{crown}Leader {lid}"))
    out: dict[str, list[Stack]] = defaultdict(list)
    for (loc, owner), items in sorted(pieces.items()):
        items.sort()
        _, _, symbol, _ = items[0]
        colour = S.POWER.get(owner) or (_HIDDEN if owner == "hidden" else _CHIP_NEUTRAL)
        who = {"hidden": "Face down", "neutral": "Neutral"}.get(owner, owner.capitalize())
        tip = f"<b>{who}</b><br>" + "<br>".join(t for *_, t in items)
        out[loc].append(Stack(owner, Counter(colour, symbol, count=len(items),
                                             shape="round" if items[0][0] == 0 else "square"),
                              tip))
    return out


def stacking_order(items: list[QGraphicsItem]) -> list[QGraphicsItem]:
    """``items`` bottom first, as Qt stacks them: siblings by z value, then by insertion;
    a child above its parent (below it if its z is negative or it stacks behind).

    Needed because a scene without an index (``NoIndex``) gives its items in insertion
    order whatever order is asked of ``items()``; drawn in that order, Sea Areas added after
    a Satrapy covered its name."""
    rank = {it: i for i, it in enumerate(items)}
    tops: list[QGraphicsItem] = []
    children: dict[QGraphicsItem, list[QGraphicsItem]] = {}
    for it in items:                          # two calls into Qt an item: ~400 of them
        parent = it.parentItem()
        if parent is None or parent not in rank:
            tops.append(it)
        else:
            children.setdefault(parent, []).append(it)

    def walk(level: list[QGraphicsItem]) -> list[QGraphicsItem]:
        out: list[QGraphicsItem] = []
        for it in sorted(level, key=lambda item: (item.zValue(), rank[item])):
            kids = children.get(it)
            if not kids:
                out.append(it)
                continue
            behind = [c for c in kids if c.zValue() < 0 or c.flags()
                      & QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent]
            out += walk(behind) + [it] + walk([c for c in kids if c not in behind])
        return out

    return walk(tops)
