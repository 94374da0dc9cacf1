"""Interception (10): who may intercept an army entering a space, the order of the
attempts (10.3), the roll, and refusing battle (10.5)."""

from __future__ import annotations

from itertools import permutations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from . import board
from .army import MAX_ARMY, lift_sieges, may_enter_as, mover_frame, push_battle
from .data import POWER_NAMES
from .model import (
    SIDE_NAMES,
    State,
    add_cu,
    ask,
    commander,
    cu,
    deciding_side,
    ed,
    enemy_power,
    friendly,
    leader_name,
    leaders_at,
    note,
    outside,
    pop,
    powers_here,
    proc,
    push,
    rank,
    space_name,
)


def interceptors(st: State, fr: Frame) -> dict[str, list[str]]:
    """Player sides (not the mover's) with armies adjacent to the space entered that may try
    to intercept (10.1-10.2): across clear links, from outside any walls, not into a space
    holding other powers' CU, nor into one where CU of the moving power already stood
    (10.2: non-moving enemy CU, case B of the example)."""
    at, power = fr["at"], fr["power"]
    if any(p != power and outside(st, at, p) > 0 for p in powers_here(st, at)):
        return {}
    if fr.get("cu") is not None and cu(st, at, power) > fr["cu"]:
        return {}
    out: dict[str, list[str]] = {}
    for src in board.neighbours(st, at):
        for p in powers_here(st, src):
            side = deciding_side(st, p)
            if side is None or side == fr["side"] or not enemy_power(st, p, power):
                continue
            if board.rough(p, src, at) or outside(st, src, p) == 0 or not commander(st, src, p):
                continue
            if f"{src}|{p}" in fr.get("bribed", []):
                continue                                # 7.2.2: bribed CU never intercept
            if not may_enter_as(st, p, at):
                continue
            out.setdefault(side, []).append(f"{src}|{p}")
    return out


def offer_interceptions(st: State, fr: Frame) -> None:
    """Each side that may intercept is asked in turn; with several, the one winning ties
    (4.4) decides the order (10.3)."""
    cands = interceptors(st, fr)
    if len(cands) > 1:
        push(st, "intercept_order", side=min(cands, key=rank), cands=cands,
             target=fr["at"], mover=fr["power"])
        return
    for side in cands:
        push(st, "intercept", side=side, options=cands[side], target=fr["at"],
             mover=fr["power"])


@proc
class InterceptOrder(Proc):
    """The side winning ties among those that may intercept says in which order the sides
    resolve their attempts (10.3)."""

    name = "intercept_order"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        return [Choice("order:" + ",".join(o), "Resolve " + ", then ".join(
            f"the {SIDE_NAMES[s]} player's attempts" for s in o))
                for o in permutations(sorted(fr["cands"]))]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"interceptions at {space_name(fr['target'])}: in which "
                   "order?", self.options(st, fr), rule="10.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        for side in reversed(cid.split(":", 1)[1].split(",")):
            push(st, "intercept", side=side, options=fr["cands"][side], target=fr["target"],
                 mover=fr["mover"])


def interception_choices(st: State, options: list[str], target: str) -> list[Choice]:
    """The choices of an interception window: decline, or each army (``space|power``) that
    still stands there with a commander, with its size and the roll it needs (10.3-10.4)."""
    cs = [Choice("no", "Do not intercept")]
    for opt in options:
        src, p = opt.split("|")
        lid = commander(st, src, p)
        if outside(st, src, p) and lid:
            need = ed().leaders[lid].tactics - interception_modifier(st, p, target)
            cs.append(Choice(f"icpt:{opt}", f"Intercept with {leader_name(lid)} from "
                             f"{space_name(src)} ({min(MAX_ARMY, outside(st, src, p))} "
                             f"CU, needs {need} or less)", target=src))
    return cs


def interception_modifier(st: State, power: str, target: str) -> int:
    """+1 to the interception roll into a space whose control is enemy to ``power`` and
    that holds none of its CU (10.3)."""
    return 1 if not friendly(st, power, target) and cu(st, target, power) == 0 else 0


def intercept(st: State, src: str, power: str, target: str) -> int:
    """The interception roll (10.4: modified, the commander's tactics or less; 10.3: +1
    into an enemy space holding none of his CU); on success his army of up to 10 CU moves
    from ``src`` into ``target``. The CU that moved, 0 when the roll failed."""
    lid = commander(st, src, power)
    bonus = interception_modifier(st, power, target)
    die = roll(st, 1, 6, purpose=f"{leader_name(lid)} intercepts", rule="10.4")[0]
    if die + bonus > ed().leaders[lid].tactics:
        note(st, f"{leader_name(lid)} fails to intercept.", "10.4", where=target)
        return 0
    n = min(MAX_ARMY, outside(st, src, power))
    add_cu(st, src, power, -n)
    add_cu(st, target, power, n)
    st["leaders"][lid] = target
    lift_sieges(st, src)
    return n


