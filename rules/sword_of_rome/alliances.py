"""Alliances (15) between powers: proposals by the active player, acceptance, breaking for 3
support, renewal at the end of the turn (15.4); Rome and Carthage (18)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc

from .data import INDEPENDENT
from .model import (
    POWER_NAMES,
    State,
    allied,
    ask,
    ed,
    note,
    pop,
    powers_of,
    proc,
    push,
    side_of,
    space_name,
)


def sieges_between(st: State) -> set[frozenset]:
    """Pairs of powers one of which besieges the other's city or tribe (15.1)."""
    return {frozenset((sp["sieger"], sp["ctl"])) for sp in st["spaces"].values()
            if sp["siege"] is not None}


def proposals(st: State, side: str) -> list[tuple[str, str]]:
    out = []
    sieges = sieges_between(st)
    for mine in powers_of(st, side):
        for other in st["sides"]:
            if other == side or other in st["out_sides"]:
                continue
            for theirs in powers_of(st, other):
                if allied(st, mine, theirs) or frozenset((mine, theirs)) in sieges:
                    continue
                if {mine, theirs} == {"rome", "greeks"} and \
                        st["flags"].get("rome_carthage_alliance"):
                    continue                                   # 18
                out.append((mine, theirs))
    return out


def breakable(st: State, side: str) -> list[tuple[str, str]]:
    mine = powers_of(st, side)
    out = []
    for a, b in st["alliances"]:
        if a in mine:
            out.append((a, b))
        elif b in mine:
            out.append((b, a))
    return out


def propose(st: State, side: str, mine: str, theirs: str) -> None:
    push(st, "alliance_answer", side=side_of(st, theirs), mine=mine, theirs=theirs, asker=side)


def break_alliance(st: State, side: str, mine: str, theirs: str) -> None:
    """Breaking costs 3 of your own support (15.5): the player picks them (ruling: loyalty
    above 1, or a PC outside the power's home; what he cannot pay is waived)."""
    pair = [mine, theirs] if [mine, theirs] in st["alliances"] else [theirs, mine]
    st["alliances"].remove(pair)
    if {mine, theirs} == {"rome", "carthage"}:
        st["flags"]["rome_carthage_alliance"] = False
    note(st, f"The alliance of the {POWER_NAMES[mine]} and the {POWER_NAMES[theirs]} is "
         "broken.", "15.5")
    push(st, "break_cost", side=side, power=mine, left=3)


def own_support(st: State, power: str) -> list[Choice]:
    """The support a power may give up to break an alliance (15.5; ruling)."""
    cs = []
    for sid, sp in sorted(st["spaces"].items()):
        if sp["ctl"] != power or ed().spaces[sid].fixed:
            continue
        if sp["loy"] > 1:
            cs.append(Choice(f"loy:{sid}", f"-1 loyalty in {space_name(sid)} "
                             f"({sp['loy']} to {sp['loy'] - 1})", target=sid))
        elif not sp["loy"] and not sp["tribe"] and ed().spaces[sid].home != power \
                and not ed().spaces[sid].box:
            cs.append(Choice(f"pc:{sid}", f"Remove the PC in {space_name(sid)}", target=sid))
    return cs


@proc
class BreakCost(Proc):
    """The three support a broken alliance costs, one at a time (15.5)."""

    name = "break_cost"

    def auto(self, st: State, fr: Frame) -> bool:
        if fr["left"] <= 0 or not own_support(st, fr["power"]):
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"breaking the alliance: give up {fr['left']} more "
                   "support", own_support(st, fr["power"]), kind="choose-space", rule="15.5")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        verb, _, sid = cid.partition(":")
        sp = st["spaces"][sid]
        if verb == "loy":
            sp["loy"] -= 1
        else:
            sp["ctl"] = INDEPENDENT
        fr["left"] -= 1


@proc
class AllianceAnswer(Proc):
    name = "alliance_answer"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        cs = [Choice("yes", "Accept the alliance"), Choice("no", "Refuse")]
        return ask(st, fr["side"], f"the {POWER_NAMES[fr['mine']]} propose an alliance to the "
                   f"{POWER_NAMES[fr['theirs']]}", cs, kind="yes-no", rule="15.1")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        if cid == "no":
            note(st, "The alliance is refused.", "15.1")
            return
        st["alliances"].append([fr["mine"], fr["theirs"]])
        note(st, f"The {POWER_NAMES[fr['mine']]} and the {POWER_NAMES[fr['theirs']]} are now "
             "allies.", "15.1")


def renewals(st: State) -> None:
    """Every alliance ends unless both powers agree (15.4); the Rome-Carthage treaty stands
    until broken (18; ruling)."""
    for pair in list(st["alliances"]):
        if set(pair) == {"rome", "carthage"} and st["flags"].get("rome_carthage_alliance"):
            continue
        push(st, "renew", pair=pair, at=0)


@proc
class RenewProc(Proc):
    name = "renew"

    def auto(self, st: State, fr: Frame) -> bool:
        pair = fr["pair"]
        if pair not in st["alliances"]:
            pop(st)
            return True
        if fr["at"] >= 2:
            pop(st)
            note(st, f"The alliance of the {POWER_NAMES[pair[0]]} and the "
                 f"{POWER_NAMES[pair[1]]} is renewed.", "15.4")
            return True
        side = side_of(st, pair[fr["at"]])
        if side is None or side in st["out_sides"]:
            fr["at"] += 1
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        pair = fr["pair"]
        cs = [Choice("yes", "Renew the alliance"), Choice("no", "Let it end")]
        return ask(st, side_of(st, pair[fr["at"]]), f"renew the alliance of the "
                   f"{POWER_NAMES[pair[0]]} and the {POWER_NAMES[pair[1]]}?", cs,
                   kind="yes-no", rule="15.4")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid == "no":
            st["alliances"].remove(fr["pair"])
            note(st, "The alliance ends.", "15.4")
            pop(st)
            return
        fr["at"] += 1
