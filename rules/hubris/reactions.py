"""Reactions (6.0) as out-of-turn prompts to the other seat (``rules.engine.state.ask``):
Emergency Muster and Strategos (6.1), Strengthen Defenses (6.2), Withdrawal (6.3), Sea Support
(6.4) and Naval Interception (6.6). Straits Interdiction (6.5) has no Straits in 12.3.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.rng import roll, shuffle
from rules.engine.state import ask

from . import abilities, battles, core, leaders, rebels, upcalls, wars
from .core import note
from .flow import proc
from .names import name, names, the
from .rulesdata import RulesData

State = dict[str, Any]
SD_MARKERS = 5


def _frame_by_id(state: State, fid: str) -> dict[str, Any] | None:
    for f in state.get("stack", []):
        if f.get("id") == fid:
            return f
    return None


# --- opening the windows ------------------------------------------------------------------
def open_defence(data: RulesData, state: State, camp: dict[str, Any]) -> None:
    """On Target designation the other Kingdoms may react (6.1a, 6.2, 6.3)."""
    k, sat = camp["kingdom"], camp["target"]
    for d in core.kingdoms(state) + rebel_defenders(data, state, sat):
        if d == k:
            continue
        involved = core.at_war(state, k, d) or d in camp["announced"]["powers"]
        if not involved:
            continue
        if core.is_rebel(d):           # 2.9.1: it always defends itself, its handler decides
            rebels.assign_handler(data, state, d)
            rebels.defend(data, state, d, sat)
        if may_react(data, state, d, sat):
            ask(state, core.seat_of(state, d), "defence", kingdom=d, sat=sat,
                campaign=camp["id"], sd_leader=None, sd_done=False, mustered=False)
    if core.non_player(state, "macedon"):       # 10.6: its Minor Allies' Emergency Muster
        upcalls.np_emergency_muster(data, state, camp)


def rebel_defenders(data: RulesData, state: State, sat: str) -> list[str]:
    """Rebel factions with a Place or a Land Unit in the Target Satrapy (2.9.1)."""
    if not state.get("rebels"):
        return []                               # no Rebel faction at all
    out = {core.place_power(state["places"][p]) for p in data.satrapies[sat].places}
    out |= core.land_powers(state, sat)
    return sorted(p for p in out if core.is_rebel(p) and core.rebel_head(p) in
                  state.get("rebels", {}))


def facedown_colonists(state: State, sat: str) -> list[str]:
    return sorted(u for u, r in state["units"].items() if r["location"] == sat
                  and r["face"] == "down" and r["type"] == "colonist")


def sd_leaders(data: RulesData, state: State, d: str, sat: str) -> list[str]:
    return [lid for lid in leaders.court(state, d) if core.available(state, lid)
            and leaders.has(data, lid, "battle")
            and ((core.at_court(state, lid) and leaders.may_take_field(state, lid))
                 or state["leaders"][lid]["location"] == sat)]


def sd_cities(data: RulesData, state: State, d: str, sat: str) -> list[str]:
    return [p for p in core.aligned_places(state, data, d, sat)
            if data.places[p].kind == "city" and not state["places"][p].get("sd")]


def withdraw_groups(state: State, d: str, sat: str) -> list[str]:
    groups = sorted(lid for lid, r in state["leaders"].items()
                    if r["location"] == sat and core.leader_power(state, lid) == d
                    and any(core.is_land(state, u) for u in core.on_card(state, lid)))
    # face-up Land Units of ``d`` standing in ``sat`` itself (:func:`core.land_units_of`
    # not on a Leader's card)
    loose = any(r["location"] == sat and r["owner"] == d and r["face"] == "up"
                and r["type"] in core.LAND_TYPES for r in state["units"].values())
    return groups + (["loose"] if loose else [])


def group_name(group: str) -> str:
    """A withdrawing group: the Units without a Leader, or a Leader's Force."""
    return "the Units without a Leader" if group == "loose" else f"the Force of {name(group)}"


