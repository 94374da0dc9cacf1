"""Peace by agreement during the Action Phase (2.12).

Two Kings (a regency included) may agree to Peace at any time in the Action Phase, on the
status quo or with conditions drawn only from the list of 2.12. Ruling R19: a Kingdom offers
Peace when it is its turn to Activate (the moment it holds the screen); the offer is an
out-of-turn yes/no prompt to the enemy's seat. The offer may add a payment of Talents from
the offering Treasury (the first condition of 2.12); Garrison, Squadron and Alliance
conditions are not offered. One offer per Activation; a refused offer can be repeated at the
Kingdom's next Activation. Accepted: the payment is made and the War marker flips to Peace,
binding both Kings (no Act of War between them while both live).
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.state import ask

from . import core, wars
from .core import note
from .flow import proc
from .names import name

State = dict[str, Any]
TRIBUTES = (0, 5, 10)


def offer_choices(state: State, k: str) -> list[Choice]:
    """Peace offers the Kingdom ``k`` may make now to each Kingdom it is At War with."""
    out = []
    for e in core.enemies_of(state, k):
        if e not in state["kingdoms"] or not state["kingdoms"][e].get("player", True):
            continue
        for t in TRIBUTES:
            if t > core.treasury(state, k):
                continue
            terms = "status quo" if t == 0 else f"paying them {t} T"
            out.append(Choice(f"peace:{e}:{t}", f"Offer Peace to the {name(e)} ({terms})",
                              group="Diplomacy (2.12)"))
    return out


def offer(state: State, k: str, choice: str) -> None:
    _, enemy, talents = choice.split(":")
    t = int(talents)
    note(state, f"The {name(k)} offer Peace to the {name(enemy)}"
                + (f", with {t} T" if t else " on the status quo") + ".", "2.12",
         seat=core.seat_of(state, k))
    ask(state, core.seat_of(state, enemy), "peace-offer", by=k, to=enemy, talents=t)


@proc("peace-offer")
class PeaceOffer:
    """The enemy King answers a Peace offer (2.12)."""

    def prompt(self, data, state, frame):
        by, to, t = frame["by"], frame["to"], frame["talents"]
        if not core.at_war(state, by, to) or core.treasury(state, by) < t:
            return None
        terms = "on the status quo" if t == 0 else f"paying you {t} T"
        return Prompt(core.seat_of(state, to),
                      f"The {name(by)} offer Peace {terms}. Swear Peace?",
                      [Choice("accept", "Accept: swear Peace"),
                       Choice("refuse", "Refuse: the War goes on")],
                      kind="yes-no", rule="2.12",
                      context={"offered by": by.title(), "terms": terms,
                               "effect": "no Act of War between the two Kingdoms while both "
                                         "Kings live"})

    def apply(self, data, state, frame, choice):
        by, to, t = frame["by"], frame["to"], frame["talents"]
        if choice == "refuse":
            note(state, f"The {name(to)} refuse the Peace offer.", "2.12",
                 seat=core.seat_of(state, to))
            return
        if t:
            core.pay(state, by, t, f"Peace with the {name(to)}", "2.12")
            core.gain(state, to, t, f"Peace with the {name(by)}", "2.12")
        wars.make_peace(state, by, to, "2.12")

    def run(self, data, state, frame):  # pragma: no cover - never on the stack
        pass
