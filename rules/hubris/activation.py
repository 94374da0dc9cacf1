"""Activation (5.1): at its place in a Recurrent Event's Activation Sequence a Kingdom
Activates one Available Leader with the needed Capability for one Action, or passes."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt

from . import (
    abilities,
    admin_actions,
    campaign_initiation,
    cards,
    core,
    defection,  # noqa: F401 - registers after-action
    envoy,
    event_effects,
    land_campaign,
    leaders,
    names,
    naval_campaign,
    peace,
    rome_surrender,
    senate,
)
from .core import note
from .flow import pop, proc, push
from .rulesdata import RulesData

State = dict[str, Any]
ACTIONS = {"land": "Land Campaign (5.2)", "naval": "Naval Campaign (5.3)",
           "overseas": "Overseas Campaign (5.4)", "envoy": "Envoy (5.5)",
           "taxes": "Raise Additional Taxes (5.8)", "build": "Build Naval Squadron (5.9)",
           "evergetism": "Evergetism (5.10)",
           "lobby": "Lobbying in Rome (5.6)", "incite": "Incite Rome To War (5.7)",
           "phalanx": "EGYPTIAN PHALANX: bring in the Machimoi (2.13.5)"}
#: a Leader's Rotation as the Activation prompt shows it (2.2); 2 is Spent
STATUS = {0: "Fresh", 1: "once Rotated"}


def legal_actions(data: RulesData, state: State, k: str, lid: str,
                  shared: dict[str, Any] | None = None) -> list[str]:
    """The Actions ``lid`` may take. ``shared``: a dict the caller keeps for this state and
    Kingdom while it asks for each of its Leaders (what does not depend on the Leader)."""
    out = []
    shared = {} if shared is None else shared
    card = data.card(lid)
    if card.battle is not None:         # the Campaigns need a Battle Rating (5.2-5.4)
        if campaign_initiation.possible(data, state, k, lid, "land", shared):
            out.append("land")
        if naval_campaign.possible(data, state, k, lid, shared):
            out.append("naval")
        if campaign_initiation.possible(data, state, k, lid, "overseas", shared):
            out.append("overseas")
    if card.diplomacy is not None and envoy.possible(data, state, k, lid, shared):
        out.append("envoy")
    if card.admin is not None:          # the Administrative Actions (5.8-5.10)
        for a in ("taxes", "build", "evergetism"):
            if admin_actions.possible(data, state, k, lid, a, shared):
                out.append(a)
    if card.abilities and abilities.phalanx_possible(data, state, k, lid):
        out.append("phalanx")
    if card.diplomacy is not None:      # Lobbying and Inciting need a Diplomacy Rating
        if senate.lobby_possible(data, state, k, lid, shared):
            out.append("lobby")
        if senate.incite_possible(data, state, k, lid):
            out.append("incite")
    return out


def candidates(state: State, k: str) -> list[str]:
    """The Leaders of ``k``'s Court (:func:`leaders.court`, in its order) who are Available
    (:func:`core.available`): those found first, then sorted."""
    return sorted((lid for lid, r in state["leaders"].items() if r["court"] == k
                   and not r.get("rebel") and r["rotation"] < 2
                   and r["location"] != "hostage"), key=core.leader_order)


@proc("activation")
class Activation:
    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        ch = []
        shared: dict[str, Any] = {}
        available = candidates(state, k)
        for lid in available:
            actions = legal_actions(data, state, k, lid, shared)
            if not actions:
                continue
            status = STATUS.get(state["leaders"][lid]["rotation"], "Spent")
            label, card_name = leaders.label(data, lid), data.card(lid).name
            group = f"{label}, {status}"
            for a in actions:
                ch.append(Choice(f"act:{lid}:{a}", f"{card_name}: {ACTIONS[a]}",
                                 group=group, detail=f"{label}: {ACTIONS[a]}"))
        ch += event_effects.trigger_choices(data, state, k, available)
        sent = frame.get("peace_offered")
        ch += peace.offer_choices(state, k, sent if isinstance(sent, list) else ())
        ch += senate.surrender_choices(state, k)
        ch.append(Choice("pass", "Pass (no Activation on this card)"))
        event = cards.title(data, frame["card"]) if frame.get("card") else ""
        return Prompt(core.seat_of(state, k),
                      f"{names.name(k)}: Activate one Leader for one Action"
                      + (f" ({event})" if event else ""), ch, rule="5.1",
                      context={"event": event})

    def apply(self, data, state, frame, choice):
        k = frame["kingdom"]
        if choice.startswith("peace:"):
            peace.start(state, k, choice)
            return
        if choice.startswith("trigger:"):       # a Pending Event (4.3)
            if event_effects.trigger(data, state, k, choice):
                pop(state, frame)               # it took the Activation
            return
        if choice == "surrender":
            rome_surrender.surrender(data, state, k, "it chose to Surrender")
            return
        pop(state, frame)
        if choice == "pass":
            note(state, f"The {names.name(k)} pass.", "5.1", seat=core.seat_of(state, k))
            return
        _, lid, action = choice.split(":")
        note(state, f"The {names.name(k)} Activate {leaders.label(data, lid)} for "
                    f"{ACTIONS[action]}.", "5.1", seat=core.seat_of(state, k))
        leaders.rotate(state, lid, "5.1", spent=action == "evergetism")
        push(state, "after-action", kingdom=k, leader=lid)
        if action == "phalanx":
            abilities.egyptian_phalanx(data, state, k, lid)
        elif action in ("land", "overseas"):
            land_campaign.start(data, state, k, lid, action)
        elif action == "naval":
            naval_campaign.start(data, state, k, lid)
        elif action == "envoy":
            envoy.start(data, state, k, lid)
        elif action in ("lobby", "incite"):
            push(state, action, kingdom=k, leader=lid)
        else:
            admin_actions.start(data, state, k, lid, action)

    def run(self, data, state, frame):  # pragma: no cover - always asks
        pop(state, frame)