def may_react(data: RulesData, state: State, d: str, sat: str) -> bool:
    """Does a new Reaction window of ``d`` against a Campaign into ``sat`` offer a Reaction
    (:func:`defence_choices` of it not empty)? Asked without writing the choices, nor
    listing the colonists or the groups that could withdraw."""
    if not core.is_rebel(d):
        if core.controls(state, d, sat) and _has_facedown_colonist(state, sat):
            return True                                             # Emergency Muster
        if sd_cities(data, state, d, sat) and \
                state.get("sd_used", {}).get(d, 0) < SD_MARKERS and \
                core.treasury(state, d) >= 1 and _has_sd_leader(data, state, d, sat):
            return True                                             # Strengthen Defenses
    return _has_withdraw_group(state, d, sat) and \
        bool(battles.withdraw_destinations(data, state, d, sat))    # Withdrawal


def _has_facedown_colonist(state: State, sat: str) -> bool:
    """Is :func:`facedown_colonists` not empty?"""
    return any(r["location"] == sat and r["face"] == "down" and r["type"] == "colonist"
               for r in state["units"].values())


def _has_sd_leader(data: RulesData, state: State, d: str, sat: str) -> bool:
    """Is :func:`sd_leaders` of the Kingdom ``d`` not empty? Its Court gone through once,
    unsorted."""
    for lid, r in state["leaders"].items():
        if r["court"] == d and not r.get("rebel") and core.available(state, lid) and \
                leaders.has(data, lid, "battle") and \
                ((r["location"] == "court" and leaders.may_take_field(state, lid))
                 or r["location"] == sat):
            return True
    return False


def _has_withdraw_group(state: State, d: str, sat: str) -> bool:
    """Is :func:`withdraw_groups` not empty? A Land Unit on the card of a Leader of ``d`` in
    ``sat``, or a face-up Land Unit of ``d`` standing in ``sat``: one pass over the Units."""
    cards = {core.card_of(lid) for lid, r in state["leaders"].items()
             if r["location"] == sat and core.leader_power(state, lid) == d}
    for r in state["units"].values():
        loc = r["location"]
        if (loc in cards or loc == sat and r["owner"] == d and r["face"] == "up") and \
                r["type"] in core.LAND_TYPES:
            return True
    return False


def defence_choices(data: RulesData, state: State, frame: dict[str, Any]) -> list[Choice]:
    d, sat = frame["kingdom"], frame["sat"]
    ch: list[Choice] = []
    if core.is_rebel(d):        # no Treasury: no SD (ruling R27); Mustered already (defend)
        for g in withdraw_groups(state, d, sat):
            for dest in battles.withdraw_destinations(data, state, d, sat):
                ch.append(Choice(f"withdraw:{g}:{dest}",
                                 f"Withdraw {group_name(g)} to {name(dest)}", target=dest))
        return ch + [Choice("done", "No (further) Reaction")] if ch else ch
    if frame.get("sd_leader"):
        used = state.get("sd_used", {}).get(d, 0)
        if used < SD_MARKERS and core.treasury(state, d) >= 1:
            ch += [Choice(f"sdcity:{p}", f"Strengthen the Defenses of {name(p)} (1 T)", target=p)
                   for p in sd_cities(data, state, d, sat)]
        ch.append(Choice("sd-done", "No more Strengthened Defenses" if frame.get("sd_rotated")
                         else "Back out: strengthen no City (the Leader is not rotated)"))
        return ch
    if not frame.get("mustered") and core.controls(state, d, sat) and \
            facedown_colonists(state, sat):
        ch.append(Choice("muster", "Emergency Muster the Military Colonists here", target=sat))
    if not frame.get("sd_done") and sd_cities(data, state, d, sat) and \
            state.get("sd_used", {}).get(d, 0) < SD_MARKERS and core.treasury(state, d) >= 1:
        ch += [Choice(f"sd:{lid}", f"Strengthen Defenses with {leaders.label(data, lid)}",
                      target=sat) for lid in sd_leaders(data, state, d, sat)]
    dests = battles.withdraw_destinations(data, state, d, sat)
    for g in withdraw_groups(state, d, sat):
        for dest in dests:
            ch.append(Choice(f"withdraw:{g}:{dest}", f"Withdraw {group_name(g)} to {name(dest)}",
                             target=dest))
    if ch:
        ch.append(Choice("done", "No (further) Reaction"))
    return ch


