"""The solitaire scenarios 12.5 'Antiochos's Hubris' and 12.6 'The Dance of Ares': the
Seleucids alone against Rome and the Minor Powers.

The Solitaire Rules booklet is not in the text; its flow is reconstructed from 12.5, 12.6 and
section 8 (docs/hubris-rulings.md, "Solitaire scenarios", rulings S1-S12):

- no Event deck: the Action Phase is the scenario's fixed run of alternating Activations
  (a Seleucid Activation is the usual 5.1 prompt, a Roman one the usual 8.6.2 draw, decided
  by the Rome bot by the scenario's priorities, special rule 5);
- 12.5: the first Seleucid Activation is Antiochos III's Overseas Campaign to Greece, which
  Triggers Ev 39 'Aitolian Promises' (reconstructed: the Aitolians ally with the Seleucids
  and Rome goes to War, an Automatic Casus Belli that may be Forestalled, 8.6.1);
- the game ends at once with a Seleucid Defeat when they Surrender (Sardeis taken by Rome
  counts as a cause, special rule 2) and with a Seleucid Victory when they compel Rome to
  make Peace (8.7); otherwise the last Winter goes straight to the Victory check:
  Territorial VPs at or over the scenario's mark win, anything else is a draw.

The other modules call the small hooks below only when :func:`active`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.engine.rng import pick

from . import alignment, core, rome, rome_surrender
from .core import note
from .flow import Auto, Check, add_check, pop, proc, push
from .mapdata import load_map
from .names import name
from .names import phase as phase_name
from .rulesdata import RulesData

State = dict[str, Any]
SCENARIOS = ("antiochos-hubris", "dance-of-ares")
SELEUCIDS, ROME = "seleucids", "rome"
ANTIOCHOS = "S4"
SARDEIS = "sardeis"
AITOLIA = "aitolia"
MAKEDONIA = "makedonia"
PROPONTIS = "propontis"
#: the phases each Turn skips (12.5: Turn 6 begins with the Action Phase, Turn 7 has no
#: Roman Politics; 12.6 begins with the Mercenaries Phase); no Event deck (Decks phase) ever
SKIPS: dict[str, dict[int, frozenset[str]]] = {
    "antiochos-hubris": {6: frozenset({"decks", "revenue", "roman-politics", "mercenaries"}),
                         7: frozenset({"decks", "roman-politics"})},
    "dance-of-ares": {7: frozenset({"decks", "revenue", "roman-politics"})},
}
#: Seas Friendly to a Power at all times (12.5, 12.6)
ALWAYS_FRIENDLY: dict[str, dict[str, tuple[str, ...]]] = {
    "antiochos-hubris": {"pamphylion-pelagos": (SELEUCIDS,),
                         "aigyption-pelagos": (SELEUCIDS,), PROPONTIS: (ROME,)},
    "dance-of-ares": {"pamphylion-pelagos": (SELEUCIDS,), "aigyption-pelagos": (SELEUCIDS,),
                      "aigaion-pelagos": (ROME,), PROPONTIS: (ROME,)},
}
#: the Territorial VPs the Seleucids need at the end (12.5, 12.6 Victory)
VP_MARK = {"antiochos-hubris": 12, "dance-of-ares": 6}
#: 12.5 special rule 4: Minors Roman Diplomacy may not court
DIPLOMACY_IMMUNE = {"antiochos-hubris": ("aitolian-league",)}
#: Military Colonists set up off the map, Musterable from Turn 7 at an Origin with a Land Path
#: to KILIKIA (12.5, 12.6)
RESERVES = {"antiochos-hubris": ("katoikoi-lower-satrapies", "kataphraktoi"),
            "dance-of-ares": ("kataphraktoi",)}
RESERVE_TURN, KILIKIA = 7, "kilikia"
#: 12.6: new Roman Squadrons enter here (the Adrias is not in play)
SQUADRON_ENTRY = {"dance-of-ares": "aigaion-pelagos"}


def scenario(state: State) -> str | None:
    sid = (state.get("scenario") or {}).get("id")
    return sid if sid in SCENARIOS else None


def active(state: State) -> bool:
    return scenario(state) is not None


# --- the Turn -------------------------------------------------------------------------------
def takes_phase(data: RulesData, state: State, phase: str) -> bool:
    """The Game frame's hook: True when the solitaire flow has taken care of ``phase``."""
    sid = scenario(state)
    if sid is None:
        return False
    turn = state.get("turn", 1)
    if phase in SKIPS[sid].get(turn, frozenset()):
        note(state, f"The {_phase(phase)} is skipped in this scenario.",
             _section(state))
        return True
    if phase == "action":
        note(state, f"Turn {turn}: the Action Phase begins (alternating Activations, no "
                    "Event cards).", _section(state))
        push(state, "solo-action", order=activation_order(state), index=0)
        return True
    if phase == "winter" and turn >= state.get("last_turn", turn):
        push(state, "solo-victory")
        return True
    return False


