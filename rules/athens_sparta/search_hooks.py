"""What the search seat (rules/engine/search.py, docs/BOTS.md) needs of Athens and Sparta: a
full state drawn from one side's view, and how good a position looks.

Hidden in a view (:meth:`AthensSparta.view`): the other side's action and battle hands (their
sizes are public), the order of both draw piles (their discards are public) and the
generator. :func:`determinize` deals every card the side cannot see, action cards to the
enemy's action hand and the action draw pile, battle cards likewise, keeping every size.

Value (:func:`evaluate`): the game is won on regions after the final count (the tiles, with
each region going to the side that controls it then), so a position is worth the regions
the side would hold if the game ended now, plus small shares of what wins regions later:
allied cities (the first tie-breaker), talents, hoplites and triremes, favour.
"""

from __future__ import annotations

import math
from typing import Any

from rules.engine.rng import permute, randbelow, seed_state

from .data import SIDES, ed
from .model import allies_controlled, contested, controlled_by, enemy, favour_total, on_map

State = dict[str, Any]
#: region-equivalents of: an allied city, a talent, a step of army or navy, a favour cube
ALLY, TALENT, TRACK, FAVOUR = 0.25, 0.02, 0.08, 0.05
#: a lead of this many regions looks about 73 % won (the logistic's scale)
SCALE = 1.2


def _ids(cards: list[Any]) -> list[str]:
    return [c["id"] if isinstance(c, dict) else c for c in cards]


def _shuffled(cards: list[str], rng: dict[str, int]) -> list[str]:
    out = sorted(cards)
    permute(rng, out)
    return out


def determinize(view: State, seat: str, rng: dict[str, int]) -> State:
    """A full state ``seat`` cannot tell from the real one: the cards it cannot see dealt at
    random to the enemy's hands and the draw piles (sizes kept), a fresh generator. Reads
    only ``view``; shares its unchanged parts (the search copies before it changes)."""
    out = dict(view, rng=seed_state(randbelow(rng, 1 << 62)))
    other = enemy(seat) if seat in SIDES else None
    hand_sizes = view.get("hand_sizes") or {}
    battle_sizes = view.get("battle_hand_sizes") or {}
    hands: dict[str, list[str]] = {}
    battle_hands: dict[str, list[str]] = {}
    decks: dict[str, dict[str, list[str]]] = {}
    for kind, all_cards, hand_key, sizes, into in (
            ("action", ed().action_deck, "hands", hand_sizes, hands),
            ("battle", ed().battle_deck, "battle_hands", battle_sizes, battle_hands)):
        deck = view["decks"][kind]
        discard = list(deck["discard"])
        own = _ids(view[hand_key].get(seat, [])) if seat in SIDES else []
        seen = list(own) + discard
        unseen = list(all_cards)
        for c in seen:
            if c in unseen:
                unseen.remove(c)
        unseen = _shuffled(unseen, rng)
        for s in SIDES:
            if s == seat:
                into[s] = list(own)
            else:
                n = int(sizes.get(s, 0)) if s == other or seat not in SIDES else 0
                into[s], unseen = unseen[:n], unseen[n:]
        decks[kind] = {"draw": unseen, "discard": discard}
    out["hands"], out["battle_hands"], out["decks"] = hands, battle_hands, decks
    for key in ("hand_sizes", "battle_hand_sizes", "private"):
        out.pop(key, None)
    return out


def worth(state: State, side: str) -> float:
    """Regions held if the game ended now (the final count), and small shares of what wins
    regions later."""
    totals: dict[str, dict[str, int]] = {rid: dict.fromkeys(SIDES, 0) for rid in ed().regions}
    for sid, sp in ed().spaces.items():
        if sp.kind == "ally" or sp.region not in totals or not on_map(state, sid) \
                or contested(state, sid):
            continue
        holder = controlled_by(state, sid)
        if holder:
            totals[sp.region][holder] += sp.autonomy
    regions = 0
    for rid, t in totals.items():
        a, b = t[side], t[enemy(side)]
        regions += a > b or (a == b and state["tiles"].get(rid) == side)
    return (regions + ALLY * len(allies_controlled(state, side))
            + TALENT * min(state["treasury"][side], 20)
            + TRACK * (state["army"][side] + state["navy"][side])
            + FAVOUR * favour_total(state, side))


def evaluate(state: State, seat: str) -> float:
    """In [0, 1]: a logistic of ``seat``'s worth over the enemy's; a finished game is its
    result."""
    if seat not in SIDES:
        return 0.5
    over = state.get("over")
    if over:
        return 1.0 if seat in over.get("winners", []) else 0.0
    margin = worth(state, seat) - worth(state, enemy(seat))
    return 1.0 / (1.0 + math.exp(-margin / SCALE))
