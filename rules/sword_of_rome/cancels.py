"""Cards that cancel rather than change a roll (7.1.1): Storms at Sea before a naval
crossing (10.5.1, 17.2.1; here the seas close for the rest of the round), Carthaginian
Mistrust when Carthage is activated (21.4; here for the rest of the turn), and, with three
players, a card with the cancel icon discarded to stop a Gallic event (5.4).

Their windows ask, clockwise from the active player, only the sides that hold such a card
in hand (ruling: unlike the battle windows, which everyone is asked, a crossing or an
activation is not interrupted for seats that cannot answer it)."""

from __future__ import annotations

from rules.engine import response
from rules.engine.procs import Frame, Proc

from .army import start_move
from .model import State, ed, note, pop, proc, push

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
        start_move(st, fr["side"], fr["leader"], 3, np_power=fr["power"])
        return True


