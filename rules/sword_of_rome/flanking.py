"""Coordinated attacks (9.5.6-9.5.9): a Campaign's second activation may bring a flanking
force (the player's own or an ally's) next to the primary force's battle, across another
connection; it may be intercepted on its march; it adds +1 and half its CU (rounded up) to
the army strength, shares the losses and retreats with a beaten primary, and moves on with
it after an automatic victory."""

from __future__ import annotations

import heapq
import math

from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Frame, Proc

from . import board
from .army import (
    MAX_ARMY,
    activatable,
    ally_leaders,
    battle_frame,
    besieged,
    do_retreat,
    lift_sieges,
    may_enter,
    movement_points,
    mover_frame,
    raidable,
    start_move,
)
from .interception import InterceptAsk, interceptors
from .model import (
    POWER_NAMES,
    SIDE_NAMES,
    State,
    add_cu,
    ask,
    cu,
    ed,
    enemy_cu_powers,
    friendly,
    leader_name,
    leaders_at,
    note,
    outside,
    pop,
    powers_here,
    proc,
    push,
    side_of,
    space_name,
)
from .movement import raid


def campaign_frame(st: State, side: str) -> Frame | None:
    for fr in reversed(st["stack"]):
        if fr["proc"] == "campaign" and fr["side"] == side:
            return fr
    return None


def candidates(st: State, side: str, camp: Frame) -> list[tuple[str, int, bool]]:
    """``(leader, movement points, ally)``: the leaders a flanking force may come with: the
    side's own leaders the Campaign may still activate, an ally's (9.5.8, his permission
    asked unless refused already), and after a coordinated automatic victory the flanking
    leader moving on with the points he has left (9.5.7)."""
    out = []
    if camp["left"] > 0:
        for lid in activatable(st, side, 3):
            out.append((lid, movement_points(ed().leaders[lid].power, 3), False))
        for lid in ally_leaders(st, side):
            if lid not in camp.get("refused", []):
                out.append((lid, movement_points(ed().leaders[lid].power, 3), True))
    out = [c for c in out if c[0] not in camp["done"]]
    joint = camp.get("joint")
    if joint and not joint.get("moved") and st["leaders"].get(joint["leader"]) in st["spaces"]:
        out.append((joint["leader"], joint["mp"], joint.get("ally", False)))
    return out


def options(st: State, bf: Frame) -> list[str]:
    """``"<leader>|<space>"``: a leader whose army can halt next to the battle, entering it
    by another connection than the primary force (9.5.6)."""
    mv = mover_frame(st)
    if mv is None or not mv.get("campaign") or mv["power"] != bf["attacker"] \
            or mv["side"] != bf["side"] or bf.get("side_battle"):
        return []
    camp = campaign_frame(st, bf["side"])
    if camp is None:
        return []
    site, entry = bf["space"], bf["entry"]
    out = []
    for lid, mp, _ally in candidates(st, bf["side"], camp):
        if lid == mv["leader"]:
            continue
        src, power = st["leaders"][lid], ed().leaders[lid].power
        n = min(MAX_ARMY, outside(st, src, power))
        if src == site or n == 0 or besieged(st, src, power):
            continue
        out += [f"{lid}|{x}" for x in routes(st, lid, power, n, src, mp, site, entry)]
    return out


def routes(st: State, lid: str, power: str, n: int, src: str, mp: int, site: str,
           entry: str | None) -> dict[str, tuple[int, list[str]]]:
    """Spaces next to ``site`` (not ``entry``) the army can reach, stop in and still have the
    movement points to enter ``site`` from: each with the points left there and the spaces
    entered on the way; the way free of other powers' CU."""
    fake = {"power": power, "cu": n, "leader": lid}
    left = {src: mp}
    way: dict[str, list[str]] = {src: []}
    heap = [(-mp, src)]
    while heap:
        neg, sid = heapq.heappop(heap)
        if -neg < left.get(sid, -1):
            continue
        for nxt in board.neighbours(st, sid):
            c = board.cost(st, power, sid, nxt)
            rest = -neg - c
            if nxt == site or rest < 0 or rest <= left.get(nxt, -1):
                continue
            if any(p != power for p in powers_here(st, nxt)) or not may_enter(st, fake, nxt):
                continue
            left[nxt] = rest
            way[nxt] = way[sid] + [nxt]
            heapq.heappush(heap, (-rest, nxt))
    out = {}
    for x, rest in left.items():
        if x == entry or site not in board.neighbours(st, x):
            continue
        if ed().spaces[x].box or board.cost(st, power, x, site) > rest:
            continue
        out[x] = (rest, way[x])
    return dict(sorted(out.items()))


