"""The two-player game (section 10): the Ptolemies and the Seleucids against a Non-Player
Macedon that the rules run (New Game option ``players=2``).

Macedon stays in ``state["kingdoms"]`` with ``non_player: True``: it keeps its markers, its
King, its Royal Army, Siege Train and Squadrons, but it is no Kingdom (10.1: no VPs, no
Treasury, no Influence, never in an Activation Sequence; :func:`rules.hubris.core.kingdoms`
leaves it out). It acts only through the two alternate Recurrent Events of 10.4, whose roll
tables are not in the text: :data:`TABLES` is our reconstruction (docs/hubris-rulings.md,
"Two-player game"). A decision it needs is taken by the player with the fewest VPs (10.1,
:func:`decider`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine.game import Choice
from rules.engine.rng import roll

from . import alignment, core, event_cards, names, roman_war, rome, rome_surrender, upcalls, wars
from .battles import start_naval_battle
from .checks import check
from .core import note
from .envoy import eligible_places
from .flow import PROCS, Auto, Check, add_check, pop, proc, push
from .leaders import send_to_court
from .minors import MINOR_OF, status
from .reactions import kretikon_storm, open_interception
from .rulesdata import EventCard, RulesData
from .sieges import MAX_OPTIONS, declare, may_plunder, plunder, targetable

State = dict[str, Any]
NP = "macedon"
#: 10.3: the only Macedonian Leaders in play, Kings in turn
PHILIPPOS, PERSEUS = "M6", "M11"
PERSEUS_FROM = 9
#: 10.4: the two-player deck
ALTERNATES = {"ev-02": "alt-ev-02", "ev-04": "alt-ev-04"}
REMOVED_EVENTS = ("ev-16", "ev-18", "ev-42")
ANTIGONID_CRISIS = "ev-11"       # no Court, no Succession Crisis (10.3)
IMMEDIATE_ONLY = "ev-12"         # 'Social War': no Pending part (10.4)
ROME_DECLARES = "ev-34"          # 'Acarnanians Lynched in Athens': Rome declares War (10.4)
#: an ineffective result is rolled again (10.5); this many tries, then Macedon does nothing
MAX_TRIES = 12
#: a naval Campaign Plunders at most this many Satrapies (5.3.5)
MAX_NAVAL_PLUNDERS = 4

WHY = ("the roll table is printed on the card, which the rulebook does not carry; rebuilt "
       "from the 10.5 example, the fragment of the Non-Player Macedon aid and Philippos V's "
       "wars (docs/hubris-rulings.md, TP7)")
#: the two alternate cards (events.yaml ``alternates``; tests check they agree)
ALT_CARDS = {
    "alt-ev-02": EventCard("alt-ev-02", 2, "Clashing Ambitions", "recurrent",
                           sequence=("ptolemies", "seleucids", "rome"),
                           mechanic="ambitious-generals", active_turns=(1, 11),
                           source="rule 10.4, example 10.5"),
    "alt-ev-04": EventCard("alt-ev-04", 4, "Macedon Strikes", "recurrent",
                           sequence=("seleucids", "ptolemies", "rome"),
                           mechanic="spw-continuation", active_turns=(1, 11),
                           source="rule 10.4"),
}


@dataclass(frozen=True)
class Action:
    """One result of a Non-Player Macedon roll table (10.5)."""

    kind: str                    # campaign | envoy | naval
    where: tuple[str, ...]       # Satrapies by priority (a naval Campaign's: to Plunder)
    diplomacy: int = 0           # an Envoy's rating, given by the Event

    def describe(self) -> str:
        where = ", ".join(f"{i}. {names.name(w).upper()}" for i, w in enumerate(self.where, 1))
        if self.kind == "campaign":
            return f"Land Campaign of the King with the Royal Army and Siege Train: {where}"
        if self.kind == "envoy":
            return f"Macedonian Envoy with Diplomacy {self.diplomacy}: {where}"
        return f"Naval Campaign of the King with the Macedonian Squadrons, raiding {where}"


CAMPAIGN_GREECE = Action("campaign", ("thessalia", "boiotia-euboia", "peloponnesos",
                                      "aitolia-epeiros"))
CAMPAIGN_NORTH = Action("campaign", ("illyria", "thrake", "mysia", "ionia"))
ENVOY_EAST = Action("envoy", ("thrake", "mysia", "ionia", "rhodos"), diplomacy=4)
ENVOY_GREECE = Action("envoy", ("aitolia-epeiros", "peloponnesos", "boiotia-euboia", "krete"),
                      diplomacy=3)
#: naval Campaigns (TP12): the Satrapies across the sea the fleet raids, by priority; as
#: Philippos V's fleet did in the Aegean in 201 (the Kyklades, Samos, Karia) and along the
#: Straits in 202 (Lysimacheia, Perinthos, Kios)
NAVAL_AEGEAN = Action("naval", ("koinon-nesioton", "ionia", "rhodos", "lykia-pamphylia"))
NAVAL_STRAITS = Action("naval", ("thrake", "mysia", "bithynia", "ionia"))
#: where a Squadron called upon is put in play when Macedon has none at sea (10.5): the first
#: of these Seas Friendly to Macedon
FLEET_BASES = ("aigaion-pelagos", "propontis", "adrias")
#: reconstructed (the card tables are not in the text): 1d6 -> Action. Alt Ev 2 follows the
#: 10.5 example (a Campaign over THESSALIA, BOIOTIA-EUBOIA, PELOPONNESOS) and the fragment of
#: the aid (an Envoy with Diplomacy 4 over THRAKE, MYSIA, IONIA, RHODOS); Alt Ev 4 strikes
#: north and east, as Philippos V did in Illyria (217-213) and the Aegean (202-200). A 6 is
#: a naval Campaign (TP12): 10.5 speaks of Squadrons called upon by the Event.
TABLES: dict[str, dict[int, Action]] = {
    "alt-ev-02": {1: ENVOY_EAST, 2: ENVOY_EAST, 3: CAMPAIGN_GREECE, 4: CAMPAIGN_GREECE,
                  5: CAMPAIGN_GREECE, 6: NAVAL_AEGEAN},
    "alt-ev-04": {1: CAMPAIGN_NORTH, 2: CAMPAIGN_NORTH, 3: CAMPAIGN_NORTH, 4: ENVOY_GREECE,
                  5: ENVOY_GREECE, 6: NAVAL_STRAITS},
}
CARD_TEXT = {
    "alt-ev-02": "Two-player card (NP banner, 10.4). Non-Player Macedon acts first: 1d6 "
                 "(reconstructed table) 1-2 an Envoy with Diplomacy 4 to THRAKE, MYSIA, IONIA, "
                 "RHODOS; 3-5 the King Campaigns with the Royal Army and Siege Train in "
                 "THESSALIA, BOIOTIA-EUBOIA, PELOPONNESOS, AITOLIA-EPEIROS; 6 a naval Campaign of "
                 "the King raiding KOINON NESIOTON, IONIA, RHODOS, LYKIA-PAMPHYLIA. The first "
                 "listed Satrapy not Fully Controlled by Macedon is chosen; an ineffective "
                 "result is rolled again (10.5). Then Ambitious Generals (4.10).",
    "alt-ev-04": "Two-player card (NP banner, 10.4). Non-Player Macedon acts first: 1d6 "
                 "(reconstructed table) 1-3 the King Campaigns with the Royal Army and Siege "
                 "Train in ILLYRIA, THRAKE, MYSIA, IONIA; 4-5 an Envoy with Diplomacy 3 to "
                 "AITOLIA-EPEIROS, PELOPONNESOS, BOIOTIA-EUBOIA, KRETE; 6 a naval Campaign of the "
                 "King raiding THRAKE, MYSIA, BITHYNIA, IONIA (10.5). Then Second Punic War "
                 "Continuation (4.9).",
}


# --- reading the state ----------------------------------------------------------------------
def active(state: State) -> bool:
    """A two-player game: Macedon is the Non-Player (10.1)."""
    return core.non_player(state, NP)


def np_record(state: State) -> dict[str, Any]:
    return state["kingdoms"][NP]


def out_of_actions(state: State) -> bool:
    """10.5 IMPORTANT: after a second Surrender to Rome Macedon takes no more Actions."""
    kd = np_record(state)
    return int(kd.get("surrendered", 0)) >= 2 or bool(kd.get("eliminated"))


def fully_controlled(state: State, sat: str) -> bool:
    c = state.get("derived", {}).get("control", {}).get(sat)
    return bool(c and c["power"] == NP and c["level"] == "full")


def _lowest(state: State) -> list[str]:
    players = core.player_kingdoms(state)
    vp = state.get("derived", {}).get("vp", {})

    def total(k: str) -> int:
        return int((vp.get(k) or {}).get("total_rounded", 0))

    low = min((total(k) for k in players), default=0)
    return [k for k in players if total(k) == low]


def decider(state: State) -> str:
    """The player Kingdom deciding for Macedon now (10.1): the one with the fewest VPs when
    the last Macedonian Action began (a die on a tie, :func:`choose_decider`). A player never
    decides Macedon's side of a Campaign he leads himself: the other one does (ruling)."""
    players = core.player_kingdoms(state)
    k = np_record(state).get("decider")
    if k not in players:
        k = (_lowest(state) or players)[0]
    for f in reversed(state.get("stack") or []):
        if f.get("proc") == "campaign":
            if f.get("kingdom") == k:
                return next((o for o in players if o != k), k)
            break
    return k


