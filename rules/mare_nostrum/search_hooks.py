"""How good a position looks to the search seat (rules/engine/search.py, docs/BOTS.md).

Mare Nostrum hides nothing but the dice (the default :meth:`Game.determinize`). A position is
worth its victory points (ch.2) plus small shares of what leads to more: boxes entered on the
Development Chart (9.6), income (ch.6), the treasury and stability (9.5); the value of a seat
is a logistic of its worth against the best rival's.
"""

from __future__ import annotations

import math
from typing import Any

State = dict[str, Any]
#: VP-equivalents of one development box, one Talent of income, one Talent, one stability box
DEV_BOX, INCOME, MONEY, STABILITY = 0.12, 1 / 60, 1 / 400, 1 / 25
#: a lead of this many VP-equivalents looks about 73 % won (the logistic's scale)
SCALE = 1.0


def worth(state: State, empire: str) -> float:
    emp = state["empires"][empire]
    if emp.get("revolted"):
        return float(emp["vp"]) - 3.0
    return (emp["vp"] + DEV_BOX * sum(emp["dev"].values()) + INCOME * emp["income"]
            + MONEY * emp["money"] + STABILITY * min(emp["stability"], 10))


def evaluate(state: State, seat: str) -> float:
    if seat not in state.get("empires", {}):
        return 0.5
    mine = worth(state, seat)
    rival = max((worth(state, e) for e in state["empires"] if e != seat), default=mine)
    return 1.0 / (1.0 + math.exp(-(mine - rival) / SCALE))
