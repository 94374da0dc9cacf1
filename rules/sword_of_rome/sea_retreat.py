"""Retreat by sea (12.4.3): CU beaten in a port space may sail to a friendly port if their
player can pay for the ships with a card that allows naval movement."""

from __future__ import annotations

from dataclasses import dataclass

from .model import (
    POWER_NAMES,
    State,
    add_cu,
    cu,
    ed,
    five,
    friendly,
    leaders_at,
    militia,
    move_militia,
    powers_here,
    powers_of,
    side_of,
    space_name,
)
from .procs import Frame, note


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
    from .movement import may_enter_as

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


def capacity(st: State, power: str, value: int, dest: str) -> int:
    """CU a retreat by sea carries to ``dest`` paid with a card of ``value`` (0 = no card);
    0 if that card buys no ships (12.4.3 and its five-player list)."""
    flags = st["flags"]
    if flags.get("storms_at_sea"):
        return 0
    if power == "carthage":
        if five(st):
            return {0: 0, 1: 3, 2: 6, 3: 10}[value]
        return 10
    if value < 3:
        return 0
    if power == "greeks":
        if five(st) and st["spaces"].get("lilybaeum", {}).get("ctl") == "greeks" \
                and dest in ("syracuse", "lilybaeum"):
            return 10
        return 6 if dest == "syracuse" else 3
    if power == "rome":
        if flags.get("rome_carthage_alliance"):
            return 10
        return 3 if flags.get("duoviri_navales") else 0
    if power == "etruscans" and flags.get("naval_transports"):
        return 3
    return 0


def lifts(st: State, bf: Frame, power: str, at: str, n: int) -> list[Lift]:
    """The ways ``n`` CU of ``power`` beaten at ``at`` may retreat by sea: every card of the
    deciding player's hand that buys ships for all of them (ruling: the whole force sails or
    none), or none needed for Carthage without five players and for an attacker that came by
    sea (the exception of 12.4.3)."""
    from .actions import DT
    from .model import deciding_side

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
        ok = [d for d in dests if capacity(st, power, value, d) >= n]
        if ok:
            out.append(Lift(card, n, ok))
    return out


def choices(st: State, bf: Frame, power: str, at: str, n: int) -> list[tuple[str, str]]:
    """``(choice id, label)`` for each (card, port) pair."""
    from .actions import card_title

    out = []
    for lift in lifts(st, bf, power, at, n):
        paid = f", paying {card_title(lift.card)}" if lift.card else ""
        for d in lift.dests:
            out.append((f"sea:{lift.card or '-'}:{d}",
                        f"Retreat by sea to {space_name(d)}{paid}"))
    return out


def pay(st: State, side: str, power: str, card: str, rule: str) -> None:
    """The card that buys the ships leaves the hand (a Desperate Times counts as a 3-value
    card, 7.4.6); "" when none is needed."""
    from .actions import DT, card_title, spend

    if not card:
        return
    if card == DT:
        st["dt"][side] -= 1
    else:
        spend(st, side, card, as_event=False)
    note(st, f"The {POWER_NAMES[power]} pay for the ships with {card_title(card)}.", rule)


def sail_back(st: State, bf: Frame, side: str, power: str, at: str, n: int, card: str,
              dest: str) -> bool:
    """The retreat by sea itself: the card is spent, every CU and leader of the force sails
    (no retreat penalty: no land is crossed); a Greek crossing after the Rome-Carthage
    alliance rolls on the naval combat table (9.6.4): a return or attrition leaves the force
    to retreat by land (ruling), attrition costing 1 CU first."""
    from .movement import lift_sieges

    pay(st, side, power, card, "12.4.3")
    if not five(st) and power == "greeks" and st["flags"].get("rome_carthage_alliance"):
        from rules.engine.rng import roll

        die = roll(st, 1, 6, purpose="Naval combat", rule="9.6.4")[0]
        result = ed().tables["naval_combat"]["rolls"][die]
        if result != "success":
            note(st, f"Naval combat: {result}; the ships cannot take the army off.", "9.6.4")
            if result == "attrition":
                add_cu(st, at, power, -1)
                bf["removed"] += 1
            return False
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

