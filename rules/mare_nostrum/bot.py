"""The Mare Nostrum strategy of the ``bot`` seat (:meth:`MareNostrum.bot_weights`).

One-ply scoring, no search: every legal choice gets a score in "points" (a victory point
is worth 10, see ``docs/mare-nostrum-bot.md``), read from the state with the rules' own
helpers; scores become weights ``exp(score - best)``, so the best choices dominate, and
``EXPLORE`` of the total is spread evenly so that every legal choice keeps a positive weight
(the fuzz relies on it).
"""

from __future__ import annotations

import math

from rules.engine.game import Prompt
from rules.engine.state import pending

from .bot_actions import SCORERS, answer, choose_action, disband
from .bot_plan import BotData, NearMerchandise, Plan
from .context import State

#: share of the total weight spread evenly over all legal choices (exploration)
EXPLORE = 0.02

__all__ = ["EXPLORE", "NearMerchandise", "scores", "weights"]


# ---- scores per prompt -----------------------------------------------------------------------
def scores(g: BotData, state: State, prompt: Prompt) -> list[float]:
    """A score per choice of ``prompt`` (higher is better), for the seat to decide."""
    e = prompt.seat
    ids = [c.id for c in prompt.choices]
    if pending(state) is not None:
        return answer(g, state, e, ids)
    ph = state["phase"]
    if ph == "draft":
        return [3.0 - 0.5 * int(i.split(":")[1]) for i in ids]
    if ph == "supply":
        return disband(g, state, e, ids)
    act = state["action"]
    plan = Plan(g, state, e)
    if act is None:
        return choose_action(plan, ids)
    return SCORERS[act["kind"]](plan, ids)


def weights(g: BotData, state: State, prompt: Prompt) -> list[float]:
    """Sharp weights from :func:`scores`, every choice > 0 (``EXPLORE`` spread evenly)."""
    s = scores(g, state, prompt)
    top = max(s)
    raw = [math.exp(max(-30.0, x - top)) for x in s]
    total = sum(raw)
    n = len(raw)
    return [(1 - EXPLORE) * w / total + EXPLORE / n for w in raw]
