"""Land Battles (7.1) and Naval Battles (7.2): strike, allocate Hits, outcome, consequences.

Ruling R2: the inflicting side allocates the Hits it scores (7.1.1 "each Strategos allocates
the Hits inflicted upon enemy Troops").
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import combinations
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.names import count, needs
from rules.engine.rng import roll

from . import abilities, core, leaders, rome, upcalls
from .core import note
from .flow import pop, proc, push
from .minors import MINOR_OF, may_campaign_in
from .names import name, names
from .rulesdata import RulesData
from .winter_peace import record_battle

State = dict[str, Any]
DEFAULT_RATING = 2


def side_candidates(data: RulesData, state: State, power: str, where: str) -> list[str]:
    """Who may lead a side (7.1): the King (or Consul) if present, else any present Leader
    with a Battle Rating, of the player's choice."""
    present = sorted(lid for lid, r in state["leaders"].items() if r["location"] == where
                     and core.leader_power(state, lid) == power
                     and (leaders.has(data, lid, "battle") or lid.startswith("consul-")))
    kg = core.king(state, power) if power in state["kingdoms"] else None
    if kg in present:
        return [kg]
    consuls = [lid for lid in present if lid.startswith("consul-")]
    return consuls[:1] or present


def side_leader(data: RulesData, state: State, power: str, where: str,
                prefer: str | None = None) -> str | None:
    """The leader of a side when no choice is asked: the King, else ``prefer`` (the
    Campaigning Strategos), else the best Battle Rating present."""
    present = side_candidates(data, state, power, where)
    if len(present) == 1:
        return present[0]
    if prefer in present:
        return prefer
    if not present:
        return None
    return max(present, key=lambda lid: data.card(lid).battle or 0)


def _set_leader(data: RulesData, side: dict[str, Any], state: State, lid: str | None) -> None:
    if lid and lid.startswith("consul-"):        # the Activation card's rating (8.6.3)
        rating = upcalls.consul_rating(state, lid)
    else:
        rating = (data.card(lid).battle if lid else None) or DEFAULT_RATING
    mods = abilities.battle_modifiers(data, state, lid, side["troops"])
    side.update(leader=lid, rating=rating, mods=mods, bonus=sum(m["value"] for m in mods),
                name=leaders.label(data, lid) if lid else "")


def _needed(state: State, uid: str) -> int:
    return 2 if core.is_elite(state, uid) else 1


# --- Land Battle --------------------------------------------------------------------------
def start_land_battle(data: RulesData, state: State, attacker: str, defender: str, sat: str,
                      strategos: str | None, rough_first: bool, parent: dict[str, Any]) -> None:
    sides = {}
    choose = []
    for role, power in (("attacker", attacker), ("defender", defender)):
        troops = core.troops_of(state, power, sat)
        sides[role] = {"power": power, "troops": troops, "damage": {}, "routed": [],
                       "dice": [], "hits": 0}
        cands = side_candidates(data, state, power, sat)
        if len(cands) > 1 and _decides(state, power):
            choose.append(role)         # 7.1: the player picks among several Leaders
        _set_leader(data, sides[role], state,
                    side_leader(data, state, power, sat,
                                strategos if role == "attacker" else None))
    first = "strike-first" if rough_first else "strike-both"
    record_battle(state, attacker, defender)
    push(state, "land-battle", sat=sat, sides=sides, rough_first=rough_first,
         step="leader" if choose else first, choose=choose, first=first, pending=[],
         parent_id=parent.get("id"))
    note(state, f"Land Battle in {name(sat)}: {name(attacker)} "
                f"({len(sides['attacker']['troops'])} Troops) against {name(defender)} "
                f"({len(sides['defender']['troops'])}).",
         "7.1", where=sat)


