"""Envoy (5.5): two Diplomacy Checks, dice assigned after the roll, one Place per die, in
the order the player likes.

The THM table of 5.5.3 is missing from the text (digest §0 #4). Reconstructed (ruling R8):
Unaligned or Revolt-free Unaligned Place 0, Alliance -1, Garrison -3 (the -3 agrees with the
5.5.3 example: a Diplomacy 3 envoy with the bribe needs a natural 1 against a Garrison).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.names import needs

from . import abilities, alignment, core, kingdom_facts, leaders, names
from .checks import check
from .core import note
from .flow import pop, proc, push
from .rulesdata import RulesData

State = dict[str, Any]
THM = {None: 0, "alliance": -1, "garrison": -3}
COST, BRIBE = 1, 2


def eligible_places(data: RulesData, state: State, k: str, sat: str) -> list[str]:
    """Non-Friendly Greek or Free Places, not in Revolt (5.5.1)."""
    places = state["places"]
    return [p for p in data.greek_or_free(sat) if _open_to(places[p], k)]


def _open_to(rec: dict[str, Any], k: str) -> bool:
    """Does the record of a Greek or Free Place leave it to an Envoy of ``k``: not ``k``'s,
    not in Revolt (5.5.1)?"""
    return rec.get("power") != k and not rec.get("revolt")


def _has_eligible(data: RulesData, state: State, k: str, sat: str) -> bool:
    """Has ``sat`` one of :func:`eligible_places`?"""
    places = state["places"]
    for p in data.greek_or_free(sat):
        rec = places[p]
        if rec.get("power") != k and not rec.get("revolt"):     # :func:`_open_to`
            return True
    return False


def target_satrapies(data: RulesData, state: State, k: str) -> list[str]:
    """Adjacent to, or only Seas away from, a Satrapy with one of our Aligned Places."""
    return list(_targets(data, state, k, {}))


def _targets(data: RulesData, state: State, k: str, shared: dict[str, Any],
             by_sea: bool = True) -> Iterator[str]:
    """:func:`target_satrapies` one by one (:func:`possible` needs only the first). A
    base is a Satrapy in play with one of our Aligned Places; which Satrapies are bases is
    found as a Satrapy needs it, and the Seas reached from all bases only when a Satrapy
    is neither a base nor beside one (not at all unless ``by_sea``: then only the Targets
    that are bases or beside one). ``shared``: as :mod:`rules.hubris.kingdom_facts`
    takes it."""
    in_play = core.satrapies_in_play(state)
    playing = set(in_play)

    def base(sat: str) -> bool:
        return sat in playing and kingdom_facts.has_aligned(data, state, k, sat, shared)

    seen: set[str] | None = None
    for s in in_play:
        if not _has_eligible(data, state, k, s):
            continue
        near = base(s) or any(base(b) for b in data.land_adj.get(s, ()))
        if not near and by_sea:
            if seen is None:
                seen = _seas_reached(data, state, [b for b in in_play if data.satrapies[b].seas
                                                   and base(b)])   # inland: no Sea
            near = any(sea in seen for sea in data.satrapies[s].seas)
        if near:
            yield s


def _seas_reached(data: RulesData, state: State, bases: list[str]) -> set[str]:
    """The Seas a chain of Sea Areas in play reaches from a base's Seas (5.5.1 "only by Sea
    Areas"): a plain search over the Sea borders (nine Seas)."""
    in_play = set(core.seas_in_play(state))
    seen = {sea for s in bases for sea in data.satrapies[s].seas}
    todo = list(seen)
    while todo:
        for sea in data.seas.get(todo.pop(), ()):
            if sea in in_play and sea not in seen:
                seen.add(sea)
                todo.append(sea)
    return seen


def possible(data: RulesData, state: State, k: str, lid: str,
             shared: dict[str, Any] | None = None) -> bool:
    """May ``lid`` go as Envoy now? ``shared``: a dict the caller keeps for this state and
    Kingdom (:func:`rules.hubris.activation.legal_actions`): the Targets are found once."""
    if not (leaders.has(data, lid, "diplomacy") and core.treasury(state, k) >= COST):
        return False
    shared = {} if shared is None else shared
    kept = kingdom_facts.of_places(state, k)    # the Targets read the Places alone
    found = kept.get("envoy")
    if found is None:               # a Target beside a base by land is looked for first
        found = kept["envoy"] = next(_targets(data, state, k, shared, by_sea=False), None) \
            is not None or next(_targets(data, state, k, shared), None) is not None
    return found


def start(data: RulesData, state: State, k: str, lid: str) -> None:
    push(state, "envoy", kingdom=k, leader=lid, step="target", target=None, bribe=False,
         dice=[], used=[])


def threshold(data: RulesData, state: State, frame: dict[str, Any], place: str) -> int:
    return sum(v for _, v in threshold_parts(data, state, frame, place))


