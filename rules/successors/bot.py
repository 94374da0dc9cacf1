"""The ``bot`` strategy for Successors: leanings per choice, from the seat's own view."""

from __future__ import annotations

from rules.engine.game import Prompt

from .model import State, ed
from .victory import body_controller, royal_controller


def royal_spaces(view: State, seat: str) -> set[str]:
    """Spaces with an heir or Alexander's body that ``seat`` does not hold yet."""
    out = {r["loc"] for rid, r in view["royals"].items() if r["active"]
           and r["loc"] in ed().spaces and royal_controller(view, rid) != seat}
    body = view["body"]
    if body["loc"] in ed().spaces and not body["tomb"] and body_controller(view) != seat:
        out.add(body["loc"])
    return out


#: the weight of a choice, by its id or the prefix of its id, that needs no look at the board
#: (any other: 1)
FIXED = {"remove": 4.0, "event": 2.0, "roll": 5.0, "forgo": 0.5, "disband": 0.05,
         "withdraw": 0.7, "avoid": 1.5,
         "pick:": 2.0,        # gather the army's strength (8.3.1)
         "take:": 0.8, "minor:": 4.0, "hire:": 5.0,
         "capital:": 3.0,     # 19.8: a walled city of one's own
         "ind:": 0.4}         # 19.4: a card spent on an Independent Army


def weights(view: State, prompt: Prompt) -> list[float]:
    out = []
    seat = prompt.seat
    royal = royal_spaces(view, seat) if any(c.target for c in prompt.choices) else set()
    for c in prompt.choices:
        cid = c.id
        w = FIXED.get(cid, FIXED.get(cid.split(":", 1)[0] + ":", 1.0))
        if prompt.rule == "6.6.5":          # foraging: the cheapest CU first
            w = {"mercenary": 4.0, "elephant": 1.0}.get(cid, 0.3)
        elif cid in ("stop", "end", "done", "pass", "stay", "skip"):
            w = 0.6
        elif cid.startswith(("place:", "flip:")) or cid in ("pcs",):
            w = 6.0
        elif cid.startswith("siege"):
            w = 5.0
        elif cid == "bury":
            w = 10.0 if view["body"]["loc"] == "pella" else 2.0
        elif cid.startswith("go:") or cid.startswith("sail:"):
            dest = cid.split(":", 1)[1]
            pc = view["pc"].get(dest)
            w = 1.5 if pc not in (None, seat) else 1.0
            if pc is None and ed().spaces[dest].kind != "transit":
                w = 2.5
            if cid.startswith("sail:"):
                w *= 0.5
        elif cid == "land":
            pc = view["pc"].get(c.target)
            w = 2.0 if pc in (None, seat) else 1.2
        elif cid.startswith(("leave:", "drop:")):
            # a garrison for a friendly Major City or a space about to be lost
            w = 0.8 if view["pc"].get(c.target) == seat and \
                ed().spaces[c.target].kind == "major" else 0.15
        elif cid in ed().cards and prompt.kind == "battle":
            w = 3.0
        elif cid in ed().cards and prompt.kind == "choose-card":
            w = 1.0 + ed().cards[cid].ops
        if c.target in royal and (cid.startswith(("go:", "sail:", "place:")) or
                                  cid == c.target):
            w *= 4.0
        out.append(w)
    return out
