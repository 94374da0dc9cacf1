"""Leader Special Abilities (2.2.2) of the Leaders in play in scenario 12.3.

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
    state["units"][MACHIMOI].update(type="colonist", location="delta", face="down", owner=None)
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
def border_cost(data: RulesData, lid: str, a: str, b: str) -> int:
    """The Border Supply Cost a Force led by ``lid`` pays between ``a`` and ``b``."""
    return 0 if has_ability(data, lid, ANABASIS) else data.border_cost(a, b)


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
            state["leaders"][old]["role"] = None
        kd["chief_minister"] = lid
        rec["role"] = "chief-minister"
        note(state, f"REGENT: {data.card(lid).name} seizes the regency and becomes Chief "
                    f"Minister of the {name(k)}.", "2.3.3", seat=core.seat_of(state, k))
        return
