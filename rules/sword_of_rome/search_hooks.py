"""What the search seat (rules/engine/search.py, docs/BOTS.md) needs of The Sword of Rome: a
full state drawn from a seat's view, and how good a position looks.

Hidden in a view (:meth:`SwordOfRome.view`): the other seats' hands (only their sizes show),
the order of every draw pile (its size shows) and the generator. A side's cards are always
its deck's: in its hand, draw pile, discards or removed (the invariant of ``invariants.py``),
so the cards a seat cannot see of one side are that deck less its open piles (and less its
own hand, for the seat's own sides): they are dealt at random into the hand (keeping its
size) and the draw pile.

A position is worth, for each seat, its sides' victory points as the next Scoring Phase
would leave them (5.8: +1 per victory space held outside the home area, -1 per home victory
space lost; the Gauls' plunder; five-player unrest), plus a little per combat unit; the
value is a logistic of the margin over the best rival seat, and the automatic-victory level
of the turn (4.2) counts as a win.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from rules.engine.rng import permute, randbelow, seed_state

from .model import ed
from .phases import score

State = dict[str, Any]
#: VPs of margin that make a position look about 73 % won (the logistic's scale)
VP_SCALE = 1.5
#: how much of the next scoring's change counts (held spaces may still be lost)
DELTA = 0.8
#: VP-equivalents of one combat unit on the map
CU_VALUE = 0.06
#: VP-equivalents of one plunder marker of the Gauls (a full track of six is 1 VP, 14.1)
PLUNDER = 1 / 6
#: a margin this large at the automatic-victory level is as good as won
DECISIVE = 6.0


def determinize(view: State, seat: str, rng: dict[str, int]) -> State:
    """A full state consistent with ``view``: every side's unseen cards dealt into its hand
    (the size the view shows) and its draw pile (random order), a fresh generator. ``view``
    and what it shares with the real state are not changed."""
    out = dict(view, rng=seed_state(randbelow(rng, 1 << 62)))
    own = set(view["seats"].get(seat, []))
    sizes = view.get("hand_sizes", {})
    seen_hands = view.get("side_hands", {})
    hands: dict[str, list[str]] = {}
    decks: dict[str, dict[str, Any]] = {}
    for side, deck in view["decks"].items():
        pool = Counter(ed().decks[side])
        pool.subtract(deck["discard"])
        pool.subtract(deck.get("removed", []))
        hand = list(seen_hands.get(side, [])) if side in own else []
        pool.subtract(hand)
        unseen = [card for card in dict.fromkeys(ed().decks[side])
                  for _ in range(max(0, pool[card]))]
        permute(rng, unseen)
        if side not in own:
            n = int(sizes.get(side, 0))
            hand, unseen = unseen[:n], unseen[n:]
        hands[side] = hand
        decks[side] = {"draw": unseen, "discard": list(deck["discard"]),
                       "removed": list(deck.get("removed", [])),
                       "reshuffle": bool(deck.get("reshuffle"))}
    out["hands"] = hands
    out["decks"] = decks
    out.pop("side_hands", None)
    out.pop("hand_sizes", None)
    return out


# --- the evaluation -------------------------------------------------------------------------
def side_worth(state: State, side: str) -> float:
    """The side's VPs after the next Scoring Phase as things stand (partly: :data:`DELTA`),
    plus its plunder (Gauls) and its combat units."""
    vp = state["vp"][side]
    delta = score(state, side)
    if side == "carthage" and state["players"] == 5:
        delta -= state["unrest"] // 3
    worth = min(12.0, max(0.0, vp + DELTA * delta))
    if side == "gauls":
        worth += PLUNDER * state["plunder"]["gauls"]
    powers = state["side_powers"][side]
    units = sum(n for here in state["cu"].values() for p, n in here.items() if p in powers)
    return worth + CU_VALUE * units


def seat_worth(state: State) -> dict[str, float]:
    out: dict[str, float] = {}
    for seat, sides in state["seats"].items():
        live = [s for s in sides if s not in state["out_sides"]]
        out[seat] = sum(side_worth(state, s) for s in live) if live else -DECISIVE
    return out


def evaluate(state: State, seat: str) -> float:
    """In [0, 1]: a logistic of the seat's worth (:func:`seat_worth`) over the best rival's;
    a side at the turn's automatic-victory level (4.2) after the coming scoring wins."""
    over = state.get("over")
    if over:
        winners = over.get("winners") or []
        return (1.0 / len(winners) if seat in winners else 0.0) if winners else 0.5
    worth = seat_worth(state)
    if seat not in worth:
        return 0.5
    levels = ed().scenarios["common"]["auto_victory"]
    level = levels[min(state["turn"], len(levels)) - 1]
    for s, sides in state["seats"].items():
        if any(state["vp"][x] + score(state, x) >= level for x in sides
               if x not in state["out_sides"]):
            worth[s] += DECISIVE
    own = worth[seat]
    rival = max((v for s, v in worth.items() if s != seat), default=own)
    margin = own - rival
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, margin / VP_SCALE))))