def _phase(phase: str) -> str:
    return phase_name(phase)


def _section(state: State) -> str:
    return str((state.get("scenario") or {}).get("section", "12.5"))


def activation_order(state: State) -> list[str]:
    """The Powers Activating this Turn, alternately, the scenario's first Power first
    (12.5 special rule 1, 12.6 special rule 1)."""
    turn = state.get("turn", 1)
    spec = next((a for a in state["scenario"].get("activations", [])
                 if int(a["turn"]) == turn), None)
    if spec is None:
        return []
    first = spec["first"]
    second = ROME if first == SELEUCIDS else SELEUCIDS
    return [p for _ in range(int(spec["each"])) for p in (first, second)]


@proc("solo-action")
class SoloAction(Auto):
    """The Action Phase of a solitaire scenario: the fixed alternating Activations."""

    def run(self, data, state, frame):
        order = frame["order"]
        if frame["index"] >= len(order):
            note(state, "The last Activation is done: the Action Phase ends.", _section(state))
            pop(state, frame)
            return
        who = order[frame["index"]]
        frame["index"] += 1
        n = sum(1 for p in order[:frame["index"]] if p == who)
        note(state, f"Activation {n} of {name(who)}.", _section(state))
        if who == ROME:
            push(state, "roman-activation", card=None)
        elif _landing_due(state, n):
            push(state, "solo-landing")
        else:
            push(state, "activation", kingdom=SELEUCIDS, card=None)


def _landing_due(state: State, n: int) -> bool:
    return scenario(state) == "antiochos-hubris" and n == 1 and \
        state.get("turn") == state["scenario"].get("start_turn") and \
        not (state.get("solitaire") or {}).get("landed")


def greece(data: RulesData, state: State) -> list[str]:
    md = load_map()
    return [s for s in core.satrapies_in_play(state) if "greece" in md.satrapies[s].regions]


@proc("solo-ev39")
class AitolianPromises(Auto):
    """Ev 39, waiting below Antiochos's landing Campaign (ruling S5)."""

    def run(self, data, state, frame):
        pop(state, frame)
        aitolian_promises(data, state)


def aitolian_promises(data: RulesData, state: State) -> None:
    """Ev 39 'Aitolian Promises', Triggered (text not in the rulebook; reconstructed, ruling
    S5): the Aitolians, who called Antiochos to free Greece, ally with him (a Seleucid
    Alliance on Aitolia, their Heartland, unless it holds a Garrison), and Rome goes to War
    on the Seleucids (an Automatic Casus Belli, which they may Forestall, 8.6.1)."""
    pending = state.get("pending_events") or []
    if "ev39" in pending:
        pending.remove("ev39")
    if "ev-39" in pending:
        pending.remove("ev-39")
    note(state, "Ev 39 'Aitolian Promises' is Triggered: the Aitolians call Antiochos to free "
                "Greece.", "12.5")
    rec = state["places"].get(AITOLIA)
    if rec is not None and rec.get("marker") != "garrison":
        core.set_place(state, AITOLIA, power=SELEUCIDS, marker="alliance", revolt=False,
                       rebel=None)
        note(state, "Aitolia allies with the Seleucids.", "12.5", where=AITOLIA)
        alignment.refresh(data, state)
    rome.casus_belli(data, state, SELEUCIDS, None, "Antiochos III lands in Greece at the "
                     "Aitolians' call (Ev 39 'Aitolian Promises')", "12.5")