def _strike(state: State, side: dict[str, Any], sat: str, rule: str) -> None:
    alive = [u for u in side["troops"] if u not in side["routed"]]
    dice, hits = [], 0
    for u in alive:
        parts = [("Battle Rating", side["rating"])] + \
            [(m["label"], m["value"]) for m in side.get("mods", [])] + \
            [("Elite", 1 if core.is_elite(state, u) else 0)]
        thr = sum(v for _, v in parts)
        (face,) = roll(state, purpose=f"Strike by {name(u)} ({needs(thr, parts)})", rule=rule)
        success = face <= thr
        if success:
            if face == 1 or state["units"][u]["type"] == "legion":
                hits += 2
            else:
                hits += 1
        dice.append({"unit": u, "face": face, "threshold": thr, "success": success,
                     "elite": core.is_elite(state, u)})
    side["dice"] = dice
    side["hits"] = hits
    note(state, f"{name(side['power'])} score {count(hits, 'Hit')} at Battle Rating "
                f"{side['rating'] + side.get('bonus', 0)}.", rule, where=sat)


def _context(frame: dict[str, Any]) -> dict[str, Any]:
    """What the battle dialog shows (gui/dialogs/battle.py): one entry per side with its
    strength, every modifier with its rule, the dice and the Hits; then the outcome."""
    land = frame["proc"] == "land-battle"
    where = core.title_of(frame["sat"])
    out: dict[str, Any] = {
        "title": f"{'Land' if land else 'Naval'} Battle in {where}",
        "sides": [_side_context(frame, role, land) for role in ("attacker", "defender")]}
    if land and frame.get("rough_first"):
        out["order"] = "Rough Terrain: the defender strikes first (7.1.1)"
    else:
        out["order"] = "both sides strike at once"
    out["dice rule"] = ("each die at or under the rating (+1 Elite) hits; a natural 1 hits "
                        f"twice ({'7.1.1' if land else '7.2.1'})")
    if frame.get("step") in ("report", "withdraw", "done"):
        w = frame.get("winner")
        lose = "defender" if w == "attacker" else "attacker"
        out["outcome"] = (f"{name(frame['sides'][w]['power'])} Victorious, "
                          f"{name(frame['sides'][lose]['power'])} Defeated"
                          if w else "Indecisive")
        a, d = frame["sides"]["attacker"], frame["sides"]["defender"]
        if not land and frame.get("land_aboard") and d["hits"] >= 1 and \
                len(d["routed"]) < len(d["troops"]) and \
                all(u in a["routed"] for u in frame.get("force", [])):
            out["outcome"] += "; the unescorted Troops aboard are Dispersed (7.2.3)"
    return out


def _side_context(frame: dict[str, Any], role: str, land: bool) -> dict[str, Any]:
    s = frame["sides"][role]
    rule = "7.1.1" if land else "7.2.1"
    mods: list[dict[str, Any]] = []
    if land:
        mods.append({"label": "Battle Rating" if s.get("leader") else
                     "Battle Rating (no Leader)", "value": s["rating"], "rule": "7.1"})
    else:
        mods.append({"label": "Battle Rating", "value": 2, "rule": rule})
    mods += list(s.get("mods", []))
    elites = [core.title_of(u) for u in s["troops"] if u in core.ELITE]
    if elites:
        mods.append({"label": f"Elite: {', '.join(elites)}", "value": 1, "rule": rule})
    n = len(s["troops"])
    noun = "Troop" if land else "Squadron"
    out: dict[str, Any] = {"name": f"{name(s['power'])} ({role})"}
    if s.get("name"):
        out["leader"] = s["name"]
    out["strength"] = f"{n} {noun}{'s' if n != 1 else ''}"
    if s["troops"]:
        out["units"] = ", ".join(core.title_of(u) for u in s["troops"])
    if not land and role == "attacker" and frame.get("land_aboard"):
        out["aboard"] = ", ".join(core.title_of(u) for u in frame["land_aboard"])
    out["modifiers"] = mods
    out["dice"] = [d["face"] for d in s["dice"]]
    out["hits"] = s["hits"]
    if s["routed"]:
        out["routed" if land else "sunk"] = ", ".join(core.title_of(u) for u in s["routed"])
    return out


