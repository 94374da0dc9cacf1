"""Rebels and Rebellion (2.1.2, 2.2.10, 2.9): a Leader who Rebels founds (or joins) a Rebel
faction, a non-player Power with its own Alignment markers, Units and Court.

* :func:`rebel` — 2.2.10: where he rises (on the map where he stands; At Court in a random
  Satrapy with a Garrison of his Kingdom away from his King), the join rolls of the Adjacent
  Satrapies (die <= Renown + 1), his card leaves the Court, he keeps the Units on it; then
  :func:`install` (2.9.2).
* :func:`defend` — 2.9.1: the Rebel always defends itself (automatic Emergency Muster); the
  details (Emergency Strategos, Withdrawal, Hits) go to the handler's seat
  (:func:`assign_handler`, read by ``core.seat_of``).
* :func:`settle` — 2.9.3: eliminated as soon as no Unit is on his card nor a Garrison is his;
  run before every decision (``flow.SETTLE``).
* :func:`contest_succession` — 2.9.5: a Rebel of the Royal Family may take the throne.
* 2.9.4 (−2 Dynastic VPs per original Capital held) is in ``control.dynastic_vp``.

A faction's power id is ``rebel:<head>`` (``core.rebel_power``): Places carry
``power: "rebel", rebel: <head>``; its Units are owned by ``rebel:<head>``; its Leaders have
``court: "rebel", rebel: true, faction: <head>, of: <Kingdom>``; ``state["rebels"][head]``
holds ``of`` and the ``handler`` Kingdom. Rulings R23-R30 (docs/hubris-rulings.md).
"""

from __future__ import annotations

from typing import Any

from rules.engine.names import needs
from rules.engine.rng import pick, roll

from . import abilities, alignment, core, leaders, tables
from .checks import check, margin
from .core import DEFAULT_KING_SATRAPY, HOMES, note
from .flow import Check, add_check
from .names import ADJECTIVES, name, the
from .numbers import round_half_away
from .rulesdata import RulesData

State = dict[str, Any]


def members(state: State, head: str) -> list[str]:
    return core.leaders_of(state, core.rebel_power(head))


def faction_in(data: RulesData, state: State, sat: str, k: str) -> str | None:
    """The head of a Rebel faction against ``k`` holding markers in ``sat`` (2.2.10)."""
    for p in data.satrapies[sat].places:
        rec = state["places"].get(p) or {}
        head = rec.get("rebel")
        if rec.get("power") == "rebel" and (state.get("rebels", {}).get(head) or {}).get("of") == k:
            return head
    return None


# --- 2.2.10 Rebellion ---------------------------------------------------------------------
def may_rebel(data: RulesData, state: State, lid: str) -> bool:
    """Replacement Leaders never Rebel (2.2.11); nor a King (he has no King to rise against),
    a Hostage, or a Leader not in a Kingdom's Court."""
    rec = state["leaders"].get(lid)
    if rec is None or rec.get("rebel") or data.card(lid).replacement:
        return False
    k = rec["court"]
    if k not in state["kingdoms"] or rec["location"] == "hostage":
        return False
    return state["kingdoms"][k].get("king") != lid


def king_satrapy(state: State, k: str) -> str:
    """Where the King is: his block's Satrapy, else (not on the map, or a regency: ruling
    R24) the default SELEUKIS / DELTA / MAKEDONIA (2.2.10)."""
    kg = core.king(state, k)
    if kg and kg in state["leaders"]:
        loc = state["leaders"][kg]["location"]
        if core.sat_in_play(state, loc):
            return loc
    return DEFAULT_KING_SATRAPY[k]


def rising_candidates(data: RulesData, state: State, k: str) -> list[str]:
    """Satrapies in play holding a Garrison of ``k``, the King's excepted (2.2.10)."""
    ks = king_satrapy(state, k)
    out = []
    for s in core.satrapies_in_play(state):
        if s == ks:
            continue
        if any(core.aligned(state, p, k) and state["places"][p].get("marker") == "garrison"
               for p in data.satrapies[s].places):
            out.append(s)
    return out


def join_threshold(data: RulesData, state: State, lid: str) -> int:
    """A Satrapy joins on a die <= Renown + 1 (2.2.10); USURPER (S5) + 2."""
    bonus = 2 if abilities.has_ability(data, lid, abilities.USURPER) else 1
    return state["leaders"][lid]["renown"] + bonus