def bonus(bf: Frame) -> int:
    """The flanking force's army strength modifier: half its CU, rounded up (9.5.6)."""
    fl = bf.get("flank")
    return math.ceil(fl["cu"] / 2) if fl and fl["cu"] > 0 else 0


def take_losses(st: State, bf: Frame, n: int) -> None:
    """The attacker's losses: split evenly, the primary force taking the odd CU (9.5.6)."""
    fl = bf["flank"]
    sid, power = bf["space"], bf["attacker"]
    primary = min(cu(st, sid, power), math.ceil(n / 2))
    flank = min(fl["cu"], n - primary)
    primary = min(cu(st, sid, power), n - flank)
    add_cu(st, sid, power, -primary)
    if flank:
        add_cu(st, fl["space"], fl["power"], -flank)
        fl["cu"] -= flank
        if cu(st, fl["space"], fl["power"]) == 0:          # 8.4: no CU left with him
            for lid in leaders_at(st, fl["space"], fl["power"]):
                st["leaders"][lid] = "displaced" if ed().leaders[lid].named else "reserve"


def retreat(st: State, bf: Frame) -> None:
    """A beaten flanking force retreats too, unless it stands in friendly territory already
    (the combat example); to the first closest eligible space (ruling)."""
    fl = bf["flank"]
    x, power = fl["space"], fl["power"]
    n = cu(st, x, power)
    if n == 0 or (friendly(st, power, x) and not enemy_cu_powers(st, power, x)):
        return
    paths = board.retreat_options(st, power, x, n, attacker=False, entry=bf["space"])
    do_retreat(st, bf, power, x, n, paths[0] if paths else None)


def move_on(st: State, bf: Frame) -> None:
    """A coordinated automatic victory (9.5.7): once the primary force has finished moving,
    the flanking force moves on from where it halted with the points it had left there, less
    those of the connection into the battle space (ruling)."""
    fl = bf["flank"]
    camp = campaign_frame(st, bf["side"])
    if camp is None or fl.get("mp", 0) <= 0:
        return
    camp["joint"] = {"leader": fl["leader"], "mp": fl["mp"], "moved": False,
                     "ally": fl["power"] != bf["attacker"]}


def start_joint_move(st: State, camp: Frame) -> bool:
    """The flanking force of a coordinated automatic victory moves now (9.5.7)."""
    joint = camp.get("joint")
    if not joint or joint["moved"]:
        return False
    joint["moved"] = True
    lid = joint["leader"]
    if st["leaders"].get(lid) not in st["spaces"]:
        return False
    note(st, f"{leader_name(lid)} moves on after the automatic victory.", "9.5.7")
    start_move(st, camp["side"], lid, 3, campaign=True, mp=joint["mp"])
    return True


def leader_mp(st: State, camp: Frame, lid: str) -> tuple[int, bool]:
    for cand, mp, ally in candidates(st, camp["side"], camp):
        if cand == lid:
            return mp, ally
    raise IllegalChoice(f"{leader_name(lid)} cannot flank now")