def _auto_allocate(state: State, target: dict[str, Any], hits: int) -> int:
    """Apply Hits where no choice exists; returns the Hits left to allocate by hand."""
    alive = [u for u in target["troops"] if u not in target["routed"]]
    need = sum(_needed(state, u) - target["damage"].get(u, 0) for u in alive)
    if hits >= need:
        for u in alive:
            _hit(state, target, u, _needed(state, u) - target["damage"].get(u, 0))
        return 0
    if len(alive) == 1:
        _hit(state, target, alive[0], hits)
        return 0
    return hits


def _hit(state: State, target: dict[str, Any], uid: str, n: int = 1) -> None:
    target["damage"][uid] = target["damage"].get(uid, 0) + n
    if target["damage"][uid] >= _needed(state, uid) and uid not in target["routed"]:
        target["routed"].append(uid)


class _Battle:
    """Shared allocation prompts for both kinds of battle."""

    noun = "Troop"
    rule = "7.1.1"

    def prompt(self, data, state, frame):
        if not frame["pending"]:
            return None
        alloc = frame["pending"][0]
        src = frame["sides"][alloc["by"]]
        tgt = frame["sides"][alloc["on"]]
        alive = [u for u in tgt["troops"] if u not in tgt["routed"]]
        choices = [Choice(f"hit:{u}", f"Hit {name(u)}" + (" (Elite)" if core.is_elite(state, u)
                                                    else ""), target=frame["sat"])
                   for u in alive]
        return Prompt(core.seat_of(state, src["power"]) if _decides(state, src["power"])
                      else core.seat_of(state, tgt["power"]),
                      f"Allocate {count(alloc['hits'], 'Hit')} on enemy {self.noun}s",
                      choices, kind="allocate-losses", rule=self.rule, context=_context(frame))

    def apply(self, data, state, frame, choice):
        alloc = frame["pending"][0]
        tgt = frame["sides"][alloc["on"]]
        _hit(state, tgt, choice.split(":", 1)[1])
        alloc["hits"] -= 1
        alloc["hits"] = _auto_allocate(state, tgt, alloc["hits"])
        if alloc["hits"] <= 0 or all(u in tgt["routed"] for u in tgt["troops"]):
            frame["pending"].pop(0)

    def queue_alloc(self, state, frame, by: str, on: str) -> None:
        hits = frame["sides"][by]["hits"]
        tgt = frame["sides"][on]
        hits = _auto_allocate(state, tgt, hits)
        if hits > 0 and any(u not in tgt["routed"] for u in tgt["troops"]):
            frame["pending"].append({"by": by, "on": on, "hits": hits})