def rebel(data: RulesData, state: State, lid: str, why: str, rule: str = "2.2.10") -> bool:
    """``lid`` Rebels against his Kingdom (2.2.10, then 2.9.2). False if he may not."""
    if not may_rebel(data, state, lid):
        return False
    rec = state["leaders"][lid]
    k, where = rec["court"], rec["location"]
    who = leaders.label(data, lid)
    if core.sat_in_play(state, where):
        sat = where
    else:                                   # At Court (a Leader at sea too: ruling R24)
        cands = rising_candidates(data, state, k)
        if not cands:
            note(state, f"{who} finds no Satrapy to raise against {the(k)}: he flees "
                        "and is removed from play.", "2.2.10")
            leaders.remove_leader(data, state, lid, "a Rebellion without a base", rule)
            return True
        if abilities.has_ability(data, lid, abilities.SATRAP_OF_MEDIA) and "media" in cands:
            sat = "media"                   # SATRAP OF MEDIA (S3) rises in his satrapy
        else:
            sat = pick(state, cands, purpose=f"Satrapy where {who} Rebels", rule="2.2.10",
                       show=name)
    head = faction_in(data, state, sat, k)
    note(state, f"{who} Rebels against {the(k)} in {core.title_of(sat)}: {why}.",
         rule, where=sat)
    joined = [sat]
    if head:
        note(state, f"{core.title_of(sat)} is already in Rebellion: {who} joins the Rebel "
                    f"Court of {name(head)} (no rolls).", "2.2.10", where=sat)
    else:
        head = lid
        thr = join_threshold(data, state, lid)
        for s in data.neighbours(sat):
            if not core.sat_in_play(state, s) or not core.aligned_places(state, data, k, s):
                continue
            (face,) = roll(state, purpose=f"does {core.title_of(s)} join {who}? "
                                          f"({needs(thr, [('Rebellion', thr)])})",
                           rule="2.2.10")
            if face <= thr:
                joined.append(s)
                note(state, f"{core.title_of(s)} joins the Rebellion.", "2.2.10", where=s)
        state.setdefault("rebels", {})[head] = {"of": k, "handler": None}
        tables.wrote(state, "rebels")
    power = core.rebel_power(head)
    # his card leaves the Court (2.2.10, 2.3.3): the Chief Minister's office falls vacant
    kd = state["kingdoms"][k]
    if kd.get("chief_minister") == lid:
        kd["chief_minister"] = None
    core.set_leader(state, lid, court="rebel", rebel=True, faction=head, of=k, role=None,
                    location=sat)
    for u in core.on_card(state, lid):           # he keeps every Unit on his card (2.2.10)
        core.set_unit(state, u, owner=power, face="up")
    install(data, state, head, k, joined, lid)
    if not core.at_war(state, power, k):
        state.setdefault("wars", {})[core.war_key(power, k)] = "war"     # ruling R26
        note(state, f"The Rebels of {name(head)} are At War with {the(k)}.", "2.9")
    assign_handler(data, state, power)
    leaders.fill_court(data, state, k)
    leaders.need_cm(data, state, k)
    alignment.refresh(data, state)
    return True


# --- 2.9.2 Installation -------------------------------------------------------------------
def install(data: RulesData, state: State, head: str, k: str, sats: list[str],
            lid: str) -> None:
    """2.9.2: the Kingdom's markers in ``sats`` become the Rebel's (SD markers stay); his card
    takes the Military Colonists whose Home he Controls (face-up in the Kingdom's employ or
    Dispersed, ruling R25) and the Kingdom's face-up Mercenaries off-card in his Satrapies.
    A Kingdom's Leader whose card is emptied stays on the map (2.2.1)."""
    power = core.rebel_power(head)
    for s in sats:
        for p in data.satrapies[s].places:
            rec = state["places"][p]
            if core.place_power(rec) == k and not rec.get("revolt"):
                core.set_place(state, p, power="rebel", rebel=head)
                note(state, f"{name(p)}: the {ADJECTIVES[k]} {rec['marker']} becomes a Rebel "
                            f"{rec['marker']}.", "2.9.2", where=p)
    alignment.refresh(data, state)
    card = core.card_of(lid)
    taken = []
    for u, r in sorted(state["units"].items()):
        if r["type"] == "colonist":
            home = HOMES.get(u, (None,))[0]
            employed = r["face"] == "up" and r["owner"] == k
            if home and core.controls(state, power, home) and \
                    (employed or r["location"] == "dispersed"):
                taken.append(u)
        elif r["type"] == "mercenary" and r["face"] == "up" and r["owner"] == k and \
                r["location"] in data.satrapies and core.controls(state, power, r["location"]):
            taken.append(u)
    for u in taken:
        core.set_unit(state, u, location=card, owner=power, face="up")
        note(state, f"{name(u)} goes over to the Rebel {name(head)}.", "2.9.2")