def choose_decider(state: State) -> str:
    """10.1: the player with the fewest VPs decides for Macedon; a tie, a die roll."""
    low = _lowest(state)
    if len(low) > 1:
        (face,) = roll(state, purpose="who decides for Non-Player Macedon (1-3: the "
                                      f"{names.name(low[0])}, 4-6: the {names.name(low[1])})",
                       rule="10.1")
        k = low[0] if face <= 3 else low[1]
    else:
        k = low[0] if low else core.player_kingdoms(state)[0]
    np_record(state)["decider"] = k
    note(state, f"The {names.name(k)} (fewest VPs) decide for Non-Player Macedon.", "10.1")
    return k


# --- set-up and the start of each Turn (10.1-10.3) -----------------------------------------
def setup(state: State) -> None:
    """10.1-10.3 on a fresh three-Kingdom set-up: Macedon becomes the Non-Player."""
    turn = int(state.get("turn", 1))
    king = PERSEUS if turn >= PERSEUS_FROM else PHILIPPOS
    renown = (state["leaders"].get(king) or {}).get("renown", 0)
    core.set_kingdom(state, NP, player=False, non_player=True, seat=None, treasury=0,
                     dynastic_vp="0", senate="none", chief_minister=None, king=king,
                     decider=None)
    court = core.own_table(state, "leaders")
    for lid in [lid for lid, r in court.items() if r.get("court") == NP or lid.startswith("M")]:
        del court[lid]
    court[king] = _king_record(renown)
    core.set_satrapy(state, "makedonia", in_play=False)
    units = core.own_table(state, "units")
    for u in ("macedon-royal-army", "macedon-siege-train"):
        kind = u.removeprefix("macedon-")
        units[u] = {"type": kind, "owner": NP, "location": "offmap", "face": "up"}
    placing = state["setup"].get("royal_army_placement")
    if placing and NP in placing:
        placing.remove(NP)
    for k in state["kingdoms"]:
        if k != NP:
            state["wars"][core.war_key(NP, k)] = "war"
    note(state, f"Two-player game (section 10): Macedon is a Non-Player, at War with both "
                f"Kingdoms; {names.name(king)} is its King; MAKEDONIA is out of play.", "10.1")