@proc("land-battle")
class LandBattle(_Battle):
    def run(self, data, state, frame):
        sides, sat = frame["sides"], frame["sat"]
        step = frame["step"]
        if step == "strike-first":
            _strike(state, sides["defender"], sat, "7.1.1")
            self.queue_alloc(state, frame, "defender", "attacker")
            frame["step"] = "strike-second"
        elif step == "strike-second":
            _strike(state, sides["attacker"], sat, "7.1.1")
            self.queue_alloc(state, frame, "attacker", "defender")
            frame["step"] = "outcome"
        elif step == "strike-both":
            _strike(state, sides["attacker"], sat, "7.1.1")
            _strike(state, sides["defender"], sat, "7.1.1")
            self.queue_alloc(state, frame, "attacker", "defender")
            self.queue_alloc(state, frame, "defender", "attacker")
            frame["step"] = "outcome"
        elif step == "outcome":
            land_outcome(data, state, frame)
            frame["after"] = "withdraw" if frame.get("loser") else "done"
            frame["step"] = "report"
        elif step == "withdraw":     # nothing left to Withdraw, or nowhere: Dispersed
            loser = frame["sides"][frame["loser"]]
            for u in core.land_units_of(state, loser["power"], sat):
                core.disperse(state, u, "7.1.3")
            strip_empty_strategoi(data, state, sat)
            frame["step"] = "done"
        elif step == "done":
            pop(state, frame)
            if frame.get("parent_id"):
                parent = _find(state, frame["parent_id"])
                if parent is not None and parent.get("battles"):
                    parent["battles"][-1].update(winner=frame.get("winner"),
                                                 loser=frame.get("loser"), sat=sat)

    def prompt(self, data, state, frame):
        if frame["step"] == "leader":
            role = frame["choose"][0]
            side = frame["sides"][role]
            ch = [Choice(f"lead:{lid}", f"{leaders.label(data, lid)} (Battle "
                                        f"{data.card(lid).battle})")
                  for lid in side_candidates(data, state, side["power"], frame["sat"])]
            return Prompt(core.seat_of(state, side["power"]),
                          f"Who leads {core.yours(side['power'])} side in the Battle of "
                          f"{core.title_of(frame['sat'])}?", ch, rule="7.1",
                          context=_context(frame))
        p = super().prompt(data, state, frame)
        if p is not None:
            return p
        if frame["step"] == "report":
            return report(state, frame)
        if frame["step"] == "withdraw":
            loser = frame["sides"][frame["loser"]]
            dests = withdraw_destinations(data, state, loser["power"], frame["sat"])
            if not core.land_units_of(state, loser["power"], frame["sat"]) or \
                    loser["power"] == "rome":       # beaten Legions leave the field (8.6.5)
                return None
            if not dests:
                return None
            groups = upcalls.withdraw_groups(state, loser["power"], frame["sat"])
            if len(groups) > 1:     # 6.3: each Leader's Force goes its own way (R14, HB14)
                ch = [Choice(f"withdraw:{g}:{d}",
                             f"Withdraw {upcalls.group_name(g)} to {name(d)}",
                             target=d) for g in groups for d in dests]
            else:
                ch = [Choice(f"withdraw:{d}", f"Withdraw to {name(d)}", target=d)
                      for d in dests]
            return Prompt(core.seat_of(state, loser["power"]),
                          f"{core.yours(loser['power'], True)} Defeated Force must "
                          "Withdraw", ch, kind="choose-space",
                          rule="7.1.3", context=_context(frame))
        return None

    def apply(self, data, state, frame, choice):
        if choice.startswith("lead:"):
            role = frame["choose"].pop(0)
            _set_leader(data, frame["sides"][role], state, choice.split(":", 1)[1])
            note(state, f"{frame['sides'][role]['name']} leads the "
                        f"{frame['sides'][role]['power'].title()}.", "7.1", where=frame["sat"])
            if not frame["choose"]:
                frame["step"] = frame["first"]
            return
        if choice == "continue":
            frame["step"] = frame.pop("after", "done")
            return
        if choice.startswith("withdraw:"):
            loser = frame["sides"][frame["loser"]]
            parts = choice.split(":")
            if len(parts) == 3:         # one of several Forces; the step asks again
                group, dest = parts[1], parts[2]
                if group == "loose":
                    for u in core.land_units_of(state, loser["power"], frame["sat"]):
                        if state["units"][u]["location"] == frame["sat"]:
                            core.set_unit(state, u, location=dest)
                else:
                    core.set_leader(state, group, location=dest)
                note(state, f"The {core.power_name(state, loser['power'])} Withdraw "
                            f"{upcalls.group_name(group)} from {name(frame['sat'])} "
                            f"to {name(dest)}.",
                     "7.1.3", where=dest)
                return
            move_out(data, state, loser["power"], frame["sat"], parts[1], "7.1.3")
            frame["step"] = "done"
            return
        super().apply(data, state, frame, choice)


