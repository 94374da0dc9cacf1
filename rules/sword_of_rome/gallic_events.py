"""Three players: the Gallic Events Table rolled for the absent Gallic player (5.4;
reconstructed) and the card that cancels its result."""

from __future__ import annotations

from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import roll

from .army import displace
from .cards import spend
from .data import INDEPENDENT
from .model import (
    SIDE_NAMES,
    State,
    add_cu,
    ask,
    cu,
    ed,
    has_enemy_cu,
    note,
    pop,
    proc,
    push,
    side_of,
    space_name,
)


def gallic_event(st: State) -> None:
    """Three players: the Gallic seat rolls on the Gallic Events Table (5.4; reconstructed);
    a player may discard a card with the cancel icon to stop it (7.1.1)."""
    total = sum(roll(st, 2, 6, purpose="Gallic event", rule="5.4"))
    ev = ed().tables["gallic_events"]["rolls"][total]
    note(st, f"Gallic event ({total}): {ev['text']}", "5.4")
    if ev["event"] != "quiet" and ask_gallic_cancel(st, total):
        return
    apply_gallic_event(st, total)


def apply_gallic_event(st: State, total: int) -> None:
    """What the Gallic event of the roll ``total`` does (reconstructed table)."""
    kind = ed().tables["gallic_events"]["rolls"][total]["event"]
    victims = [p for p in ("rome", "etruscans") if side_of(st, p)]
    if kind == "sack" and victims:
        side = max((side_of(st, p) for p in victims), key=lambda s: st["vp"][s])
        st["vp"][side] = max(0, st["vp"][side] - 1)
    elif kind == "raid":
        power = "etruscans" if total == 3 else "rome"
        stacks = [s for s in st["spaces"] if cu(st, s, power)]
        if stacks:
            s = max(stacks, key=lambda x: (cu(st, x, power), x))
            add_cu(st, s, power, -min(2, cu(st, s, power)))
            displace(st, s, power)
    elif kind == "raid_pc":
        cands = [s for s, sp in st["spaces"].items() if sp["ctl"] in victims and not sp["loy"]
                 and not sp["tribe"] and not cu(st, s, sp["ctl"])]
        if cands:
            s = max(cands, key=lambda x: (ed().spaces[x].lat, x))
            st["spaces"][s]["ctl"] = INDEPENDENT
            note(st, f"{space_name(s)} becomes independent.", "5.4", where=s)
    elif kind == "mercenaries" and "greeks" in st["sides"] \
            and st["spaces"]["syracuse"]["ctl"] == "greeks" \
            and not has_enemy_cu(st, "greeks", "syracuse"):       # never beside a besieger
        add_cu(st, "syracuse", "greeks", 1)

CANCEL_ICON = "cancels-gallic-event"


def cancel_cards(st: State, side: str) -> list[str]:
    """The cards in ``side``'s hand with the cancel-Gallic-event icon (7.1.1)."""
    return [c for c in st["hands"].get(side, []) if CANCEL_ICON in ed().cards[c].icons]


def ask_gallic_cancel(st: State, total: int) -> bool:
    """Three players: ask the holders of a cancel card, in table order from the Gallic seat,
    whether one discards it to stop the Gallic event of roll ``total``; False if none
    holds one."""
    sides = [s for s in st["sides"] if s not in st["out_sides"]]
    if not any(cancel_cards(st, s) for s in sides):
        return False
    slots = st["slots"]
    start = slots.index("gauls") if "gauls" in slots else 0
    ring = slots[start:] + slots[:start]
    order = [s for s in ring if s in sides and cancel_cards(st, s)]
    push(st, "gallic_cancel", total=total, order=order, at=0)
    return True


@proc
class GallicCancel(Proc):
    """Each holder in turn may discard a card with the cancel icon: the Gallic event does
    not happen (7.1.1, 5.4); if all keep theirs, it does."""

    name = "gallic_cancel"

    def side(self, fr: Frame) -> str:
        return fr["order"][fr["at"]]

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = [Choice("pass", "Let the Gallic event happen")]
        for card in cancel_cards(st, self.side(fr)):
            cs.append(Choice(f"cancel:{card}", f"Discard {ed().cards[card].title} to cancel "
                             "the Gallic event"))
        return cs

    def prompt(self, st: State, fr: Frame) -> Prompt:
        text = ed().tables["gallic_events"]["rolls"][fr["total"]]["text"]
        return ask(st, self.side(fr), f"Gallic event: {text} Cancel it?", self.options(st, fr),
                   kind="choose-card", rule="5.4")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        side = self.side(fr)
        if cid == "pass":
            fr["at"] += 1
            if fr["at"] >= len(fr["order"]):
                pop(st)
                apply_gallic_event(st, fr["total"])
            return
        card = cid.split(":", 1)[1]
        spend(st, side, card, as_event=False)
        pop(st)
        note(st, f"The {SIDE_NAMES[side]} player discards {ed().cards[card].title}: the "
             "Gallic event is cancelled.", "7.1.1")
