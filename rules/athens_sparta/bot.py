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
from .model import enemy, influence, owner, region_totals

State = dict[str, Any]


def _side(prompt: Prompt) -> str:
    return prompt.seat


def _envoy(view: State, side: str, sid: str) -> float:
    sp = ed().spaces[sid]
    if sid == side and influence(view, sid, side) >= sp.autonomy:
        return 0.2
    gap = sp.autonomy - influence(view, sid, side)
    w = 2.0
    if influence(view, sid, enemy(side)):
        w += 2.0 if sp.autonomy - influence(view, sid, enemy(side)) == 0 else 1.0
    if gap == 1 and not influence(view, sid, enemy(side)):
        w += 4.0 + sp.autonomy            # completes control
    if sp.region:
        t = region_totals(view, sp.region)
        if abs(t["athens"] - t["sparta"]) <= 3:
            w += 2.0
    elif sp.kind == "ally":
        w += 1.5 + sp.reward
    return w


def weights(view: State, prompt: Prompt) -> list[float]:
    side = _side(prompt)
    out = []
    for c in prompt.choices:
        verb, _, arg = c.id.partition(":")
        w = 1.0
        if verb == "build":
            cost = ed().mats["sides"][side]["ship_costs"][view["navy"][side]]
            behind = view["navy"][side] < view["navy"][enemy(side)]
            w = (3.0 if behind else 1.0) * (2.0 if view["treasury"][side] >= 3 * cost + 3
                                            else 0.4)
        elif verb == "pass" and prompt.kind != "battle":
            w = 1.0
        elif verb == "recruit":
            w = 3.0
        elif verb == "done":
            w = 1.0
        elif verb == "play":
            card = ed().cards[arg]
            w = 3.0 if "envoy" in card.effect else 2.0
        elif verb == "discard":
            w = 0.2
        elif verb == "envoy":
            w = _envoy(view, side, arg)
        elif verb == "stop":
            w = 0.05
        elif verb == "colony":
            w = 1.0
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
        elif verb == "home":
            w = 1.0
        elif verb == "siege":
            w = 3.0 if view["treasury"][side] >= 4 else 1.0
        elif verb == "roll":
            w = 0.1 if siege_dice(view, arg, side)[0] == 0 else 5.0
        elif verb == "skip":
            w = 0.5
        elif verb == "keep":
            w = 3.0
        elif verb == "abandon":
            w = 0.5 if view["army"][side] >= 3 else 2.0
        elif verb == "bcard":
            w = 4.0
        elif verb == "pass":
            w = 1.0
        elif verb == "draw":
            w = 3.0
        elif verb == "nodraw":
            w = 0.5
        elif verb == "green":
            w = 2.0
        elif verb == "talents":
            w = 1.0
        out.append(max(0.0, w))
    return out


__all__ = ["weights"]