def report(state: State, frame: dict[str, Any]) -> Prompt:
    """The battle dialog: both sides, modifiers, dice, Hits and the outcome (7.1.2, 7.2.2)."""
    ctx = _context(frame)
    att = frame["sides"]["attacker"]["power"]
    seat = core.seat_of(state, att) if _decides(state, att) else \
        core.seat_of(state, frame["sides"]["defender"]["power"])
    w = frame.get("winner")
    text = (f"Battle in {core.title_of(frame['sat'])}: "
            + (f"the {name(frame['sides'][w]['power'])} win" if w else "Indecisive"))
    return Prompt(seat, text, [Choice("continue", "Continue")], kind="battle",
                  rule="7.1.2" if frame["proc"] == "land-battle" else "7.2.2", context=ctx)


def _decides(state: State, power: str) -> bool:
    """A Kingdom decides for itself; a Rebel through its handler (2.9.1)."""
    return power in state["kingdoms"] or core.is_rebel(power)


def _find(state: State, fid: str) -> dict[str, Any] | None:
    for f in state.get("stack", []):
        if f.get("id") == fid:
            return f
    return None


def withdraw_destinations(data: RulesData, state: State, power: str, sat: str) -> list[str]:
    """Adjacent Satrapies Controlled by the owner (6.3)."""
    return [s for s in data.neighbours(sat) if core.sat_in_play(state, s)
            and core.controls(state, power, s)]


def move_out(data: RulesData, state: State, power: str, sat: str, dest: str,
             rule: str) -> None:
    """Every Land Unit and Leader block of ``power`` in ``sat`` moves to ``dest``."""
    for lid in [lid for lid, r in state["leaders"].items()
                if r["location"] == sat and core.leader_power(state, lid) == power]:
        core.set_leader(state, lid, location=dest)
    for u in core.land_units_of(state, power, sat):
        if state["units"][u]["location"] == sat:
            core.set_unit(state, u, location=dest)
    note(state, f"The {core.power_name(state, power)} Withdraw from {name(sat)} to "
                f"{name(dest)}.", rule,
         where=dest)


def land_outcome(data: RulesData, state: State, frame: dict[str, Any]) -> None:
    """7.1.2 outcome and 7.1.3 consequences (Withdrawal is asked afterwards)."""
    a, d = frame["sides"]["attacker"], frame["sides"]["defender"]
    sat = frame["sat"]
    a_all = bool(a["troops"]) and len(a["routed"]) == len(a["troops"])
    d_all = bool(d["troops"]) and len(d["routed"]) == len(d["troops"])
    loser = None
    if a_all != d_all:
        loser = "attacker" if a_all else "defender"
    elif len(a["routed"]) != len(d["routed"]):
        loser = "attacker" if len(a["routed"]) > len(d["routed"]) else "defender"
    else:
        ea = sum(1 for u in a["routed"] if core.is_elite(state, u))
        ed = sum(1 for u in d["routed"] if core.is_elite(state, u))
        if ea != ed:
            loser = "attacker" if ea > ed else "defender"
    if loser is None:
        note(state, "The Battle is Indecisive: both Forces remain.", "7.1.2", where=sat)
        frame["winner"] = frame["loser"] = None
        _regroup(state, frame, None)
        return
    winner = "defender" if loser == "attacker" else "attacker"
    frame["loser"], frame["winner"] = loser, winner
    W, L = frame["sides"][winner], frame["sides"][loser]
    note(state, f"The {name(W['power'])} are Victorious, the {name(L['power'])} Defeated.",
         "7.1.2", where=sat)
    renown_after_battle(data, state, W, L, "7.1.3")
    if "rome" in (W["power"], L["power"]):     # 8.2.2, 8.8: a Roman defeat or a Surrender
        rome.after_battle(data, state, W, L)
    for u in L["routed"]:
        core.disperse(state, u, "7.1.3")
    for u in core.land_units_of(state, L["power"], sat):
        if state["units"][u]["type"] == "siege-train":
            core.disperse(state, u, "7.1.3")
    _regroup(state, frame, loser)
    if not withdraw_destinations(data, state, L["power"], sat):
        for u in core.land_units_of(state, L["power"], sat):
            core.disperse(state, u, "7.1.3")
        note(state, f"The {name(L['power'])} cannot Withdraw: their Units are Dispersed.",
             "7.1.3", where=sat)
    strip_empty_strategoi(data, state, sat)


