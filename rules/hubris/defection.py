"""Defection (2.2.9) and the TURNCOAT check of Theodotos (P3, reconstructed in leaders.yaml).

A Defecting Leader leaves his Court at once: his Units stay where he stood and his Kingdom
may make an Emergency Appointment (2.3.5), a Chief Minister's office falls vacant (2.3.3), the
Court is refilled (2.2.11). Then every other Kingdom may bid for him as for an Unaffiliated
Leader (2.2.7, an open auction as ruling R7); he joins the winner At Court with his Rotation
status and Renown; with no bid he is removed from play. Replacement Leaders and Kings never Defect.
"""

from __future__ import annotations

from typing import Any

from rules.engine.state import ask

from . import abilities, alignment, bidding, core, leaders
from .checks import check
from .core import note
from .flow import Auto, pop, proc, push
from .names import name, the
from .rulesdata import RulesData

State = dict[str, Any]
DEFECTING = "defecting"        # the ``court`` of a Leader between Courts while bids are sealed


def may_defect(data: RulesData, state: State, lid: str) -> bool:
    """Replacement Leaders may not Defect (2.2.11); a King does not (he has no King to leave)."""
    rec = state["leaders"].get(lid)
    if rec is None or data.card(lid).replacement or rec["court"] not in state["kingdoms"]:
        return False
    return state["kingdoms"][rec["court"]].get("king") != lid and rec["location"] != "hostage"


def defect(data: RulesData, state: State, lid: str, why: str, rule: str = "2.2.9") -> bool:
    """``lid`` Defects from his Court; the other Kingdoms bid for him. False if he may not."""
    if not may_defect(data, state, lid):
        return False
    rec = state["leaders"][lid]
    k, where = rec["court"], rec["location"]
    note(state, f"{leaders.label(data, lid)} Defects from {the(k)}: {why}.", rule,
         seat=core.seat_of(state, k))
    units = core.on_card(state, lid)
    for u in units:
        core.set_unit(state, u, location=where)
    kd = state["kingdoms"][k]
    if kd.get("chief_minister") == lid:
        kd["chief_minister"] = None
    core.set_leader(state, lid, court=DEFECTING, location="court", role=None, of=k)
    if units and core.on_map_location(where):
        if leaders.appointable(data, state, k):
            ask(state, core.seat_of(state, k), "emergency-appointment", kingdom=k, units=units,
                where=where, rotation=rec["rotation"])
        else:
            for u in units:
                core.disperse(state, u, "2.2.9")
    leaders.fill_court(data, state, k)
    leaders.need_cm(data, state, k)
    alignment.refresh(data, state)
    bidders = [b for b in core.player_kingdoms(state) if b != k]
    push(state, "leader-bid", leader=lid, bidders=bidders, defector=True, rule="2.2.9",
         auction=bidding.begin(state, [b for b in bidders if core.treasury(state, b) >= 1], 1))
    return True


# --- TURNCOAT (P3 Theodotos) ----------------------------------------------------------------
def outshines_king(state: State, lid: str) -> bool:
    """His Renown is higher than his King's, or his Kingdom has no King."""
    k = state["leaders"][lid]["court"]
    kg = core.king(state, k) if k in state["kingdoms"] else None
    if kg is None or kg not in state["leaders"]:
        return True
    return state["leaders"][lid]["renown"] > state["leaders"][kg]["renown"]


def turncoat_check(data: RulesData, state: State, lid: str) -> None:
    """TURNCOAT: a slighted commander Checks Loyalty less his positive Renown after an Action
    (2.2.5 threshold); a failure makes him Defect (2.2.9)."""
    if lid not in state["leaders"] or not abilities.has_ability(data, lid, abilities.TURNCOAT):
        return
    if not may_defect(data, state, lid) or not outshines_king(state, lid):
        return
    thr = leaders.loyalty_threshold(data, state, lid) or 0
    (face,) = check(state, thr, purpose=f"TURNCOAT: Loyalty of {name(lid)}", rule="2.2.9",
                    parts=[("Loyalty less positive Renown", thr)])
    if face <= thr:
        note(state, f"{leaders.label(data, lid)} stays loyal.", "2.2.9")
        return
    defect(data, state, lid, "TURNCOAT, he outshines his ungrateful King")


@proc("after-action")
class AfterAction(Auto):
    """Runs once the Action of an Activated Leader is over: abilities that follow an Action."""

    def run(self, data, state, frame):
        pop(state, frame)
        turncoat_check(data, state, frame["leader"])