def _king_record(renown: int = 0) -> dict[str, Any]:
    return {"court": NP, "location": "court", "role": "king", "rotation": 0,
            "renown": renown, "rebel": False, "of": NP}


def start_of_turn(data: RulesData, state: State) -> None:
    """10.1, 10.3 at Decks Preparation: Perseus succeeds Philippos V on Turn 9; the King
    (back in play if he fell) and his Royal Army and Siege Train wait off the map."""
    kd = np_record(state)
    turn = int(state.get("turn", 1))
    king = PERSEUS if turn >= PERSEUS_FROM else PHILIPPOS
    if out_of_actions(state):
        return
    if kd.get("king") != king or king not in state["leaders"]:
        old = kd.get("king")
        if old in state["leaders"] and old != king:
            del core.own_table(state, "leaders")[old]
            state.setdefault("removed_leaders", []).append(old)
        core.own_table(state, "leaders").setdefault(king, _king_record())
        kd["king"] = king
        why = (f"{names.name(old)} leaves play" if old and old != king
               else "Macedon always has its King")
        note(state, f"{names.name(king)} is King of Non-Player Macedon ({why}).", "10.3")
    core.set_leader(state, king, location="court", rotation=0, role="king")
    for u in [u for u, r in state["units"].items()
              if r["owner"] == NP and r["type"] in ("royal-army", "siege-train")
              and r["location"] != "removed"]:
        core.set_unit(state, u, location="offmap", face="up")


