"""The Turn (3.0) as a scenario shortens it (12.3: Decks -> Action -> Winter with automatic
Peace, then Victory), the Revenue Phase (3.3) and the Winter Quarters Phase (3.7)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.rng import pick
from rules.engine.state import frac

from . import alignment, core, kingdom_bid, rome, solitaire, tables, victory, wars, winter_peace
from .checks import check, margin
from .control import at_war_for_revenue, round_units
from .core import note
from .event_effects import winter
from .flow import Auto, pop, proc, push
from .names import name
from .names import phase as phase_name
from .numbers import round_half_away
from .rulesdata import RulesData

State = dict[str, Any]
PHASES = ("decks", "revenue", "roman-politics", "mercenaries", "action", "winter")


def skipped(state: State) -> set[str]:
    spec = state.get("scenario", {}).get("skip_phases") or []
    if isinstance(spec, dict):
        if "turn" in spec and int(spec["turn"]) != state.get("turn"):
            return set()        # 12.5: only its first Turn skips them
        spec = spec.get("phases", [])
    return set(spec)


@proc("game")
class GameFrame(Auto):
    """Bottom of the stack: runs the phases of each Turn until a Result."""

    def run(self, data, state, frame):
        alignment.refresh(data, state)
        if kingdom_bid.wanted(state) and not state["setup"].get("kingdom_bid_done"):
            kingdom_bid.start(state)            # 2.1.6: who plays which Kingdom, first
            return
        if state.get("setup", {}).get("royal_army_placement") and not frame.get("placed"):
            frame["placed"] = True
            for k in list(state["setup"]["royal_army_placement"]):
                if k in state["kingdoms"]:
                    push(state, "placement", kingdom=k)
            return
        phase = frame.get("next", state.get("phase") or "decks")
        if phase not in PHASES:
            phase = "decks"
        i = PHASES.index(phase)
        frame["next"] = PHASES[(i + 1) % len(PHASES)]
        if phase == "decks" and frame.get("started"):
            state["turn"] = state.get("turn", 1) + 1
        frame["started"] = True
        state["phase"] = phase
        if solitaire.takes_phase(data, state, phase):     # 12.5, 12.6: their own flow
            return
        if phase in skipped(state):
            note(state, f"The {phase_name(phase)} is skipped.", "12.3")
            return
        SEQUENCE[phase](data, state)


def _decks_preparation(data: RulesData, state: State) -> None:
    push(state, "decks")                        # 3.2: events.DecksPreparation


def _revenue_phase(data: RulesData, state: State) -> None:
    revenue(data, state)                        # 3.3: below


def _mercenaries_phase(data: RulesData, state: State) -> None:
    push(state, "mercenaries")                  # 3.5: mercenaries.MercenariesPhase


def _action_phase(data: RulesData, state: State) -> None:
    note(state, f"Turn {state.get('turn', 1)}: the Action Phase begins.", "3.6")
    push(state, "action-phase")                 # 3.6: events.ActionPhase


def _winter_quarters(data: RulesData, state: State) -> None:
    push(state, "winter", segment="pending")    # 3.7: Winter, below


#: the sequence of play (3.0): each Phase of a Turn, in the order of :data:`PHASES`, and
#: what starts it
SEQUENCE: dict[str, Callable[[RulesData, State], None]] = {
    "decks": _decks_preparation,                # 3.2 Decks Preparation
    "revenue": _revenue_phase,                  # 3.3 Revenue
    "roman-politics": rome.politics,            # 3.4 Roman Politics
    "mercenaries": _mercenaries_phase,          # 3.5 Mercenaries
    "action": _action_phase,                    # 3.6 Action
    "winter": _winter_quarters,                 # 3.7 Winter Quarters
}


@proc("placement")
class Placement:
    """Royal Army and Siege Train face-up to any Satrapy with an Aligned Place: at set-up
    (the scenario's rule, e.g. 12.1) and when Returning Home in Winter (3.7.5,
    ``frame["winter"]``)."""

    def prompt(self, data, state, frame):
        k = frame["kingdom"]
        ch = [Choice(f"place:{s}", name(s), target=s)
              for s in core.satrapies_in_play(state) if core.aligned_places(state, data, k, s)]
        if not ch:
            return None
        rule = "3.7.5" if frame.get("winter") else state["scenario"].get("section", "12.1")
        return Prompt(core.seat_of(state, k), "Place your Royal Army and Siege Train", ch,
                      "choose-space", rule)

    def apply(self, data, state, frame, choice):
        pop(state, frame)
        k, sat = frame["kingdom"], choice.split(":", 1)[1]
        for u in royal_units(state, k):
            core.set_unit(state, u, location=sat, face="up", owner=k)
        rule = "3.7.5" if frame.get("winter") else state["scenario"].get("section", "12.1")
        if not frame.get("winter"):
            state["setup"]["royal_army_placement"].remove(k)
        note(state, f"The {name(k)} Royal Army and Siege Train "
                    f"{'winter' if frame.get('winter') else 'deploy'} in {name(sat)}.", rule,
             where=sat)

    def run(self, data, state, frame):   # nowhere Aligned to go: they stay where they are
        pop(state, frame)
        if not frame.get("winter"):
            state["setup"]["royal_army_placement"].remove(frame["kingdom"])


def royal_units(state: State, k: str) -> list[str]:
    """The Royal Army and Siege Train of ``k`` that are in play (on the map, on a card or
    Dispersed)."""
    return [u for u in (f"{k}-royal-army", f"{k}-siege-train") if u in state["units"]
            and state["units"][u]["location"] not in ("offmap", "removed", "out-of-play")]


def revenue(data: RulesData, state: State) -> None:
    """3.3: tax base, halved At War, added to the Treasury; Ravaged/Taxes markers go."""
    alignment.refresh(data, state)
    for k in core.kingdoms(state):
        base = frac(state["derived"]["tax_base"].get(k, "0"))
        if at_war_for_revenue(state, k):
            base /= 2
        core.gain(state, k, round_half_away(base), "the Revenue Phase", "3.3")
    state["satrapies"] = {s: {**rec, "ravaged": False, "taxes_increased": False}
                          for s, rec in state["satrapies"].items()}
    tables.wrote(state, "satrapies", ("ravaged", "taxes_increased"))
    alignment.refresh(data, state)


@proc("winter")
class Winter(Auto):
    """3.7 in order: Pending, Peace, War Exhaustion, Victory, Returning Home, SD, Inflation,
    End of Turn."""

    def run(self, data, state, frame):
        seg = frame["segment"]
        special = {r["id"] if isinstance(r, dict) else r
                   for r in state.get("scenario", {}).get("special_rules") or []}
        auto_peace = "automatic-peace" in special or \
            state.get("scenario", {}).get("id") == "fourth-syrian-war"
        if seg == "pending":
            frame["segment"] = "peace"
            winter(data, state)
        elif seg == "peace":
            frame["segment"] = "exhaustion"
            if not auto_peace:
                winter_peace.start(state)          # 3.7.2, one frame per War
                return
            for key, value in sorted(state.get("wars", {}).items()):
                a, b = key.split("|")
                if value == "war" and a in core.kingdoms(state) and b in core.kingdoms(state):
                    wars.make_peace(state, a, b, "12.3")
        elif seg == "exhaustion":
            war_exhaustion(data, state)
            frame["segment"] = "victory"
        elif seg == "victory":
            res = victory.assess(data, state)
            if res is not None:
                state["result"] = res
                pop(state, frame)
                return
            frame["segment"] = "home"
        elif seg == "home":
            returning_home(data, state)
            frame["segment"] = "end"
            for k in reversed(core.kingdoms(state)):
                if royal_units(state, k):
                    push(state, "placement", kingdom=k, winter=True)
        else:
            state["sd_used"] = {}
            state["battles_fought"] = []       # the Battles of this Turn (3.7.2)
            state["places"] = {p: {**r, "sd": False} for p, r in state["places"].items()}
            tables.wrote(state, "places", ("sd",))
            for k in core.kingdoms(state):
                kd = state["kingdoms"][k]
                loss = round_half_away(Fraction(kd["treasury"], 2))
                kd["treasury"] -= loss
                note(state, f"Inflation: the {name(k)} lose {loss} T.", "3.7.7")
            for lid in list(state["leaders"]):
                rec = core.set_leader(state, lid, rotation=0)
                if lid.startswith("consul-"):       # Consuls stay with their Legions (3.7.5)
                    continue
                if rec["location"] not in ("hostage",):
                    for u in core.on_card(state, lid):
                        core.set_unit(state, u, location=rec["location"]
                                      if core.on_map_location(rec["location"]) else "dispersed")
                    rec["location"] = "court" if rec["location"] != "hostage" else "hostage"
                    if rec.get("role") == "strategos":
                        rec["role"] = None
            note(state, f"End of Turn {state.get('turn', 1)}.", "3.7.8")
            pop(state, frame)


def war_exhaustion(data: RulesData, state: State) -> None:
    """3.7.3: a Kingdom At War checks its Chief Minister's Administration."""
    for k in core.kingdoms(state):
        foes = [e for e in core.kingdom_enemies(state, k)
                if e != "rome" or (rome.active(state) and rome.side(state) == "full")]
        n = len(foes)
        if not n:
            continue
        only_rome = foes == ["rome"]
        cm = core.chief_minister(state, k)
        admin = (data.card(cm).admin or 0) if cm else 0
        kg = core.king(state, k)
        renown = state["leaders"][kg]["renown"] if kg else 0
        thr = round_units(2 * (admin - (n - 1)) + renown, 2)    # counted in halves
        (face,) = check(state, thr, purpose=f"War Exhaustion of the {name(k)}", rule="3.7.3",
                        parts=[("Chief Minister's Administration and half the King's Renown, "
                                "rounded", thr + n - 1), ("other Wars", -(n - 1))])
        m = margin(thr, face)
        revolts = 0 if m >= 2 else 1 if m >= 0 else 2
        if m <= -2 and not only_rome:      # no VP lost when only At War with Rome
            kd = state["kingdoms"][k]
            core.set_kingdom(state, k, dynastic_vp=str(frac(kd.get("dynastic_vp", "0")) - 1))
            note(state, f"War Exhaustion costs the {name(k)} 1 Dynastic VP.", "3.7.3")
        sats = [s for s in core.satrapies_in_play(state) if core.aligned_places(state, data, k, s)]
        for _ in range(revolts if m != -1 else 2):
            if not sats:
                break
            s = pick(state, sats, purpose="War Exhaustion Satrapy", rule="3.7.3", show=name)
            sats.remove(s)
            places = core.aligned_places(state, data, k, s)
            if places:
                alignment.revolt(data, state, pick(state, places, purpose="Revolt Place",
                                                   rule="3.7.3", show=name), "3.7.3")