# --- Victory --------------------------------------------------------------------------------
def status_row(state: State) -> tuple[str, str]:
    """The status panel's reminder of the scenario's Victory (12.5, 12.6)."""
    mark = VP_MARK[scenario(state) or "antiochos-hubris"]
    return ("To win", f"{float(territorial(state)):g} of {mark} Territorial VPs at the end, "
                      "or force Rome to make Peace; a Surrender loses")


def territorial(state: State) -> Fraction:
    vp = (state.get("derived", {}).get("vp") or {}).get(SELEUCIDS) or {}
    return Fraction(str(vp.get("territorial", "0")))


def _result(state: State, winners: list[str], level: str, reason: str) -> None:
    t = territorial(state)
    score = int(t) if t.denominator == 1 else int(t + Fraction(1, 2))
    state["result"] = {"winners": winners, "reason": reason, "scores": {SELEUCIDS: score},
                       "level": level}
    note(state, f"{level}: {reason}.", _section(state))


@proc("solo-victory")
class SoloVictory(Auto):
    """The last Winter goes straight to Victory (12.5, 12.6)."""

    def run(self, data, state, frame):
        alignment.refresh(data, state)
        pop(state, frame)
        mark = VP_MARK[scenario(state) or "antiochos-hubris"]
        t = territorial(state)
        if t >= mark:
            _result(state, [SELEUCIDS], "Victory",
                    f"Seleucid Territorial VPs {float(t):g}, {mark} or more")
        else:
            _result(state, [], "Draw",
                    f"Seleucid Territorial VPs {float(t):g}, under {mark}; no Surrender, "
                    "no Peace forced on Rome")


CAMPAIGNS = ("campaign", "naval", "options", "land-battle", "naval-battle", "roman-campaign")


def settle_eumenes(data: RulesData, state: State) -> None:
    """Checked before every step, first of all: Eumenes (12.5 special rule 3, 12.6 special
    rule 4)."""
    if active(state) and not state.get("result"):
        _eumenes(data, state, state.setdefault("solitaire", {}))


def settle(data: RulesData, state: State) -> None:
    """Checked before every step, last of all: Sardeis (special rule 2) and the sudden ends
    (Surrender, Peace forced on Rome)."""
    if not active(state) or state.get("result"):
        return
    solo = state.setdefault("solitaire", {})
    busy = any(f.get("proc") in CAMPAIGNS for f in state.get("stack", []))
    kd = state["kingdoms"][SELEUCIDS]
    if not busy and rome.at_war(state, SELEUCIDS) and core.aligned(state, SARDEIS, ROME):
        rome_surrender.surrender(data, state, SELEUCIDS, "Rome has taken Sardeis (scenario special "
                                               "rule 2)")
    if int(kd.get("surrendered", 0)) > int(solo.setdefault("surrendered_at_start",
                                                          int(kd.get("surrendered", 0)))):
        _result(state, [], "Defeat", "the Seleucids Surrendered to Rome")
        return
    if rome.at_war(state, SELEUCIDS):
        solo["war"] = True
    elif solo.get("war") and (state.get("rome") or {}).get("truce", {}).get(SELEUCIDS):
        _result(state, [SELEUCIDS], "Victory", "the Seleucids compelled Rome to make Peace")


def _eumenes(data: RulesData, state: State, solo: dict[str, Any]) -> None:
    """Eumenes waits on the Pergamon Banner until the Consul against the Seleucids enters
    MYSIA, then joins his card; he is out of the game once the Seleucids take Pergamon."""
    rec = state["units"].get("eumenes")
    if rec is None or rec["location"] == "removed":
        return
    if core.aligned(state, "pergamon", SELEUCIDS):
        core.set_unit(state, "eumenes", location="removed", owner=None)
        note(state, "The Seleucids hold Pergamon: Eumenes is out of the game.",
             _section(state), where="mysia")
        return
    if solo.get("eumenes") == "joined":
        return
    lid = "consul-seleucids"
    if state["leaders"].get(lid, {}).get("location") == "mysia":
        solo["eumenes"] = "joined"
        core.set_unit(state, "eumenes", location=core.card_of(lid), owner=ROME, face="up")
        note(state, "The Consul enters MYSIA: Eumenes joins him.", _section(state),
             where="mysia")
    elif rec["location"] != "offmap":      # waiting on his Banner, out of the Minors' reach
        core.set_unit(state, "eumenes", location="offmap", owner=None, face="down")