def deck(data: RulesData, state: State, cards: list[str]) -> list[str]:
    """10.4: Alt Ev 2 and Alt Ev 4 for Ev 2 and Ev 4; Ev 16, 18 and 42 (and the Antigonid
    Succession Crisis: no Court) out."""
    if not active(state):
        return cards
    out = [ALTERNATES.get(c, c) for c in cards
           if c not in (*REMOVED_EVENTS, ANTIGONID_CRISIS)]
    return out


def settle(data: RulesData, state: State) -> None:
    """Checked before every step: the 10.4 changes to Ev 12 and Ev 34, and no Antigonid
    Succession Crisis in the deck."""
    if not active(state):
        return
    pile = state.get("decks", {}).get("events", {}).get("draw") or []
    if ANTIGONID_CRISIS in pile:        # the decks are shared between states: a copy
        core.own_part(state, "decks")["events"]["draw"].remove(ANTIGONID_CRISIS)
        note(state, "Non-Player Macedon has no Court: no Antigonid Succession Crisis.", "10.3")
    pending = state.get("pending_events") or []
    if IMMEDIATE_ONLY in pending:
        pending.remove(IMMEDIATE_ONLY)
        note(state, "Ev 12 'Social War': the two-player game has no Pending effect.", "10.4")
    kd = np_record(state)
    if ROME_DECLARES in pending:
        pending.remove(ROME_DECLARES)
    if ROME_DECLARES in (state.get("resolved_events") or []) and not kd.get("ev34_done"):
        kd["ev34_done"] = True
        if rome.active(state) and not rome.at_war(state, NP) and not out_of_actions(state):
            rome.go_to_war(data, state, NP, "Ev 34 'Acarnanians Lynched in Athens' in the "
                                            "two-player game", "10.4")


add_check(Check(settle, active))


# --- Macedonian Actions (10.5) ---------------------------------------------------------------
def alt_event(data: RulesData, state: State, eid: str) -> None:
    """The text of Alt Ev 2 / Alt Ev 4: Non-Player Macedon acts before the Activations."""
    push(state, "np-action", card=eid, tries=0)


def ineffective(data: RulesData, state: State, act: Action) -> str | None:
    """Why ``act`` would do nothing now (10.5: then roll again), or None."""
    if act.kind == "campaign":
        if rome.active(state) and rome.at_war(state, NP):
            return "Macedon is At War with Rome, no Campaign (10.7)"
        if np_record(state).get("king") not in state["leaders"]:
            return "Macedon has no King in play"
        if not campaign_force(data, state):
            return "no Troop to Campaign with"
        if not campaign_target(data, state, act):
            return "every listed Satrapy is Fully Controlled by Macedon"
    elif act.kind == "envoy":
        if not envoy_target(data, state, act):
            return "no listed Satrapy has a Place to win"
    else:
        if rome.active(state) and rome.at_war(state, NP):
            return "Macedon is At War with Rome, no Campaign (10.7)"
        if np_record(state).get("king") not in state["leaders"]:
            return "Macedon has no King in play"
        if not fleet_seas(data, state):
            return "no Squadron at sea or in the pool, or no Friendly Sea"
        if not king_in_field(data, state) and not naval_plan(data, state, act):
            return "no listed Satrapy can be raided from a Friendly Sea"
    return None


def campaign_force(data: RulesData, state: State) -> list[str]:
    """The Troops of a Campaign (10.5): the Royal Army, or for a Dispersed one a face-down
    Regular Mercenary Macedon could hire; the Siege Train unless Dispersed."""
    units = state["units"]
    out = []
    army = units.get("macedon-royal-army")
    if army and army["location"] not in ("dispersed", "removed"):
        out.append("macedon-royal-army")
    elif army and army["location"] == "dispersed":
        merc = hireable_mercenaries(data, state)
        if merc:
            out.append(merc[0])
    if not out:
        return []
    train = units.get("macedon-siege-train")
    if train and train["location"] not in ("dispersed", "removed"):
        out.append("macedon-siege-train")
    return out


def hireable_mercenaries(data: RulesData, state: State) -> list[str]:
    """Face-down Regular (not Elite) Mercenaries on the map with a Home where Macedon holds
    an Aligned Place (3.5), by name."""
    out = []
    for u, r in sorted(state["units"].items()):
        if r["type"] != "mercenary" or r["face"] != "down" or core.is_elite(state, u) or \
                r["location"] not in state["satrapies"]:
            continue
        homes = core.HOMES.get(u, ())
        if any(core.sat_in_play(state, h) and core.aligned_places(state, data, NP, h)
               for h in homes):
            out.append(u)
    return out


