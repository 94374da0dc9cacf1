"""What the search seat (rules/engine/search.py, docs/BOTS.md) needs of Successors: a full
state drawn from one seat's view, and how good a position looks.

Hidden in a view (:meth:`Successors.view`): the other players' Tyche hands (sizes public),
the draw pile's order, the cards face down on the table (6.5), in the five-player deal
(5.4.5) the generals dealt to the others and the pool of passed ones, and the generator.
:func:`determinize` deals the Tyche cards the seat cannot see (not in its hand, the
discards, the removed, the kept or those in play) to the other hands, the table and the
draw pile, keeping every size; the generals likewise.

Value (:func:`evaluate`): the game is won by the scenario's VP total or 18 Legitimacy at
once (7.1; from turn 2, so a total reached in turn 1 wins at the start of turn 2), by the
most VP after the last turn (7.3) or by VP + L when an heir comes of age (7.2). A seat's
*worth* is its VP as they will stand after the turn's isolation check (6.7: a PC that traces
to no friendly Major City or CU is lost; counted in proportion to how far the turn has gone),
a share of its progress in the provinces it does not hold yet, progress towards the nearer
immediate victory, a little Legitimacy and its army; the value is half a logistic of the
worth against the best rival's and half one against the rivals' mean (the same thing with
one rival), a little wider early in a turn than at its end. The weights were
fitted to the winners of 150 ``bot`` games (docs/BOTS.md, "Session 14").
"""

from __future__ import annotations

import math
from typing import Any

from rules.engine.rng import permute, randbelow, seed_state

from .model import controllers, ed
from .turn import isolated_pcs
from .victory import all_vp, legitimacy

State = dict[str, Any]
#: VP-equivalents of one Legitimacy point, and of one combat unit on the map
L_POINT, CU = 0.1, 0.25
#: the share of a province's VP its holder-to-be has earned per PC short of control
PARTIAL = 0.6
#: the weight of the nearer immediate victory's progress, squared
RACE = 6.0
#: a lead of this many VP-equivalents looks about 73 % won (the logistic's scale), at the
#: start of a turn and at its end. Fitted to the winners of ``bot`` games the scale would be
#: 10 and 5; the search, whose few iterations weigh these values against the policy's prior,
#: plays its decisions on a sharper one (docs/BOTS.md, "Session 14")
SCALE_EARLY, SCALE_LATE = 3.5, 2.5
#: the share of the value read from the margin over the best rival; the rest reads the
#: margin over the rivals' mean. Alike with one rival; with three (four players) a seat far
#: behind the leader still sees what it gains or takes from anyone (docs/BOTS.md, Session 15)
LEADER = 0.5


def _shuffled(cards: list[str], rng: dict[str, int]) -> list[str]:
    out = sorted(cards)
    permute(rng, out)
    return out


def _count(value: Any) -> int:
    return value if isinstance(value, int) else len(value or [])


def determinize(view: State, seat: str, rng: dict[str, int]) -> State:
    """A full state ``seat`` cannot tell from the real one (sizes kept, a fresh generator).
    Reads only ``view``; shares its unchanged parts (the search copies before it changes)."""
    out = dict(view, rng=seed_state(randbelow(rng, 1 << 62)))
    own = list(view.get("hand_ids", {}).get(seat, []))
    if not own:
        own = [c["id"] if isinstance(c, dict) else c for c in view["hands"].get(seat, [])]
    deck = view["deck"]
    public = set(own) | set(deck["discard"]) | set(view.get("removed", [])) \
        | set(view.get("in_play", [])) | {c for k in view.get("kept", {}).values() for c in k}
    unseen = _shuffled([c for c in ed().cards if c not in public], rng)
    sizes = view.get("hand_sizes") or {}
    hands = {}
    for s in view["hands"]:
        if s == seat:
            hands[s] = own
        else:
            n = _count(sizes.get(s, 0))
            hands[s], unseen = unseen[:n], unseen[n:]
    n = _count(view.get("table", 0))
    out["table"], unseen = unseen[:n], unseen[n:]
    out["hands"] = hands
    out["deck"] = {"draw": unseen, "discard": list(deck["discard"])}
    if "deal" in view:
        _deal(view, seat, out, rng)
    for key in ("hand_sizes", "hand_ids", "private"):
        out.pop(key, None)
    return out