@proc
class FlankProc(Proc):
    """Before the battle is fought: call a flanking force (9.5.6) or fight alone."""

    name = "flank"

    def choices(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice("none", "Fight without a flanking force")]
        camp = campaign_frame(st, fr["side"])
        allies = {lid for lid, _mp, ally in candidates(st, fr["side"], camp) if ally}
        for opt in fr["options"]:
            lid, x = opt.split("|")
            if lid in camp.get("refused", []):
                continue
            src, power = st["leaders"][lid], ed().leaders[lid].power
            n = min(MAX_ARMY, outside(st, src, power))
            ask_ally = f" (asking the {POWER_NAMES[power]})" if lid in allies else ""
            cs.append(Choice(f"flank:{opt}", f"{leader_name(lid)} flanks from "
                             f"{space_name(x)} with {n} CU (from {space_name(src)})"
                             f"{ask_ally}", target=x))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        bf = battle_frame(st)
        return ask(st, fr["side"], f"battle at {space_name(bf['space'])}: call a flanking "
                   "force with the Campaign?", self.choices(st, fr), kind="choose-space",
                   rule="9.5.6")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid == "none":
            pop(st)
            return
        lid, x = cid.split(":", 1)[1].split("|")
        camp = campaign_frame(st, fr["side"])
        _mp, ally = leader_mp(st, camp, lid)
        owner = side_of(st, ed().leaders[lid].power)
        joint = camp.get("joint") or {}
        if ally and owner is not None and owner != fr["side"] \
                and joint.get("leader") != lid:          # 9.5.8: the ally must agree
            push(st, "flank_permit", side=owner, asker=fr["side"], leader=lid, halt=x)
            return
        pop(st)
        send(st, fr["side"], lid, x)


def send(st: State, side: str, lid: str, x: str) -> None:
    """The flanking force sets out for ``x`` (9.5.6): an activation of the Campaign, or the
    joint force moving on (9.5.7); it marches space by space and may be intercepted on the
    way (9.5.9)."""
    bf = battle_frame(st)
    camp = campaign_frame(st, side)
    mp, _ally = leader_mp(st, camp, lid)
    joint = camp.get("joint")
    if joint and joint["leader"] == lid:
        joint["moved"] = True                             # it moves on with this attack
    else:
        camp["left"] -= 1
        camp["done"].append(lid)
    src, power = st["leaders"][lid], ed().leaders[lid].power
    n = min(MAX_ARMY, outside(st, src, power))
    rest, way = routes(st, lid, power, n, src, mp, bf["space"], bf["entry"])[x]
    push(st, "flank_march", side=side, leader=lid, power=power, cu=n, at=src, way=way,
         halt=x, mp=rest - board.cost(st, power, x, bf["space"]), intercepted=False)


@proc
class FlankPermit(Proc):
    """The ally is asked whether his army may flank for the campaigning player (9.5.8); a
    refusal keeps the alliance (9.5.5)."""

    name = "flank_permit"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        lid = fr["leader"]
        cs = [Choice("yes", f"Let {leader_name(lid)} flank"), Choice("no", "Refuse")]
        return ask(st, fr["side"], f"the {SIDE_NAMES[fr['asker']]} player asks "
                   f"{leader_name(lid)} to flank his battle from {space_name(fr['halt'])}",
                   cs, kind="yes-no", rule="9.5.8")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        if cid == "no":
            camp = campaign_frame(st, fr["asker"])
            camp.setdefault("refused", []).append(fr["leader"])
            note(st, f"The request for {leader_name(fr['leader'])} to flank is refused.",
                 "9.5.8")
            return                                        # the flank prompt is asked again
        pop(st)                                           # the flank prompt itself
        send(st, fr["asker"], fr["leader"], fr["halt"])


