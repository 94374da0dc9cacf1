"""The Senate by Action: Lobbying (5.6), Incite Rome To War (5.7), and the voluntary
Surrender a Kingdom may choose at its Activation (8.8)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.engine.game import Choice, Prompt

from . import abilities, core, kingdom_facts, leaders, rome
from .alignment import refresh
from .checks import check, successes
from .core import note
from .flow import pop, proc
from .names import the
from .rulesdata import RulesData

State = dict[str, Any]
LOBBY_COST, LOBBY_BRIBE = 2, 2
INCITE_COST, INCITE_BRIBE = 5, 10
#: 5.7.3: the base THM lost in the text, -3 from the example's arithmetic (digest §0 #5)
INCITE_BASE = -3
#: 5.7.1 (cut text): the Agendas under which Incite is allowed; ORBI by the 5.7.3 example,
#: GRAECIA reconstructed (Rome at war in Greece was courted by Attalos and Rhodes in 201)
INCITE_AGENDAS = ("graecia", "orbi")


def lobby_possible(data: RulesData, state: State, k: str, lid: str,
                   shared: dict[str, Any] | None = None) -> bool:
    """5.6.1: an Aligned Place in a Coastal Satrapy, a diplomat, 2 T, a shift to make.
    ``shared``: a dict the caller keeps for this state and Kingdom
    (:func:`rules.hubris.activation.legal_actions`): what does not depend on the Leader is
    found once."""
    if not rome.active(state) or not leaders.has(data, lid, "diplomacy") or \
            core.treasury(state, k) < LOBBY_COST:
        return False
    shared = {} if shared is None else shared
    if "lobby" not in shared:
        coastal = any(data.satrapies[s].coastal
                      and kingdom_facts.has_aligned(data, state, k, s, shared)
                      for s in core.satrapies_in_play(state))
        shared["lobby"] = coastal and bool(shifts(state, k))
    return shared["lobby"]


def shifts(state: State, k: str) -> list[tuple[str, str]]:
    """5.6.3: (choice id, label) of the one shift a successful Lobbying may make."""
    mine = rome.influence(state, k)
    out = []
    if mine == 0:
        out.append(("up", "Become Influential in the Senate"))
    elif mine == 1 and rome.predominant(state) is None:
        out.append(("up", "Become Predominant in the Senate"))
    for o in core.kingdoms(state):
        lvl = rome.influence(state, o)
        if o != k and lvl and (lvl == 1 or mine >= 1):
            out.append((f"down:{o}", f"Lower {the(o)}' Influence"))
    return out


def incite_possible(data: RulesData, state: State, k: str, lid: str) -> bool:
    """5.7.1: Predominant, under an Agenda that allows it, a diplomat, 5 T, a target."""
    return (rome.active(state) and rome.influence(state, k) == 2
            and state["rome"].get("agenda") in INCITE_AGENDAS
            and leaders.has(data, lid, "diplomacy") and core.treasury(state, k) >= INCITE_COST
            and rome.may_provoke(state, k) and bool(incite_targets(state, k)))


def incite_targets(state: State, k: str) -> list[str]:
    return [o for o in core.kingdoms(state) if o != k and not rome.at_war(state, o)
            and not rome.truce(state, o)]


def surrender_choices(state: State, k: str) -> list[Choice]:
    """8.8: a Kingdom At War with Rome that never Surrendered may Surrender at any time of the
    Action Phase (offered at its Activation)."""
    if not rome.active(state) or not rome.at_war(state, k) or \
            state["kingdoms"][k].get("surrendered"):
        return []
    return [Choice("surrender", "Surrender to Rome (8.8.1)", group="Rome (8.8)")]


@proc("lobby")
class Lobby:
    def prompt(self, data, state, frame):
        k, lid = frame["kingdom"], frame["leader"]
        seat = core.seat_of(state, k)
        if "bribe" not in frame:
            ch = [Choice("bribe:0", f"Lobby for {LOBBY_COST} T")]
            if core.treasury(state, k) >= LOBBY_COST + LOBBY_BRIBE:
                ch.append(Choice("bribe:1", f"Lobby with a bribe: {LOBBY_COST + LOBBY_BRIBE} T,"
                                            " +1 on both Checks"))
            return Prompt(seat, f"{leaders.label(data, lid)} lobbies in Rome", ch, rule="5.6.2")
        if frame.get("success"):
            ch = [Choice(f"shift:{sid}", label) for sid, label in shifts(state, k)]
            return Prompt(seat, "Lobbying succeeds: make one shift in the Senate", ch,
                          rule="5.6.3") if ch else None
        return None

    def apply(self, data, state, frame, choice):
        k, lid = frame["kingdom"], frame["leader"]
        verb, _, arg = choice.partition(":")
        if verb == "bribe":
            frame["bribe"] = arg == "1"
            core.pay(state, k, LOBBY_COST + (LOBBY_BRIBE if frame["bribe"] else 0),
                     "Lobbying in Rome", "5.6.2")
            parts = [("Diplomacy", data.card(lid).diplomacy or 0),
                     ("bribe", 1 if frame["bribe"] else 0),
                     ("FRIEND OF ROME", abilities.senate_thm(data, lid))]
            thr = sum(v for _, v in parts)
            faces = check(state, thr, dice=2, purpose=f"Lobbying ({leaders.label(data, lid)})",
                          rule="5.6.3", parts=parts)
            frame["success"] = successes(faces, thr) > 0
            if not frame["success"]:
                note(state, f"The Senate does not listen to {leaders.label(data, lid)} "
                            f"(rolls {faces}, needed {thr}).", "5.6.3")
            return
        pop(state, frame)
        if arg == "up":
            rome.set_influence(state, k, rome.influence(state, k) + 1, "Lobbying", "5.6.3")
        else:
            other = arg.split(":")[1]
            rome.set_influence(state, other, rome.influence(state, other) - 1,
                               f"Lobbying by {the(k)}", "5.6.3")

    def run(self, data, state, frame):
        pop(state, frame)


@proc("incite")
class Incite:
    def prompt(self, data, state, frame):
        k, lid = frame["kingdom"], frame["leader"]
        seat = core.seat_of(state, k)
        ch = []
        for o in incite_targets(state, k):
            plain, bribed = (threshold(data, state, frame, o, b) for b in (False, True))
            ch.append(Choice(f"incite:{o}:0", f"Incite Rome against {the(o)} "
                                              f"({INCITE_COST} T, needs {plain} or less)"))
            if core.treasury(state, k) >= INCITE_COST + INCITE_BRIBE:
                ch.append(Choice(f"incite:{o}:1", f"Incite Rome against {the(o)} with a "
                                                  f"bribe ({INCITE_COST + INCITE_BRIBE} T, "
                                                  f"needs {bribed} or less)"))
        return Prompt(seat, f"{leaders.label(data, lid)} incites Rome to War", ch,
                      rule="5.7") if ch else None

    def apply(self, data, state, frame, choice):
        pop(state, frame)
        k, lid = frame["kingdom"], frame["leader"]
        _, target, bribe = choice.split(":")
        core.pay(state, k, INCITE_COST + (INCITE_BRIBE if bribe == "1" else 0),
                 "Inciting Rome to War", "5.7.2")
        thr = threshold(data, state, frame, target, bribe == "1")
        (face,) = check(state, thr, purpose=f"Incite Rome ({leaders.label(data, lid)})",
                        rule="5.7.3")
        if face <= thr:
            rome.declare_war(data, state, target, f"incited by {the(k)} "
                                                  f"(roll {face}, needed {thr})", "5.7.3")
            return
        kd = state["kingdoms"][k]
        core.set_kingdom(state, k, dynastic_vp=str(Fraction(kd.get("dynastic_vp", "0")) - 1))
        rome.set_influence(state, k, 1, "failed Incitement", "5.7.3")
        note(state, f"The Senate rebuffs {the(k)} (roll {face}, needed {thr}): "
                    "1 Dynastic VP lost.", "5.7.3")
        refresh(data, state)

    def run(self, data, state, frame):
        pop(state, frame)


def threshold(data: RulesData, state: State, frame: dict[str, Any], target: str,
              bribe: bool) -> int:
    """5.7.3: Diplomacy -3, -1 if the inciter's Total VPs are at least the target's, + RB,
    +1 with the bribe."""
    vp = state.get("derived", {}).get("vp", {})
    mine = float((vp.get(frame["kingdom"]) or {}).get("total_rounded", 0))
    theirs = float((vp.get(target) or {}).get("total_rounded", 0))
    return ((data.card(frame["leader"]).diplomacy or 0) + INCITE_BASE
            - (1 if mine >= theirs else 0) + int(state["rome"].get("rb", 0))
            + (1 if bribe else 0))
