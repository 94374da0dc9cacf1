"""The Reaction Step (9) as an army enters a space by land or debarks: city sorting (9.1.1),
then the stages of one ``react`` frame, each a procedure of its own, in rulebook order: Avoid
Battle (10, ``avoid_battle.py``), Land Interception (11, ``interception.py``), then Friendly
Passage, Overrun or a land battle (8.3.8, 8.3.6, 12, ``engagement.py``). The frame's
``stage`` names the part in play."""

from __future__ import annotations

from typing import Any

from rules.engine.procs import Proc

from .avoid_battle import AvoidBattle, IndAvoid
from .capitals import walls
from .engagement import Combat, Fight, Grant, Losses, Passage, Sally, SurpriseWindow
from .interception import IndIntercept, Intercept, InterceptorRole, MoverAvoid, Resolve, Withdraw
from .model import PROCS, State, besieged, garrison_order, units

#: the stages of the Reaction Step by name
STAGES: dict[str, Proc] = {cls.name: cls() for cls in (
    AvoidBattle, IndAvoid, Intercept, IndIntercept, Resolve, InterceptorRole, MoverAvoid,
    Withdraw, Combat, Passage, Grant, Sally, SurpriseWindow, Fight, Losses)}


def city_sorting(st: State, sid: str, mover: str) -> None:
    """9.1.1: entering a non-besieged enemy Major City, its owner puts up to 2 CUs inside
    (here: as many as fit, the strongest)."""
    owner = st["pc"].get(sid)
    room = walls(st, sid)                         # 2, or 1 in a capital (optional 19.8)
    if not room or owner in (None, "ind", mover):
        return
    if not st["inside"].get(sid) or not besieged(st, sid):
        have = units(st, sid, owner)
        st["inside"][sid] = min(room, sum(have.get(k, 0) for k in garrison_order(st)))


def enter(st: State, fr: dict[str, Any], *, naval: bool) -> None:
    """Entering a space by land or debarking: the Reaction Step (8.3.4, 9)."""
    sid, seat = fr["at"], fr["seat"]
    city_sorting(st, sid, seat)
    PROCS.push(st, "react", seat=seat, space=sid, parent=len(st["stack"]) - 1,
               stage="avoid", asked=[], failed=[], declared=[], naval=naval)


@PROCS.register
class React(Proc):
    """One Reaction Step; its ``stage`` is played by the procedure of that name."""

    name = "react"

    def auto(self, st, fr):
        stage = STAGES.get(fr["stage"])
        if stage is None:
            PROCS.pop(st)
            return True
        return stage.auto(st, fr)

    def prompt(self, st, fr):
        return STAGES[fr["stage"]].prompt(st, fr)

    def answer(self, st, fr, cid):
        STAGES[fr["stage"]].answer(st, fr, cid)