def campaign_target(data: RulesData, state: State, act: Action) -> str | None:
    """10.5: where the King is, with a Force, if not Fully Controlled; else the first listed
    Satrapy in play not Fully Controlled by Macedon."""
    king = np_record(state).get("king")
    here = (state["leaders"].get(king) or {}).get("location")
    if here in state["satrapies"] and core.sat_in_play(state, here) and \
            core.on_card(state, king) and not fully_controlled(state, here):
        return here
    return next((s for s in act.where if core.sat_in_play(state, s)
                 and not fully_controlled(state, s)), None)


def envoy_target(data: RulesData, state: State, act: Action) -> str | None:
    return next((s for s in act.where if core.sat_in_play(state, s)
                 and not fully_controlled(state, s) and eligible_places(data, state, NP, s)),
                None)


def squadron_pool(state: State) -> list[str]:
    return sorted(u for u, r in state["units"].items() if r["type"] == "squadron"
                  and r["owner"] == NP and r["location"] == "offmap")


def squadrons_at_sea(data: RulesData, state: State) -> list[str]:
    return sorted(u for u, r in state["units"].items() if r["type"] == "squadron"
                  and r["owner"] == NP and r["location"] in data.seas)


def fleet_base(data: RulesData, state: State) -> str | None:
    """Where a Squadron called upon is put in play (10.5): the first Friendly base Sea."""
    return next((s for s in FLEET_BASES if core.friendly_sea(state, data, NP, s)), None)


def fleet_seas(data: RulesData, state: State) -> list[str]:
    """The Seas the fleet sails from: those holding Macedonian Squadrons, or the base Sea
    where one from the pool would be put in play (10.5)."""
    seas = sorted({state["units"][u]["location"] for u in squadrons_at_sea(data, state)})
    if not seas and squadron_pool(state):
        base = fleet_base(data, state)
        seas = [base] if base else []
    return seas


def king_in_field(data: RulesData, state: State) -> bool:
    """10.5: the King on the map with a Force where Macedon lacks Full Control: any
    Campaign Event makes him Campaign there."""
    king = np_record(state).get("king")
    here = (state["leaders"].get(king) or {}).get("location")
    return here in state["satrapies"] and core.sat_in_play(state, here) and \
        bool(core.on_card(state, king)) and not fully_controlled(state, here)


def raidable(data: RulesData, state: State, sat: str) -> bool:
    """A naval Campaign's Plunder (5.3.5, TP12): a Satrapy in play Controlled by a player
    Kingdom, not Ravaged, with no Troop but Macedon's, that Macedon may Plunder."""
    if not core.sat_in_play(state, sat) or \
            core.controller(state, sat) not in core.player_kingdoms(state):
        return False
    if any(core.is_troop(state, u) and state["units"][u]["owner"] != NP
           for u in core.units_at(state, sat)):
        return False
    return may_plunder(data, state, {"kingdom": NP, "started_controlled": []}, sat)


def naval_plan(data: RulesData, state: State, act: Action) -> tuple[list[str], str] | None:
    """The route of a naval Campaign (TP12): the shortest Path of Friendly Seas from the
    fleet to a Sea on the coast of the first listed Satrapy that can be raided, and that
    Satrapy; None if there is none."""
    start = fleet_seas(data, state)
    for sat in act.where:
        if not raidable(data, state, sat):
            continue
        goals = [sea for sea in data.seas if core.sea_in_play(state, sea)
                 and sat in data.coasts_of(sea)]
        path = core.sea_path(state, data, NP, start, goals) if start and goals else None
        if path:
            return path, sat
    return None


@proc("np-action")
class MacedonianAction(Auto):
    """10.5: roll the card's table until an effective Action comes up, then carry it out."""

    def run(self, data, state, frame):
        if out_of_actions(state):
            note(state, "Macedon has Surrendered twice to Rome: the Macedonian Action is "
                        "ignored.", "10.5")
            pop(state, frame)
            return
        table = TABLES[frame["card"]]
        frame["tries"] += 1
        if frame["tries"] > MAX_TRIES:
            note(state, "No effective Macedonian Action comes up: Macedon does nothing.",
                 "10.5")
            pop(state, frame)
            return
        (face,) = roll(state, purpose="Non-Player Macedon's Action", rule="10.5")
        act = table[face]
        why = ineffective(data, state, act)
        if why:
            note(state, f"Roll {face}: {act.describe()}; ineffective ({why}), rolled again.",
                 "10.5")
            return
        note(state, f"Roll {face}: {act.describe()}.", "10.5")
        pop(state, frame)
        choose_decider(state)
        if act.kind == "campaign" or (act.kind == "naval" and king_in_field(data, state)):
            start_campaign(data, state, act)
        elif act.kind == "envoy":
            start_envoy(data, state, act)
        else:
            start_naval(data, state, act)


