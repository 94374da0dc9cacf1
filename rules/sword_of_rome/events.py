"""Card events as data (7.1): a small vocabulary of verbs (cards.yaml ``event: {do: ...}``),
described in our own words and played here; responses (battle, siege) are played in
response windows (combat.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.engine.deck import draw_to
from rules.engine.game import Choice, Prompt
from rules.engine.procs import Frame, Proc
from rules.engine.rng import randbelow

from .army import activatable, ally_leaders, displace, lift_sieges, push_battle, start_move
from .board import can_place, placement_spaces
from .colonies import colony_sites, found_colony
from .data import describe_event
from .flanking import start_joint_move
from .mercenaries import raised
from .model import (
    POWER_NAMES,
    SIDE_NAMES,
    State,
    add_cu,
    ask,
    cu,
    ed,
    enemy_power,
    leader_name,
    note,
    pop,
    powers_here,
    powers_of,
    proc,
    push,
    side_of,
    space_name,
)
from .nonplayer import activatable_powers, can_attack_unrest, start_unrest_attack, unrest_fighters
from .sieges import can_roll

if TYPE_CHECKING:
    pass


def playable(st: State, side: str, card: str) -> bool:
    """Whether the event may be played now as the active player's card play."""
    c = ed().cards[card]
    ev = c.event
    verb = ev["do"]
    if c.response or verb in ("battle", "siege"):
        return False
    if "players" in ev and st["players"] not in ev["players"]:
        return False
    if verb == "campaign":
        return bool(activatable(st, side, 3))
    if verb == "npa":
        return bool(activatable_powers(st, side))
    if verb == "leader":
        return st["leaders"].get(ev["leader"]) == "out" and bool(leader_site(st, side, ev))
    if verb == "flag":
        if ev["flag"] == "naval_transports":
            return False                          # played only to sail (9.6.3, 11.1.1, 12.4.3)
        if ev["flag"] == "rome_carthage_alliance":
            return bool(st["flags"].get("punic_envoys")) and not st["flags"].get("carthage_fallen")
        return not st["flags"].get(ev["flag"])
    if verb == "raise":
        return any(can_place(st, p) for p in powers_of(st, side))
    if verb == "discard":
        target = side_of(st, ev["seat_of"])
        return target is not None and target != side and bool(st["hands"].get(target))
    if verb == "attrition":
        return next(_attrition_targets(st, side, ev), None) is not None
    return True


def leader_site(st: State, side: str, ev: dict) -> str | None:
    power = ed().leaders[ev["leader"]].power
    at = ev.get("at")
    if at and at in st["spaces"]:                # 15.3: never onto an ally's CU or leaders
        allied_here = [p for p in powers_here(st, at) if p != power
                       and not enemy_power(st, power, p)]
        return None if allied_here else at
    stacks = [(cu(st, s, power), s) for s in st["spaces"] if cu(st, s, power) > 0]
    if stacks:
        return max(stacks)[1]
    spaces = placement_spaces(st, power)
    return spaces[0] if spaces else None


def attrition_targets(st: State, side: str, ev: dict) -> list[tuple[str, str]]:
    return list(_attrition_targets(st, side, ev))


def _attrition_targets(st: State, side: str, ev: dict) -> Iterator[tuple[str, str]]:
    mine = powers_of(st, side)
    for sid in sorted(st["spaces"]):
        for p in powers_here(st, sid):
            if p in mine or not all(enemy_power(st, m, p) for m in mine):
                continue
            if ev.get("powers") and p not in ev["powers"]:
                continue
            yield sid, p


