"""Leader Special Abilities (2.2.2): every ability of the Leader cards.

Ability ids are those of ``assets/hubris/leaders.yaml`` (``abilities``); the cards are not in
the rulebook, so all but EGYPTIAN PHALANX (named in 2.13.5 and 12.3) are reconstructed from
history there and marked. A mandatory ability applies whenever it can (2.2.2 IMPORTANT).

* P1 ROYAL PHALANX: +1 Battle Rating leading a Land Battle where the Machimoi fight for him.
* P2 EGYPTIAN PHALANX: an Activation, once per game: the Machimoi enter face-down in DELTA.
* P3 TURNCOAT: after each of his Actions, outshining his King, he Checks Loyalty or Defects
  (:mod:`rules.hubris.defection`).
* P5 REGENT: becomes Chief Minister when his King is removed from play.
* S4 ANABASIS: his Forces pay no Border Supply Cost (5.2.3).
* S6 QUARTERMASTER: +1 THM on his Raise Additional Taxes Checks (5.8.3).
* S7 ROYAL ENVOY: +1 THM on his Envoy Checks (5.5.3).
* U3 CONDOTTIERE: Mercenaries join his Muster without the hiring fee (5.2.2).
* M6 LEMBOI: his Build Naval Squadron costs 6 T, not 8 (5.9).
* M8 RAIDER: a Naval Campaign he leads may Plunder five Coastal Satrapies, not four (5.3.5).
* M12 FRIEND OF ROME: +1 THM on his Lobbying (5.6.3) and Forestall (8.6.1) Checks.
* S3 SATRAP OF MEDIA: Rebelling At Court, he rises in MEDIA if it holds a Seleucid Garrison
  (2.2.10, :mod:`rules.hubris.rebels`).
* S5 USURPER: his Rebellion's join rolls succeed on Renown + 2 (2.2.10).
* S9 NAVARCH: the Squadrons he leads Strike at +1 THM, not added to an Elite's +1 (7.2.1).
* S13 EPIPHANES: +1 THM on his Evergetism Checks (5.10.3).
* S14 REGICIDE: a King Heliodoros plots against gets no +1 THM (4.6,
  :mod:`rules.hubris.courts`).
* U4 DISTRUSTED: never Strategos of a Force with his Kingdom's Royal Army (5.2.2, 2.3.5, 6.1).
* U6 SCHEMER: while Pergamon holds a Roman Alliance, +1 to the Roman Aggression roll of each
  Kingdom with an Aligned Place in MYSIA, IONIA or LYDIA-PHRYGIA (8.2.1).

Optional abilities ("may") that only lower a price or allow one more optional step (LEMBOI,
RAIDER's fifth Plunder, itself a choice) are always applied: declining them gains nothing
(ruling R85).
"""

from __future__ import annotations

from typing import Any

from . import core
from .core import note
from .names import name
from .rulesdata import RulesData

State = dict[str, Any]

EGYPTIAN_PHALANX = "egyptian-phalanx"
ROYAL_PHALANX = "royal-phalanx"
TURNCOAT = "turncoat"
REGENT = "regent"
ANABASIS = "anabasis"
QUARTERMASTER = "quartermaster"
ROYAL_ENVOY = "royal-envoy"
CONDOTTIERE = "condottiere"
USURPER = "usurper"          # S5 Achaios (12.1/12.2): wider join rolls when he Rebels (2.2.10)
LEMBOI = "lemboi"
RAIDER = "raider"
FRIEND_OF_ROME = "friend-of-rome"
SATRAP_OF_MEDIA = "satrap-of-media"
NAVARCH = "navarch"
EPIPHANES = "epiphanes"
REGICIDE = "regicide"
DISTRUSTED = "distrusted"
SCHEMER = "schemer"
SCHEMER_SATRAPIES = ("mysia", "ionia", "lydia-phrygia")
MACHIMOI = "machimoi"


def has_ability(data: RulesData, lid: str | None, ability: str) -> bool:
    """Does the Leader's card carry ``ability``?"""
    return bool(lid) and lid in data.leaders and ability in data.card(lid).abilities


# --- P2 Sosibios: EGYPTIAN PHALANX (2.13.5, 12.3) -------------------------------------------
def phalanx_possible(data: RulesData, state: State, k: str, lid: str) -> bool:
    """Sosibios may spend an Activation to bring in the Machimoi, once, if they are off-map."""
    unit = state["units"].get(MACHIMOI)
    return (has_ability(data, lid, EGYPTIAN_PHALANX) and unit is not None
            and unit["location"] == "offmap" and core.sat_in_play(state, "delta")
            and EGYPTIAN_PHALANX not in state.get("abilities_used", []))


def egyptian_phalanx(data: RulesData, state: State, k: str, lid: str) -> None:
    """The Machimoi Military Colonists enter play face-down in their Home, DELTA (2.13.5)."""
    core.set_unit(state, MACHIMOI, type="colonist", location="delta", face="down", owner=None)
    state.setdefault("abilities_used", []).append(EGYPTIAN_PHALANX)
    note(state, f"{data.card(lid).name} levies the Egyptian phalanx: the Machimoi enter play "
                "face-down in DELTA.", "2.13.5", seat=core.seat_of(state, k), where="delta")


