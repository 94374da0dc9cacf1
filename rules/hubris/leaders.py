"""Leaders and Courts (2.2-2.3): ratings, Rotation, Renown, King, Chief Minister, Strategoi,
removal from play with its cascade, Replacement Leaders and Emergency Appointment.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.rng import pick
from rules.engine.state import ask, frac, frac_str

from . import abilities, core, upcalls
from .alignment import refresh
from .core import note
from .flow import proc
from .names import ADJECTIVES, name, names, possessive
from .numbers import clamp_renown, round_half_away
from .rulesdata import RulesData

State = dict[str, Any]
CAPS = {"battle", "siege", "diplomacy", "admin", "loyalty", "intrigue"}


def rating(data: RulesData, lid: str, cap: str) -> int | None:
    """A printed rating (2.2.2); None when the Leader lacks the Capability."""
    return getattr(data.card(lid), cap)


def has(data: RulesData, lid: str, cap: str) -> bool:
    return rating(data, lid, cap) is not None


def label(data: RulesData, lid: str) -> str:
    return f"{data.card(lid).name} [{lid}]"


def rotate(state: State, lid: str, rule: str = "5.1", spent: bool = False) -> None:
    """Rotate a Leader once (2.2), or to Spent."""
    rec = state["leaders"][lid]
    rec = core.set_leader(state, lid, rotation=2 if spent else min(2, rec["rotation"] + 1))
    status = {1: "once rotated", 2: "Spent"}[rec["rotation"]]
    note(state, f"{name(lid)} is Activated and now {status}.", rule)


def change_renown(data: RulesData, state: State, lid: str, delta: int, rule: str) -> None:
    """Renown moves within -2..+4 (2.2.5); Replacement Leaders never gain or lose it (2.2.11)."""
    if lid not in state["leaders"] or data.card(lid).replacement or delta == 0:
        return
    before = state["leaders"][lid]["renown"]
    rec = core.set_leader(state, lid, renown=clamp_renown(before + delta))
    if rec["renown"] != before:
        note(state, f"{name(lid)}: Renown {before:+d} -> {rec['renown']:+d}.", rule)
        _refresh(data, state)


def _refresh(data: RulesData, state: State) -> None:
    refresh(data, state)


def adjusted_intrigue(data: RulesData, state: State, lid: str) -> Fraction:
    """Intrigue + half Renown (2.2.5, 4.6)."""
    return Fraction(data.card(lid).intrigue) + Fraction(state["leaders"][lid]["renown"], 2)


def loyalty_threshold(data: RulesData, state: State, lid: str) -> int | None:
    """Loyalty less positive Renown (2.2.5 reminder in 4.10)."""
    loyal = data.card(lid).loyalty
    if loyal is None:
        return None
    return loyal - max(0, state["leaders"][lid]["renown"])


def court(state: State, k: str) -> list[str]:
    """Members of a Court, King included (2.3)."""
    return core.leaders_of(state, k)


def friends(state: State, k: str) -> list[str]:
    return [lid for lid in court(state, k) if lid != core.king(state, k)]


def set_role(state: State, lid: str, role: str | None) -> None:
    core.set_leader(state, lid, role=role)


def send_to_court(state: State, lid: str, rule: str) -> None:
    """His block leaves the map; a Strategos marker is removed (2.3.4)."""
    rec = state["leaders"][lid]
    if rec["location"] == "court":
        return
    rec = core.set_leader(state, lid, location="court")
    if rec.get("role") == "strategos":
        rec["role"] = None
    note(state, f"{name(lid)} returns to Court.", rule)


def make_strategos(state: State, lid: str) -> None:
    """King and Chief Minister keep their markers; others become a Strategos (2.3.4)."""
    if state["leaders"][lid].get("role") is None:
        core.set_leader(state, lid, role="strategos")


def may_take_field(state: State, lid: str) -> bool:
    """At most three Strategoi per Kingdom (2.3.4)."""
    rec = state["leaders"][lid]
    if rec.get("role") in ("king", "chief-minister", "strategos") or rec["court"] not in \
            state["kingdoms"]:
        return True
    return core.strategoi(state, rec["court"]) < 3


# --- the King (2.3.1) ---------------------------------------------------------------------
def check_king(data: RulesData, state: State, k: str) -> None:
    """With no King, the Royal of highest Succession Rank in the Court becomes King (2.3.1)."""
    kd = state["kingdoms"][k]
    if kd.get("king") in state["leaders"]:
        return
    royals = [lid for lid in court(state, k)
              if data.card(lid).rank > 0 and data.card(lid).affiliation == k
              and state["leaders"][lid]["location"] != "hostage"]
    if not royals:
        kd["king"] = None
        note(state, f"{k.title()} have no eligible Royal: a regency, no King.", "2.3.1")
        return
    new = min(royals, key=lambda lid: data.card(lid).rank)
    was_cm = kd.get("chief_minister") == new
    kd["king"] = new
    set_role(state, new, "king")
    note(state, f"{label(data, new)} becomes King of the {k.title()}.", "2.3.1")
    if was_cm:
        kd["chief_minister"] = None
    _refresh(data, state)


def cm_candidates(data: RulesData, state: State, k: str) -> list[str]:
    """Friends eligible as Chief Minister: not Minor Leaders (2.3.3)."""
    return [lid for lid in friends(state, k)
            if data.card(lid).affiliation in (k, "unaffiliated") or
            data.card(lid).affiliation in core.KINGDOMS]


def need_cm(data: RulesData, state: State, k: str) -> None:
    """Fill a vacant Chief Minister office at once (2.3.3): the owner picks among Friends."""
    kd = state["kingdoms"][k]
    if kd.get("chief_minister") in state["leaders"]:
        return
    kd["chief_minister"] = None
    cands = cm_candidates(data, state, k)
    if len(cands) == 1:
        appoint_cm(data, state, k, cands[0])
    elif cands:
        ask(state, core.seat_of(state, k), "appoint-cm", kingdom=k)


def appoint_cm(data: RulesData, state: State, k: str, lid: str) -> None:
    state["kingdoms"][k]["chief_minister"] = lid
    set_role(state, lid, "chief-minister")
    note(state, f"{label(data, lid)} is appointed Chief Minister of the {k.title()}.", "2.3.3")


@proc("appoint-cm")
class AppointCM:
    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        if state["kingdoms"][k].get("chief_minister") in state["leaders"]:
            return None
        cands = cm_candidates(data, state, k)
        if not cands:
            return None
        return Prompt(core.seat_of(state, k), "Appoint a new Chief Minister",
                      [Choice(f"cm:{c}", label(data, c)) for c in cands], rule="2.3.3")

    def apply(self, data, state, frame, choice):
        appoint_cm(data, state, frame["kingdom"], choice.split(":", 1)[1])


# --- Replacement Leaders (2.2.11) ---------------------------------------------------------
def replacement_pool(data: RulesData, state: State, k: str) -> list[str]:
    return sorted(lid for lid, c in data.leaders.items()
                  if c.replacement and c.affiliation == k and lid not in state["leaders"])


def fill_court(data: RulesData, state: State, k: str) -> None:
    """A Court below three members draws random Replacement Leaders (2.2.11)."""
    while len(court(state, k)) < 3:
        pool = replacement_pool(data, state, k)
        if not pool:
            return
        lid = pick(state, pool, purpose=f"{k.title()} Replacement Leader", rule="2.2.11",
                   show=name)
        core.own_table(state, "leaders")[lid] = {"court": k, "location": "court", "role": None,
                                                 "rotation": 0, "renown": 0, "rebel": False}
        note(state, f"{label(data, lid)} joins the {ADJECTIVES.get(k, name(k))} Court as a "
                    "Replacement.", "2.2.11")
    need_cm(data, state, k)


def join_court(data: RulesData, state: State, k: str, lid: str, rotation: int = 0,
               renown: int = 0, rule: str = "2.2.7") -> None:
    """A new Leader joins a Court; one Replacement goes back to the pool (2.2.11). A
    Defector keeps his Rotation status and his Renown (2.2.9, 2.2.5)."""
    core.own_table(state, "leaders")[lid] = {
        "court": k, "location": "court", "role": None, "rotation": rotation, "renown": renown,
        "rebel": False}
    note(state, f"{label(data, lid)} joins the {ADJECTIVES.get(k, name(k))} Court.", rule)
    reps = [r for r in court(state, k) if data.card(r).replacement]
    if not data.card(lid).replacement and reps:
        if len(reps) == 1:
            return_replacement(data, state, k, reps[0])
        else:
            ask(state, core.seat_of(state, k), "return-replacement", kingdom=k)
    check_king(data, state, k)


def return_replacement(data: RulesData, state: State, k: str, lid: str) -> None:
    note(state, f"Replacement {label(data, lid)} returns to the pool.", "2.2.11")
    remove_leader(data, state, lid, "returns to the Replacement pool", "2.2.11", dies=False)


@proc("return-replacement")
class ReturnReplacement:
    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        reps = [r for r in court(state, k) if data.card(r).replacement]
        if not reps:
            return None
        return Prompt(core.seat_of(state, k), "Return one Replacement Leader to the pool",
                      [Choice(f"return:{r}", label(data, r)) for r in reps], rule="2.2.11")

    def apply(self, data, state, frame, choice):
        return_replacement(data, state, frame["kingdom"], choice.split(":", 1)[1])


# --- removal from play --------------------------------------------------------------------
def remove_leader(data: RulesData, state: State, lid: str, why: str, rule: str,
                  dies: bool = True) -> None:
    """Remove a Leader from play with every consequence (2.2.5, 2.3.1, 2.3.3, 2.3.5, 2.12)."""
    if lid not in state["leaders"]:
        return
    rec = state["leaders"][lid]
    k = rec["court"]
    note(state, f"{label(data, lid)} is removed from play: {why}.", rule)
    units = core.on_card(state, lid)
    where = rec["location"]
    if units:
        for u in units:
            core.set_unit(state, u, location=where)
    kd = state["kingdoms"].get(k)
    if kd is not None and kd.get("non_player"):     # 10.3: a King, no Court, no succession
        del core.own_table(state, "leaders")[lid]
        if dies:
            state.setdefault("removed_leaders", []).append(lid)
        if kd.get("king") == lid:
            kd["king"] = None
        for u in units:
            if core.on_map_location(where):
                core.disperse(state, u, "10.3")
            else:
                core.set_unit(state, u, location="offmap")
        _refresh(data, state)
        return
    was_king = bool(kd and kd.get("king") == lid)
    was_cm = bool(kd and kd.get("chief_minister") == lid)
    del core.own_table(state, "leaders")[lid]
    if dies:
        state.setdefault("removed_leaders", []).append(lid)
    if kd is None:
        _refresh(data, state)
        return
    if was_king:
        half = round_half_away(Fraction(rec["renown"], 2))
        core.set_kingdom(state, k, dynastic_vp=frac_str(frac(kd.get("dynastic_vp", "0")) + half),
                         king=None)
        state.setdefault("king_died", {})[k] = state.get("turn", 1)
        note(state, f"Half the dead King's Renown ({half:+d}) goes to the {possessive(name(k))} "
                    "Dynastic VPs.", "2.11.3")
        for key, value in list(state.get("wars", {}).items()):
            if value == "peace" and k in key.split("|"):
                del state["wars"][key]
                note(state, f"The Peace sworn by the dead King ends "
                            f"({names(key.split('|'))}).", "2.12")
        upcalls.shuffle_in_succession_crisis(data, state, k)
        upcalls.contest_succession(data, state, k)    # a Rebel Royal may take the throne (2.9.5)
        check_king(data, state, k)
        abilities.regent_takes_office(data, state, k)
    if was_cm:
        kd["chief_minister"] = None
    if units and core.on_map_location(where):
        cands = appointable(data, state, k)
        if cands:
            ask(state, core.seat_of(state, k), "emergency-appointment", kingdom=k, units=units,
                where=where, rotation=rec["rotation"])
        else:
            for u in units:
                core.disperse(state, u, "2.3.5")
    fill_court(data, state, k)
    need_cm(data, state, k)
    _refresh(data, state)


def appointable(data: RulesData, state: State, k: str) -> list[str]:
    """Available At-Court Military Leaders (2.3.5, 6.1); none for Non-Player Macedon,
    which has no Court (10.3)."""
    if core.non_player(state, k):
        return []
    return [lid for lid in court(state, k) if core.at_court(state, lid)
            and core.available(state, lid) and has(data, lid, "battle")
            and may_take_field(state, lid)]


@proc("emergency-appointment")
class EmergencyAppointment:
    """2.3.5: an Available At-Court Military Leader takes over the Units of a removed one."""

    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        units = [u for u in frame["units"] if state["units"][u]["location"] == frame["where"]]
        if not units:
            return None
        choices = [Choice(f"appoint:{c}", f"Appoint {label(data, c)}", target=frame["where"])
                   for c in appointable(data, state, k) if abilities.may_lead(data, c, units)]
        choices.append(Choice("decline", "Appoint no one (the Units are Dispersed)"))
        return Prompt(core.seat_of(state, k), f"Emergency Appointment in {name(frame['where'])}",
                      choices, rule="2.3.5", context={"units": units})

    def apply(self, data, state, frame, choice):
        units = [u for u in frame["units"] if state["units"][u]["location"] == frame["where"]]
        if choice == "decline":
            for u in units:
                core.disperse(state, u, "2.3.5")
            return
        lid = choice.split(":", 1)[1]
        core.set_leader(state, lid, location=frame["where"],
                        rotation=max(state["leaders"][lid]["rotation"], frame["rotation"]))
        make_strategos(state, lid)
        for u in units:
            core.set_unit(state, u, location=core.card_of(lid))
        note(state, f"{label(data, lid)} takes command of {names(units)}.", "2.3.5",
             where=frame["where"])
