"""Retreat by sea (12.4.3): CU beaten in a port space may sail to a friendly port if their
player can pay for the ships with a card that allows naval movement."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc

from . import naval
from .army import battle_frame, lift_sieges, may_enter_as, retreat_by_land
from .cards import DT, card_title, card_value, spend
from .model import (
    POWER_NAMES,
    State,
    add_cu,
    ask,
    cu,
    deciding_side,
    ed,
    five,
    friendly,
    leader_name,
    leaders_at,
    militia,
    move_militia,
    note,
    pop,
    powers_here,
    powers_of,
    proc,
    push,
    side_of,
    space_name,
)
from .naval import combat_roll


@dataclass
class Lift:
    """One way to pay for the ships: the card spent ("" = none needed) and the CU it carries
    to each destination port."""

    card: str
    cap: int
    dests: list[str]


def ports(st: State, power: str, at: str) -> list[str]:
    """Friendly ports a retreat by sea may reach from ``at`` (12.4.3): free of other powers'
    CU, not the African ports for others than Carthage (9.6.2, not with five players), within
    the limits of 16.3."""
    out = []
    for sid in st["spaces"]:
        spd = ed().spaces[sid]
        if sid == at or not spd.port or spd.box or not friendly(st, power, sid):
            continue
        if any(p != power for p in powers_here(st, sid)):
            continue
        if not five(st) and sid in ("carthago", "kerkouane") and power != "carthage" \
                and not (sid == "kerkouane" and cu(st, "kerkouane", "greeks")):
            continue
        if not may_enter_as(st, power, sid):
            continue
        out.append(sid)
    return sorted(out)


def lifts(st: State, bf: Frame, power: str, at: str, n: int) -> list[Lift]:
    """The ways ``n`` CU of ``power`` beaten at ``at`` may retreat by sea: every card of the
    deciding player's hand that buys ships for all of them (ruling: the whole force sails or
    none), or none needed for Carthage without five players and for an attacker that came by
    sea (the exception of 12.4.3)."""
    if not ed().spaces[at].port or n <= 0:
        return []
    side = deciding_side(st, power)
    if side is None:
        return []
    dests = ports(st, power, at)
    if power == "carthage" and militia(st, at):       # 17.1.2: the militia stay in Africa
        dests = [d for d in dests if ed().spaces[d].region == "africa"]
    if not dests:
        return []
    came_by_sea = power == bf.get("attacker") and bf.get("entry_kind") == "naval"
    if came_by_sea or (power == "carthage" and not five(st)):
        return [Lift("", n, dests)]
    if side_of(st, power) != side and power not in powers_of(st, side):
        return []                                      # only the power's own player pays
    out = []
    cards = list(st["hands"].get(side, []))
    if st["dt"].get(side):
        cards.append(DT)
    for card in cards:
        value = 3 if card == DT else ed().cards[card].value
        ok = [d for d in dests if naval.capacity(st, power, value, at, d, fleet=True,
                                                 dest_only=True, card=card) >= n]
        if ok:
            out.append(Lift(card, n, ok))
    return out


def choices(st: State, bf: Frame, power: str, at: str, n: int, lent: str = ""
            ) -> list[tuple[str, str]]:
    """``(choice id, label)`` for each (card, port) pair; with ``lent``, a card the
    Carthaginian player offers (five players), each port on his ships (``ships:<port>``)."""
    out = []
    for lift in lifts(st, bf, power, at, n):
        paid = f", paying {card_title(lift.card)}" if lift.card else ""
        for d in lift.dests:
            out.append((f"sea:{lift.card or '-'}:{d}",
                        f"Retreat by sea to {space_name(d)}{paid}"))
    if lent and lent in naval.lenders_cards(st, power, deciding_side(st, power), n):
        for d in ports(st, power, at):
            out.append((f"ships:{d}", f"Retreat by sea to {space_name(d)} on Carthaginian "
                        "ships"))
    return out


def lend_offer(st: State, power: str, at: str, n: int) -> bool:
    """Five players: whether to ask the Carthaginian player if he lends his ships to ``n``
    CU of ``power``, his ally, beaten or attacked at ``at`` (a port with a friendly port to
    sail to)."""
    return bool(ed().spaces[at].port and n > 0 and ports(st, power, at)
                and naval.lenders_cards(st, power, deciding_side(st, power), n))


def pay(st: State, side: str, power: str, card: str, rule: str,
        what: str = "pay for the ships") -> None:
    """The card that buys the ships (or contests a crossing) leaves the hand (a Desperate
    Times counts as a 3-value card, 7.4.6); "" when none is needed."""
    if not card:
        return
    if card == DT:
        st["dt"][side] -= 1
    else:                                              # Naval Transports: its event (7.1.3)
        spend(st, side, card, as_event=naval.transports(card))
    note(st, f"The {POWER_NAMES[power]} {what} with {card_title(card)}.", rule)


def retreat_by_sea(st: State, bf: Frame, side: str, power: str, at: str, n: int, card: str,
                   dest: str, *, lender: str = "") -> bool:
    """The chosen retreat by sea: the card is spent (the Carthaginian player's, for
    ``lender``); five players, the Carthaginian player may contest the crossing (9.6.4):
    the retreat then waits for his answer. False if the ships could not take the force off
    (it retreats by land)."""
    if lender:
        pay(st, "carthage", "carthage", lender, "12.4.3",
            what=f"lend their ships to the {POWER_NAMES[power]}")
    else:
        pay(st, side, power, card, "12.4.3")
    if naval.contestable(st, power, side):
        push(st, "interdict", side="carthage", dest=dest, mover=power, what="retreat",
             space=at, n=n)
        return True
    return sail_back(st, bf, power, at, n, dest)


def contested_retreat(st: State, fr: Frame, result: str) -> None:
    """After the Carthaginian player's answer (9.6.4): the force sails; turned back it
    retreats by land (ruling, as the Greeks after the Rome-Carthage alliance), attrition
    costing 1 CU first."""
    bf = battle_frame(st)
    at, power = fr["space"], fr["mover"]
    if result == "success":
        sail_back(st, bf, power, at, fr["n"], fr["dest"])
        return
    note(st, f"Naval combat: {result}; the ships cannot take the army off.", "9.6.4")
    if result == "attrition" and cu(st, at, power):
        add_cu(st, at, power, -1)
        bf["removed"] += 1
    retreat_by_land(st, bf, power, at)


def sail_back(st: State, bf: Frame, power: str, at: str, n: int, dest: str) -> bool:
    """The retreat by sea itself: every CU and leader of the force sails (no retreat
    penalty: no land is crossed); a Greek crossing after the Rome-Carthage alliance rolls on
    the naval combat table (9.6.4): a return or attrition leaves the force to retreat by
    land (ruling), attrition costing 1 CU first."""
    if not five(st) and power == "greeks" and st["flags"].get("rome_carthage_alliance"):
        result = combat_roll(st, friendly(st, power, dest))      # to a friendly port: -2
        if result != "success":
            note(st, f"Naval combat: {result}; the ships cannot take the army off.", "9.6.4")
            if result == "attrition":
                add_cu(st, at, power, -1)
                bf["removed"] += 1
            return False
    n = min(n, cu(st, at, power))
    carried = min(n, militia(st, at)) if power == "carthage" else 0
    add_cu(st, at, power, -n)
    add_cu(st, dest, power, n)
    move_militia(st, at, dest, carried)
    for lid in leaders_at(st, at, power):
        st["leaders"][lid] = dest
    lift_sieges(st, at)
    note(st, f"The {POWER_NAMES[power]} retreat by sea from {space_name(at)} to "
         f"{space_name(dest)}.", "12.4.3", where=dest)
    return True


RULE = {"retreat": "12.4.3", "avoid": "11.1.1", "move": "9.6.3"}


@proc
class LendProc(Proc):
    """Five players: the Carthaginian player may offer his ships to an ally's army activated
    in a port (9.6.3), that must retreat from one (12.4.3) or is attacked there (11.1.1),
    whatever the ally's own
    naval capability: a card carries 3, 6 or 10 CU by its value. The offer is written on the
    frame below (the retreat or the defence); the card is spent only if the ally sails
    (ruling)."""

    name = "lend"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice("no", "Keep the ships")]
        side = deciding_side(st, fr["power"])
        for card in naval.lenders_cards(st, fr["power"], side, fr["n"]):
            v = card_value(card)
            cs.append(Choice(f"card:{card}", f"Offer ships with {card_title(card)} (up to "
                             f"{naval.CARTHAGE_CARD[v]} CU)"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        where = space_name(fr["space"])
        if fr["what"] == "move":
            what = f"activate {leader_name(fr['leader'])} at {where}"
        else:
            verb = "must retreat from" if fr["what"] == "retreat" else "are attacked at"
            what = f"({fr['n']} CU) {verb} {where}"
        return ask(st, "carthage", f"your allies the {POWER_NAMES[fr['power']]} {what}: "
                   "lend them ships?", self.options(st, fr), kind="choose-card",
                   rule=RULE[fr["what"]])

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        below = st["stack"][-1]
        below["lent"] = "" if cid == "no" else cid.split(":", 1)[1]
        if below["lent"]:
            note(st, f"Carthage offers its ships to the {POWER_NAMES[fr['power']]}.",
                 RULE[fr["what"]])
