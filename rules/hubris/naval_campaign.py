"""Naval Campaign (5.3): Origin Sea, Target Sea along a Path of Friendly Seas, pick-up of
Squadrons (3 T each, King -3 T on the first), Interceptions (6.6), up to 4 Plunders (5.3.5),
conclusion (5.3.6). Ruling R6: the route is the shortest Path of Friendly Seas.
"""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt

from . import abilities, battles, core, kingdom_facts, leaders, minors, reactions
from .core import new_id, note
from .flow import pop, proc, push
from .names import name
from .reactions import free_squadrons
from .rulesdata import RulesData
from .sieges import plunder, plunderable_from_sea

State = dict[str, Any]
SQUADRON_COST = 3
MAX_PLUNDERS = 4


def origins(data: RulesData, state: State, k: str) -> list[str]:
    """The Seas in play where ``k`` has a free Squadron (:func:`free_squadrons`): one
    pass over the Units."""
    return _origins(state, k, core.seas_in_play(state))


def _origins(state: State, k: str, in_play: list[str]) -> list[str]:
    """:func:`origins`, ``in_play`` the Seas in play."""
    at = _squadron_locations(state, k)
    return [s for s in in_play if s in at]


def _squadron_locations(state: State, k: str) -> set[str]:
    """Where ``k``'s Squadrons are (Seas, Leader cards, off-map): one pass over the Units."""
    return {r["location"] for r in state["units"].values()
            if r["owner"] == k and r["type"] in core.NAVAL_TYPES}


def targets(data: RulesData, state: State, k: str, origin: str,
            parts: dict[str, frozenset[str]] | None = None) -> list[str]:
    """The Target Seas from ``origin``. ``parts``: :func:`core.sea_parts` of ``k``, when the
    caller has it."""
    reach = core.sea_reach(state, data, k, [origin],
                           core.sea_parts(state, data, k) if parts is None else parts)
    return [s for s in core.seas_in_play(state) if s in reach]


def possible(data: RulesData, state: State, k: str, lid: str,
              shared: dict[str, Any] | None = None) -> bool:
    """May ``lid`` lead a Naval Campaign now? ``shared``: a dict the caller keeps for this
    state and Kingdom (:func:`rules.hubris.activation.legal_actions`): whether any Origin
    has a Target is found once."""
    shared = {} if shared is None else shared
    if not kingdom_facts.campaigner(data, state, lid, shared):
        return False
    cost = SQUADRON_COST - (3 if core.king(state, k) == lid else 0)
    if core.treasury(state, k) < cost:
        return False
    if "naval" not in shared:       # an Origin has a Target when it is Friendly: itself
        # (a Sea not in play, or a location that is not a Sea, is not Friendly)
        shared["naval"] = any(core.friendly_sea(state, data, k, o, campaign=True)
                              for o in _squadron_locations(state, k))
    return shared["naval"]


def start(data: RulesData, state: State, k: str, lid: str) -> None:
    push(state, "naval", id=new_id(state), kingdom=k, leader=lid, step="origin", origin=None,
         target=None, path=[], index=0, added=0, plunders=0, naval=[], defeated_squadrons=[],
         started_controlled=[s for s in core.satrapies_in_play(state)
                             if core.controls(state, k, s)])


def _cost(state: State, frame: dict[str, Any]) -> int:
    first = frame["added"] == 0 and core.king(state, frame["kingdom"]) == frame["leader"]
    return max(0, SQUADRON_COST - (3 if first else 0))