def _deal(view: State, seat: str, out: State, rng: dict[str, int]) -> None:
    """5.4.5: the pairs the others were dealt and the pool of passed generals. A seat that
    has kept one shows it (its owner is public); the other of its pair is in the pool."""
    sc = ed().scenarios[view["meta"]["scenario"]]
    mine = list(view["deal"].get(seat, []))
    owned = {g for g in sc["deal"] if view["gen"].get(g, {}).get("owner")}
    unknown = _shuffled([g for g in sc["deal"] if g not in mine and g not in owned], rng)
    deal: dict[str, list[str]] = {}
    pool: list[str] = []
    for s in view["deal"]:
        if s == seat:
            deal[s] = mine
            pool += [g for g in mine if view["gen"].get(g, {}).get("owner") is None] \
                if any(view["gen"].get(g, {}).get("owner") == s for g in mine) else []
            continue
        kept = [g for g in sc["deal"] if view["gen"].get(g, {}).get("owner") == s
                and view["gen"][g].get("loc") == "pending"][:1]
        need = 2 - len(kept)
        deal[s], unknown = kept + unknown[:need], unknown[need:]
        if kept:
            pool += deal[s][1:]
    out["deal"] = deal
    out["deal_pool"] = pool[:_count(view.get("deal_pool", 0))]


def turn_done(state: State) -> float:
    """How far the turn's Strategy Rounds have gone, 0 (before the first) to 1 (the last)."""
    rounds = state.get("rounds") or 5
    return min(1.0, max(0, state.get("round") or 0) / rounds)


def standing_vp(state: State) -> dict[str, float]:
    """Every seat's VP, blended towards what they will be once the turn's isolated PCs are
    gone (6.7) as the turn goes on."""
    now = all_vp(state)
    done = turn_done(state)
    if not done:
        return {s: float(v) for s, v in now.items()}
    pc = dict(state["pc"])
    for s in state["players"]:
        for sid in isolated_pcs(state, s):
            pc.pop(sid, None)
    later = all_vp({**state, "pc": pc})
    return {s: (1 - done) * now[s] + done * later[s] for s in now}


def progress(state: State) -> dict[str, float]:
    """Per seat, a share of the VP of each province it has PCs in but does not control."""
    ctl = controllers(state)
    out = {s: 0.0 for s in state["players"]}
    pcs = state["pc"]
    for pid, prov in ed().provinces.items():
        tally: dict[str, int] = {}
        for sid in prov.spaces:
            who = pcs.get(sid)
            if who in out and ctl[pid] != who:
                tally[who] = tally.get(who, 0) + 1
        for who, n in tally.items():
            out[who] += PARTIAL * prov.vp * min(n, prov.need - 1) / prov.need
    return out


def worth(state: State, seat: str, vps: dict[str, float],
          part: dict[str, float] | None = None) -> float:
    """VP, progress in provinces, towards either immediate victory, Legitimacy, the army."""
    v, leg = vps[seat], legitimacy(state, seat)
    target = state.get("vp_target") or 25
    race = max(min(v, target) / target, leg / 18.0)
    cus = sum(n for sid in state["cu"] for s, g in state["cu"][sid].items() if s == seat
              for n in g.values() if isinstance(n, int))
    return v + (part or {}).get(seat, 0.0) + L_POINT * leg + RACE * race * race \
        + CU * min(cus, 40)


def evaluate(state: State, seat: str) -> float:
    """In [0, 1]: logistics of ``seat``'s worth over the best rival's and over the rivals'
    mean; a finished game is its result."""
    return evaluate_seats(state, [seat])[seat]


def evaluate_seats(state: State, seats: list[str]) -> dict[str, float]:
    """:func:`evaluate` of each of ``seats``, the isolation trace (6.7), the progress and
    every player's worth worked out once for all of them (the search scores every seat at
    the end of each playout)."""
    players = state.get("players", [])
    out = dict.fromkeys(seats, 0.5)
    mine = [s for s in seats if s in players]
    if not mine:
        return out
    over = state.get("over")
    if over:
        out.update((s, 1.0 if s in over.get("winners", []) else 0.0) for s in mine)
        return out
    vps = standing_vp(state)
    part = progress(state)
    worths = {s: worth(state, s, vps, part) for s in players}
    scale = SCALE_EARLY + (SCALE_LATE - SCALE_EARLY) * turn_done(state)
    for s in mine:
        rivals = [worths[r] for r in players if r != s] or [worths[s]]
        lead = _logistic((worths[s] - max(rivals)) / scale)
        field = _logistic((worths[s] - sum(rivals) / len(rivals)) / scale)
        out[s] = LEADER * lead + (1.0 - LEADER) * field
    return out


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))