def returning_home(data: RulesData, state: State) -> None:
    """3.7.5, automatic part: every Unit, Dispersed ones included, returns home. Military
    Colonists go face-down to their Home Satrapy, Mercenaries face-down near theirs (their
    first Home, 12.1), Squadrons in a non-Friendly Sea are destroyed. The Royal Army and
    Siege Train are placed by their owner afterwards (the ``placement`` prompt); Units in the
    Second Punic War box stay. Minor Units and Consuls are not in play in 12.3."""
    for u, r in sorted(state["units"].items()):
        if r["type"] == "minor-squadron" and r["location"] == "offmap":
            r = core.set_unit(state, u, location="banner", owner=None)   # rebuilt (3.7.5)
        if r["location"] in ("offmap", "removed", "out-of-play", "spw"):
            continue
        if r["type"] in ("colonist", "mercenary"):
            home = core.HOMES.get(u, (r["location"],))[0]
            r = core.set_unit(state, u, location=home, face="down", owner=None)
        elif r["type"] in ("minor", "minor-squadron") and r["location"] != "banner":
            # to the Banner; an Allied Minor's Units go home from there (2.13.10, 3.7.5)
            r = core.set_unit(state, u, location="banner", owner=None,
                              face="up" if r["type"] == "minor-squadron" else "down")
        elif core.is_naval(state, u) and r["location"].startswith("leader:"):
            r = core.set_unit(state, u, location=core.where_is(state, u))
        if core.is_naval(state, u) and r["location"] in state.get("seas", {}):
            if r["owner"] in state["kingdoms"] and \
                    not core.friendly_sea(state, data, r["owner"], r["location"]):
                core.sink(state, u, "3.7.5")
    for lid, rec in list(state["leaders"].items()):
        if lid.startswith("consul-") and rec["location"] != "italia" and \
                not core.controls(state, "rome", rec["location"]):
            core.set_leader(state, lid,
                            location=consul_winter_quarters(data, state, rec["location"]))
    note(state, "Units return home for the winter.", "3.7.5")


def consul_winter_quarters(data: RulesData, state: State, where: str) -> str:
    """3.7.5: a Consul outside Roman Control winters in a Roman-Controlled Satrapy with a
    Land Path from where he stands, the nearest by borders crossed (ties by name); ITALIA
    if there is none."""
    import networkx as nx  # late: heavy, optional; start-up never loads it

    if where not in data.satrapies:
        return "italia"
    comp = core.controlled_components(state, data, "rome")
    homes = [s for s in core.satrapies_in_play(state) if core.controls(state, "rome", s)
             and core.land_path(state, data, "rome", where, s, comp)]
    if not homes:
        return "italia"
    g = nx.Graph(data.land_edges)
    dist = nx.single_source_shortest_path_length(g, where) if where in g else {}
    return min(homes, key=lambda s: (dist.get(s, len(g)), s))