@proc("naval")
class NavalCampaign:
    def prompt(self, data, state, frame):
        k, step = frame["kingdom"], frame["step"]
        seat = core.seat_of(state, k)
        if step == "origin":
            # an Origin with a Target (:func:`targets`): its Friendly Seas meet those in play
            parts = core.sea_parts(state, data, k)
            in_play = core.seas_in_play(state)
            ch = [Choice(f"origin:{s}", core.title_of(s), target=s)
                  for s in _origins(state, k, in_play)
                  if s in parts and not parts[s].isdisjoint(in_play)]
            return Prompt(seat, "Naval Campaign: choose the Origin Sea", ch, "choose-space",
                          "5.3.1")
        if step == "target":
            ch = [Choice(f"target:{s}", core.title_of(s), target=s)
                  for s in targets(data, state, k, frame["origin"])]
            return Prompt(seat, "Naval Campaign: choose the Target Sea", ch, "choose-space",
                          "5.3.1")
        if step == "route":
            ch = [Choice("route:" + "+".join(p), "By " + ", ".join(name(s) for s in p),
                         target=p[1] if len(p) > 1 else p[0])
                  for p in frame["paths"]]
            return Prompt(seat, "Naval Campaign: choose the Path of Friendly Seas", ch,
                          rule="5.3.1")
        if step == "muster":
            sea = frame["path"][frame["index"]]
            ch = []
            if core.treasury(state, k) >= _cost(state, frame):
                ch = [Choice(f"add:{u}", f"Add {name(u)} ({_cost(state, frame)} T)", target=sea)
                      for u in free_squadrons(state, k, sea)
                      if minors.may_campaign_in(u, sea) or u not in minors.MINOR_OF]
            if core.on_card(state, frame["leader"]):
                ch.append(Choice("go", "Go on"))
            return Prompt(seat, f"Pick up Squadrons in {name(sea)}", ch, rule="5.3.2")
        if step == "act":
            sea = frame["path"][frame["index"]]
            ch = []
            if frame["plunders"] < abilities.naval_plunders(data, frame["leader"], MAX_PLUNDERS):
                ch += [Choice(f"plunder:{s}", f"Plunder {name(s)}", target=s)
                       for s in plunderable_from_sea(data, state, frame, sea)]
            if frame["index"] + 1 < len(frame["path"]):
                nxt = frame["path"][frame["index"] + 1]
                ch.append(Choice(f"sail:{nxt}", f"Sail on to {name(nxt)}", target=nxt))
            ch.append(Choice("end", "End the Campaign here"))
            return Prompt(seat, f"Naval Campaign in {name(sea)}", ch, rule="5.3.5")
        if step == "conclude":
            ch = [Choice(f"base:{s}", f"Strategos lands in {name(s)}", target=s)
                  for s in self._bases(data, state, frame)]
            return Prompt(seat, "Where does the Strategos go ashore?", ch, "choose-space",
                          "5.3.6") if ch else None
        return None

    def _bases(self, data, state, frame):
        sea = frame["path"][frame["index"]]
        k = frame["kingdom"]
        return [s for s in data.coasts_of(sea) if core.sat_in_play(state, s)
                and any(core.aligned(state, p, k) and data.places[p].port
                        for p in data.satrapies[s].places)]

    def apply(self, data, state, frame, choice):
        verb, _, arg = choice.partition(":")
        k, lid = frame["kingdom"], frame["leader"]
        if verb == "origin":
            frame["origin"], frame["step"] = arg, "target"
        elif verb == "target":
            frame["target"] = arg
            paths = [[arg]] if arg == frame["origin"] else \
                core.sea_paths(state, data, k, [frame["origin"]], [arg])
            if len(paths) > 1:      # 5.3.1: the player picks the Path (ruling R6 revised)
                frame["paths"], frame["step"] = paths, "route"
                return
            self._sail_from(data, state, frame, paths[0])
        elif verb == "route":
            self._sail_from(data, state, frame, arg.split("+"))
        elif verb == "add":
            core.pay(state, k, _cost(state, frame), f"{name(arg)} logistics", "5.3.3")
            frame["added"] += 1
            core.set_unit(state, arg, location=core.card_of(lid))
        elif verb == "go":
            frame["step"] = "intercept"
            reactions.open_interception(data, state, frame, frame["path"][frame["index"]], k,
                                        "5.3.4")
        elif verb == "plunder":     # Interceptions first: plunder only if still undefeated
            frame["plunders"] += 1
            frame["plundering"] = arg
            frame["step"] = "intercept"
            reactions.open_interception(data, state, frame, frame["path"][frame["index"]], k,
                                        "5.3.5")
        elif verb == "sail":
            here = frame["path"][frame["index"]]
            for u in core.on_card(state, lid):      # 5.3.3 Note: a Minor's Squadron stays
                if u in minors.MINOR_OF and not minors.may_campaign_in(u, arg):
                    core.set_unit(state, u, location=here)
                    note(state, f"{name(u)} stays in {name(here)}, the last Sea it may "
                                "Campaign in.", "5.3.3", where=here)
            frame["index"] += 1
            core.set_leader(state, lid, location=arg)
            note(state, f"The fleet of {name(lid)} sails into {name(arg)}.", "5.3", where=arg)
            reactions.kretikon_storm(state, lid, arg)
            frame["step"] = "muster"
            if not core.on_card(state, lid):        # the storm sank the whole fleet
                note(state, f"The Naval Campaign of {name(lid)} is lost at sea.", "2.5.3",
                     where=arg)
                leaders.send_to_court(state, lid, "2.5.3")
                pop(state, frame)
        elif verb == "end":
            frame["step"] = "conclude"
        elif verb == "base":
            self._finish(data, state, frame, arg)

    def _sail_from(self, data, state, frame, path):
        """The Path is set: the Strategos takes to sea in the Origin (5.3.1, 5.3.2)."""
        lid, arg = frame["leader"], frame["target"]
        frame["path"] = path
        frame.pop("paths", None)
        for u in core.on_card(state, lid):
            if core.is_land(state, u):
                core.disperse(state, u, "5.3.2")
        leaders.make_strategos(state, lid)
        core.set_leader(state, lid, location=frame["origin"])
        note(state, f"{leaders.label(data, lid)} starts a Naval Campaign in "
                    + (f"{name(arg)}." if arg == frame["origin"] else
                       f"{name(frame['origin'])} bound for {name(arg)} by "
                       f"{', '.join(name(s) for s in path)}."),
             "5.3.1", where=frame["origin"])
        frame["step"] = "muster"

    def run(self, data, state, frame):
        k, lid = frame["kingdom"], frame["leader"]
        if frame["step"] == "intercept":
            if frame.get("interceptors"):
                icp = frame["interceptors"].pop(0)
                battles.start_naval_battle(data, state, k, icp, frame["path"][frame["index"]],
                                           core.on_card(state, lid), lid, frame, [])
                return
            sea = frame["path"][frame["index"]]
            lost = any(n.get("loser") == k for n in frame["naval"] if n["sea"] == sea)
            target = frame.pop("plundering", None)
            if lost or not core.on_card(state, lid):
                if target:
                    note(state, f"Defeated at sea, the fleet cannot plunder "
                                f"{core.title_of(target)}.", "5.3.5", where=target)
                for u in core.on_card(state, lid):
                    core.set_unit(state, u, location=sea)
                note(state, f"The Naval Campaign of {name(lid)} is aborted.", "5.3.4", where=sea)
                leaders.send_to_court(state, lid, "5.3.4")
                pop(state, frame)
                return
            if target:
                plunder(data, state, frame, target, len(core.on_card(state, lid)), "5.3.5")
            frame["step"] = "act"
            return
        if frame["step"] == "conclude":
            self._finish(data, state, frame, None)

    def _finish(self, data, state, frame, base):
        lid = frame["leader"]
        sea = frame["path"][frame["index"]]
        for u in core.on_card(state, lid):
            core.set_unit(state, u, location=sea)
        if base:
            core.set_leader(state, lid, location=base)
            note(state, f"{name(lid)} goes ashore in {name(base)}.", "5.3.6", where=base)
        else:
            leaders.send_to_court(state, lid, "5.3.6")
        pop(state, frame)
