"""Five players: Carthaginian mercenaries (7.2.4, 5.10.1). Hired mercenaries are Carthaginian
CU; the engine keeps how many of the Carthaginian CU on the board are citizens, the rest
being mercenaries (it does not tell the counters apart by space: ruling). Losses fall on the
mercenaries first; each Reinforcement Phase the Carthaginian player removes half of them,
rounded up, from the spaces he chooses."""

from __future__ import annotations

import math

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc

from .army import displace
from .model import State, add_cu, ask, cu, five, note, pop, proc, push, space_name, total_cu


def citizens(st: State) -> int:
    total = total_cu(st, "carthage")
    return min(st.get("citizens", total), total)


def count(st: State) -> int:
    """Mercenary CU on the board (five players)."""
    if not five(st):
        return 0
    return total_cu(st, "carthage") - citizens(st)


def raised(st: State, n: int, *, mercenary: bool) -> None:
    """Call before ``n`` new Carthaginian CU are placed: they are mercenaries or citizens."""
    if not five(st):
        return
    st["citizens"] = citizens(st) + (0 if mercenary else n)


def halve(st: State) -> None:
    """5.10.1: the Carthaginian player first removes half the mercenaries on the board."""
    n = math.ceil(count(st) / 2)
    if n:
        note(st, f"Carthage pays off half its mercenaries: {n} CU leave.", "5.10.1")
        push(st, "disband", side="carthage", n=n)


@proc
class DisbandProc(Proc):
    """Remove one mercenary CU at a time from a space of the Carthaginian player's choice."""

    name = "disband"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        return [Choice(f"from:{sid}", f"Remove 1 CU from {space_name(sid)} "
                       f"({here['carthage']} there)", target=sid)
                for sid, here in sorted(st["cu"].items()) if here.get("carthage")]

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["n"] <= 0 or count(st) == 0 or not self.options(st, fr):
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, "carthage", f"remove {fr['n']} mercenary CU", self.options(st, fr),
                   kind="choose-space", rule=fr.get("rule", "5.10.1"))

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        sid = cid.split(":", 1)[1]
        keep = citizens(st)
        add_cu(st, sid, "carthage", -1)
        st["citizens"] = min(keep, total_cu(st, "carthage"))
        fr["n"] -= 1
        if cu(st, sid, "carthage") == 0:
            displace(st, sid, "carthage")
        note(st, f"1 Carthaginian mercenary CU leaves {space_name(sid)}.",
             fr.get("rule", "5.10.1"), where=sid)