def start_campaign(data: RulesData, state: State, act: Action) -> None:
    """The King leads the Royal Army and Siege Train (already with him, or called from off
    the map) into the Target; the Campaign then runs by the normal rules (10.5)."""
    king = np_record(state)["king"]
    rec = state["leaders"][king]
    target = campaign_target(data, state, act)
    assert target is not None
    here = rec["location"]
    on_map = here in state["satrapies"] and bool(core.on_card(state, king))
    origin = here if on_map and (here == target or data.adjacent(here, target)) else target
    for u in campaign_force(data, state):
        if state["units"][u]["location"] != core.card_of(king):
            core.set_unit(state, u, location=core.card_of(king), face="up", owner=NP)
    core.set_leader(state, king, location=origin)
    force = core.on_card(state, king)
    note(state, f"{names.name(king)} takes the field with {names.names(force)}.", "10.5",
         where=origin)
    # 10.1: the decider names the Powers targeted when there is a choice
    opts = upcalls.np_announce_options(data, state, target)
    push(state, "campaign", id=core.new_id(state), kingdom=NP, leader=king, mode="land",
         step="land" if len(opts) <= 1 else "announce", origin=origin, target=target,
         announce=opts[0][0] if len(opts) == 1 else "all", force=force, fees=0,
         escorts=[], path=None, sea_index=0, battles=[], naval=[], defeated_squadrons=[],
         plundered=0, ended=False, np=True)


def after_battles(data: RulesData, state: State, frame: dict[str, Any]) -> None:
    """10.5: a victorious Macedonian Campaign Ravages the Target without an Option (no
    Plunder: no Treasury), then uses four Options, Sieges or Subjugations."""
    sat = frame["target"]
    if not state["satrapies"][sat].get("ravaged"):
        ctrl = core.controller(state, sat)
        if ctrl in core.player_kingdoms(state):
            wars.act_of_war(state, NP, ctrl, f"Ravage of {names.name(sat)}")
        core.set_satrapy(state, sat, ravaged=True)
        note(state, f"Macedon Ravages {names.name(sat)}.", "10.5", where=sat)
        alignment.refresh(data, state)
    splits = option_splits(data, state, frame)
    if not splits:
        frame["step"] = "end"
    elif len(splits) == 1:
        s, j = splits[0]
        declare(data, state, frame, f"{s}-{j}-0")
    else:
        frame["step"] = "options"


def option_splits(data: RulesData, state: State, frame: dict[str, Any]) -> list[tuple[int, int]]:
    """The ways to use the four Options (10.5) on the Cities and Tribes that may be
    attacked: (Sieges, Subjugations)."""
    cities = bool(targetable(data, state, frame, "city"))
    tribes = bool(targetable(data, state, frame, "tribe"))
    return [(s, MAX_OPTIONS - s) for s in range(MAX_OPTIONS + 1)
            if (cities or s == 0) and (tribes or s == MAX_OPTIONS) and (cities or tribes)]


def option_choices(data: RulesData, state: State, frame: dict[str, Any]):
    return [Choice(f"opt:{s}-{j}-0", f"{s} Siege, {j} Subjugation", target=frame["target"])
            for s, j in option_splits(data, state, frame)]


def start_envoy(data: RulesData, state: State, act: Action) -> None:
    """An Envoy with the Event's Diplomacy: two Checks, each die placed by the deciding
    player on a Place of the Target (5.5.3); no Treasury, no bribe."""
    target = envoy_target(data, state, act)
    parts = [("Diplomacy given by the Event", act.diplomacy)]
    dice = check(state, act.diplomacy, dice=2, parts=parts,
                 purpose=f"Macedonian Envoy to {names.name(target)}", rule="10.5")
    push(state, "envoy", kingdom=NP, leader=np_record(state).get("king"), step="assign",
         target=target, bribe=False, dice=dice, used=[], diplomacy=act.diplomacy)