@proc("defence")
class Defence:
    def prompt(self, data, state, frame):
        ch = defence_choices(data, state, frame)
        if not ch:
            return None
        return Prompt(core.seat_of(state, frame["kingdom"]),
                      f"{core.yours(frame['kingdom'], True)} Satrapy {name(frame['sat'])} "
                      "is invaded: React?", ch, rule="6.0",
                      context={"where": frame["sat"]})

    def apply(self, data, state, frame, choice):
        d, sat = frame["kingdom"], frame["sat"]
        verb, _, arg = choice.partition(":")
        again = True
        if verb == "done":
            again = False
        elif verb == "muster":
            frame["mustered"] = True
            for u in facedown_colonists(state, sat):
                core.set_unit(state, u, face="up", owner=d)
                note(state, f"{name(u)} Emergency Muster for the {name(d)}.", "6.1", where=sat)
        elif verb == "sd":     # the Leader rotates with the first City strengthened
            frame["sd_leader"], frame["sd_done"], frame["sd_rotated"] = arg, True, False
        elif verb == "sdcity":
            if not frame.get("sd_rotated"):
                frame["sd_rotated"] = True
                lid = frame["sd_leader"]
                rec = state["leaders"][lid]
                leaders.rotate(state, lid, "6.2")
                if rec["location"] == "court":
                    core.set_leader(state, lid, location=sat)
                    leaders.make_strategos(state, lid)
            core.pay(state, d, 1, f"Strengthened Defenses in {name(arg)}", "6.2")
            core.set_place(state, arg, sd=True)
            used = state.setdefault("sd_used", {})
            used[d] = used.get(d, 0) + 1
            note(state, f"{name(arg)} gets a Strengthened Defenses marker.", "6.2", where=arg)
        elif verb == "sd-done":
            if not frame.get("sd_rotated"):
                frame["sd_done"] = False        # backed out: nothing spent, may choose again
            frame["sd_leader"] = None
        elif verb == "withdraw":
            group, dest = arg.split(":")
            if group == "loose":
                for u in core.land_units_of(state, d, sat):
                    if state["units"][u]["location"] == sat:
                        core.set_unit(state, u, location=dest)
            else:
                core.set_leader(state, group, location=dest)
            note(state, f"The {name(d)} Withdraw {group_name(group)} from {name(sat)} to "
                        f"{name(dest)}.", "6.3",
                 where=dest)
        if again:
            state["queue"].insert(0, frame)


def loose_units(state: State, d: str, sat: str) -> list[str]:
    return [u for u in core.troops_of(state, d, sat) + core.land_units_of(state, d, sat)
            if state["units"][u]["location"] == sat]


def strategos_candidates(data: RulesData, state: State, d: str, sat: str) -> list[str]:
    """Available At-Court Military Leaders who may lead the Units there (DISTRUSTED)."""
    units = loose_units(state, d, sat)
    return [lid for lid in leaders.appointable(data, state, d)
            if abilities.may_lead(data, lid, units)]


def needs_strategos(data: RulesData, state: State, d: str, sat: str) -> bool:
    """6.1b: off-card Units about to give Battle, with no Leader of theirs present."""
    loose = [u for u in core.troops_of(state, d, sat) if state["units"][u]["location"] == sat]
    present = [lid for lid, r in state["leaders"].items()
               if core.leader_power(state, lid) == d and r["location"] == sat]
    return bool(loose) and not present and bool(strategos_candidates(data, state, d, sat))


