"""Non-player powers (16): Neutral Power Activates cards let a player raise, support or move
one non-player power once a round; five-player unrest (20)."""

from __future__ import annotations

import math

from rules.engine import response
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from .army import start_move
from .battle_tables import force_ratio, losses
from .board import can_place
from .cancels import ask_mistrust
from .model import (
    POWER_NAMES,
    State,
    add_cu,
    ask,
    cu,
    ed,
    leader_name,
    note,
    pop,
    proc,
    push,
    space_name,
)


def activatable_powers(st: State, side: str) -> list[str]:
    out = []
    for p in st["nonplayer"]:
        if p in st["npa_used"]:
            continue
        if p == "rebels" and side == "carthage":
            continue                                        # 16.4
        if p == "carthage":
            if st["flags"].get("carthage_fallen") or st["flags"].get("carthage_mistrust"):
                continue
            if st["flags"].get("rome_carthage_alliance") and side != "rome":
                continue                                    # 18
        if leaders_of(st, p) or can_place(st, p):
            out.append(p)
    return out


def leaders_of(st: State, power: str) -> list[str]:
    return sorted(lid for lid, at in st["leaders"].items()
                  if ed().leaders[lid].power == power and at in st["spaces"]
                  or (ed().leaders[lid].power == power and at in ed().one_way))


def unrest_cap(st: State) -> int:
    """The unrest may rise to 10 less the CU in the Garrison box (20.1)."""
    return 10 - cu(st, "garrison_box", "carthage")


def can_raise_unrest(st: State, fr: Frame) -> bool:
    return (st["players"] == 5 and fr["side"] != "carthage"
            and not st["flags"].get("unrest_raised")
            and st["unrest"] < unrest_cap(st))


