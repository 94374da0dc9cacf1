"""Cards that cancel rather than change a roll (7.1.1): Storms at Sea before a naval
crossing (10.5.1, 17.2.1; here the seas close for the rest of the round), Carthaginian
Mistrust when Carthage is activated (21.4; here for the rest of the turn), and, with three
players, a card with the cancel icon discarded to stop a Gallic event (5.4).

Their windows ask, clockwise from the active player, only the sides that hold such a card
in hand (ruling: unlike the battle windows, which everyone is asked, a crossing or an
activation is not interrupted for seats that cannot answer it)."""

from __future__ import annotations

from rules.engine import response
from rules.engine.game import Choice, IllegalChoice, Prompt
from rules.engine.procs import Frame, Proc

from .model import SIDE_NAMES, State, ask, ed, note, pop, proc, push

STORMS, MISTRUST = "storms_at_sea", "carthage_mistrust"


def flag_of(card: str) -> str:
    c = ed().cards.get(card)
    return c.event.get("flag", "") if c is not None and c.response else ""


def holders(st: State, flag: str, skip: str | None) -> list[str]:
    """Sides other than ``skip`` holding a ``flag`` card, clockwise from the active one."""
    sides = [s for s in st["sides"] if s not in st["out_sides"]]
    first = st.get("active_side")
    if first in sides:
        sides = response.clockwise_from(sides, first)
    return [s for s in sides if s != skip
            and any(flag_of(c) == flag for c in st["hands"].get(s, []))]


def ask_storms(st: State, side: str, power: str, frm: str, dest: str) -> bool:
    """Before a naval crossing: open the Storms at Sea window; False if nobody may play."""
    if st["flags"].get(STORMS):
        return False
    order = holders(st, STORMS, side)
    if not order:
        return False
    response.open_window(st, "naval", order, space=frm, dest=dest, power=power, reask=True)
    push(st, "respond", kind="naval")
    return True


def ask_mistrust(st: State, side: str) -> bool:
    """Carthage is activated: open the Carthaginian Mistrust window; False if nobody may
    play."""
    order = holders(st, MISTRUST, side)
    if not order:
        return False
    response.open_window(st, "activation", order, space="carthago", power="carthage",
                         reask=True)
    push(st, "respond", kind="activation")
    return True


def fits(card: str, kind: str) -> bool:
    """Whether ``card`` answers a window of ``kind`` (``naval`` or ``activation``)."""
    return flag_of(card) == {"naval": STORMS, "activation": MISTRUST}.get(kind)


@proc
class NpaGo(Proc):
    """A Neutral Power Activates move of Carthage goes ahead once the Mistrust window has
    closed, unless the card was played (21.4: the activation is spent all the same)."""

    name = "npa_go"

    def auto(self, st: State, fr: Frame) -> bool:
        pop(st)
        if st["flags"].get(MISTRUST):
            note(st, "Carthaginian Mistrust: Carthage does not move.", "21.4")
            return True
        from .movement import start_move

        start_move(st, fr["side"], fr["leader"], 3, np_power=fr["power"])
        return True


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
        if cid not in {c.id for c in self.options(st, fr)}:
            raise IllegalChoice(f"'{cid}' is not a legal choice now")
        side = self.side(fr)
        if cid == "pass":
            fr["at"] += 1
            if fr["at"] >= len(fr["order"]):
                pop(st)
                from .phases import apply_gallic_event

                apply_gallic_event(st, fr["total"])
            return
        from .actions import spend

        card = cid.split(":", 1)[1]
        spend(st, side, card, as_event=False)
        pop(st)
        note(st, f"The {SIDE_NAMES[side]} player discards {ed().cards[card].title}: the "
             "Gallic event is cancelled.", "7.1.1")