# --- 2.9.1 Handling -----------------------------------------------------------------------
def campaigning_against(state: State, power: str) -> set[str]:
    """Kingdoms whose Campaign now under way targets the Rebel (2.9.1)."""
    out = set()
    for f in state.get("stack", []):
        if f.get("proc") != "campaign" or not f.get("target"):
            continue
        ann = (f.get("announced") or {}).get("powers", [])
        if power in ann or core.at_war(state, f["kingdom"], power) and \
                core.controls(state, power, f["target"]):
            out.add(f["kingdom"])
    return out


def assign_handler(data: RulesData, state: State, power: str) -> str:
    """2.9.1: the lowest-VP player Kingdom not Campaigning against the Rebel; ties: not his
    Kingdom of origin; then a die roll. Stored until the next assignment (ruling R27)."""
    alignment.refresh(data, state)
    cands = core.default_handler(state, power, tuple(sorted(campaigning_against(state,
                                                                                power))))
    k = cands[0] if len(cands) == 1 else pick(state, cands, purpose="Rebel handler", show=name,
                                              rule="2.9.1")
    rec = state["rebels"][core.rebel_head(power)]
    if rec.get("handler") != k:
        note(state, f"The {name(k)} handle the {name(power)}.", "2.9.1",
             seat=core.seat_of(state, k))
    rec["handler"] = k
    return k


def defend(data: RulesData, state: State, power: str, sat: str) -> None:
    """2.9.1 / 6.1: the Rebel always Emergency Musters the face-down Military Colonists in a
    Target Satrapy it Controls (2.9.2 last bullet)."""
    if not core.controls(state, power, sat):
        return
    for u, r in sorted(state["units"].items()):
        if r["location"] == sat and r["face"] == "down" and r["type"] == "colonist":
            core.set_unit(state, u, face="up", owner=power)
            note(state, f"{name(u)} Emergency Muster for the {name(power)}.",
                 "6.1",
                 where=sat)


# --- 2.9.3 Elimination --------------------------------------------------------------------
def garrisons(state: State, head: str) -> list[str]:
    return sorted(p for p, r in state["places"].items() if r.get("power") == "rebel"
                  and r.get("rebel") == head and r.get("marker") == "garrison")


def doomed(state: State, head: str) -> bool:
    """2.9.3: no Unit on his card nor Garrison Aligned with him (or no Leader left, R28)."""
    lids = members(state, head)
    if not lids:
        return True
    cards = {core.card_of(lid) for lid in lids}
    return not any(r["location"] in cards for r in state["units"].values()) and not any(
        r.get("power") == "rebel" and r.get("rebel") == head and r.get("marker") == "garrison"
        for r in state["places"].values())


def eliminate(data: RulesData, state: State, head: str, why: str) -> None:
    """2.9.3: his markers revert to the Kingdom, his Land Units are Dispersed (returned to the
    Kingdom's ownership) and his Leaders leave play (ruling R28)."""
    rec = state["rebels"].pop(head)
    tables.wrote(state, "rebels")
    k, power = rec["of"], core.rebel_power(head)
    note(state, f"The Rebellion of {name(head)} is crushed: {why}.", "2.9.3")
    revert(data, state, head, k, disperse=True)
    for lid in members(state, head):
        del core.own_table(state, "leaders")[lid]
        state.setdefault("removed_leaders", []).append(lid)
        note(state, f"{leaders.label(data, lid)} is removed from play.", "2.9.3")
    state.get("wars", {}).pop(core.war_key(power, k), None)
    for key in [w for w in state.get("wars", {}) if power in w.split("|")]:
        del state["wars"][key]
    alignment.refresh(data, state)


def revert(data: RulesData, state: State, head: str, k: str, disperse: bool) -> None:
    """Rebel markers -> the Kingdom's (SD markers stay); the Rebel's Units -> the Kingdom's,
    Land Units Dispersed when ``disperse`` (2.9.3), kept where they are otherwise (2.9.5)."""
    power = core.rebel_power(head)
    for p, r in sorted(state["places"].items()):
        if r.get("power") == "rebel" and r.get("rebel") == head:
            core.set_place(state, p, power=k, rebel=None)
            note(state, f"{name(p)} returns to {the(k)} ({r['marker']}).", "2.9.3", where=p)
    for u, r in sorted(state["units"].items()):
        if r["owner"] != power:
            continue
        r = core.set_unit(state, u, owner=k)
        if disperse and core.is_land(state, u):
            core.disperse(state, u, "2.9.3")
        elif r["location"].startswith("leader:") and disperse:
            core.set_unit(state, u, location=core.where_is(state, u))


