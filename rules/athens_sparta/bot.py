"""The ``bot`` heuristic for both sides: weights over a prompt's choices (rules/engine/bots).

It builds ships and recruits when it can afford to, plays envoys where a space is nearly
controlled or enemy-held in a region that is close, raids and besieges hostile spaces (most
autonomy first), deploys hoplites against contested regions, plays battle cards that win the
battle and keeps talents for sieges it can finish.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Prompt
from rules.engine.policy import weights_or_uniform

from .battle import strength
from .data import ed
from .model import (
    add_point,
    controlled_by,
    enemy,
    influence,
    owner,
    region_controller,
    region_totals,
)
from .siege import siege_dice

State = dict[str, Any]


def _side(prompt: Prompt) -> str:
    return prompt.seat


def _envoy(view: State, side: str, sid: str) -> float:
    """An envoy point's worth: the controlled autonomy it gains or costs the enemy in its
    region, more if the region's control changes hands; allies by their rewards."""
    sp = ed().spaces[sid]
    after = dict(view)
    after["infl"] = dict(view["infl"])
    if add_point(after, sid, side) == "none":
        return 0.2                                   # the always-allowed full capital
    if sp.kind == "ally":
        full = controlled_by(after, sid) == side or controlled_by(view, sid) == enemy(side)
        return 2.0 + (3.0 + sp.reward + sum(sp.box.values()) if full else 0.0)
    before_t, after_t = region_totals(view, sp.region), region_totals(after, sp.region)
    gain = (after_t[side] - before_t[side]) + (before_t[enemy(side)] - after_t[enemy(side)])
    w = 1.5 + 2.0 * gain
    if region_controller(view, sp.region) != side and region_controller(after, sp.region) \
            == side:
        w += 8.0
    elif region_controller(view, sp.region) == enemy(side) \
            and region_controller(after, sp.region) is None:
        w += 4.0
    if influence(view, sid, enemy(side)):
        w += 0.5
    return w


def _deploy(view: State, side: str, target: str) -> float:
    """A force sent to ``target``: a battle by the tracks; else a raid, worth the enemy
    autonomy it takes out of its region's count (more if the region's tile then turns), and
    a poor move on a neutral space (a raid fills it with enemy influence until taken)."""
    foe = enemy(side)
    if any(f["where"] == target and f["side"] == foe for f in view["forces"]):
        track = "army" if any(f["where"] == target and f["type"] == "hoplite"
                              for f in view["forces"]) else "navy"
        return 2.5 if view[track][side] > view[track][foe] else 0.6
    sp = ed().spaces[target]
    if owner(view, target) != foe:
        return 0.3
    w = 1.0 + sp.autonomy
    if sp.kind != "ally" and sp.region in ed().regions and target not in view["raided"]:
        after = dict(view, raided=list(view["raided"]) + [target])
        before_c, after_c = region_controller(view, sp.region), region_controller(after, sp.region)
        if before_c == foe and after_c != foe:
            w += 4.0 if after_c == side else 2.5
    return w


def _card(view: State, side: str, cid: str) -> float:
    """An action card's worth now: envoys by their points (the best target's worth), a colony
    while one is open, money, favour and the tracks by need."""
    e = ed().cards[cid].effect
    if "envoy" in e:
        env = e["envoy"]
        pts = env.get("lesser", 0) + 2 * env.get("greater", 0)
        return 2.0 + 1.5 * pts + (0.5 if env.get("contested") else 0.0)
    if "colony" in e:
        return 4.0
    if "talents" in e:
        return 2.5 if view["treasury"][side] < 8 else 1.5
    if "army" in e:
        return 2.5 if view["army"][side] < view["army"][enemy(side)] else 1.5
    if "enemy_army" in e:
        return 2.5 if view["army"][enemy(side)] > 0 else 0.2
    if "battle_cards" in e:
        return 2.0 if len(view["battle_hands"].get(side, [])) < 2 else 1.0
    return 1.0


def _battle_ahead(view: State, side: str) -> bool:
    """Whether ``side`` wins the battle if both pass now (a draw counts against the
    attacker, who loses its force's step as the defender does: 'ahead' for the defender)."""
    b = view.get("battle")
    if not b:
        return False
    mine, theirs = strength(view, b, side), strength(view, b, enemy(side))
    return mine > theirs or (mine == theirs and b["defender"] == side)


def _battle_card(view: State, side: str, cid: str) -> float:
    """Play a card while behind or level; keep it while already winning."""
    if _battle_ahead(view, side):
        return 0.2
    e = ed().cards[cid].effect
    return 5.0 + (1.0 if "strength" in e or "rout" in e else 0.0)


#: weights are raised to this power: a sensible player mostly takes the best move
SHARP = 2.0

#: the weight of a choice whose verb needs no look at the board (any other: 1)
FIXED = {"recruit": 3.0, "keep": 3.0, "draw": 3.0, "bcard": 4.0, "green": 2.0,
         "skip": 0.5, "nodraw": 0.5, "stop": 0.05}


def weights(view: State, prompt: Prompt) -> list[float]:
    """A weight >= 0 per choice of ``prompt``; a choice this policy does not know weighs 1,
    and a prompt it cannot read at all (a choice naming an unknown card or space) is uniform."""
    return weights_or_uniform(_weights, view, prompt)


def _weights(view: State, prompt: Prompt) -> list[float]:
    side = _side(prompt)
    out = []
    for c in prompt.choices:
        verb, _, arg = c.id.partition(":")
        w = FIXED.get(verb, 1.0)
        if verb == "build":
            cost = ed().mats["sides"][side]["ship_costs"][view["navy"][side]]
            behind = view["navy"][side] < view["navy"][enemy(side)]
            w = (3.0 if behind else 1.0) * (2.0 if view["treasury"][side] >= 3 * cost + 3
                                            else 0.4)
        elif verb == "play":
            w = _card(view, side, arg)
        elif verb == "discard":
            w = 0.05                                 # two favour for nothing: a waste
        elif verb == "bcard":
            w = _battle_card(view, side, arg)
        elif verb == "pass" and prompt.kind == "battle":
            w = 6.0 if _battle_ahead(view, side) else 0.3
        elif verb == "envoy":
            w = _envoy(view, side, arg)
        elif verb == "deploy":
            w = _deploy(view, side, arg.split(":")[1])
        elif verb == "mob":
            kind = arg.split(":")[1]
            w = 2.0 if view["treasury"][side] >= 7 else 0.6
            if kind == "trireme" and view["navy"][side] < view["navy"][enemy(side)]:
                w *= 0.4
            if kind == "hoplite" and view["army"][side] < view["army"][enemy(side)]:
                w *= 0.6
            if kind == "hoplite" and side == "sparta":
                w *= 1.5
            if arg.endswith(":card"):
                w *= 0.6
        elif verb == "siege":
            w = 3.0 if view["treasury"][side] >= 4 else 1.0
        elif verb == "roll":
            w = 0.1 if siege_dice(view, arg, side)[0] == 0 else 5.0
        elif verb == "abandon":
            w = 0.5 if view["army"][side] >= 3 else 2.0
        out.append(max(0.0, w))
    return [w ** SHARP for w in out]


__all__ = ["weights"]
