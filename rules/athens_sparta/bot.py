"""The ``bot`` heuristic for both sides: weights over a prompt's choices (rules/engine/bots).

It builds ships and recruits when it can afford to, plays envoys where a space is nearly
controlled or enemy-held in a region that is close, raids and besieges hostile spaces (most
autonomy first), deploys hoplites against contested regions, plays battle cards that win the
battle and keeps talents for sieges it can finish.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Prompt

from .data import ed
from .flow import siege_dice
from .model import (
    add_point,
    controlled_by,
    enemy,
    influence,
    owner,
    region_controller,
    region_totals,
)

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


#: the weight of a choice whose verb needs no look at the board (any other: 1)
FIXED = {"recruit": 3.0, "keep": 3.0, "draw": 3.0, "bcard": 4.0, "green": 2.0,
         "skip": 0.5, "nodraw": 0.5, "discard": 0.2, "stop": 0.05}


def weights(view: State, prompt: Prompt) -> list[float]:
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
            card = ed().cards[arg]
            w = 3.0 if "envoy" in card.effect else 2.0
        elif verb == "envoy":
            w = _envoy(view, side, arg)
        elif verb == "deploy":
            target = arg.split(":")[1]
            sp = ed().spaces[target]
            w = 1.0 + sp.autonomy * (2.0 if owner(view, target) == enemy(side) else 0.5)
            if any(f["where"] == target for f in view["forces"]):
                w += 1.0 if view["army"][side] >= view["army"][enemy(side)] else -0.5
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
    return out


__all__ = ["weights"]
