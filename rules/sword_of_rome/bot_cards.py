"""The ``bot`` seat's card play: what each way of playing a card is worth, in VP.

A card is played for an activation (the leader's army and its best goal), for support
points (the best places to spend them), for a reinforcement, or for its event when the
event is worth more than its OPs. The same values rank the cards of a hand and the uses
of the card chosen.
"""

from __future__ import annotations

from .bot_values import Ctx, goals, prospect
from .data import INDEPENDENT
from .events import playable
from .model import ed
from .sieges import can_roll
from .support import support_options

#: a reinforcement of 1 CU (3-value card), a colony, a card drawn, in VP
REINFORCE, COLONY, DRAW = 0.3, 0.35, 0.2
#: a response card (battle, siege) kept for later is worth this much more in hand
KEEP_RESPONSE = 0.2
#: Gallic MP by the activating card's value (9.2.2)
GALLIC_MP = {1: 3, 2: 4, 3: 5}


def card_value(card: str) -> int:
    return 3 if card == "dt" else ed().cards[card].value


# --- support (7.3) --------------------------------------------------------------------------
def support_choice_value(c: Ctx, cid: str, battle: dict | None = None) -> float:
    """One support point spent as ``cid`` (``pc:``, ``rm:``, ``cut:``, ``loy:``)."""
    verb, _, sid = cid.partition(":")
    view = c.view
    sp = view["spaces"].get(sid)
    if sp is None:
        if verb == "plunder":
            return c.plunder(1)
        return {"done": 0.0}.get(verb, 0.05 if verb == "unrest" else 0.0)
    if verb == "pc":
        here = [p for p in c.powers if view["cu"].get(sid, {}).get(p)]
        power = here[0] if here else (battle or {}).get("winner") or c.powers[0]
        return c.gain(sid, power) + 0.05
    if verb == "rm":
        return c.gain(sid, INDEPENDENT) + 0.03
    if verb == "cut":
        to = sp["sieger"] if sp["siege"] is not None else INDEPENDENT
        if battle and sp["ctl"] == battle.get("loser"):
            to = battle.get("winner") or to
        full = c.gain(sid, to)
        return full if sp["loy"] <= 1 else 0.35 * full + 0.02
    if verb == "loy":
        stake = c.held_value(sid, sp["ctl"]) - c.held_value(sid, INDEPENDENT)
        held = c.cu(sid, c.friends)
        exposed = 1.0 if sp["loy"] >= held else 0.4
        return 0.02 + 0.3 * stake * exposed / sp["loy"]
    return 0.0


def support_value(c: Ctx, points: int, loyalty_only: bool = False,
                  powers: list[str] | None = None) -> float:
    """What ``points`` support points can do now: the best choices, a cut city counted
    once per point it needs."""
    key = ("support", loyalty_only, tuple(powers or c.powers))
    if key not in c.memo:
        opts = support_options(c.view, powers or c.powers, None, loyalty_only)
        c.memo[key] = sorted((support_choice_value(c, ch.id) for ch in opts), reverse=True)
    return sum(v for v in c.memo[key][:points] if v > 0)


# --- activations (9) ------------------------------------------------------------------------
def leader_prospect(c: Ctx, lid: str, cache: dict[str, float], value: int = 3) -> float:
    """What activating ``lid`` with a card of ``value`` may win: his army's best goal in
    reach elsewhere (in VP). Gallic MP go by the card's value (9.2.2)."""
    power = ed().leaders[lid].power
    key = f"{lid}:{value}" if power == "gauls" else lid
    if key in cache:
        return cache[key]
    at = c.view["leaders"][lid]
    n = min(10, c.cu(at, [power]))
    if n == 0:
        val = 0.02
    else:
        mp = GALLIC_MP.get(value, 3) if power == "gauls" else 4
        val = prospect(c, at, [(g, v) for g, v in goals(c, power, n) if g != at], mp)
        sp = c.view["spaces"][at]
        if sp["siege"] is not None and sp["sieger"] == power:
            val *= 0.6                                   # leaving lifts the siege (13.4)
        val += 0.02 * n
    cache[key] = val
    return val


