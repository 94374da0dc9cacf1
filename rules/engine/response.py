"""Response windows: an interrupt that asks every eligible seat in turn, holder or not.

When a game reaches a moment where cards may be played out of turn (a battle about to be
resolved, an enemy entering a space ...), it opens a *window* naming the seats to ask, in
order. Every seat in the order is asked, whether or not it holds a card that fits, so the
question itself reveals nothing about anybody's hand; a seat that cannot or will not play
passes. A seat that plays is asked again (it may play several), and the window moves on only
when that seat passes. Windows nest (a response to a response) as a stack in
``state["windows"]``; the top window is the one being asked.

The game decides what a seat may play (``choices``) and what playing does; this module only
keeps the order, so any card-driven game can use it.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def open_window(state: State, kind: str, order: list[str], **data: Any) -> dict[str, Any]:
    """Open a window of ``kind`` asking ``order`` (seats, first asked first)."""
    window = {"kind": kind, "order": list(order), "at": 0, "played": [], **data}
    state.setdefault("windows", []).append(window)
    return window


def current(state: State) -> dict[str, Any] | None:
    """The window being asked now (the innermost), or None."""
    windows = state.get("windows") or []
    return windows[-1] if windows else None


def asked_seat(window: dict[str, Any]) -> str | None:
    """The seat the window asks now; None once every seat has passed."""
    order = window["order"]
    return order[window["at"]] if window["at"] < len(order) else None


def pass_turn(state: State) -> dict[str, Any] | None:
    """The asked seat passes: ask the next one. Returns the window if it is now closed
    (every seat passed) and removed from the stack, else None.

    A window opened with ``reask=True`` (responses to responses) goes round the table again
    after any play: it closes only once every seat has passed since the last card played."""
    window = current(state)
    if window is None:
        raise ValueError("no response window is open")
    seat = asked_seat(window)
    window["at"] += 1
    if window.get("reask"):
        passed = window.setdefault("passed", [])
        if seat not in passed:
            passed.append(seat)
        if len(passed) >= len(window["order"]):
            state["windows"].pop()
            return window
        window["at"] %= len(window["order"])
        return None
    if asked_seat(window) is None:
        state["windows"].pop()
        return window
    return None


def record_play(state: State, card: str) -> None:
    """The asked seat played ``card`` in the window: noted; the same seat is asked again."""
    window = current(state)
    if window is None:
        raise ValueError("no response window is open")
    window["played"].append({"seat": asked_seat(window), "card": card})
    if window.get("reask"):
        window["passed"] = []                    # everyone may answer the new card


def clockwise_from(seats: list[str], first: str) -> list[str]:
    """``seats`` in table order starting with ``first`` ("clockwise from the active player")."""
    i = seats.index(first)
    return seats[i:] + seats[:i]