def settle(data: RulesData, state: State) -> None:
    """Eliminate, as soon as it happens, every Rebel that meets 2.9.3."""
    if not state.get("rebels"):
        return
    for head in sorted(state["rebels"]):
        if head in state["rebels"] and doomed(state, head):
            why = "his last Leader is gone" if not members(state, head) else \
                "no Unit on his card and no Garrison left"
            eliminate(data, state, head, why)


add_check(Check(settle, watched=True))


# --- 2.9.5 Succession ---------------------------------------------------------------------
def royal_rebels(data: RulesData, state: State, k: str) -> list[str]:
    return [lid for lid, r in sorted(state["leaders"].items()) if r.get("rebel")
            and r.get("of") == k and data.card(lid).rank > 0
            and data.card(lid).affiliation == k]


def contest_succession(data: RulesData, state: State, k: str) -> bool:
    """2.9.5, when the King of ``k`` is removed. True if a Rebel took the throne."""
    rebels_ = royal_rebels(data, state, k)
    if not rebels_:
        return False
    loyal = [lid for lid in leaders.court(state, k) if data.card(lid).rank > 0
             and data.card(lid).affiliation == k
             and state["leaders"][lid]["location"] != "hostage"]
    royals_in_play = [lid for lid in state["leaders"] if data.card(lid).rank > 0
                      and data.card(lid).affiliation == k]
    if len(royals_in_play) == 1:
        crown(data, state, k, rebels_[0], None)
        return True
    best_rank = min((data.card(lid).rank for lid in loyal), default=None)
    eligible = [lid for lid in rebels_ if best_rank is None or data.card(lid).rank < best_rank]
    if not eligible:
        return False
    heir = min(loyal, key=lambda lid: data.card(lid).rank) if loyal else None
    rivals = eligible + ([heir] if heir else [])
    if len(rivals) == 1:                     # ruling R30: a lone eligible Rebel, no heir
        crown(data, state, k, rivals[0], None)
        return True
    while True:                              # re-roll ties (2.9.5)
        margins = {}
        for lid in rivals:
            thr = round_half_away(leaders.adjusted_intrigue(data, state, lid)) + \
                (1 if lid == heir else 0)
            (face,) = check(state, thr, purpose=f"succession: Intrigue of {name(lid)}",
                            rule="2.9.5", parts=[("Intrigue and half Renown", thr - (lid == heir)),
                                                 ("heir", 1 if lid == heir else 0)])
            margins[lid] = margin(thr, face)
        top = max(margins.values())
        best = [lid for lid in rivals if margins[lid] == top]
        if len(best) == 1:
            break
        note(state, "The claimants are tied: they roll again.", "2.9.5")
    winner = best[0]
    if winner == heir:
        note(state, f"{leaders.label(data, heir)} keeps the throne from the Rebels.", "2.9.5")
        return False
    crown(data, state, k, winner, heir)
    return True


def crown(data: RulesData, state: State, k: str, lid: str, beaten: str | None) -> None:
    """A Rebel becomes King (2.9.5): his markers and Units become the Kingdom's; his Rebel
    Court follows him (ruling R30); a Royal he beat in the duel is removed from play."""
    head = state["leaders"][lid].get("faction") or lid
    power = core.rebel_power(head)
    followers = members(state, head)
    note(state, f"{leaders.label(data, lid)}, a Rebel, takes the {ADJECTIVES[k]} throne.", "2.9.5")
    revert(data, state, head, k, disperse=False)
    for m in followers:
        core.set_leader(state, m, court=k, rebel=False, faction=None, of=k, role=None)
    state["rebels"].pop(head, None)
    tables.wrote(state, "rebels")
    for key in [w for w in state.get("wars", {}) if power in w.split("|")]:
        del state["wars"][key]
    kd = state["kingdoms"][k]
    if kd.get("chief_minister") == lid:
        kd["chief_minister"] = None
    kd["king"] = lid
    leaders.set_role(state, lid, "king")
    if beaten and beaten in state["leaders"]:
        leaders.remove_leader(data, state, beaten, "beaten by the Rebel claimant", "2.9.5")
    alignment.refresh(data, state)
