"""Succession Crises (4.5): Ev 9 'Lagid', Ev 10 'Seleucid' and Ev 11 'Antigonid Succession
Crisis', shuffled into the Event deck when a King dies (2.3.1) and resolved when drawn.

The card texts are not in the rulebook; 4.5 gives their frame (Intrigue + half Renown for the
King and the Chief Minister; replacements appointed only once the card is resolved; a card
that kills the King is not shuffled back; set aside once resolved) and 2.2.9 says the Lagid
crisis makes Leaders Defect. Our reconstruction (marked in docs/hubris-rulings.md):

* the throne's champion is the King, or the Chief Minister in a regency (2.3.1);
* the challenger is the Friend At Court (not a Replacement, not the champion) with the best
  Intrigue + half Renown, ties at random;
* both Check that value (rounded, 2.1.5); if at least one succeeds, the worse Success Margin
  loses, as in the Plots of 4.6; ties or two failures: the crisis blows over;
* Lagid: the loser Defects (2.2.9); Seleucid: the loser Rebels (2.2.10, 4.5,
  :mod:`rules.hubris.rebels`); Antigonid: the loser is put to death, as Philippos V had his
  son Demetrios killed in 180 (removed from play); a losing King is deposed (removed from
  play) instead, and so is a loser who may neither Defect nor Rebel (a Replacement Chief
  Minister, 2.2.11).
"""

from __future__ import annotations

from typing import Any

from rules.engine.rng import pick

from . import core, defection, leaders, rebels
from .checks import check, margin
from .core import note
from .names import ADJECTIVES, name
from .numbers import round_half_away
from .rulesdata import RulesData

State = dict[str, Any]
KINGDOM_OF = {"ev-09": "ptolemies", "ev-10": "seleucids", "ev-11": "macedon"}


def champion(state: State, k: str) -> str | None:
    kd = state["kingdoms"][k]
    for lid in (kd.get("king"), kd.get("chief_minister")):
        if lid in state["leaders"]:
            return lid
    return None


def challenger(data: RulesData, state: State, k: str, champ: str) -> str | None:
    cands = [lid for lid in leaders.friends(state, k) if lid != champ
             and core.at_court(state, lid) and not data.card(lid).replacement]
    if not cands:
        return None
    best = max(leaders.adjusted_intrigue(data, state, lid) for lid in cands)
    top = [lid for lid in cands if leaders.adjusted_intrigue(data, state, lid) == best]
    if len(top) == 1:
        return top[0]
    return pick(state, top, purpose="Succession Crisis: the challenger", rule="4.5", show=name)


def resolve(data: RulesData, state: State, eid: str) -> None:
    """Resolve a Succession Crisis card (4.5, reconstructed as in the module docstring)."""
    k = KINGDOM_OF.get(eid)
    if k not in state["kingdoms"]:
        note(state, "This Succession Crisis concerns a Kingdom not in play: no effect.", "4.5")
        return
    champ = champion(state, k)
    rival = challenger(data, state, k, champ) if champ else None
    if not champ or not rival:
        note(state, f"The {ADJECTIVES[k]} Court has no rival faction: the crisis passes.", "4.5")
        return
    faces = {}
    margins = {}
    for lid in (champ, rival):
        thr = round_half_away(leaders.adjusted_intrigue(data, state, lid))
        (faces[lid],) = check(state, thr, purpose=f"Succession Crisis: Intrigue of {name(lid)}",
                              rule="4.5", parts=[("Intrigue and half Renown", thr)])
        margins[lid] = margin(thr, faces[lid])
    if max(margins.values()) < 0 or margins[champ] == margins[rival]:
        note(state, "Neither faction prevails: the crisis blows over.", "4.5")
        return
    loser = champ if margins[champ] < margins[rival] else rival
    note(state, f"{leaders.label(data, loser)} loses the struggle for the "
                f"{ADJECTIVES[k]} throne.", "4.5")
    state["crisis_resolving"] = eid
    try:
        if eid == "ev-09" and defection.may_defect(data, state, loser):
            defection.defect(data, state, loser, "the Lagid Succession Crisis")
        elif eid == "ev-10" and rebels.may_rebel(data, state, loser):
            rebels.rebel(data, state, loser, "the Seleucid Succession Crisis", "4.5")
        else:
            leaders.remove_leader(data, state, loser, "the Succession Crisis", "4.5")
    finally:
        state.pop("crisis_resolving", None)