def play(st: State, side: str, card: str) -> None:
    c = ed().cards[card]
    ev = c.event
    verb = ev["do"]
    if verb == "campaign":
        push(st, "campaign", side=side, done=[], left=2)
    elif verb == "npa":
        push(st, "npa", side=side, card=card)
    elif verb == "leader":
        lid = ev["leader"]
        at = leader_site(st, side, ev)
        power = ed().leaders[lid].power
        st["leaders"][lid] = at
        if power == "carthage":
            raised(st, ev.get("cu", 0), mercenary=False)
        add_cu(st, at, power, ev.get("cu", 0))
        note(st, f"{leader_name(lid)} enters at {space_name(at)} with {ev.get('cu', 0)} CU.",
             "8.2", where=at)
        foes = [p for p in powers_here(st, at) if p != power and enemy_power(st, power, p)]
        if foes:                                          # 17.2: landing on an enemy army
            fake = {"power": power, "side": side, "at": at, "prev": None, "sailed": True,
                    "entry_kind": "naval", "pending": []}
            push_battle(st, fake, defender=max(foes, key=lambda p: cu(st, at, p)))
    elif verb == "flag":
        flag = ev["flag"]
        st["flags"][flag] = True
        if flag == "rome_carthage_alliance":
            st["flags"]["punic_envoys"] = False
            if ["rome", "carthage"] not in st["alliances"]:
                st["alliances"].append(["rome", "carthage"])
        note(st, describe_event(c), "7.1")
    elif verb == "raise":
        if ev.get("support"):
            push(st, "support", side=side, points=ev["support"], battle=None)
        push(st, "place", side=side, powers=powers_of(st, side), n=ev["n"], rule="7.1")
    elif verb == "support":
        push(st, "support", side=side, points=ev["n"], battle=None)
    elif verb == "loyalty":
        push(st, "support", side=side, points=ev["n"], battle=None, loyalty_only=True)
    elif verb == "draw":
        hand = st["hands"][side]
        draw_to(st, st["decks"][side], hand, len(hand) + ev["n"], name=SIDE_NAMES[side],
                rule="7.1")
    elif verb == "discard":
        target = side_of(st, ev["seat_of"])
        for _ in range(ev["n"]):
            hand = st["hands"].get(target) or []
            if not hand:
                break
            card_out = hand.pop(randbelow(st["rng"], len(hand)))
            st["decks"][target]["discard"].append(card_out)
            note(st, f"The {SIDE_NAMES[target]} player discards {ed().cards[card_out].title}.",
                 "7.1")
    elif verb == "attrition":
        push(st, "attrition_pick", side=side, n=ev["n"], card=card)
    elif verb == "revolt":
        note(st, describe_event(c), "16.4")              # breaks out after this action
    elif verb == "vp":
        met = (st["plunder"]["gauls"] >= ev["if_plunder"] if ev.get("if_plunder")
               else any(st["spaces"].get(s, {}).get("ctl") == "gauls" for s in ev["if_controls"]))
        if met and "gauls" in st["vp"]:
            st["vp"]["gauls"] = min(12, st["vp"]["gauls"] + ev["n"])
            note(st, f"The Gauls gain {ev['n']} VP.", "5.8.1")
        else:
            note(st, "The condition is not met: no VP.", "5.8.1")


@proc
class AttritionPick(Proc):
    name = "attrition_pick"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        ev = ed().cards[fr["card"]].event
        return [Choice(f"hit:{sid}:{p}", f"{POWER_NAMES[p]} at {space_name(sid)} "
                       f"({cu(st, sid, p)} CU)", target=sid)
                for sid, p in attrition_targets(st, fr["side"], ev)]

    def auto(self, st: State, fr: Frame) -> bool:
        if not self.options(st, fr):
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"which enemy army loses {fr['n']} CU?",
                   self.options(st, fr), kind="choose-space", rule="7.1")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        _, sid, p = cid.split(":")
        n = min(fr["n"], cu(st, sid, p))
        add_cu(st, sid, p, -n)
        note(st, f"The {POWER_NAMES[p]} lose {n} CU at {space_name(sid)}.", "7.1", where=sid)
        displace(st, sid, p)
        lift_sieges(st, sid)