def _regroup(state: State, frame: dict[str, Any], loser: str | None) -> None:
    """Troops not on a card go onto a participating Leader of their Power (7.1.3)."""
    for side in frame["sides"].values():
        lid = side["leader"]
        if not lid or lid not in state["leaders"]:
            continue
        for u in side["troops"]:
            if state["units"][u]["location"] == frame["sat"]:
                core.set_unit(state, u, location=core.card_of(lid))


def renown_after_battle(data: RulesData, state: State, W: dict[str, Any], L: dict[str, Any],
                        rule: str) -> None:
    """+1 (+2 beating a King) to the Victor, -1 (-2 for a King) to the Defeated (7.1.3)."""
    wl, ll = W.get("leader"), L.get("leader")
    l_king = bool(ll and L["power"] in state["kingdoms"] and core.king(state, L["power"]) == ll)
    if wl and wl in state["leaders"]:
        leaders.change_renown(data, state, wl, 2 if l_king else 1, rule)
    if ll and ll in state["leaders"]:
        leaders.change_renown(data, state, ll, -2 if l_king else -1, rule)


def strip_empty_strategoi(data: RulesData, state: State, where: str) -> None:
    """A Strategos whose whole Force is gone loses his block (7.1.3, 7.2.3)."""
    for lid in sorted(state["leaders"]):
        r = state["leaders"][lid]
        if r["location"] == where and not core.on_card(state, lid):
            leaders.send_to_court(state, lid, "7.1.3")


# --- Naval Battle -------------------------------------------------------------------------
def naval_range(data: RulesData, state: State, power: str, sea: str,
                defeated: Collection[str] = ()) -> list[str]:
    """``power``'s undefeated Squadrons in ``sea`` or a Sea next to it (in play), not
    aboard a Leader's card, that may fight there (a Minor's only in its Seas, 2.13.10):
    those that may Intercept or reinforce (6.6), sorted."""
    out = []
    for s in [sea, *data.seas.get(sea, ())]:
        if not core.sea_in_play(state, s):
            continue
        for u in core.squadrons_of(state, power, s):
            if u not in defeated and not state["units"][u]["location"].startswith("leader:") \
                    and (u not in MINOR_OF or may_campaign_in(u, sea)):
                out.append(u)
    return sorted(out)


def squadron_sets(state: State, units: list[str], empty: bool) -> list[list[str]]:
    """The different sets of ``units`` a side may send (6.6 "any number"): every subset,
    Squadrons of one type in one Sea counting as alike; with ``empty`` the empty set too.
    Beyond six Squadrons, only all of them, each alone and (``empty``) none."""
    if len(units) > 6:
        return ([[]] if empty else []) + [[u] for u in units] + [list(units)]
    out: list[list[str]] = []
    seen: set[tuple[tuple[str, str], ...]] = set()
    for n in range(0 if empty else 1, len(units) + 1):
        for combo in combinations(units, n):
            key = tuple(sorted((state["units"][u]["type"], state["units"][u]["location"])
                               if u.rsplit("-", 1)[-1].isdigit() else (u, "")
                               for u in combo))
            if key not in seen:
                seen.add(key)
                out.append(list(combo))
    return out