add_check(Check(settle_eumenes, active))
add_check(Check(settle, active))


# --- hooks for Rome and the map ---------------------------------------------------------------
def always_friendly(state: State, power: str, sea: str) -> bool:
    sid = scenario(state)
    return bool(sid) and power in ALWAYS_FRIENDLY[sid].get(sea, ())


def diplomacy_immune(state: State) -> tuple[str, ...]:
    return DIPLOMACY_IMMUNE.get(scenario(state) or "", ())


def squadron_entry(state: State) -> str | None:
    return SQUADRON_ENTRY.get(scenario(state) or "")


def reserve_musterable(data: RulesData, state: State, k: str, u: str, origin: str) -> bool:
    """12.5, 12.6: may ``k`` Muster the off-map Colonist ``u`` at ``origin`` (ruling S9)?"""
    return k == SELEUCIDS and u in RESERVES.get(scenario(state) or "", ()) and \
        state.get("turn", 1) >= RESERVE_TURN and \
        core.land_path(state, data, k, origin, KILIKIA)


def roman_reach(data: RulesData, state: State, loc: str, base: list[str]) -> list[str]:
    """Where a Consul may step in a solitaire scenario (ruling S8): MAKEDONIA, out of play
    but Friendly to Rome, is a corridor to every Satrapy in play beside it (from ITALIA when
    no Adrias arrival route is in play, as in 12.6), and the Straits across a Sea always
    Friendly to Rome (the Propontis) may be crossed."""
    out = list(base)
    beyond = [s for s in data.neighbours(MAKEDONIA) if core.sat_in_play(state, s)]
    if loc == "italia":
        if not any(core.sat_in_play(state, s) for s in base):
            out += beyond
    elif MAKEDONIA in base:
        out += [s for s in beyond if s != loc]
    if loc in data.satrapies:
        out += [s for s, sea in data.straits_partners(loc) if always_friendly(state, ROME, sea)]
    return sorted(s for s in set(out) if core.sat_in_play(state, s))


def roman_priority(data: RulesData, state: State, foe: str, sat: str) -> tuple:
    """Special rule 5 (12.5, 12.6), the Rome bot's first keys for a Target: Antiochos III's
    Force, then Sardeis, then (12.5) Seleucid Control in Europe but AITOLIA-EPEIROS."""
    if foe != SELEUCIDS:
        return ()
    antiochos = state["leaders"].get(ANTIOCHOS, {}).get("location") == sat
    sardeis = data.places[SARDEIS].satrapy == sat and core.aligned(state, SARDEIS, SELEUCIDS)
    europe = scenario(state) == "antiochos-hubris" and sat != "aitolia-epeiros" and \
        "europe" in load_map().satrapies[sat].regions and core.controls(state, SELEUCIDS, sat)
    return (antiochos, sardeis, europe)


def diplomacy(data: RulesData, state: State) -> bool:
    """12.6 special rule 3: with Rhodes already a Roman Ally, a Diplomacy icon turns one
    random Seleucid Alliance into a Roman one. True when it did."""
    if scenario(state) != "dance-of-ares" or not core.aligned(state, "rhodos-city", ROME):
        return False
    allies = sorted(p for p, r in state["places"].items() if r.get("power") == SELEUCIDS
                    and r.get("marker") == "alliance")
    if not allies:
        return False
    p = pick(state, allies, purpose="Seleucid Alliance won over by Rome", rule="12.6",
             show=name)
    core.set_place(state, p, power=ROME, marker="alliance", revolt=False, rebel=None)
    note(state, f"Roman Diplomacy: {name(p)} turns from the Seleucids to Rome (Rhodes is a "
                "Roman Ally).", "12.6", where=p)
    alignment.refresh(data, state)
    return True