@proc
class CampaignProc(Proc):
    """Campaign (9.5): two different leaders activated one after the other."""

    name = "campaign"

    def options(self, st: State, fr: Frame) -> list[Choice]:
        cs = []
        for lid in activatable(st, fr["side"], 3):
            if lid in fr["done"]:
                continue
            at = st["leaders"][lid]
            power = ed().leaders[lid].power
            cs.append(Choice(f"move:{lid}", f"Activate {leader_name(lid)} at {space_name(at)} "
                             f"({cu(st, at, power)} CU)", target=at))
            if can_roll(st, lid):
                cs.append(Choice(f"siege:{lid}", f"{leader_name(lid)} rolls for the siege of "
                                 f"{space_name(at)}", target=at))
            if can_attack_unrest(st, lid, fr):          # 20.3: twice, no CU in both
                cs.append(Choice(f"unrest:{lid}", f"{leader_name(lid)} attacks the unrest "
                                 f"(level {st['unrest']}, {unrest_fighters(st, fr)} CU "
                                 "may fight)", target=at))
        for lid in colony_sites(st, fr["side"]):        # 7.2.1, 9.5.1: even the same army
            cs.append(Choice(f"colony:{lid}", f"Found a colony at "
                             f"{space_name(st['leaders'][lid])}", target=st["leaders"][lid]))
        for lid in ally_leaders(st, fr["side"]):
            if lid in fr["done"] or lid in fr.get("refused", []):
                continue
            at = st["leaders"][lid]
            power = ed().leaders[lid].power
            cs.append(Choice(f"ally:{lid}", f"Ask the {POWER_NAMES[power]} to let "
                             f"{leader_name(lid)} campaign from {space_name(at)} "
                             f"({cu(st, at, power)} CU)", target=at))
        cs.append(Choice("finish", "End the campaign"))
        return cs

    def auto(self, st: State, fr: Frame) -> bool:
        if start_joint_move(st, fr):                    # 9.5.7: after the primary force
            return True
        if fr["left"] <= 0 or len(self.options(st, fr)) == 1:
            pop(st)
            return True
        return False

    def prompt(self, st: State, fr: Frame) -> Prompt:
        return ask(st, fr["side"], f"Campaign: activate a leader ({fr['left']} left)",
                   self.options(st, fr), rule="9.5")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        if cid == "finish":
            pop(st)
            return
        verb, _, lid = cid.partition(":")
        if verb == "ally":
            power = ed().leaders[lid].power
            owner = side_of(st, power)
            if owner is None:                           # 9.5.5: allied Carthage always agrees
                grant_ally(st, fr, lid)
            else:
                push(st, "permit", side=owner, asker=fr["side"], leader=lid)
            return
        fr["left"] -= 1
        fr["done"].append(lid)
        if verb == "colony":
            found_colony(st, lid)
            return
        if verb == "siege":
            push(st, "siege", side=fr["side"], leader=lid, space=st["leaders"][lid],
                 stage="window")
            return
        if verb == "unrest":
            note(st, f"Campaign: {leader_name(lid)} attacks the unrest.", "20.3")
            start_unrest_attack(st, fr["side"], lid, unrest_fighters(st, fr), campaign=True)
            return
        start_move(st, fr["side"], lid, 3, campaign=True)


def grant_ally(st: State, camp: Frame, lid: str) -> None:
    """The ally agrees: the campaigning player moves the ally's army (9.5.5; 16.3 still
    binds Carthage)."""
    camp["left"] -= 1
    camp["done"].append(lid)
    note(st, f"{leader_name(lid)} campaigns for the {SIDE_NAMES[camp['side']]} player.",
         "9.5.5")
    start_move(st, camp["side"], lid, 3, campaign=True)


@proc
class PermitProc(Proc):
    """The ally is asked whether his army may join the Campaign; a refusal does not break
    the alliance (9.5.5)."""

    name = "permit"

    def prompt(self, st: State, fr: Frame) -> Prompt:
        lid = fr["leader"]
        cs = [Choice("yes", f"Let {leader_name(lid)} campaign"), Choice("no", "Refuse")]
        return ask(st, fr["side"], f"the {SIDE_NAMES[fr['asker']]} player asks to activate "
                   f"{leader_name(lid)} with his Campaign", cs, kind="yes-no", rule="9.5.5")

    def answer(self, st: State, fr: Frame, cid: str) -> None:
        pop(st)
        camp = next(f for f in reversed(st["stack"]) if f["proc"] == "campaign")
        if cid == "no":
            camp.setdefault("refused", []).append(fr["leader"])
            note(st, f"The request to activate {leader_name(fr['leader'])} is refused.",
                 "9.5.5")
            return
        grant_ally(st, camp, fr["leader"])