def start_naval_battle(data: RulesData, state: State, campaigner: str, interceptor: str,
                       sea: str, force: list[str], strategos: str | None,
                       parent: dict[str, Any], land_aboard: list[str]) -> None:
    """7.2, 6.6: the Interceptor fights with the Squadrons it sent (all those in range when
    it did not name them); a Campaigning Force (Squadrons on the card) may be reinforced by
    any of its Squadrons in range, of its player's choice (prompt ``reinforce:``), otherwise
    (Sea Support, an Interdiction, Rome, the Non-Player Macedon) by all of them."""
    defeated = set(parent.get("defeated_squadrons", []))
    sent = (parent.get("intercept_with") or {}).pop(interceptor, None)
    record_battle(state, campaigner, interceptor)
    extra = [u for u in naval_range(data, state, campaigner, sea, defeated) if u not in force]
    ask = bool(force) and bool(extra) and _decides(state, campaigner) and \
        not core.non_player(state, campaigner)
    a_units = sorted(set(force) | (set() if ask else set(extra)))
    d_units = [u for u in naval_range(data, state, interceptor, sea, defeated)
               if sent is None or u in sent]
    sides = {"attacker": {"power": campaigner, "leader": strategos, "rating": 2,
                          "troops": a_units, "damage": {}, "routed": [], "dice": [], "hits": 0},
             "defender": {"power": interceptor, "leader": None, "rating": 2,
                          "troops": d_units, "damage": {}, "routed": [], "dice": [], "hits": 0}}
    for side in sides.values():
        for u in side["troops"]:
            if not state["units"][u]["location"].startswith("leader:"):
                core.set_unit(state, u, location=sea)
    push(state, "naval-battle", sat=sea, sides=sides, step="reinforce" if ask else "strike",
         pending=[], parent_id=parent.get("id"), land_aboard=land_aboard, force=force,
         reinforcements=extra if ask else [])
    note(state, f"Naval Battle in {name(sea)}: {name(campaigner)} ({len(a_units)} Squadrons) "
                f"against {name(interceptor)} ({len(d_units)}).", "7.2", where=sea)


def _naval_strike(state: State, side: dict[str, Any], sea: str, navarch: int = 0) -> None:
    """7.2.1: each Squadron Strikes at 2, +1 if Elite; a NAVARCH's +1 does not add to an
    Elite's (S9, ``navarch``)."""
    dice, hits = [], 0
    for u in side["troops"]:
        elite = 1 if core.is_elite(state, u) else 0
        parts = [("Battle Rating", 2), ("Elite", elite)]
        if navarch and not elite:
            parts.append(("NAVARCH", navarch))
        thr = sum(v for _, v in parts)
        (face,) = roll(state, purpose=f"Strike by {name(u)} ({needs(thr, parts)})",
                       rule="7.2.1")
        ok = face <= thr
        hits += (1 + (1 if face == 1 else 0)) if ok else 0
        dice.append({"unit": u, "face": face, "threshold": thr, "success": ok})
    side["dice"], side["hits"] = dice, hits
    note(state, f"{name(side['power'])} score {count(hits, 'Hit')}.", "7.2.1", where=sea)