@proc
class NPAProc(Proc):
    name = "npa"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        p = fr.get("power")
        if p is None:
            cs = [Choice(f"power:{q}", f"Activate the {POWER_NAMES[q]}")
                  for q in activatable_powers(st, fr["side"])]
            if can_raise_unrest(st, fr):
                cs.append(Choice("unrest", "Raise Carthaginian unrest by 1"))
            return cs or [Choice("none", "No effect")]
        cs = []
        if can_place(st, p):
            cs.append(Choice("raise", f"Raise 1 {POWER_NAMES[p]} CU"))
        if p != "rebels":                       # the revolt holds no land (ruling)
            cs.append(Choice("support", f"Place 3 support points for the {POWER_NAMES[p]}"))
        for lid in leaders_of(st, p):
            at = st["leaders"][lid]
            cs.append(Choice(f"move:{lid}", f"Move {leader_name(lid)} from {space_name(at)} "
                             f"({cu(st, at, p)} CU)", target=at))
        for lid, sid in minor_moves(st, p, fr):
            cs.append(Choice(f"minor:{lid}:{sid}", f"First move {leader_name(lid)} to "
                             f"{space_name(sid)}", target=sid, group="Minor leaders"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        what = f"the {POWER_NAMES[fr['power']]}" if fr.get("power") else "a non-player power"
        return ask(st, fr["side"], f"Neutral Power Activates: {what}", self.options(st, fr),
                   rule="16.1.1")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid == "none":
            pop(st)
            return
        if cid == "unrest":
            st["unrest"] += 1
            st["flags"]["unrest_raised"] = True
            note(st, f"Carthaginian unrest rises to {st['unrest']}.", "20.1")
            pop(st)
            return
        verb, _, arg = cid.partition(":")
        if verb == "minor":                     # 16.1.1: its minor leaders, besides
            lid, _, sid = arg.partition(":")
            st["leaders"][lid] = sid
            fr.setdefault("minors", []).append(lid)
            note(st, f"{leader_name(lid)} takes post at {space_name(sid)}.", "16.1.1",
                 where=sid)
            return
        if verb == "power":
            fr["power"] = arg
            st["npa_used"].append(arg)
            note(st, f"The {POWER_NAMES[arg]} are activated.", "16.1.1")
            return
        p = fr["power"]
        side = fr["side"]
        pop(st)
        if verb == "raise":
            push(st, "place", side=side, powers=[p], n=1, rule="16.1.1")
        elif verb == "support":
            push(st, "support", side=side, points=3, battle=None, powers=[p],
                 remove=[])                             # placing support only (7.3.1)
        else:
            if p == "carthage":                         # 21.4: Carthaginian Mistrust
                push(st, "npa_go", side=side, leader=arg, power=p)
                ask_mistrust(st, side)
                return
            start_move(st, side, arg, 3, np_power=p)


def minor_moves(st: State, power: str, fr: Frame) -> list[tuple[str, str]]:
    """The activated power's minor leaders may be added or moved to spaces holding its CU
    (16.1.1 with 8.3), each once."""
    out = []
    for lid, at in sorted(st["leaders"].items()):
        ld = ed().leaders[lid]
        if ld.named or ld.power != power or lid in fr.get("minors", []):
            continue
        if at not in st["spaces"] and at != "reserve":
            continue
        out += [(lid, sid) for sid in sorted(st["cu"]) if sid != at and sid in st["spaces"]
                and cu(st, sid, power) > 0 and not ed().spaces[sid].box]
    return out


def unrest_fighters(st: State, camp: Frame | None = None) -> int:
    """Carthaginian CU in the Garrison box that may attack the unrest: with a Campaign, not
    those that fought its first attack (20.3)."""
    n = cu(st, "garrison_box", "carthage")
    return max(0, n - (camp or {}).get("unrest_fought", 0))


def can_attack_unrest(st: State, lid: str, camp: Frame | None = None) -> bool:
    """Five players: a Carthaginian leader with CU in the Garrison box may attack the unrest
    as his card play (20.3); a Campaign may attack it twice, with two leaders and no CU in
    both attacks."""
    return (st["players"] == 5 and st["unrest"] > 0 and ed().leaders[lid].power == "carthage"
            and st["leaders"].get(lid) == "garrison_box" and unrest_fighters(st, camp) > 0)


def start_unrest_attack(st: State, side: str, lid: str, most: int, *,
                        campaign: bool = False) -> None:
    """The leader attacks the unrest with up to ``most`` CU of the Garrison box; the player
    says how many (20.3)."""
    push(st, "unrest_attack", side=side, leader=lid, most=min(10, most), campaign=campaign,
         stage="size", attacker="carthage", defender="unrest", space="garrison_box",
         entry=None, intercepted=False, mods={"attacker": [], "defender": []},
         extra_loss={"attacker": 0, "defender": 0})


def unrest_ratio(st: State, n: int) -> int | str:
    """The force ratio of ``n`` attacking CU against the unrest's level (12.2.1)."""
    u = st["unrest"]
    return force_ratio(max(n, u), min(n, u)) if n != u else 0


@proc
class UnrestAttack(Proc):
    """An attack on the unrest (20.3): how many CU fight (the rest stay in the box,
    untouched), then, as in any battle, the response window (7.1.1; an automatic victory
    needs no roll), then the dice."""

    name = "unrest_attack"

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["stage"] != "roll":
            return False
        pop(st)
        left = attack_unrest(st, fr["leader"], fr["n"], fr["mods"], fr["extra_loss"],
                             fr.get("extra_dice", {}).get("attacker", 0))
        if fr["campaign"]:
            camp = next((f for f in reversed(st["stack"]) if f["proc"] == "campaign"), None)
            if camp is not None:                         # 20.3: no CU attacks twice
                camp["unrest_fought"] = camp.get("unrest_fought", 0) + left
        return True

    def options(self, st: State, fr: Frame) -> list[Choice]:
        return [Choice(f"cu:{n}", f"Attack with {n} CU") for n in range(fr["most"], 0, -1)]

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"{leader_name(fr['leader'])} attacks the unrest (level "
                   f"{st['unrest']}): with how many CU?", self.options(st, fr), rule="20.3")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if fr["stage"] != "size":                   # no size asked: not this step's decision
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        fr["n"] = int(cid.split(":")[1])
        fr["stage"] = "roll"
        if unrest_ratio(st, fr["n"]) == "AV":
            return
        order = response.clockwise_from([s for s in st["sides"] if s not in st["out_sides"]],
                                        fr["side"])
        response.open_window(st, "battle", order, space="garrison_box", reask=True)
        push(st, "respond", kind="battle")


def attack_unrest(st: State, lid: str, n: int, mods: dict | None = None,
                  extra: dict | None = None, more_dice: int = 0) -> int:
    """``n`` Carthaginian CU of the Garrison box attack the unrest, an army of its level led
    by a tactics-0 leader, neither side +1 for friendly ground (19.2, 20.3); an automatic
    victory sets it to 0 (one of the unrest's costs the attackers all their CU, ruling).
    Carthage's win lowers it by half the hits it scored, rounded up,
    whatever the unrest's size; the unrest's win raises it by half the CU it took from the
    attackers, rounded up, capped at 10 - the CU left in the box (20.1); leftover points are
    lost. A leader beaten with all his attacking CU lost is displaced (the third example;
    a winner keeps his place: no enemy is left). ``mods``
    and ``extra``: what responses added (by role, as a battle's); ``more_dice``: dice
    Carthage rolls beyond three (The Sacred Band, example 20.3). Returns the attacking CU
    still standing."""
    mods = mods or {"attacker": [], "defender": []}
    extra = extra or {"attacker": 0, "defender": 0}
    u = st["unrest"]
    ratio = unrest_ratio(st, n)
    if n > u and ratio == "AV":
        st["unrest"] = 0
        note(st, f"{leader_name(lid)} crushes the unrest (automatic victory): unrest 0.",
             "20.3")
        return n
    if ratio == "AV":                                   # the unrest's (ruling): all lost
        mine = theirs = 0
        hits = n
    else:
        own = roll(st, 3 + more_dice, 6, purpose="Carthage against the unrest", rule="20.3")
        foe = roll(st, 3, 6, purpose="The unrest", rule="20.3")
        mine = sum(own) + ed().leaders[lid].tactics + (ratio if n > u else 0) \
            + sum(m["value"] for m in mods["attacker"])
        theirs = sum(foe) + (ratio if u > n else 0) + sum(m["value"] for m in mods["defender"])
        hits = losses(foe, own, u, n)[1] + extra["attacker"]
    if mine > theirs:
        lost, hits = losses(own, foe, n, u)
        lost = min(lost + extra["attacker"], n)
        hits += extra["defender"]
        add_cu(st, "garrison_box", "carthage", -lost)
        st["unrest"] = max(0, u - math.ceil(hits / 2))
        note(st, f"{leader_name(lid)} beats the unrest ({mine} to {theirs}): unrest falls to "
             f"{st['unrest']}.", "20.3")
    else:
        lost = min(hits, n)
        add_cu(st, "garrison_box", "carthage", -lost)
        st["unrest"] = max(u, min(unrest_cap(st), u + math.ceil(lost / 2)))
        note(st, f"The unrest beats {leader_name(lid)} ({theirs} to {mine}): unrest "
             f"{st['unrest']}.", "20.3")
        if lost >= n:                                  # the third example
            st["leaders"][lid] = "displaced" if ed().leaders[lid].named else "reserve"
            note(st, f"{leader_name(lid)} is displaced.", "8.4")
    return n - lost