@proc("emergency-strategos")
class EmergencyStrategos:
    def prompt(self, data, state, frame):
        d, sat = frame["kingdom"], frame["sat"]
        if not needs_strategos(data, state, d, sat):
            return None
        ch = [Choice(f"estrat:{lid}", f"Appoint {leaders.label(data, lid)}", target=sat)
              for lid in strategos_candidates(data, state, d, sat)]
        if not core.is_rebel(d):        # a Rebel always musters its Leader (2.9.1)
            ch.append(Choice("decline", "Fight at Battle Rating 2"))
        return Prompt(core.seat_of(state, d),
                      f"Appoint a Strategos for {core.yours(d)} Units in {name(sat)}?",
                      ch, kind="yes-no", rule="6.1")

    def apply(self, data, state, frame, choice):
        if choice == "decline":
            return
        lid = choice.split(":", 1)[1]
        d, sat = frame["kingdom"], frame["sat"]
        leaders.rotate(state, lid, "6.1")
        core.set_leader(state, lid, location=sat)
        leaders.make_strategos(state, lid)
        for u in core.troops_of(state, d, sat) + core.land_units_of(state, d, sat):
            if state["units"][u]["location"] == sat:
                core.set_unit(state, u, location=core.card_of(lid))
        note(state, f"{leaders.label(data, lid)} takes command in {name(sat)}.", "6.1", where=sat)


# --- Naval Interception (6.6) -------------------------------------------------------------
def interceptors_for(data: RulesData, state: State, sea: str, mover: str,
                     defeated: list[str]) -> list[str]:
    if sea == "kretikon-pelagos":
        return []
    out = []
    for d in core.kingdoms(state):
        if d == mover or not core.friendly_sea(state, data, d, sea):
            continue
        if not wars.may_commit_act_of_war(state, d, mover):
            continue
        # where ``d`` has a Squadron not defeated and not aboard a Leader's card
        at = {r["location"] for u, r in state["units"].items()
              if r["owner"] == d and r["type"] in core.NAVAL_TYPES and u not in defeated}
        if any(s in at and core.sea_in_play(state, s)
               for s in [sea, *data.seas.get(sea, ())]):
            out.append(d)
    return out


# --- Storms in the Kretikon Pelagos (2.5.3) ----------------------------------------------
#: reconstructed Storms table (printed on the map, lost in the text): losses on 1d6
KRETIKON = "kretikon-pelagos"
STORM_LOSSES = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}


def kretikon_storm(state: State, lid: str, sea: str) -> None:
    """A Force moving into the Kretikon Pelagos rolls on the Storms table (2.5.3). Its owner
    allocates the losses freely between Squadrons and transported Land Units (prompt
    ``storm-losses``, served before anything else); when every Unit is lost, or the Units
    are all alike (Squadrons of one kind), there is nothing to choose and they go at once."""
    if sea != KRETIKON:
        return
    (face,) = roll(state, purpose="Storms in the Kretikon Pelagos", rule="2.5.3")
    n = STORM_LOSSES[face]
    units = core.on_card(state, lid)
    options = storm_loss_options(state, units, n)
    if len(options) > 1:
        note(state, f"Storms in the Kretikon Pelagos (roll {face}): {n} loss(es), allocated "
                    "by their owner.", "2.5.3", where=sea)
        owner = core.leader_power(state, lid)
        ask(state, core.seat_of(state, owner), "storm-losses", kingdom=owner, leader=lid,
            sea=sea, losses=n)
        return
    _storm_losses(state, options[0] if options else [], face, sea)


def storm_loss_options(state: State, units: list[str], n: int) -> list[list[str]]:
    """The different sets of ``n`` of ``units`` the owner may lose (2.5.3): Squadrons of one
    type count as alike, so one of them stands for all."""
    n = min(n, len(units))
    out: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()
    for combo in combinations(units, n):
        key = tuple(sorted(state["units"][u]["type"] if core.is_naval(state, u) else u
                           for u in combo))
        if key not in seen:
            seen.add(key)
            out.append(list(combo))
    return out


def _storm_losses(state: State, lost: list[str], face: int | None, sea: str) -> None:
    for u in lost:
        if core.is_land(state, u):
            core.disperse(state, u, "2.5.3")
        else:
            core.sink(state, u, "2.5.3")
    roll_text = f" (roll {face})" if face is not None else ""
    note(state, f"Storms in the Kretikon Pelagos{roll_text}: "
                + (", ".join(core.title_of(u) for u in lost) + " lost." if lost
                   else "no loss."), "2.5.3", where=sea)


