"""Land Campaign (5.2) and, in ``mode="overseas"``, Overseas Campaign (5.4).

Steps of the ``campaign`` frame: origin -> target -> announce -> muster -> pay -> (overseas:
sail, sea by sea, with Interceptions) -> land -> Reactions (6.1-6.3) -> Battles (7.1) ->
Campaign Options (5.2.5-5.2.8, in :mod:`sieges`). Initiation (5.2.1, 5.4.1: Origins,
Targets, announcement) is in :mod:`rules.hubris.campaign_initiation`, Muster and costs
(5.2.2, 5.2.3, 5.4.2) in :mod:`rules.hubris.campaign_muster`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.state import ask

from . import (
    battles,
    core,
    leaders,
    reactions,
    wars,
)

# the rules of Initiation and Muster, also read as ``land_campaign.<name>`` (tests, bots)
from .campaign_initiation import (  # noqa: F401 - _target_within, possible: also land_campaign.*
    _has_troops,
    _target_within,
    announce_options,
    announced,
    battle_candidates,
    describe_announcement,
    np_announce_options,
    origins,
    possible,
    provoked_casus_belli,
    targets,
)
from .campaign_muster import (  # noqa: F401 - musterable ... MERC_FEE: also land_campaign.*
    MERC_FEE,
    OVERSEAS_EXTRA,
    _minor_ok,
    affordable,
    costing,
    escort_candidates,
    hiring_fee,
    kept_musterable,
    musterable,
    total_cost,
    troop_cost,
    unit_cost,
)
from .core import new_id, note
from .flow import pop, proc, push
from .names import name, names
from .rome import guaranteed  # noqa: F401 - 8.1.4
from .rulesdata import RulesData
from .sieges import any_option, declare, option_choices, plunder, plunderable_from_sea
from .two_player import after_battles, decider

State = dict[str, Any]


def start(data: RulesData, state: State, k: str, lid: str, mode: str = "land") -> None:
    # 5.2.8: never Plunder a Satrapy Controlled at the start of the Action (the escorts'
    # Plunder at sea, 5.4.4, comes before the landing)
    push(state, "campaign", id=new_id(state), kingdom=k, leader=lid, mode=mode, step="origin",
         origin=None, target=None, announce=None, force=[], fees=0, escorts=[], path=None,
         sea_index=0, battles=[], naval=[], defeated_squadrons=[], plundered=0, ended=False,
         started_controlled=[s for s in core.satrapies_in_play(state)
                             if core.controls(state, k, s)])


#: the steps of a ``campaign`` frame at which its player decides (the others run alone)
ASKS = frozenset({"origin", "target", "route", "announce", "muster", "sea", "battle-choice",
                  "options"})


def _carries(state: State, lid: str, types: Collection[str] | None = None) -> bool:
    """Has ``lid``'s card a Unit (of one of ``types``)? :func:`core.on_card` as a yes or
    no: one pass over the Units that stops at the first, nothing listed or sorted."""
    card = core.card_of(lid)
    return any(r["location"] == card and (types is None or r["type"] in types)
               for r in state["units"].values())


@proc("campaign")
class Campaign:
    def prompt(self, data, state, frame):
        k, lid, step = frame["kingdom"], frame["leader"], frame["step"]
        if step not in ASKS:
            return None                 # an automatic step: see :meth:`run`
        seat = core.seat_of(state, k)
        title = "Overseas Campaign" if frame["mode"] == "overseas" else "Land Campaign"
        rule = "5.4.1" if frame["mode"] == "overseas" else "5.2.1"
        if step == "origin":
            ch = [Choice(f"origin:{s}", core.title_of(s), target=s)
                  for s in origins(data, state, k, lid, frame["mode"])
                  if s in frame.get("only_origins", (s,))]      # 12.5: Antiochos's landing
            return Prompt(seat, f"{title}: choose the Origin Satrapy", ch, "choose-space", rule)
        if step == "target":
            memo: dict[str, Any] = {}
            ch = [Choice(f"target:{s}", core.title_of(s), target=s)
                  for s in targets(data, state, k, frame["origin"], frame["mode"])
                  if s in frame.get("only_targets", (s,)) and
                  affordable(data, state, frame, s, memo)]
            return Prompt(seat, f"{title}: choose the Target Satrapy", ch, "choose-space", rule)
        if step == "route":
            ch = [Choice("route:" + "+".join(p), "By " + ", ".join(name(s) for s in p),
                         target=p[0]) for p in frame["paths"]]
            return Prompt(seat, f"{title}: choose the Path of Friendly Seas", ch, rule=rule)
        if step == "announce":
            opts = (np_announce_options(data, state, frame["target"]) if frame.get("np") else
                    announce_options(data, state, k, frame["target"]))
            ch = [Choice(f"announce:{key}", text) for key, text in opts]
            return Prompt(seat, f"{title}: announce the targets", ch, rule=rule)
        if step == "muster":
            return self._muster_prompt(data, state, frame, seat)
        if step == "sea":
            return self._sea_prompt(data, state, frame, seat)
        if step == "battle-choice":
            must, optional = battle_candidates(state, frame)
            ch = [Choice(f"fight:{p}", f"Give Battle to the {name(p)} now"
                         + ("" if p in must else " (not At War: an Act of War)"),
                         target=frame["target"]) for p in must + optional]
            if not must:
                ch.append(Choice("no-battle", "Give no Battle"))
            return Prompt(seat, f"Battles in {name(frame['target'])}: "
                          + ("which first?" if must else "give Battle?"), ch, rule="5.2.4")
        if step == "options":
            ch = option_choices(data, state, frame)
            if frame.get("np"):
                return Prompt(seat, "For Non-Player Macedon: its four Campaign Options, "
                              "Sieges or Subjugations", ch, rule="10.5",
                              context={"target": frame["target"]})
            return Prompt(seat, "Declare the Campaign Options (at most 4, one Plunder)", ch,
                          rule="5.2.5", context={"target": frame["target"]})
        return None

    def _muster_prompt(self, data, state, frame, seat):
        k = frame["kingdom"]
        cash = core.treasury(state, k)
        cost_with = costing(data, state, frame)
        one_more = cost_with(1, 0)              # the Force with one more Troop, no fee
        ch = []
        for u, fee in kept_musterable(data, state, frame):
            if u in frame["force"]:
                continue
            if (cost_with(1, fee) if fee else one_more) <= cash:
                label = f"Muster {name(u)}" + (f" (hire {fee} T)" if fee else "")
                ch.append(Choice(f"add:{u}", label, target=core.where_is(state, u)))
        if frame["mode"] == "overseas" and cost_with(0, 0, 1) <= cash:
            for u in escort_candidates(data, state, frame):
                ch.append(Choice(f"escort:{u}", f"Add {name(u)} as escort (3 T)",
                                 target=core.where_is(state, u)))
        cost = cost_with()
        if cost > cash:
            ch = [Choice(f"drop:{u}", f"Do not retain {name(u)} (it is Dispersed)")
                  for u in frame["force"]]
        elif any(core.is_troop(state, u) for u in frame["force"]):
            ch.append(Choice("done", f"Campaign with this Force ({cost} T)"))
        elif not ch:
            ch.append(Choice("abandon", "No Troop can be afforded: the Action is lost"))
        return Prompt(seat, f"Muster the Force (now {names(frame['force']) or 'empty'})",
                      ch, rule="5.2.2", context={"force": frame["force"], "cost": cost})

    def _sea_prompt(self, data, state, frame, seat):
        sea = frame["path"][frame["sea_index"]]
        ch = [Choice("sail", "Sail on" if frame["sea_index"] + 1 < len(frame["path"])
                     else "Land in the Target")]
        if frame["escorts"] and frame["plundered"] < 1:
            for s in plunderable_from_sea(data, state, frame, sea):
                ch.append(Choice(f"plunder:{s}", f"Escorts Plunder {name(s)}", target=s))
        return Prompt(seat, f"At sea in {name(sea)}", ch, rule="5.4.4")

    def apply(self, data, state, frame, choice):
        k, lid = frame["kingdom"], frame["leader"]
        verb, _, arg = choice.partition(":")
        if verb == "origin":
            frame["origin"], frame["step"] = arg, "target"
        elif verb == "target":
            frame["target"], frame["step"] = arg, "announce"
            if frame["mode"] == "overseas":     # 5.4.1: the player picks the Path (R6)
                paths = core.sea_paths(state, data, k,
                                       list(data.satrapies[frame["origin"]].seas),
                                       list(data.satrapies[arg].seas))
                frame["path"] = paths[0] if paths else None
                if len(paths) > 1:
                    frame["paths"], frame["step"] = paths, "route"
        elif verb == "route":
            frame["path"], frame["step"] = arg.split("+"), "announce"
            frame.pop("paths", None)
        elif verb == "announce" and frame.get("np"):     # 10.1: the decider's choice
            frame["announce"], frame["step"] = arg, "land"
            note(state, f"The {name(decider(state))}, deciding for Macedon, target "
                        f"{describe_announcement(arg)} in {name(frame['target'])}.", "10.1",
                 where=frame["target"])
        elif verb == "announce":
            frame["announce"], frame["step"] = arg, "muster"
            route = (f"in {name(frame['target'])}" if frame["origin"] == frame["target"] else
                     f"from {name(frame['origin'])} into {name(frame['target'])}")
            note(state, f"The {name(k)} announce a Campaign {route} "
                        f"({describe_announcement(arg)}).",
                 "5.2.1", where=frame["target"])
            self._retain(data, state, frame)
        elif verb == "add":
            fee = hiring_fee(data, state, lid, arg)     # the prompt offered ``arg``
            frame["force"].append(arg)
            frame["fees"] += fee
        elif verb == "drop":
            frame["force"].remove(arg)
            core.disperse(state, arg, "5.2.2")
        elif verb == "escort":
            frame["escorts"].append(arg)
        elif verb == "done":
            frame["step"] = "pay"
        elif verb == "abandon":
            note(state, f"The Campaign of {name(lid)} cannot be mustered and is abandoned.",
                 "5.2.2")
            pop(state, frame)
        elif verb == "sail":
            frame["sea_index"] += 1
            frame["step"] = "sea-enter" if frame["sea_index"] < len(frame["path"]) else "land"
        elif verb == "plunder":     # 5.4.4 as 5.3.5: Interceptions first, then the Plunder
            frame["plundered"] += 1
            frame["plundering"] = arg
            frame["step"] = "sea-battles"
            reactions.open_interception(data, state, frame, frame["path"][frame["sea_index"]],
                                        k, "5.4.4")
        elif verb == "fight":
            frame["next_enemy"], frame["step"] = arg, "battles"
        elif verb == "no-battle":
            frame.setdefault("declined", []).extend(battle_candidates(state, frame)[1])
            frame["step"] = "battles"
        elif verb == "opt":
            declare(data, state, frame, arg)

    def _retain(self, data, state, frame):
        """5.2.2: a Strategos already on the map keeps his Units if he has a Land Path."""
        lid, k = frame["leader"], frame["kingdom"]
        here = state["leaders"][lid]["location"]
        for u in core.on_card(state, lid):
            keep = core.is_land(state, u) and here in data.satrapies and \
                core.land_path(state, data, k, here, frame["origin"])
            if keep:
                frame["force"].append(u)
            elif core.is_land(state, u):
                core.disperse(state, u, "5.2.2")
            else:
                core.set_unit(state, u, location=here)

    def run(self, data, state, frame):
        step = frame["step"]
        k, lid = frame["kingdom"], frame["leader"]
        if step == "pay":
            core.pay(state, k, total_cost(data, state, frame), "Campaign logistics",
                     "5.4.3" if frame["mode"] == "overseas" else "5.2.3")
            for u in frame["force"] + frame["escorts"]:
                core.set_unit(state, u, location=core.card_of(lid), face="up", owner=k)
            leaders.make_strategos(state, lid)
            core.set_leader(state, lid, location=frame["origin"])
            frame["step"] = "sea-enter" if frame["mode"] == "overseas" else "land"
            if frame["mode"] == "overseas" and not frame["path"]:
                frame["step"] = "land"
            return
        if step == "sea-enter":
            sea = frame["path"][frame["sea_index"]]
            core.set_leader(state, lid, location=sea)
            note(state, f"The Force of {name(lid)} sails into {name(sea)}.", "5.4.4", where=sea)
            reactions.kretikon_storm(state, lid, sea)
            frame["step"] = "sea-battles"
            reactions.open_interception(data, state, frame, sea, k, "5.4.4")
            return
        if step == "sea-battles":
            if frame.get("interceptors"):
                icp = frame["interceptors"].pop(0)
                sea = frame["path"][frame["sea_index"]]
                land = [u for u in core.on_card(state, lid) if core.is_land(state, u)]
                force = [u for u in core.on_card(state, lid) if core.is_naval(state, u)]
                battles.start_naval_battle(data, state, k, icp, sea, force, lid, frame, land)
                return
            lost = any(n.get("loser") == k or n.get("land_lost") for n in frame["naval"]
                       if n["sea"] == frame["path"][frame["sea_index"]])
            frame["escorts"] = [u for u in frame["escorts"]
                                if state["units"][u]["location"] == core.card_of(lid)]
            target = frame.pop("plundering", None)
            if lost or not _carries(state, lid, core.TROOP_TYPES):
                if target:
                    note(state, f"Defeated at sea, the escorts cannot plunder "
                                f"{core.title_of(target)}.", "5.4.4", where=target)
                self._abort(data, state, frame, "the Force is Defeated at sea", "5.4.4")
                return
            if target and frame["escorts"]:
                plunder(data, state, frame, target, len(frame["escorts"]), "5.4.4")
            frame["step"] = "sea"
            return
        if step == "land":
            if self._straits(data, state, frame):
                return
            self._land(data, state, frame)
            return
        if step == "strait":
            self._strait_battles(data, state, frame)
            return
        if step == "battles":
            self._battles(data, state, frame)
            return
        if step == "after-battles":
            won = all(b.get("winner") == "attacker" for b in frame["battles"])
            if not won or not _carries(state, lid) or \
                    state["leaders"][lid]["location"] != frame["target"]:
                self._end(data, state, frame)
                return
            if frame.get("np"):        # 10.5: Ravage, then four Sieges/Subjugations
                after_battles(data, state, frame)
                return
            if not any_option(data, state, frame):
                self._end(data, state, frame)
                return
            frame["step"] = "options"
            return
        if step == "end":
            self._end(data, state, frame)

    def _abort(self, data, state, frame, why, rule):
        lid = frame["leader"]
        note(state, f"The Campaign of {name(lid)} ends: {why}.", rule)
        for u in core.on_card(state, lid):
            if core.is_naval(state, u):
                core.set_unit(state, u, location=state["leaders"][lid]["location"])
            else:
                core.disperse(state, u, rule)
        leaders.send_to_court(state, lid, rule)
        pop(state, frame)

    def _straits(self, data, state, frame) -> bool:
        """6.5: before a Force crosses a Straits Crossing, every other Power with Squadrons
        in the intervening Sea may Interdict it (asked once per Campaign)."""
        if frame["mode"] != "land" or frame.get("strait") is not None:
            return False
        sea = reactions.strait_sea(data, frame["origin"], frame["target"])
        frame["strait"] = sea or ""
        if not sea:
            return False
        frame["interdictors"] = []
        for d in reactions.interdictors_for(data, state, sea, frame["kingdom"]):
            ask(state, core.seat_of(state, d), "interdict", kingdom=d, sea=sea,
                mover=frame["kingdom"], frame=frame["id"])
        frame["step"] = "strait"
        return True

    def _strait_battles(self, data, state, frame):
        """An Interdiction may be Intercepted (6.6); an Interdictor neither Sunk nor Defeated
        sends the Force back to its Origin, ending the Action (6.5)."""
        sea = frame["strait"]
        if frame.get("interceptors"):
            icp = frame["interceptors"].pop(0)
            d = frame["interdicting"]
            battles.start_naval_battle(data, state, d, icp, sea,
                                       reactions.free_squadrons(state, d, sea), None, frame, [])
            return
        d = frame.pop("interdicting", None)
        if d is not None:
            lost = any(n.get("loser") == d for n in frame["naval"] if n["sea"] == sea)
            if reactions.free_squadrons(state, d, sea) and not lost:
                note(state, f"The {d.title()} Interdict the Straits Crossing to "
                            f"{core.title_of(frame['target'])}: the Force returns to "
                            f"{core.title_of(frame['origin'])}.", "6.5", where=sea)
                self._end(data, state, frame)
                return
            note(state, f"The Interdiction of the {d.title()} in {core.title_of(sea)} fails.",
                 "6.5", where=sea)
        if frame.get("interdictors"):
            d = frame["interdicting"] = frame["interdictors"].pop(0)
            reactions.open_interception(data, state, frame, sea, d, "6.5")
            return
        frame["step"] = "land"

    def _land(self, data, state, frame):
        k, lid, tgt = frame["kingdom"], frame["leader"], frame["target"]
        if frame["mode"] == "overseas":
            seas = [s for s in data.satrapies[tgt].seas
                    if core.friendly_sea(state, data, k, s, campaign=True)]
            for u in core.on_card(state, lid):
                if core.is_naval(state, u):
                    core.set_unit(state, u, location=seas[0] if seas else frame["path"][-1])
            frame["escorts"] = []
        core.set_leader(state, lid, location=tgt)
        note(state, f"{leaders.label(data, lid)} leads his Force into {name(tgt)}.", "5.2.4",
             where=tgt)
        frame["announced"] = announced(data, state, frame)
        provoked_casus_belli(data, state, frame)
        control = state["derived"]["control"]      # :func:`core.controls`, in play, sorted
        if "started_controlled" not in frame:     # a frame not begun by :func:`start`
            frame["started_controlled"] = [s for s in core.satrapies_in_play(state)
                                           if (c := control.get(s)) and c["power"] == k]
        frame["step"] = "battles"
        reactions.open_defence(data, state, frame)

    def _battles(self, data, state, frame):
        """5.2.4: a Battle with every Power At War with the Campaigner whose Force stays, in
        the order the Campaigner chooses; with a Power not At War only if one of the two
        Forces gives Battle (the Campaigner first, then the other, prompt ``give-battle``).
        Rome's Forces are fought when At War or announced (the Rome bot gives no Battle)."""
        k, lid, tgt = frame["kingdom"], frame["leader"], frame["target"]
        if not _carries(state, lid, core.TROOP_TYPES) or \
                state["leaders"][lid]["location"] != tgt:
            frame["step"] = "after-battles"
            return
        enemy = frame.pop("next_enemy", None)
        if enemy is None:
            must, optional = battle_candidates(state, frame)
            fought = {b["enemy"] for b in frame["battles"]}
            offered = [p for p in frame.get("offered", [])
                       if p not in fought and _has_troops(state, p, tgt)]
            if offered:
                enemy = offered[0]
            elif len(must) == 1 and not optional:
                enemy = must[0]
            elif must or optional:
                frame["step"] = "battle-choice"
                return
            else:
                for p in frame.get("declined", []):
                    if p in frame.setdefault("asked_battle", []):
                        continue
                    frame["asked_battle"].append(p)
                    if _has_troops(state, p, tgt) and wars.may_commit_act_of_war(state, p, k) \
                            and not core.non_player(state, p):
                        ask(state, core.seat_of(state, p), "give-battle", kingdom=p,
                            mover=k, sat=tgt, campaign=frame["id"])
                        return
                frame["step"] = "after-battles"
                return
        if not frame.get("estrat", {}).get(enemy) and reactions.needs_strategos(
                data, state, enemy, tgt):
            frame.setdefault("estrat", {})[enemy] = True
            frame["next_enemy"] = enemy
            ask(state, core.seat_of(state, enemy), "emergency-strategos", kingdom=enemy,
                sat=tgt)
            return
        if enemy in frame.get("offered", []):
            frame["offered"].remove(enemy)
            wars.act_of_war(state, enemy, k, f"Battle in {name(tgt)}")
        else:
            wars.act_of_war(state, k, enemy, f"Battle in {name(tgt)}")
        rough = data.satrapies[tgt].rough and frame["origin"] != tgt
        frame["battles"].append({"enemy": enemy})
        battles.start_land_battle(data, state, k, enemy, tgt, lid, rough, frame)

    def _end(self, data, state, frame):
        lid = frame["leader"]
        if lid in state["leaders"] and not _carries(state, lid) and \
                core.on_map_location(state["leaders"][lid]["location"]):
            leaders.send_to_court(state, lid, "7.1.3")
        note(state, f"The Campaign of {name(lid)} is over.", "5.2")
        pop(state, frame)


@proc("give-battle")
class GiveBattle:
    """5.2.4: a Force the Campaigner is not At War with, and that the Campaigner gave no
    Battle, may give Battle itself (an Act of War)."""

    def prompt(self, data, state, frame):
        d, k, sat = frame["kingdom"], frame["mover"], frame["sat"]
        camp = next((f for f in state.get("stack", []) if f.get("id") == frame["campaign"]),
                    None)
        if camp is None or not _has_troops(state, d, sat) or \
                state["leaders"].get(camp["leader"], {}).get("location") != sat:
            return None
        return Prompt(core.seat_of(state, d), f"The {name(k)} Campaign into {name(sat)}, "
                      "where your Force stands. Give them Battle?",
                      [Choice("attack", f"Give Battle (an Act of War on the {name(k)})",
                              target=sat),
                       Choice("decline", "No Battle")], kind="yes-no", rule="5.2.4")

    def apply(self, data, state, frame, choice):
        if choice != "attack":
            return
        camp = next((f for f in state.get("stack", []) if f.get("id") == frame["campaign"]),
                    None)
        if camp is not None:
            camp.setdefault("offered", []).append(frame["kingdom"])