def start_naval(data: RulesData, state: State, act: Action) -> None:
    """TP12: the King takes to sea with the Macedonian Squadrons (one put in play from the
    pool if none is at sea, 10.5) and sails for the first listed Satrapy he can raid."""
    king = np_record(state)["king"]
    rec = state["leaders"][king]
    if not squadrons_at_sea(data, state):
        u, base = squadron_pool(state)[0], fleet_base(data, state)
        core.set_unit(state, u, location=base, owner=NP, face="up")
        note(state, f"{names.name(u)} is put in play in {names.name(base)}.", "10.5",
             where=base)
    plan = naval_plan(data, state, act)
    assert plan is not None
    path, first = plan
    if rec["location"] in state["satrapies"]:        # his Troops stay where he stood
        for u in core.on_card(state, king):
            core.set_unit(state, u, location=rec["location"])
    core.set_leader(state, king, location=path[0])
    note(state, f"{names.name(king)} takes to sea in {names.name(path[0])} to raid "
                f"{names.name(first)}.", "10.5", where=path[0])
    push(state, "np-naval", id=core.new_id(state), kingdom=NP, leader=king, path=path, index=0,
         where=list(act.where), plunders=0, step="sea", naval=[], defeated_squadrons=[])


@proc("np-naval")
class MacedonianNavalCampaign(Auto):
    """TP12, a naval Campaign (5.3) of Non-Player Macedon run by the rules: in each Sea of
    its route the fleet takes on board the Macedonian Squadrons there (no cost: 10.1, the
    Event gives the resources) and may be Intercepted (6.6); then it Plunders (Ravages, no
    Talents) the listed Satrapies on that Sea's coast that may be raided, in list order, at
    most four in all, each after an Interception window (5.3.5). Defeated, it stops. At the
    end the Squadrons stay in the last Sea and the King goes back to Court (TP5)."""

    def run(self, data, state, frame):
        king = frame["leader"]
        sea = frame["path"][frame["index"]]
        step = frame["step"]
        if step == "sea":
            for u in squadrons_at_sea(data, state):
                if state["units"][u]["location"] == sea:
                    core.set_unit(state, u, location=core.card_of(king))
            frame["step"] = "intercepted"
            open_interception(data, state, frame, sea, NP, "5.3.4")
            return
        if step == "intercepted":
            if frame.get("interceptors"):
                start_naval_battle(data, state, NP, frame["interceptors"].pop(0), sea,
                                   core.on_card(state, king), king, frame, [])
                return
            target = frame.pop("plundering", None)
            lost = any(n.get("loser") == NP for n in frame["naval"] if n["sea"] == sea)
            if lost or not core.on_card(state, king):
                note(state, "The Macedonian fleet is beaten or lost: its naval Campaign ends.",
                     "5.3.4", where=sea)
                self._end(data, state, frame)
                return
            if target and raidable(data, state, target):
                plunder(data, state, frame, target, len(core.on_card(state, king)), "5.3.5")
            frame["step"] = "raid"
            return
        # step "raid": the next Plunder in this Sea, else sail on, else end
        nxt = next((s for s in frame["where"] if s in data.coasts_of(sea)
                    and raidable(data, state, s)), None)
        if nxt and frame["plunders"] < MAX_NAVAL_PLUNDERS:
            frame["plunders"] += 1
            frame["plundering"] = nxt
            frame["step"] = "intercepted"
            open_interception(data, state, frame, sea, NP, "5.3.5")
            return
        if frame["index"] + 1 < len(frame["path"]):
            frame["index"] += 1
            sea = frame["path"][frame["index"]]
            if king in state["leaders"]:
                core.set_leader(state, king, location=sea)
            note(state, f"The Macedonian fleet sails into {names.name(sea)}.", "5.3",
                 where=sea)
            kretikon_storm(state, king, sea)
            frame["step"] = "sea"
            return
        self._end(data, state, frame)

    @staticmethod
    def _end(data: RulesData, state: State, frame: dict[str, Any]) -> None:
        king = frame["leader"]
        sea = frame["path"][frame["index"]]
        for u in core.on_card(state, king):
            core.set_unit(state, u, location=sea)
        if king in state["leaders"]:
            send_to_court(state, king, "5.3.6")
        pop(state, frame)


# --- Reactions (10.6) -----------------------------------------------------------------------
def sea_support(data: RulesData, state: State, opts: dict[str, Any], seas: list[str],
                ports: list[str]) -> None:
    """10.6: Macedonian Squadrons always Sea-Support besieged Ports Friendly to Macedon."""
    mine = [p for p in ports if core.aligned(state, p, NP)]
    sea = next((s for s in seas if any(data.places[p].port == s for p in mine)), None)
    if sea is None:
        return
    PROCS["sea-support"].apply(data, state, {"kingdom": NP, "options": opts["id"],
                                             "seas": seas, "ports": mine}, f"support:{sea}")