class InterceptAsk(Proc):
    """A side may intercept an army entering ``fr["target"]`` (10.4): the question, its
    options and the roll; a subclass names the moving frame and what a success does."""

    rule = "10"

    def moving(self, st: State) -> Frame | None:
        """The frame of the army being intercepted (None: it is gone)."""
        raise NotImplementedError

    def lapsed(self, mv: Frame, fr: Frame) -> bool:
        """Gone on, or intercepted here by another power (10.3: by one power a space, but by
        as many of its armies as succeed)."""
        return (mv["intercepted"] and mv.get("intercepted_by") != fr.get("again")) \
            or mv["at"] != fr["target"]

    def question(self, fr: Frame) -> str:
        raise NotImplementedError

    def succeeded(self, st: State, fr: Frame, power: str, lid: str, n: int) -> None:
        """``power``'s ``n`` CU under ``lid`` have intercepted."""
        raise NotImplementedError

    def auto(self, st: State, fr: Frame) -> bool:
        mv = self.moving(st)
        if mv is None or self.lapsed(mv, fr):
            pop(st)
            return True
        return False

    def options(self, st: State, fr: Frame) -> list[Choice]:
        return interception_choices(st, fr["options"], fr["target"])

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], self.question(fr), self.options(st, fr), rule=self.rule,
                   kind="choose-space")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        if cid == "no":
            return
        src, p = cid.split(":", 1)[1].split("|")
        self.before_roll(st, p)
        lid = commander(st, src, p)
        n = intercept(st, src, p, fr["target"])
        if n:
            self.succeeded(st, fr, p, lid, n)

    def before_roll(self, st: State, power: str) -> None:
        """What choosing to intercept does even if the roll fails."""


@proc
class InterceptProc(InterceptAsk):
    name = "intercept"

    def moving(self, st: State) -> Frame | None:
        return mover_frame(st)

    def lapsed(self, mv: Frame, fr: Frame) -> bool:
        return super().lapsed(mv, fr) or mv["cu"] == 0

    def question(self, fr: Frame) -> str:
        return f"the {POWER_NAMES[fr['mover']]} enter {space_name(fr['target'])}: intercept?"

    def before_roll(self, st: State, power: str) -> None:
        mover_frame(st).setdefault("tried", []).append(power)   # no avoiding it later (10.6)

    def succeeded(self, st: State, fr: Frame, power: str, lid: str, n: int) -> None:
        """The first army in fights the mover; others of its power that intercept join it
        (10.4); every attempt is made before the mover may refuse battle (10.5.1)."""
        mv, target = mover_frame(st), fr["target"]
        note(st, f"{leader_name(lid)} intercepts with {n} CU at {space_name(target)}.", "10.4",
             where=target)
        if not fr.get("again"):
            mv["intercepted"] = True
            mv["intercepted_by"] = power
            mv["pending"] = []
            push_battle(st, mv, defender=power, intercepted=True)
            if mv["prev"] and not mv["sailed"] and commander(st, target, mv["power"]) \
                    and deciding_side(st, mv["power"]) \
                    and all(q == mv["power"] for q in st["cu"].get(mv["prev"], {})):   # 15.3
                push(st, "refuse", side=deciding_side(st, mv["power"]), space=target,
                     power=mv["power"], foe=power)
        more = [o for o in fr["options"] if o.endswith(f"|{power}")
                and o.split("|")[0] != st["leaders"].get(lid)]
        more = [o for o in more if outside(st, o.split("|")[0], power)]
        if more:
            push(st, "intercept", side=fr["side"], options=more, target=target,
                 mover=fr["mover"], again=power)


@proc
class RefuseProc(Proc):
    """The intercepted army may refuse battle: back to its last space on a roll of its
    commander's tactics or less (10.5.1; the interceptor never waives the roll)."""

    name = "refuse"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        lid = commander(st, fr["space"], fr["power"])
        cs = [Choice("fight", "Fight the interceptors"),
              Choice("refuse", f"Refuse battle ({leader_name(lid)} needs "
                     f"{ed().leaders[lid].tactics} or less)")]
        return ask(st, fr["side"], f"the {POWER_NAMES[fr['foe']]} intercept at "
                   f"{space_name(fr['space'])}", cs, rule="10.5.1")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        if cid == "fight":
            return
        mv = mover_frame(st)
        lid = commander(st, fr["space"], fr["power"])
        die = roll(st, 1, 6, purpose=f"{leader_name(lid)} refuses battle", rule="10.5.1")[0]
        if die > ed().leaders[lid].tactics:
            note(st, f"{leader_name(lid)} cannot refuse battle.", "10.5.1")
            return
        back = mv["prev"]
        n = cu(st, fr["space"], fr["power"])
        add_cu(st, fr["space"], fr["power"], -n)
        add_cu(st, back, fr["power"], n)
        for other in leaders_at(st, fr["space"], fr["power"]):
            st["leaders"][other] = back
        mv.update(at=back, stage="done", pending=[])
        st["stack"] = [f for f in st["stack"] if f["proc"] != "battle"]
        note(st, f"{leader_name(lid)} refuses battle and falls back to {space_name(back)}.",
             "10.5.1", where=back)