@proc
class FlankMarch(Proc):
    """The flanking force marches to the space beside the battle; enemy armies next to each
    space it enters may intercept it, but not the army already engaged (9.5.9); a Gallic
    force may raid each space it enters with the movement points it has to spare (9.5.6,
    14.2)."""

    name = "flank_march"

    def auto(self, st: State, fr: Frame) -> bool:
        bf = battle_frame(st)
        lid, power = fr["leader"], fr["power"]
        if fr["intercepted"] or st["leaders"].get(lid) != fr["at"]:
            pop(st)
            return True
        if fr.get("raid_here"):                           # 9.5.6: Gauls may raid on the way
            if raidable(st, fr):
                return False
            fr["raid_here"] = False
        if fr["cu"] == 0 or cu(st, fr["at"], power) == 0:
            pop(st)
            note(st, f"{leader_name(lid)} has no CU left to flank with.", "9.5.6",
                 where=fr["at"])
            return True
        if not fr["way"]:
            pop(st)
            bf["flank"] = {"leader": lid, "space": fr["at"], "power": power, "cu": fr["cu"],
                           "mp": fr["mp"]}
            note(st, f"{leader_name(lid)} flanks the {POWER_NAMES[bf['defender']]} at "
                 f"{space_name(bf['space'])} from {space_name(fr['at'])} with {fr['cu']} CU.",
                 "9.5.6", where=fr["at"])
            return True
        nxt = fr["way"].pop(0)
        src = fr["at"]
        add_cu(st, src, power, -fr["cu"])
        add_cu(st, nxt, power, fr["cu"])
        st["leaders"][lid] = nxt
        lift_sieges(st, src)
        fr["prev"], fr["at"] = src, nxt
        note(st, f"{leader_name(lid)} ({fr['cu']} CU) marches to {space_name(nxt)}.", "9.5.6",
             where=nxt)
        fr["raid_here"] = True
        cands = interceptors(st, {"at": nxt, "power": power, "side": fr["side"],
                                  "cu": fr["cu"]})
        for side in reversed(sorted(cands, key=lambda s: st["sides"].index(s))):
            opts = [o for o in cands[side] if o.split("|")[0] != bf["space"]]
            if opts:
                push(st, "flank_intercept", side=side, options=opts, target=nxt, mover=power)
        return True


    def options(self, st: State, fr: Frame) -> list[Choice]:
        nxt = f"march on to {space_name(fr['way'][0])}" if fr["way"] else \
            "halt here and flank"
        return [Choice("raid", f"Raid {space_name(fr['at'])} (1 of {fr['mp']} spare MP)",
                       target=fr["at"]),
                Choice("on", nxt[0].upper() + nxt[1:])]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"The flanking force of {leader_name(fr['leader'])} "
                   f"({fr['cu']} CU) at {space_name(fr['at'])}: raid on the way?",
                   self.options(st, fr), rule="9.5.6")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if not fr.get("raid_here") or not raidable(st, fr):    # no raid asked here
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        if cid == "on":
            fr["raid_here"] = False
            return
        raid(st, fr)                                      # 14.2: 1 MP; again if it fails


@proc
class FlankIntercept(InterceptAsk):
    """An interception of the flanking force (9.5.9): if it succeeds the force stops there;
    the primary battle is fought first (alone), then this one."""

    name = "flank_intercept"
    rule = "9.5.9"

    def moving(self, st: State) -> Frame | None:
        return next((f for f in reversed(st["stack"]) if f["proc"] == "flank_march"), None)

    def question(self, fr: Frame) -> str:
        return (f"a {POWER_NAMES[fr['mover']]} flanking force enters "
                f"{space_name(fr['target'])}: intercept?")

    def succeeded(self, st: State, fr: Frame, power: str, lid: str, n: int) -> None:
        march, target = self.moving(st), fr["target"]
        march["intercepted"] = True
        march["intercepted_by"] = power        # no other power's interception here (10.3)
        note(st, f"{leader_name(lid)} intercepts the flanking force at {space_name(target)}; "
             "the primary force fights alone first.", "9.5.9", where=target)
        bf = battle_frame(st)
        st["stack"].insert(st["stack"].index(bf), {
            "proc": "battle", "attacker": march["power"], "defender": power, "space": target,
            "side": march["side"], "entry": march["prev"],
            "entry_kind": board.effective_kind(march["power"], march["prev"], target),
            "intercepted": True, "failed_avoid": False, "sortie": False, "stage": "start",
            "mods": {"attacker": [], "defender": []},
            "extra_loss": {"attacker": 0, "defender": 0}, "flank_asked": True,
            "side_battle": True})
