"""An open auction in rounds, kept in plain data (any game's bidding: lots, Leaders, seats).

Bidders act in turn order, each seeing the standing bid: raise it, match it (a matching bid
ties at the top), hold (a bidder already at the top keeps his bid) or pass (no raise this time;
a bid once made is never withdrawn, so a bidder at the top cannot pass). A pass is not final:
bids are raised freely until nobody wishes to raise (Hubris 3.5), so a bidder who passed is
asked again after a later raise or match. It ends when a full round goes by with no raise or
match: every bidder has held or passed since the last one. The bidders at the top are then
the winners' tie (the caller breaks it by its rule); nobody bid when no bid stands.

With ``sealed_first`` the first round is sealed: every bidder names a bid (or none) unseen,
all are revealed at once, then the open rounds go on from there (a bidder who sealed none
may still bid in them).

``out`` (bidders out of the auction) is kept for auctions saved by older versions, whose
passes were final; no bid puts a bidder out now.

Choice ids: ``bid:pass``, ``bid:hold``, ``bid:match``, ``bid:<amount>`` (a raise or, in the
sealed round, a sealed bid), ``bid:0`` (no sealed bid).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .game import Choice

Auction = dict[str, Any]
Show = Callable[[str], str]


def start(bidders: list[str], minimum: int, caps: dict[str, int], *,
          sealed_first: bool = False, unit: str = "T") -> Auction:
    """A new auction among ``bidders`` (in turn order), each bid at most ``caps[bidder]``."""
    return {"bidders": list(bidders), "minimum": int(minimum),
            "caps": {b: int(caps[b]) for b in bidders}, "unit": unit,
            "bids": {}, "out": [], "standing": 0, "quiet": [], "turn": 0,
            "sealed": {} if sealed_first else None, "history": []}


def active(a: Auction) -> list[str]:
    return [b for b in a["bidders"] if b not in a["out"]]


def current(a: Auction) -> str | None:
    """Who acts now; None once the auction is over."""
    if a["sealed"] is not None:
        return next((b for b in a["bidders"] if b not in a["sealed"]), None)
    n = len(a["bidders"])
    for i in range(n):
        b = a["bidders"][(a["turn"] + i) % n]
        if b not in a["out"] and b not in a["quiet"]:
            return b
    return None


def over(a: Auction) -> bool:
    return current(a) is None


def top(a: Auction) -> list[str]:
    """The bidders holding the standing bid (two or more: a tie); empty if nobody bid."""
    if not a["standing"]:
        return []
    return [b for b in active(a) if a["bids"].get(b) == a["standing"]]


def _amounts(a: Auction, bidder: str, low: int) -> list[int]:
    cap = a["caps"][bidder]
    wanted = set(range(low, low + 10)) | set(range(low + 10, cap, 5)) | {cap}
    return sorted(x for x in wanted if low <= x <= cap)


def choices(a: Auction, bidder: str) -> list[Choice]:
    """The legal answers of ``bidder`` now (amounts in ``unit``)."""
    u = a["unit"]
    if a["sealed"] is not None:
        return [Choice("bid:0", "No bid")] + [
            Choice(f"bid:{x}", f"Seal a bid of {x} {u}")
            for x in _amounts(a, bidder, a["minimum"])]
    mine, standing = a["bids"].get(bidder, 0), a["standing"]
    out = []
    if standing and mine == standing:
        out.append(Choice("bid:hold", f"Hold at {standing} {u}"))
    else:
        out.append(Choice("bid:pass", "Pass (you may bid again after a raise)"))
        if standing and a["caps"][bidder] >= standing:
            out.append(Choice("bid:match", f"Match {standing} {u}"))
    low = max(a["minimum"], standing + 1)
    verb = "Raise to" if standing else "Bid"
    out += [Choice(f"bid:{x}", f"{verb} {x} {u}") for x in _amounts(a, bidder, low)]
    return out


def apply(a: Auction, choice: str, show: Show = str) -> str:
    """Record ``choice`` by the bidder to act; the line for the log. ValueError if illegal."""
    bidder = current(a)
    if bidder is None or choice not in {c.id for c in choices(a, bidder)}:
        raise ValueError(f"{choice} is not a legal bid now")
    u, who = a["unit"], show(bidder)
    a["turn"] = a["bidders"].index(bidder) + 1
    what = choice.split(":", 1)[1]
    if a["sealed"] is not None:
        a["sealed"][bidder] = int(what)
        a["history"].append(f"{who}: sealed bid")
        if current(a) is None:
            return _reveal(a, show)
        return f"{who}: sealed bid."
    if what == "pass":
        a["quiet"].append(bidder)
        line = f"{who}: pass"
    elif what == "hold":
        a["quiet"].append(bidder)
        line = f"{who}: hold at {a['standing']} {u}"
    elif what == "match":
        a["bids"][bidder] = a["standing"]
        a["quiet"] = [bidder]
        line = f"{who}: match {a['standing']} {u}"
    else:
        a["bids"][bidder] = a["standing"] = int(what)
        a["quiet"] = [bidder]
        line = f"{who}: bid {what} {u}"
    a["history"].append(line)
    return line + "."


def _reveal(a: Auction, show: Show) -> str:
    sealed, a["sealed"] = a["sealed"], None
    u = a["unit"]
    for b in a["bidders"]:
        if sealed[b] >= a["minimum"]:
            a["bids"][b] = sealed[b]
    a["standing"] = max(a["bids"].values(), default=0)
    leaders = top(a)
    a["quiet"] = leaders if len(leaders) == 1 else []
    a["turn"] = 0
    line = "Sealed bids revealed: " + ", ".join(
        f"{show(b)} {sealed[b]} {u}" if sealed[b] else f"{show(b)} none" for b in a["bidders"])
    a["history"].append(line)
    return line + "."


def context(a: Auction, bidder: str, what: str, show: Show = str) -> dict[str, Any]:
    """What a bid dialog shows: the lot, the standing bid and whose, the bidder, the history."""
    u = a["unit"]
    holders = top(a)
    standing = (f"{a['standing']} {u} ({', '.join(show(b) for b in holders)})"
                if holders else "none yet")
    return {"what": what,
            "round": "sealed first round" if a["sealed"] is not None else "open bidding",
            "standing_bid": standing,
            "bidder": show(bidder),
            "your_bid": f"{a['bids'][bidder]} {u}" if bidder in a["bids"] else "none",
            "limit": f"{a['caps'][bidder]} {u}",
            "minimum": f"{a['minimum']} {u}",
            "still_in": ", ".join(show(b) for b in active(a)),
            "history": list(a["history"])}
