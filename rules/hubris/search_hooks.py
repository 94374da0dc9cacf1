"""What the search seat (rules/engine/search.py) needs of Hubris: a full state drawn from a
seat's view, and how good a position looks (docs/BOTS.md).

Hidden in a view (:meth:`Hubris.view`): the order of the draw piles (their cards are public:
the decks are built openly, 3.2, and every draw is revealed), the generator, and the other
seats' sealed Leader bids (2.2.7). Position value: the Total VPs (2.1.5) against the nearest
rival, or, in 12.3, against the margins that decide it.
"""

from __future__ import annotations

import math
from typing import Any

from rules.engine.rng import randbelow, seed_state

from .victory import totals

State = dict[str, Any]
#: how many VPs of margin make a position look clearly won (the logistic's scale)
VP_SCALE = 2.0


def determinize(view: State, seat: str, rng: dict[str, int]) -> State:
    """A full state consistent with ``view``: draw piles shuffled from their public
    contents, sealed bids of others drawn from what each could pay, a fresh generator.
    ``view`` and what it shares with the real state are not changed."""
    out = dict(view, rng=seed_state(randbelow(rng, 1 << 62)))
    decks = view.get("decks")
    if isinstance(decks, dict):
        out["decks"] = {name: _shuffled(deck, rng) for name, deck in decks.items()}
    for key in ("stack", "queue"):
        if isinstance(view.get(key), list):
            out[key] = [_unsealed(view, frame, rng) for frame in view[key]]
    return out


def _shuffled(deck: Any, rng: dict[str, int]) -> Any:
    if not (isinstance(deck, dict) and isinstance(deck.get("unseen"), list)):
        return deck
    pile = list(deck["unseen"])
    for i in range(len(pile) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        pile[i], pile[j] = pile[j], pile[i]
    return {k: v for k, v in deck.items() if k != "unseen"} | {"draw": pile}


def _unsealed(view: State, frame: Any, rng: dict[str, int]) -> Any:
    bids = frame.get("bids") if isinstance(frame, dict) else None
    if not isinstance(bids, dict) or "sealed" not in bids.values():
        return frame
    kingdoms = view.get("kingdoms", {})
    guess = {k: (randbelow(rng, int(kingdoms.get(k, {}).get("treasury", 0)) + 1)
                 if v == "sealed" else v) for k, v in bids.items()}
    return dict(frame, bids=guess)


def evaluate(state: State, seat: str) -> float:
    """In [0, 1]: a logistic of the seat's VP margin (12.3: the margin that decides it)."""
    vp = totals(state) if "vp" in state.get("derived", {}) else {}
    mine = [k for k, kd in state.get("kingdoms", {}).items() if (kd.get("seat") or k) == seat]
    if not mine or not vp:
        return 0.5
    if state.get("scenario", {}).get("id") == "fourth-syrian-war":
        lead = vp.get("ptolemies", 0) - vp.get("seleucids", 0)
        margin = lead - 8 if "ptolemies" in mine else 8 - lead
    else:
        own = max(vp.get(k, 0) for k in mine)
        rivals = [v for k, v in vp.items() if k not in mine]
        margin = own - max(rivals, default=0)
    return 1.0 / (1.0 + math.exp(-margin / VP_SCALE))
