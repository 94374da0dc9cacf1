"""Naval movement (9.6): ports within reach, the ships that carry an army (its own,
Carthaginian ships offered, Naval Transports), the crossing and its contest by naval combat
(9.6.4)."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc

from . import naval
from .army import can_finish, may_enter, may_stop, mover_frame, relocate
from .avoidance import contested_avoidance
from .cards import card_title, card_value, spend
from .data import POWER_NAMES
from .model import (
    State,
    add_cu,
    ask,
    cu,
    ed,
    five,
    friendly,
    leader_name,
    note,
    pop,
    proc,
    push,
    space_name,
)
from .sea_retreat import contested_retreat, pay


def naval_capacity(st: State, fr: Frame, dest: str | None = None) -> int:
    """CU a move may carry to ``dest`` (9.6.3; :func:`naval.capacity`); 0 = no naval move
    for this power with this card. An Etruscan army may still play Naval Transports
    (:func:`transports_card`)."""
    return naval.capacity(st, fr["power"], fr["value"], fr["at"], dest or fr["at"],
                          fleet=bool(fr.get("np")) or fr.get("side") == "rome",
                          card=fr.get("transports", ""))


def transports_card(st: State, fr: Frame) -> str:
    """The Naval Transports card an Etruscan army's player could play for this move, not yet
    played (9.6.3: its event carries 3 CU for the move); "" if none."""
    if fr["power"] != "etruscans" or fr.get("transports") or st["flags"].get("storms_at_sea"):
        return ""
    return next((c for c in st["hands"].get(fr["side"], []) if naval.transports(c)), "")


def sea_capacity(st: State, fr: Frame, dest: str) -> int:
    """The most CU any ships at hand carry to ``dest``: the army's own, the Carthaginian
    ones offered, or Naval Transports still in the hand."""
    return max(naval_capacity(st, fr, dest), lent_capacity(st, fr),
               3 if transports_card(st, fr) else 0)


def lent_capacity(st: State, fr: Frame) -> int:
    """Five players: the CU the Carthaginian ships offered to this ally's army carry, by the
    value of the card offered (9.6.3); 0 without an offer."""
    if not fr.get("lent") or st["flags"].get("storms_at_sea"):
        return 0
    return naval.CARTHAGE_CARD[card_value(fr["lent"])]


def on_lent_ships(st: State, fr: Frame, dest: str) -> bool:
    """Whether this crossing needs the Carthaginian ships (the army's own cannot carry it)."""
    own = naval_capacity(st, fr, dest)
    return bool(fr.get("lent")) and (own == 0 or fr["cu"] > own)


def ports_from(st: State, fr: Frame) -> list[str]:
    at, power = fr["at"], fr["power"]
    if not (ed().spaces[at].port or at == "garrison_box") or fr["mp"] < 3:
        return []
    if not may_stop(st, fr):
        return []                                       # a failed crossing must end legally
    if st["spaces"][at]["siege"] is not None and st["spaces"][at]["ctl"] == power:
        return []                                       # 9.6.1: not out of a besieged port
    out = []
    for sid in st["spaces"]:
        spd = ed().spaces[sid]
        if sid == at or not (spd.port or sid == "garrison_box"):
            continue
        if sid == "garrison_box" and power != "carthage":
            continue                                    # 19
        if not five(st) and sid in ("carthago", "kerkouane") and power != "carthage" \
                and not (sid == "kerkouane" and cu(st, "kerkouane", "greeks")):
            continue                                    # 9.6.2
        if sid == "carthago" and power == "greeks" and not five(st) \
                and not cu(st, "kerkouane", "greeks"):
            continue
        cap = sea_capacity(st, fr, sid)                                 # 9.6.3
        if cap == 0 or fr["cu"] > cap:
            continue
        if may_enter_by_sea(st, fr, sid) and (sid == "garrison_box" or
                                              can_finish(st, fr, sid, fr["mp"] - 3)):
            out.append(sid)
    return sorted(out)


def may_enter_by_sea(st: State, fr: Frame, sid: str) -> bool:
    if sid == "garrison_box":
        return fr["power"] == "carthage" and not fr.get("militia")   # 17.1.2 (ruling)
    return may_enter(st, fr, sid)


def sail(st: State, fr: Frame, dest: str) -> None:
    """Naval movement, port to port for 3 MP (9.6); naval combat into a Carthaginian port
    or for Greeks once Rome and Carthage are allied (9.6.4); with five players only when the
    Carthaginian player contests the move with a card (interdiction)."""
    power = fr["power"]
    if not on_lent_ships(st, fr, dest) and naval_capacity(st, fr, dest) == 0 \
            and transports_card(st, fr):                # 9.6.3: Naval Transports, played
        card = transports_card(st, fr)
        spend(st, fr["side"], card, as_event=True)
        fr["transports"] = card
        note(st, f"The {POWER_NAMES[power]} play {ed().cards[card].title} to sail.", "9.6.3")
    if on_lent_ships(st, fr, dest):                     # 9.6.3: the offered card is spent
        pay(st, "carthage", "carthage", fr["lent"], "9.6.3",
            what=f"lend their ships to the {POWER_NAMES[power]}")
        fr["lent"] = ""
    fr["mp"] -= 3
    if five(st):
        if naval.contestable(st, power, fr["side"]):
            push(st, "interdict", side="carthage", dest=dest, mover=power, what="move")
            return
        land(st, fr, dest)
        return
    needs_roll = power != "carthage" and (
        st["spaces"][dest]["ctl"] == "carthage"
        or (power == "greeks" and st["flags"].get("rome_carthage_alliance")))
    if needs_roll and not fleet_gets_through(
            st, fr, naval.combat_roll(st, friendly(st, power, dest))):
        return
    land(st, fr, dest)


def fleet_gets_through(st: State, fr: Frame, result: str) -> bool:
    """A moving fleet's naval combat result: a return ends the move where it began,
    attrition also costs 1 CU (9.6.4)."""
    if result == "success":
        return True
    note(st, f"Naval combat: {result}; the fleet turns back.", "9.6.4")
    if result == "attrition" and fr["cu"]:
        add_cu(st, fr["at"], fr["power"], -1)
        fr["cu"] -= 1
    fr["stage"] = "done"
    return False


def land(st: State, fr: Frame, dest: str) -> None:
    fr["sailed"] = True
    fr["entry"] = None
    fr["entry_kind"] = "naval"
    relocate(st, fr, dest)
    note(st, f"{leader_name(fr['leader'])} ({fr['cu']} CU) sails to {space_name(dest)}.",
         "9.6", where=dest)
    if fr["cu"]:
        fr["pending"] = ["intercept", "engage"]

INTERDICTED = {"move": "sail to", "retreat": "retreat by sea to",
               "avoid": "avoid battle by sea to"}


@proc
class InterdictProc(Proc):
    """Five players: the Carthaginian player may contest a crossing (a move, 9.6.3; an
    avoidance, 11.1.1; a retreat, 12.4.3) with any card, a Desperate Times as a 3-value
    card (7.4.6): its first OP forces a naval combat roll, each further OP adds 1; -2 into
    a friendly port (9.6.4 and its example)."""

    name = "interdict"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice("no", "Let the fleet pass")]
        for card in naval.carthage_cards(st):
            v = card_value(card)
            cs.append(Choice(f"card:{card}", f"Contest it with {card_title(card)} ({v} OP: "
                             f"+{v - 1} to the roll)"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        verb = INTERDICTED[fr.get("what", "move")]
        return ask(st, "carthage", f"the {POWER_NAMES[fr['mover']]} {verb} "
                   f"{space_name(fr['dest'])}: contest the crossing?", self.options(st, fr),
                   kind="choose-card", rule="9.6.4")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        result = "success"
        if cid != "no":
            card = cid.split(":", 1)[1]
            pay(st, "carthage", "carthage", card, "9.6.4", what="contest the crossing")
            result = naval.contest_roll(st, card_value(card),
                                        friendly(st, fr["mover"], fr["dest"]))
            note(st, f"The Carthaginian player contests the crossing with "
                 f"{card_title(card)}: {result}.", "9.6.4")
        what = fr.get("what", "move")
        if what == "retreat":
            contested_retreat(st, fr, result)
            return
        if what == "avoid":
            contested_avoidance(st, fr, result)
            return
        mv = mover_frame(st)
        if fleet_gets_through(st, mv, result):
            land(st, mv, fr["dest"])