@proc("storm-losses")
class StormLosses:
    """2.5.3: the owner of a Force caught by the Kretikon Storms chooses its losses."""

    def prompt(self, data, state, frame):
        units = core.on_card(state, frame["leader"])
        ch = [Choice("lose:" + "+".join(c), "Lose " + names(c))
              for c in storm_loss_options(state, units, frame["losses"])]
        if not ch:
            return None
        return Prompt(core.seat_of(state, frame["kingdom"]),
                      f"Storms in {name(frame['sea'])}: choose the {frame['losses']} "
                      "Unit(s) lost", ch, rule="2.5.3")

    def apply(self, data, state, frame, choice):
        _storm_losses(state, choice.partition(":")[2].split("+"), None, frame["sea"])


# --- Straits Crossing Interdiction (6.5) ----------------------------------------------------
def strait_sea(data: RulesData, a: str, b: str) -> str | None:
    """The Sea a move from ``a`` to ``b`` crosses by a Straits Crossing (None: a land
    border, or no crossing)."""
    if data.adjacent(a, b):
        return None
    return next((sea for other, sea in data.straits_partners(a) if other == b), None)


def free_squadrons(state: State, power: str, sea: str) -> list[str]:
    """``power``'s Squadrons standing in ``sea`` (not aboard a Leader's card there), sorted:
    :func:`core.squadrons_of` less those aboard, in one pass over the Units."""
    return sorted(u for u, r in state["units"].items() if r["location"] == sea
                  and r["type"] in core.NAVAL_TYPES and r["owner"] == power)


def interdictors_for(data: RulesData, state: State, sea: str, mover: str) -> list[str]:
    """Kingdoms with Squadrons in the intervening Sea that may commit an Act of War."""
    return [d for d in core.kingdoms(state) if d != mover and core.sea_in_play(state, sea)
            and free_squadrons(state, d, sea) and wars.may_commit_act_of_war(state, d, mover)]


@proc("interdict")
class Interdict:
    def prompt(self, data, state, frame):
        target = _frame_by_id(state, frame["frame"])
        if target is None or not free_squadrons(state, frame["kingdom"], frame["sea"]):
            return None
        sea = core.title_of(frame["sea"])
        return Prompt(core.seat_of(state, frame["kingdom"]),
                      f"The Forces of {the(frame['mover'])} are about to cross by {sea}. "
                      "Interdict the crossing?",
                      [Choice("interdict", "Interdict (Act of War)", target=frame["sea"]),
                       Choice("decline", "Let them cross")], kind="yes-no", rule="6.5")

    def apply(self, data, state, frame, choice):
        if choice != "interdict":
            return
        wars.act_of_war(state, frame["kingdom"], frame["mover"],
                        f"Straits Interdiction in {core.title_of(frame['sea'])}")
        target = _frame_by_id(state, frame["frame"])
        if target is not None:
            target.setdefault("interdictors", []).append(frame["kingdom"])


def open_interception(data: RulesData, state: State, frame: dict[str, Any], sea: str,
                      mover: str, rule: str) -> None:
    """Every Power that may Intercept the moving Force in ``sea`` is asked (6.6)."""
    frame["interceptors"] = []
    cands = interceptors_for(data, state, sea, mover, frame.get("defeated_squadrons", []))
    if len(cands) > 1:
        shuffle(state, cands, purpose="order of Interceptions", rule="6.6", show=name)
    for d in cands:
        ask(state, core.seat_of(state, d), "intercept", kingdom=d, sea=sea, mover=mover,
            frame=frame["id"])


