"""Administrative Actions: Raise Additional Taxes (5.8), Build Naval Squadron (5.9),
Evergetism (5.10).

Ruling R9 (option ``taxes_war_halving``, default "no"): the At-War halving of 3.3 applies to
the Revenue Phase total only, not to Raise Additional Taxes. Ruling R10: "controls a Capital"
(5.10.1) means the Capital City holds one of the Kingdom's markers. Reconstruction: the die
face lost in 5.8.3 that kills the Leader is a natural 6.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.rng import pick, roll
from rules.engine.state import frac, frac_str

from . import abilities, alignment, core, kingdom_facts, leaders, names
from .checks import check, margin
from .control import TAX_UNIT, round_units, units, units_str
from .core import note
from .flow import pop, proc, push
from .rulesdata import RulesData

State = dict[str, Any]
SQUADRON_PRICE = 8
EVERGETISM_PRICE = 20
DEATH_FACE = 6


# --- 5.8 Raise Additional Taxes -------------------------------------------------------------
def tax_satrapies(data: RulesData, state: State, k: str) -> list[str]:
    """The Satrapies ``k`` may tax (:func:`may_tax`), sorted: read from the Satrapies in play
    it Controls (``core.controlled_components``, kept between prompts)."""
    satrapies = state["satrapies"]
    return sorted(s for s in core.controlled_components(state, data, k)
                  if not satrapies[s].get("ravaged") and not satrapies[s].get("taxes_increased"))


def may_tax(state: State, k: str, sat: str) -> bool:
    """5.8.1: a Satrapy ``k`` Controls, neither Ravaged nor taxed again already."""
    rec = state["satrapies"][sat]
    return core.controls(state, k, sat) and not rec.get("ravaged") \
        and not rec.get("taxes_increased")


def tax_value(data: RulesData, state: State, sat: str) -> Fraction:
    """Tax Value as per 3.3: Full or Reduced, halved on an Alliance majority."""
    return Fraction(tax_quarters(data, state, sat), TAX_UNIT)


def tax_quarters(data: RulesData, state: State, sat: str) -> int:
    """:func:`tax_value` in quarter Talents (``control.TAX_UNIT``), a whole number: the
    printed Tax Values are whole Talents (the map refuses others), halved here at most once,
    and once more for a Check failed by one (5.8.3)."""
    c = state["derived"]["control"].get(sat) or {}
    talents = data.satrapies[sat].tax[1 if c.get("level") == "full" else 0]
    return units(talents, TAX_UNIT) >> (1 if c.get("halved") else 0)


def tax_designations(data: RulesData, state: State, k: str) -> list[tuple[str, ...]]:
    sats = tax_satrapies(data, state, k)
    out: list[tuple[str, ...]] = [(s,) for s in sats]
    out += [(a, b) for i, a in enumerate(sats) for b in sats[i + 1:] if data.adjacent(a, b)]
    return out


def _own_troop(state: State, k: str, sat: str) -> bool:
    """5.8.3: has ``k`` a Troop in ``sat`` (:func:`core.units_at`: on a Leader's card there
    or not), or a face-down Military Colonist at home there? One pass over the Units."""
    here = {sat, *(core.card_of(lid) for lid, r in state["leaders"].items()
                   if r["location"] == sat)}
    return any(r["location"] in here and r["type"] in core.TROOP_TYPES and (
        r["owner"] == k or r["face"] == "down" and r["type"] == "colonist"
        and core.HOMES.get(u, ("",))[0] == sat) for u, r in state["units"].items())


@proc("raise-taxes")
class RaiseTaxes:
    def prompt(self, data, state, frame):
        if frame["step"] != "designate":
            return None
        k = frame["kingdom"]
        designations = tax_designations(data, state, k)
        # every Satrapy of a pair is designated alone too: each name is found once
        titles = {d[0]: core.title_of(d[0]) for d in designations if len(d) == 1}
        ch = [Choice("taxes:" + "+".join(d), " and ".join([titles[s] for s in d]), target=d[0])
              for d in designations]
        return Prompt(core.seat_of(state, k), "Raise Additional Taxes in which Satrapies?",
                      ch, "choose-space", "5.8.1")

    def apply(self, data, state, frame, choice):
        frame["sats"] = choice.split(":", 1)[1].split("+")
        frame["step"] = "roll"

    def run(self, data, state, frame):
        pop(state, frame)
        k, lid = frame["kingdom"], frame["leader"]
        gained = 0      # quarter Talents (:func:`tax_quarters`)
        for sat in frame["sats"]:
            if lid not in state["leaders"]:
                break
            troop = _own_troop(state, k, sat)
            parts = [("Administration", data.card(lid).admin or 0),
                     ("own Troop", 1 if troop else 0),
                     ("Quartermaster", abilities.taxes_thm(data, lid))]
            thr = sum(v for _, v in parts)
            (face,) = check(state, thr, purpose=f"Raise Taxes in {names.name(sat)}", rule="5.8.3",
                            parts=parts)
            m = margin(thr, face)
            value = tax_quarters(data, state, sat)
            if m >= 1:
                gained += value
                core.set_satrapy(state, sat, taxes_increased=True)
                note(state, f"Taxes raised in {names.name(sat)}: "
                            f"+{units_str(value, TAX_UNIT)} T.", "5.8.3", where=sat)
            elif m == 0:
                gained += value
                core.set_satrapy(state, sat, ravaged=True)
                note(state, f"Taxes raised in {names.name(sat)} "
                            f"(+{units_str(value, TAX_UNIT)} T) but it is Ravaged.", "5.8.3",
                     where=sat)
            elif m == -1:
                gained += value // 2        # a whole number: ``value`` is even
                core.set_satrapy(state, sat, ravaged=True)
                note(state, f"Half the taxes of {names.name(sat)} come in; it is Ravaged.", "5.8.3",
                     where=sat)
            else:
                core.set_satrapy(state, sat, ravaged=True)
                places = core.aligned_places(state, data, k, sat)
                note(state, f"Tax riots in {names.name(sat)}: Ravaged.", "5.8.3", where=sat)
                if places:
                    alignment.revolt(data, state, pick(state, places, purpose="Revolt Place",
                                                       rule="5.8.3", show=names.name), "5.8.3")
                (death,) = roll(state, purpose="fate of the tax collector", rule="5.8.3")
                if death == DEATH_FACE:
                    leaders.remove_leader(data, state, lid, "killed in the tax riots", "5.8.3")
        unit = TAX_UNIT
        if state.get("meta", {}).get("options", {}).get("taxes_war_halving") == "yes" and \
                core.kingdom_enemies(state, k):
            unit *= 2       # halved: counted in eighths
        core.gain(state, k, round_units(gained, unit), "Raise Additional Taxes", "5.8.3")
        alignment.refresh(data, state)


# --- 5.9 Build Naval Squadron --------------------------------------------------------------
def squadron_pool(state: State, k: str) -> list[str]:
    return sorted(u for u, r in state["units"].items() if r["type"] == "squadron"
                  and r["owner"] == k and r["location"] == "offmap")


def _pool_has_squadron(state: State, k: str) -> bool:
    """Is :func:`squadron_pool` not empty?"""
    for r in state["units"].values():
        if r["type"] == "squadron" and r["owner"] == k and r["location"] == "offmap":
            return True
    return False


def build_sites(data: RulesData, state: State, k: str) -> list[tuple[str, str]]:
    return list(_build_sites(data, state, k, {}))


def _build_sites(data: RulesData, state: State, k: str, shared: dict[str, Any]
                 ) -> Iterator[tuple[str, str]]:
    """:func:`build_sites` one by one (:func:`possible` needs only the first). ``shared``:
    as :mod:`rules.hubris.kingdom_facts` takes it."""
    for s in core.satrapies_in_play(state):
        ports = data.shipyard_ports(s)
        if not any(core.aligned(state, p, k) for p in ports):
            continue
        for sea in data.satrapies[s].seas:
            if core.friendly_sea(state, data, k, sea):
                yield s, sea


@proc("build-squadron")
class BuildSquadron:
    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        ch = [Choice(f"build:{s}:{sea}", f"Shipyard of {names.name(s)}, launch into "
                                         f"{names.name(sea)}", target=s)
              for s, sea in build_sites(data, state, k)]
        price = abilities.squadron_price(data, frame["leader"], SQUADRON_PRICE)
        return Prompt(core.seat_of(state, k), f"Build a Naval Squadron ({price} T)", ch,
                      "choose-space", "5.9.1")

    def apply(self, data, state, frame, choice):
        pop(state, frame)
        _, sat, sea = choice.split(":")
        k = frame["kingdom"]
        u = squadron_pool(state, k)[0]
        price = abilities.squadron_price(data, frame["leader"], SQUADRON_PRICE)
        why = "a new Squadron" + (" (LEMBOI)" if price != SQUADRON_PRICE else "")
        core.pay(state, k, price, why, "5.9.1")
        core.set_unit(state, u, location=sea, face="up")
        note(state, f"{names.name(u)} is launched at {names.name(sat)} into {names.name(sea)}.",
             "5.9.3", where=sea)

    def run(self, data, state, frame):  # pragma: no cover - always asks
        pop(state, frame)


# --- 5.10 Evergetism -----------------------------------------------------------------------
def holds_capital(data: RulesData, state: State, k: str) -> bool:
    return any(core.aligned(state, p, k) for p in data.capitals_of(k))


@proc("evergetism")
class Evergetism:
    def prompt(self, data, state, frame):
        return None

    def run(self, data, state, frame):
        pop(state, frame)
        k, lid = frame["kingdom"], frame["leader"]
        core.pay(state, k, EVERGETISM_PRICE, "Evergetism", "5.10.2")
        parts = [("Administration", data.card(lid).admin or 0),
                 ("EPIPHANES", abilities.evergetism_thm(data, lid))]
        thr = sum(v for _, v in parts)
        (face,) = check(state, thr, purpose="Evergetism", rule="5.10.3", parts=parts)
        if face <= thr:
            kd = state["kingdoms"][k]
            core.set_kingdom(state, k, dynastic_vp=frac_str(frac(kd.get("dynastic_vp", "0")) + 1))
            note(state, f"Monuments raised: the {k.title()} gain 1 Dynastic VP.", "5.10.3")
            alignment.refresh(data, state)
        else:
            note(state, "The works bring no glory.", "5.10.3")


def possible(data: RulesData, state: State, k: str, lid: str, action: str,
             shared: dict[str, Any] | None = None) -> bool:
    """May ``lid`` take the Administrative ``action`` now? ``shared``: a dict the caller
    keeps for this state and Kingdom (:func:`rules.hubris.activation.legal_actions`): what
    does not depend on the Leader is found once."""
    shared = {} if shared is None else shared
    if action == "taxes":
        if not leaders.has(data, lid, "admin"):
            return False
        if "taxes" not in shared:       # a Designation exists when one Satrapy may be taxed
            satrapies = state["satrapies"]   # may_tax of the Satrapies in play ``k`` Controls
            shared["taxes"] = any(
                not satrapies[s].get("ravaged") and not satrapies[s].get("taxes_increased")
                for s in core.controlled_components(state, data, k))
        return shared["taxes"]
    if action == "build":
        if not (leaders.has(data, lid, "admin") and
                core.treasury(state, k) >= abilities.squadron_price(data, lid, SQUADRON_PRICE)):
            return False
        if "build" not in shared:       # a shipyard to launch into and a Squadron in the pool
            kept = kingdom_facts.of_places(state, k)        # the shipyards read the Places
            site = kept.get("build site")
            if site is None:
                site = kept["build site"] = next(_build_sites(data, state, k, shared),
                                                 None) is not None
            shared["build"] = site and _pool_has_squadron(state, k)
        return shared["build"]
    if action == "evergetism":
        return core.treasury(state, k) >= EVERGETISM_PRICE and \
            state["leaders"][lid]["rotation"] == 0 and leaders.has(data, lid, "admin") and \
            lid in (core.king(state, k), core.chief_minister(state, k)) and \
            holds_capital(data, state, k)
    return False


def start(data: RulesData, state: State, k: str, lid: str, action: str) -> None:
    name = {"taxes": "raise-taxes", "build": "build-squadron", "evergetism": "evergetism"}
    push(state, name[action], kingdom=k, leader=lid, step="designate")