def threshold_parts(data: RulesData, state: State, frame: dict[str, Any],
                    place: str | None = None) -> list[tuple[str, int]]:
    """The Success Threshold by its parts: Diplomacy, bribe, ROYAL ENVOY, and (for a Place)
    the THM of its marker (5.5.3)."""
    lid = frame["leader"]
    if "diplomacy" in frame:            # an Envoy an Event sends with its own rating (10.5)
        parts = [("Diplomacy given by the Event", frame["diplomacy"])]
    else:
        parts = [("Diplomacy", data.card(lid).diplomacy or 0),
                 ("bribe", 1 if frame["bribe"] else 0),
                 ("Royal Envoy", abilities.envoy_thm(data, lid))]
    if place is not None:
        rec = state["places"][place]
        marker = rec.get("marker") if rec.get("power") else None
        parts.append(((marker or "Unaligned").title(), THM[marker]))
    return parts


def unused_dice(frame: dict[str, Any]) -> list[int]:
    """The indices of the rolled dice not yet applied: 5.5.3 lets the player apply them in
    the order he likes, after seeing both."""
    used = frame.get("used", ())
    return [i for i in range(len(frame["dice"])) if i not in used]


@proc("envoy")
class Envoy:
    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        seat = core.seat_of(state, k)
        if frame["step"] == "target":
            ch = [Choice(f"target:{s}", names.name(s), target=s)
                  for s in target_satrapies(data, state, k)]
            return Prompt(seat, "Envoy: choose the Target Satrapy", ch, "choose-space", "5.5.1")
        if frame["step"] == "bribe":
            ch = [Choice("bribe:no", "No bribe (pay 1 T)")]
            if core.treasury(state, k) >= COST + BRIBE:
                ch.append(Choice("bribe:yes", "Pay 3 T (bribe: +1 on both rolls)"))
            return Prompt(seat, "Envoy: bribe?", ch, "yes-no", "5.5.2")
        left = unused_dice(frame)
        if frame["step"] == "assign" and left:
            ch = []
            hits = False
            seen: set[int] = set()
            for i in left:
                face = frame["dice"][i]
                if face in seen:            # the same face twice: one set of choices
                    continue
                seen.add(face)
                for p in eligible_places(data, state, k, frame["target"]):
                    parts = threshold_parts(data, state, frame, p)
                    thr = sum(v for _, v in parts)
                    hits = hits or face <= thr
                    cid = f"die:{p}" if i == left[0] else f"die:{i}:{p}"
                    ch.append(Choice(cid, f"{face} on {names.name(p)}: "
                                                     f"{'success' if face <= thr else 'fails'} "
                                                     f"({needs(thr, parts)})", target=p))
            if not ("diplomacy" in frame and hits):     # 10.1: no inefficient play
                ch.append(Choice("die:-", f"Leave the {frame['dice'][left[0]]} unused"))
            who = "Macedonian Envoy (you decide for it)" if "diplomacy" in frame else "Envoy"
            rolled = " and ".join(str(frame["dice"][i]) for i in left)
            return Prompt(seat, f"{who}: apply a die (left: {rolled})", ch,
                          rule="5.5.3", context={"dice": frame["dice"], "left": left})
        return None

    def apply(self, data, state, frame, choice):
        verb, _, arg = choice.partition(":")
        k = frame["kingdom"]
        if verb == "target":
            frame["target"], frame["step"] = arg, "bribe"
        elif verb == "bribe":
            frame["bribe"] = arg == "yes"
            core.pay(state, k, COST + (BRIBE if frame["bribe"] else 0), "an Envoy", "5.5.2")
            parts = threshold_parts(data, state, frame)
            frame["dice"] = check(state, sum(v for _, v in parts), dice=2, parts=parts,
                                  purpose=f"Envoy of {leaders.label(data, frame['leader'])} "
                                          f"to {names.name(frame['target'])}", rule="5.5.3")
            frame["step"] = "assign"
        elif verb == "die":         # ``die:<place>``: the first die left; ``die:<i>:<place>``
            i = unused_dice(frame)[0]
            if ":" in arg:
                n, _, arg = arg.partition(":")
                i = int(n)
            frame.setdefault("used", []).append(i)
            if arg == "-":
                return
            face = frame["dice"][i]
            if face > threshold(data, state, frame, arg):
                parts = threshold_parts(data, state, frame, arg)
                note(state, f"The Envoy fails in {names.name(arg)} (rolled {face}, "
                            f"{needs(sum(v for _, v in parts), parts)}).", "5.5.3", where=arg)
            elif state["places"][arg].get("power"):
                alignment.unalign(data, state, arg, "5.5.3")
            else:
                alignment.place_marker(data, state, arg, k, "alliance", "5.5.3")

    def run(self, data, state, frame):
        pop(state, frame)
