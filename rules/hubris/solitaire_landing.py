"""12.5 special rule 1, Antiochos III's landing in Greece: the Seleucids' first Activation
of the solitaire scenario is his Overseas Campaign (:mod:`rules.hubris.land_campaign`), so
this sits above both the Campaign rules and :mod:`rules.hubris.solitaire`."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt

from . import campaign_initiation, campaign_muster, core, land_campaign, leaders
from .core import note
from .flow import pop, proc, push
from .rulesdata import RulesData
from .solitaire import ANTIOCHOS, SELEUCIDS, greece

State = dict[str, Any]


def landing_origins(data: RulesData, state: State) -> list[str]:
    """The Origins from which Antiochos can afford an Overseas Campaign into Greece."""
    if ANTIOCHOS not in state["leaders"] or not core.available(state, ANTIOCHOS) or \
            not campaign_initiation.possible(data, state, SELEUCIDS, ANTIOCHOS, "overseas"):
        return []
    goal = set(greece(data, state))
    out = []
    for o in campaign_initiation.origins(data, state, SELEUCIDS, ANTIOCHOS, "overseas"):
        trial = {"kingdom": SELEUCIDS, "leader": ANTIOCHOS, "mode": "overseas", "origin": o,
                 "force": [], "fees": 0, "escorts": []}
        memo: dict[str, Any] = {}
        if any(campaign_muster.affordable(data, state, trial, t, memo)
               for t in campaign_initiation.targets(data, state, SELEUCIDS, o, "overseas")
               if t in goal):
            out.append(o)
    return out


@proc("solo-landing")
class Landing:
    """12.5 special rule 1: the first Seleucid Activation is Antiochos III's Overseas Campaign
    to Greece, which Triggers Ev 39 'Aitolian Promises' once the Campaign is over. Should it
    be impossible, the Seleucids Activate as usual (ruling S4)."""

    def prompt(self, data, state, frame):
        if not landing_origins(data, state):
            return None
        return Prompt(core.seat_of(state, SELEUCIDS),
                      "Seleucids: Antiochos III sails for Greece (first Activation)",
                      [Choice("land", "Antiochos III Megas: Overseas Campaign to Greece")],
                      rule="12.5", context={"event": "Aitolian Promises"})

    def apply(self, data, state, frame, choice):
        origins = landing_origins(data, state)
        pop(state, frame)
        state.setdefault("solitaire", {})["landed"] = True
        note(state, "The Seleucids Activate Antiochos III Megas for an Overseas Campaign to "
                    "Greece.", "12.5", seat=core.seat_of(state, SELEUCIDS))
        leaders.rotate(state, ANTIOCHOS, "5.1")
        push(state, "after-action", kingdom=SELEUCIDS, leader=ANTIOCHOS)
        push(state, "solo-ev39")        # resolved once the Campaign is over (ruling S5)
        land_campaign.start(data, state, SELEUCIDS, ANTIOCHOS, "overseas")
        camp = state["stack"][-1]
        camp["only_origins"] = origins
        camp["only_targets"] = greece(data, state)

    def run(self, data, state, frame):
        pop(state, frame)
        state.setdefault("solitaire", {})["landed"] = True
        note(state, "Antiochos III cannot sail for Greece: the Seleucids Activate as usual.",
             "12.5")
        push(state, "activation", kingdom=SELEUCIDS, card=None)