# --- P1 Ptolemaios IV: ROYAL PHALANX (7.1.1) --------------------------------------------------
def battle_modifiers(data: RulesData, state: State, lid: str | None,
                     troops: list[str]) -> list[dict[str, Any]]:
    """Battle Rating modifiers from the leading Leader's abilities, as ``{label, value, rule}``."""
    out = []
    if has_ability(data, lid, ROYAL_PHALANX) and MACHIMOI in troops:
        out.append({"label": "ROYAL PHALANX: the King leads the Machimoi", "value": 1,
                    "rule": "7.1.1"})
    return out


# --- S4 Antiochos III: ANABASIS (5.2.3) -------------------------------------------------------
def pays_border_costs(data: RulesData, lid: str) -> bool:
    """Does a Force led by ``lid`` pay Border Supply Costs (all but ANABASIS)?"""
    return not has_ability(data, lid, ANABASIS)


# --- S6 Zeuxis, S7 Antipatros: Check modifiers ---------------------------------------------
def taxes_thm(data: RulesData, lid: str) -> int:
    return 1 if has_ability(data, lid, QUARTERMASTER) else 0


def envoy_thm(data: RulesData, lid: str) -> int:
    return 1 if has_ability(data, lid, ROYAL_ENVOY) else 0


# --- U3 Skopas: CONDOTTIERE (5.2.2) -----------------------------------------------------------
def hiring_fee(data: RulesData, lid: str, fee: int) -> int:
    return 0 if has_ability(data, lid, CONDOTTIERE) else fee


# --- P5 Agathokles: REGENT (2.3.3) -------------------------------------------------------------
def regent_takes_office(data: RulesData, state: State, k: str) -> None:
    """On the King's removal a Regent in the Court becomes Chief Minister at once."""
    kd = state["kingdoms"][k]
    for lid, rec in sorted(state["leaders"].items()):
        if rec["court"] != k or not has_ability(data, lid, REGENT) or kd.get("king") == lid:
            continue
        old = kd.get("chief_minister")
        if old == lid:
            return
        if old in state["leaders"]:
            core.set_leader(state, old, role=None)
        kd["chief_minister"] = lid
        core.set_leader(state, lid, role="chief-minister")
        note(state, f"REGENT: {data.card(lid).name} seizes the regency and becomes Chief "
                    f"Minister of the {name(k)}.", "2.3.3", seat=core.seat_of(state, k))
        return


# --- M6 Philippos V: LEMBOI (5.9) --------------------------------------------------------------
def squadron_price(data: RulesData, lid: str, price: int) -> int:
    """The Build Naval Squadron price (5.9.1) when ``lid`` takes the Action."""
    return 6 if has_ability(data, lid, LEMBOI) else price


# --- M8 Dikaiarchos: RAIDER (5.3.5) -----------------------------------------------------------
def naval_plunders(data: RulesData, lid: str | None, limit: int) -> int:
    return limit + 1 if has_ability(data, lid, RAIDER) else limit


# --- M12 Demetrios: FRIEND OF ROME (5.6.3, 8.6.1) ---------------------------------------------
def senate_thm(data: RulesData, lid: str) -> int:
    return 1 if has_ability(data, lid, FRIEND_OF_ROME) else 0


# --- S9 Polyxenidas: NAVARCH (7.2.1) -----------------------------------------------------------
def navarch_thm(data: RulesData, lid: str | None) -> int:
    """+1 to each Squadron of his Force; an Elite Squadron keeps its own +1 only."""
    return 1 if has_ability(data, lid, NAVARCH) else 0


# --- S13 Antiochos IV: EPIPHANES (5.10.3) -------------------------------------------------------
def evergetism_thm(data: RulesData, lid: str) -> int:
    return 1 if has_ability(data, lid, EPIPHANES) else 0


# --- U4 Hannibal: DISTRUSTED ------------------------------------------------------------------
def may_lead(data: RulesData, lid: str | None, units: list[str]) -> bool:
    """May ``lid`` be Strategos of a Force holding ``units``? Not with a Royal Army if he is
    DISTRUSTED."""
    return not (has_ability(data, lid, DISTRUSTED)
                and any(u.endswith("-royal-army") for u in units))


# --- U6 Eumenes II: SCHEMER (8.2.1) -------------------------------------------------------------
def schemer_bonus(data: RulesData, state: State, k: str) -> int:
    """+1 to ``k``'s Aggression roll while a SCHEMER is in play, Pergamon holds a Roman
    Alliance and ``k`` has an Aligned Place in MYSIA, IONIA or LYDIA-PHRYGIA."""
    if not any(has_ability(data, lid, SCHEMER) for lid in state["leaders"]):
        return 0
    perg = state["places"].get("pergamon") or {}
    if perg.get("power") != "rome" or perg.get("marker") != "alliance":
        return 0
    return 1 if any(core.aligned_places(state, data, k, s) for s in SCHEMER_SATRAPIES
                    if s in state["satrapies"]) else 0
