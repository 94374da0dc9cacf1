"""Non-player powers (16): Neutral Power Activates cards let a player raise, support or move
one non-player power once a round; five-player unrest (20)."""

from __future__ import annotations

import math

from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.rng import roll

from .board import placement_spaces
from .model import POWER_NAMES, State, cu, ed, leader_name, space_name
from .procs import Frame, Proc, ask, note, pop, proc, push


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
        if leaders_of(st, p) or placement_spaces(st, p):
            out.append(p)
    return out


def leaders_of(st: State, power: str) -> list[str]:
    return sorted(lid for lid, at in st["leaders"].items()
                  if ed().leaders[lid].power == power and at in st["spaces"]
                  or (ed().leaders[lid].power == power and at in ed().one_way))


def can_raise_unrest(st: State, fr: Frame) -> bool:
    return (st["players"] == 5 and fr["side"] != "carthage"
            and not st["flags"].get("unrest_raised")
            and st["unrest"] < 10 - cu(st, "garrison_box", "carthage"))


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
        if placement_spaces(st, p):
            cs.append(Choice("raise", f"Raise 1 {POWER_NAMES[p]} CU"))
        if p != "rebels":                       # the revolt holds no land (ruling)
            cs.append(Choice("support", f"Place 3 support points for the {POWER_NAMES[p]}"))
        for lid in leaders_of(st, p):
            at = st["leaders"][lid]
            cs.append(Choice(f"move:{lid}", f"Move {leader_name(lid)} from {space_name(at)} "
                             f"({cu(st, at, p)} CU)", target=at))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        what = f"the {POWER_NAMES[fr['power']]}" if fr.get("power") else "a non-player power"
        return ask(st, fr["side"], f"Neutral Power Activates: {what}", self.options(st, fr),
                   rule="16.1.1")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
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
            push(st, "support", side=side, points=3, battle=None, powers=[p])
        else:
            from .movement import start_move

            start_move(st, side, arg, 3, np_power=p)


def can_attack_unrest(st: State, lid: str) -> bool:
    """Five players: a Carthaginian leader with CU in the Garrison box may attack the unrest
    as his card play (20.3)."""
    return (st["players"] == 5 and st["unrest"] > 0 and ed().leaders[lid].power == "carthage"
            and st["leaders"].get(lid) == "garrison_box" and cu(st, "garrison_box", "carthage"))


def attack_unrest(st: State, lid: str) -> None:
    """The unrest fights as an army of its level led by a tactics-0 leader (20.3); the
    support a win brings lowers it, a defeat raises it (capped at 10 - Garrison CU)."""
    from .combat import force_ratio, losses
    from .model import add_cu

    n, u = cu(st, "garrison_box", "carthage"), st["unrest"]
    ratio = force_ratio(max(n, u), min(n, u)) if n != u else 0
    if n > u and ratio == "AV":
        st["unrest"] = 0
        note(st, "The Carthaginians crush the unrest (automatic victory): unrest 0.", "20.3")
        return
    own = roll(st, 3, 6, purpose="Carthage against the unrest", rule="20.3")
    foe = roll(st, 3, 6, purpose="The unrest", rule="20.3")
    mine = sum(own) + ed().leaders[lid].tactics + (ratio if n > u and ratio != "AV" else 0)
    theirs = sum(foe) + (ratio if u > n and ratio != "AV" else 0)
    if mine > theirs:
        _, hits = losses(own, foe, n, u)
        points = math.ceil(hits / 2)
        lost, _ = losses(own, foe, n, u)
        add_cu(st, "garrison_box", "carthage", -min(lost, n))
        st["unrest"] = max(0, u - points)
        note(st, f"The Carthaginians win ({mine} to {theirs}): unrest falls to "
             f"{st['unrest']}.", "20.3")
    else:
        lost_w, hits = losses(foe, own, u, n)
        add_cu(st, "garrison_box", "carthage", -min(hits, n))
        cap = 10 - cu(st, "garrison_box", "carthage")
        st["unrest"] = max(u, min(cap, u + math.ceil(min(hits, n) / 2)))
        note(st, f"The unrest wins ({theirs} to {mine}): unrest {st['unrest']}.", "20.3")
