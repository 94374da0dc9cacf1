"""Capitals (2.5.6): a Kingdom left without any of its original Capital Cities designates a
Temporary Capital and loses 1 Dynastic VP as long as it has none (the VP is counted by
:func:`rules.hubris.control.dynastic_vp`). Checked before every step (``flow.SETTLE``)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.state import ask

from . import core, tables
from .core import note
from .flow import Check, add_check, proc
from .names import the
from .rulesdata import RulesData

State = dict[str, Any]


SOLITAIRE = ("antiochos-hubris", "dance-of-ares")


def holds_original(data: RulesData, state: State, k: str) -> bool:
    """Ruling R10: an original Capital holds one of the Kingdom's markers; in the solitaire
    scenarios (12.5, 12.6) one outside the areas in play stays the Kingdom's (ruling S10)."""
    capitals = data.capitals_of(k)
    for p in capitals:
        if core.aligned(state, p, k):
            return True
    return state.get("scenario", {}).get("id") in SOLITAIRE and \
        any(not core.sat_in_play(state, data.places[p].satrapy) for p in capitals)


def candidates(data: RulesData, state: State, k: str) -> list[str]:
    """Cities holding one of the Kingdom's Garrisons, in play."""
    return sorted(p for p, info in data.places.items() if info.kind == "city"
                  and core.sat_in_play(state, info.satrapy)
                  and state["places"].get(p, {}).get("power") == k
                  and state["places"][p].get("marker") == "garrison")


def settle(data: RulesData, state: State) -> None:
    for k in core.kingdoms(state):          # not eliminated
        if not data.capitals_of(k):
            continue
        kd = state["kingdoms"][k]
        temp = kd.get("temporary_capital")
        if holds_original(data, state, k):
            if "capital_pending" in kd:
                del kd["capital_pending"]
                tables.wrote(state, "kingdoms", ("capital_pending",))
            if temp:
                core.set_kingdom(state, k, temporary_capital=None)
                note(state, f"{the(k, True)} recover a Capital: "
                            f"{core.title_of(temp)} is no longer their Temporary Capital.",
                     "2.5.6")
            continue
        if temp and state["places"].get(temp, {}).get("power") == k:
            continue
        if "capital_pending" in kd and kd["capital_pending"] == temp:
            continue
        asked = any(q.get("proc") == "temporary-capital" and q.get("kingdom") == k
                    for q in state.get("queue", []))
        if asked:
            continue
        core.set_kingdom(state, k, temporary_capital=None, capital_pending=temp)
        note(state, f"{the(k, True)} have lost their last Capital: 1 Dynastic VP is lost "
                    "as long as they have none.", "2.5.6")
        if candidates(data, state, k):
            ask(state, core.seat_of(state, k), "temporary-capital", kingdom=k)


add_check(Check(settle, watched=True))


@proc("temporary-capital")
class TemporaryCapital:
    """The Kingdom designates one of its Garrisoned Cities as its Temporary Capital."""

    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        if k not in core.kingdoms(state):       # out of the game since it was asked (8.8.2)
            return None
        ch = [Choice(f"capital:{p}", core.title_of(p), target=p)
              for p in candidates(data, state, k)]
        if not ch or holds_original(data, state, k):
            return None
        return Prompt(core.seat_of(state, k), "Designate your Temporary Capital", ch,
                      "choose-space", "2.5.6")

    def apply(self, data, state, frame, choice):
        k, place = frame["kingdom"], choice.split(":", 1)[1]
        kd = core.set_kingdom(state, k, temporary_capital=place)
        kd.pop("capital_pending", None)
        note(state, f"{the(k, True)} make {core.title_of(place)} their Temporary Capital.",
             "2.5.6", where=place)