def siege_value(c: Ctx, lid: str) -> float:
    """A siege roll (13.2): about two chances in three of a point; the city's VP when
    the points reach its loyalty."""
    at = c.view["leaders"][lid]
    power = ed().leaders[lid].power
    sp = c.view["spaces"][at]
    need = max(1, (sp["loy"] or sp["tribe"] or 1) - (sp["siege"] or 0))
    take = max(c.gain(at, power), 0.25)
    return 0.1 + take * 0.67 / need


def activatable(c: Ctx, value: int) -> list[str]:
    out = []
    for lid, at in c.view["leaders"].items():
        ld = ed().leaders[lid]
        if ld.power in c.powers and at in c.view["spaces"] and ld.initiative <= value:
            out.append(lid)
    return out


def ops_value(c: Ctx, value: int, cache: dict[str, float]) -> float:
    """The best use of a card's OPs: an activation, support points, a reinforcement."""
    if ("ops", value) in c.memo:
        return c.memo[("ops", value)]
    best = support_value(c, value)
    for lid in activatable(c, value):
        best = max(best, leader_prospect(c, lid, cache, value))
        if can_roll(c.view, lid):
            best = max(best, siege_value(c, lid))
    if value == 3:
        best = max(best, REINFORCE)
    c.memo[("ops", value)] = best
    return best


# --- events (7.1) ---------------------------------------------------------------------------
def event_value(c: Ctx, card: str, cache: dict[str, float]) -> float:
    """What the card's event is worth now (0 when it cannot be played)."""
    if card == "dt" or not playable(c.view, c.side, card):
        return 0.0
    ev = ed().cards[card].event
    do = ev["do"]
    if do == "campaign":
        top = sorted((leader_prospect(c, lid, cache) for lid in activatable(c, 3)),
                     reverse=True)
        return sum(top[:2])
    if do == "support":
        return support_value(c, ev["n"])
    if do == "loyalty":
        return support_value(c, ev["n"], loyalty_only=True)
    if do == "raise":
        return REINFORCE * ev["n"] + (support_value(c, ev["support"]) if ev.get("support")
                                      else 0.0)
    if do == "leader":
        return 0.4 + 0.15 * ev.get("cu", 0)
    if do == "draw":
        return DRAW * ev["n"]
    if do == "discard":
        return 0.2 * ev["n"]
    if do == "attrition":
        return 0.15 * ev["n"]
    if do == "vp":
        met = (c.view["plunder"]["gauls"] >= ev["if_plunder"] if ev.get("if_plunder")
               else any(c.view["spaces"].get(s, {}).get("ctl") == "gauls"
                        for s in ev.get("if_controls", [])))
        return 1.0 * ev["n"] if met else 0.0
    if do == "flag":
        return 0.25
    if do == "npa":
        return 0.15
    return 0.1


def card_worth(c: Ctx, card: str, cache: dict[str, float]) -> float:
    """The best use of ``card`` now (OPs or event), less what keeping a response is worth."""
    val = max(ops_value(c, card_value(card), cache), event_value(c, card, cache))
    if card != "dt" and ed().cards[card].response:
        val -= KEEP_RESPONSE
    return val


def use_choice_value(c: Ctx, cid: str, card: str, cache: dict[str, float]) -> float:
    """One choice of the ``use`` prompt (how to play ``card``)."""
    verb, _, arg = cid.partition(":")
    value = card_value(card)
    if verb == "move":
        return leader_prospect(c, arg, cache, value)
    if verb == "siege":
        return siege_value(c, arg)
    if verb == "support":
        return support_value(c, value)
    if verb == "reinforce":
        return REINFORCE
    if verb == "event":
        return event_value(c, card, cache)
    if verb == "colony":
        return COLONY
    if verb == "unrest":                    # 20.2: every 3 levels cost a VP at scoring
        return 0.2 + 0.12 * int(c.view.get("unrest", 0))
    if verb == "back":
        return -1.0
    return 0.0