def may_intercept(data: RulesData, state: State, sea: str, defeated: list[str]) -> bool:
    """10.6: Macedon Intercepts Sea Supporters of the Ports it attacks when it has a
    Squadron (not Defeated) in or next to that Sea, which is Friendly to it."""
    if sea == "kretikon-pelagos" or not core.friendly_sea(state, data, NP, sea):
        return False
    return any(u not in defeated and not state["units"][u]["location"].startswith("leader:")
               for s in [sea, *data.seas.get(sea, ())] if core.sea_in_play(state, s)
               for u in core.squadrons_of(state, NP, s))


def emergency_muster(data: RulesData, state: State, camp: dict[str, Any]) -> None:
    """10.6: the face-down Units of a Minor Allied with Macedon Emergency Muster when a
    Campaign targets Places Aligned with Macedon (and only then): Macedon announced as a
    target (5.2.1) and a Place of it there that the announcement reaches (an Alliance, or a
    Garrison when Garrisons are targeted). A Campaign into the same Satrapy that targets
    only Unaligned Places, or other Powers, leaves them face-down: they never fight."""
    sat = camp["target"]
    ann = camp.get("announced") or {}
    if camp["kingdom"] == NP or NP not in ann.get("powers", ()):
        return
    if not any(ann.get("garrisons") or state["places"][p].get("marker") == "alliance"
               for p in core.aligned_places(state, data, NP, sat)):
        return
    for u, r in sorted(state["units"].items()):
        if u in MINOR_OF and r["location"] == sat and r["face"] == "down" and \
                status(data, state, u) == ("allied", NP):
            core.set_unit(state, u, face="up", owner=NP)
            note(state, f"The {names.name(u)} Emergency Muster for Macedon.", "10.6",
                 where=sat)


# --- Roman Wars against Macedon (10.7) -------------------------------------------------------
def roman_war_turn(data: RulesData, state: State) -> None:
    """Rome's card for its War on Macedon: a Military icon tests the Consul's Battle Rating;
    a Success makes Macedon Surrender (8.8). No Consul, Legion or Squadron is placed."""
    card = roman_war.draw(state)
    b = roman_war.box(state, card)
    roman_war._deck(state)["discard"].append(card)
    note(state, f"Rome's War against Non-Player Macedon: {roman_war.describe(state, card)}.",
         "10.7")
    if b.diplomacy:
        roman_war.diplomacy(data, state)
    if not b.military:
        note(state, "No Military icon: the War against Macedon goes on.", "10.7")
        return
    rating = b.battle or 2
    (face,) = check(state, rating, parts=[("the Consul's Battle Rating", rating)],
                    purpose="Rome's Consul against Macedon", rule="10.7")
    if face <= rating:
        rome_surrender.surrender(data, state, NP, "the Consul's Battle Check succeeded")
    else:
        note(state, "The Consul's Check fails: the War against Macedon goes on.", "10.7")


def broken(state: State) -> list[str]:
    """The invariants of the two-player game (10.1-10.3), checked with the others."""
    out = []
    kd = np_record(state)
    if kd.get("treasury"):
        out.append("Non-Player Macedon has a Treasury")
    if NP in state.get("derived", {}).get("vp", {}):
        out.append("Non-Player Macedon has VPs")
    court = [lid for lid, r in state["leaders"].items() if r.get("court") == NP]
    if len(court) > 1 or (court and court[0] not in (PHILIPPOS, PERSEUS)):
        out.append(f"Non-Player Macedon has Leaders {court}")
    if core.sat_in_play(state, "makedonia"):
        out.append("MAKEDONIA is in play in the two-player game")
    for k in core.player_kingdoms(state):
        if not kd.get("eliminated") and not core.at_war(state, NP, k):
            out.append(f"Non-Player Macedon is not at War with the {names.name(k)}")
    return out


def _register() -> None:
    event_cards.RECONSTRUCTED.update({eid: c._replace(summary=CARD_TEXT[eid], why=WHY,
                                                 reconstructed=("effect",))
                                 for eid, c in ALT_CARDS.items()})
    event_cards.TEXT_FUNCTIONS.update({eid: alt_event for eid in ALT_CARDS})


_register()