@proc("intercept")
class Intercept:
    """6.6: Intercept with any number of the Squadrons in range: ``intercept`` sends them
    all, ``intercept:<u>+<v>`` those named."""

    def prompt(self, data, state, frame):
        ch = [Choice("intercept", "Intercept with every Squadron in range (Act of War)",
                     target=frame["sea"])]
        target = _frame_by_id(state, frame["frame"])
        defeated = (target or {}).get("defeated_squadrons", [])
        in_range = battles.naval_range(data, state, frame["kingdom"], frame["sea"], defeated)
        sets = battles.squadron_sets(state, in_range, empty=False)
        if len(sets) > 1:
            ch += [Choice("intercept:" + "+".join(c), f"Intercept with {names(c)}",
                          target=frame["sea"]) for c in sets if len(c) < len(in_range)]
        ch.append(Choice("decline", "Let them pass"))
        return Prompt(core.seat_of(state, frame["kingdom"]),
                      f"Intercept the {name(frame['mover'])} in {name(frame['sea'])}?",
                      ch, kind="yes-no" if len(ch) == 2 else "choose", rule="6.6")

    def apply(self, data, state, frame, choice):
        if not choice.startswith("intercept"):
            return
        wars.act_of_war(state, frame["kingdom"], frame["mover"],
                        f"Naval Interception in {name(frame['sea'])}")
        target = _frame_by_id(state, frame["frame"])
        if target is not None:
            target.setdefault("interceptors", []).append(frame["kingdom"])
            sent = choice.partition(":")[2]
            if sent:
                target.setdefault("intercept_with", {})[frame["kingdom"]] = sent.split("+")


# --- Sea Support (6.4) --------------------------------------------------------------------
@proc("sea-support")
class SeaSupport:
    def prompt(self, data, state, frame):
        ch = [Choice(f"support:{s}", f"Sea-Support the Ports on {name(s)}", target=s)
              for s in frame["seas"]]
        ch.append(Choice("decline", "No Sea Support"))
        return Prompt(core.seat_of(state, frame["kingdom"]), "Sea Support the besieged Ports?",
                      ch, kind="yes-no", rule="6.4")

    def apply(self, data, state, frame, choice):
        if choice == "decline":
            return
        sea = choice.split(":", 1)[1]
        d = frame["kingdom"]
        opts = _frame_by_id(state, frame["options"])
        if opts is None:
            return
        if not core.squadrons_of(state, d, sea):
            for s in data.seas.get(sea, ()):
                sq = [u for u in core.squadrons_of(state, d, s)
                      if not state["units"][u]["location"].startswith("leader:")]
                if sq and core.sea_in_play(state, s):
                    core.set_unit(state, sq[0], location=sea)
                    note(state, f"{name(sq[0])} moves into {name(sea)} to give Sea Support.", "6.4",
                         where=sea)
                    break
        ports = [p for p in frame["ports"] if data.places[p].port == sea]
        opts["supported"] = sorted(set(opts["supported"]) | set(ports))
        opts["supporters"].append({"power": d, "sea": sea, "fought": False})
        note(state, f"The {name(d)} give Sea Support to {names(ports)}.", "6.4",
             where=sea)


def fight_supporters(data: RulesData, state: State, opts: dict[str, Any],
                     camp: dict[str, Any]) -> bool:
    """The besieger may Intercept each Sea Supporter; a Defeated supporter cancels (6.4).
    Returns True while something (a question or a battle) is under way."""
    k = camp["kingdom"]
    for sup in opts["supporters"]:
        st = sup.get("state", "new")
        if st == "new":
            if core.non_player(state, k):       # 10.6: Macedon always Intercepts
                sup["state"] = "asked"
                opts["interceptors"] = [k] if upcalls.np_may_intercept(
                    data, state, sup["sea"], opts.get("defeated_squadrons", [])) else []
                continue
            if k in interceptors_for(data, state, sup["sea"], sup["power"],
                                     opts.get("defeated_squadrons", [])):
                sup["state"] = "asked"
                opts["interceptors"] = []
                ask(state, core.seat_of(state, k), "intercept", kingdom=k, sea=sup["sea"],
                    mover=sup["power"], frame=opts["id"])
                return True
            sup["state"] = "done"
        elif st == "asked":
            if opts.get("interceptors"):
                opts["interceptors"] = []
                sup["state"] = "battling"
                battles.start_naval_battle(data, state, sup["power"], k, sup["sea"], [], None,
                                           opts, [])
                return True
            sup["state"] = "done"
        elif st == "battling":
            sup["state"] = "done"
            last = (opts.get("naval") or [{}])[-1]
            if last.get("winner") == k:
                opts["supported"] = [p for p in opts["supported"]
                                     if data.places[p].port != sup["sea"]]
                note(state, f"The Sea Support in {name(sup['sea'])} is cancelled.", "6.4",
                     where=sup["sea"])
    return False