@proc("naval-battle")
class NavalBattle(_Battle):
    noun = "Squadron"
    rule = "7.2.1"

    def run(self, data, state, frame):
        sides, sea = frame["sides"], frame["sat"]
        if frame["step"] == "reinforce":        # nothing to choose any more
            frame["step"] = "strike"
            return
        if frame["step"] == "strike":
            for side in (sides["attacker"], sides["defender"]):
                _naval_strike(state, side, sea, abilities.navarch_thm(data, side["leader"]))
            self.queue_alloc(state, frame, "attacker", "defender")
            self.queue_alloc(state, frame, "defender", "attacker")
            frame["step"] = "outcome"
            return
        if frame["step"] == "outcome":
            frame["winner"] = _naval_winner(state, frame)
            frame["step"] = "report"
            return
        pop(state, frame)
        naval_outcome(data, state, frame)

    def prompt(self, data, state, frame):
        if frame["step"] == "reinforce":
            side = frame["sides"]["attacker"]
            extra = [u for u in frame["reinforcements"]
                     if state["units"][u]["location"] in
                     [frame["sat"], *data.seas.get(frame["sat"], ())]]
            if not extra:
                return None
            ch = [Choice("reinforce:" + "+".join(c),
                         f"Reinforce with {names(c)}" if c else "No reinforcement",
                         target=frame["sat"])
                  for c in squadron_sets(state, extra, empty=True)]
            return Prompt(core.seat_of(state, side["power"]),
                          f"Naval Battle in {name(frame['sat'])}: reinforce your Force with "
                          "Squadrons of this Sea or the next?", ch, rule="6.6",
                          context=_context(frame))
        p = super().prompt(data, state, frame)
        if p is None and frame["step"] == "report":
            return report(state, frame)
        return p

    def apply(self, data, state, frame, choice):
        if choice == "continue":
            frame["step"] = "done"
            return
        if choice.startswith("reinforce:"):
            added = [u for u in choice.partition(":")[2].split("+") if u]
            side = frame["sides"]["attacker"]
            for u in added:
                core.set_unit(state, u, location=frame["sat"])
            side["troops"] = sorted(set(side["troops"]) | set(added))
            if added:
                note(state, f"{names(added)} reinforce the {name(side['power'])}.", "6.6",
                     where=frame["sat"])
            frame["step"] = "strike"
            return
        super().apply(data, state, frame, choice)


def _naval_winner(state: State, frame: dict[str, Any]) -> str | None:
    a, d = frame["sides"]["attacker"], frame["sides"]["defender"]
    if len(a["routed"]) == len(d["routed"]):
        return None
    return "attacker" if len(a["routed"]) < len(d["routed"]) else "defender"


def naval_outcome(data: RulesData, state: State, frame: dict[str, Any]) -> None:
    """7.2.2 outcome and 7.2.3 consequences."""
    a, d = frame["sides"]["attacker"], frame["sides"]["defender"]
    sea = frame["sat"]
    a_all = bool(a["troops"]) and len(a["routed"]) == len(a["troops"])
    d_all = bool(d["troops"]) and len(d["routed"]) == len(d["troops"])
    loser = None
    if a_all != d_all and (a["troops"] and d["troops"]):
        loser = "attacker" if a_all else "defender"
    elif len(a["routed"]) != len(d["routed"]):
        loser = "attacker" if len(a["routed"]) > len(d["routed"]) else "defender"
    elif not a["troops"] and d["troops"]:
        loser = "attacker" if d["hits"] > 0 else None
    for side in (a, d):
        for u in side["routed"]:
            core.sink(state, u, "7.2.3")
    parent = _find(state, frame["parent_id"]) if frame.get("parent_id") else None
    result = {"winner": None, "loser": None, "sea": sea}
    if loser:
        winner = "defender" if loser == "attacker" else "attacker"
        W, L = frame["sides"][winner], frame["sides"][loser]
        note(state, f"At sea the {name(W['power'])} are Victorious.", "7.2.2", where=sea)
        renown_after_battle(data, state, W, L, "7.2.3")
        result = {"winner": W["power"], "loser": L["power"], "sea": sea}
        if parent is not None:
            parent.setdefault("defeated_squadrons", []).extend(
                u for u in L["troops"] if u not in L["routed"])
    else:
        note(state, "The Naval Battle is Indecisive.", "7.2.2", where=sea)
    # survivors of the campaigning Force stay on the card; others stay in the Sea (7.2.3)
    alive_a = [u for u in frame.get("force", []) if u not in a["routed"]]
    d_hits = d["hits"]
    if frame.get("land_aboard") and not alive_a and d["troops"] and \
            len(d["routed"]) < len(d["troops"]) and d_hits >= 1:
        for u in frame["land_aboard"]:
            if state["units"][u]["location"] not in ("dispersed",):
                core.disperse(state, u, "7.2.3")
        result["land_lost"] = True
    if parent is not None:
        parent.setdefault("naval", []).append(result)
