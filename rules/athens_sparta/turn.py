"""The turn sequence (aid: Turn Sequence): Regional Assessment, Hoplite Reset,
Shipbuilding, Recruitment, Rebuilding, the deal, the action rounds (``action_round.py``), the
Olympic Games (``olympics.py``) and the end of the Turn; after the last Turn, victory.

Each stage is a procedure named by ``state["stage"]``; it hands on to the next by naming it.
"""

from __future__ import annotations

from typing import Any

from rules.engine.deck import draw, reshuffle
from rules.engine.game import Choice, Prompt
from rules.engine.procs import Proc
from rules.engine.state import log

from .action_round import begin_step
from .data import SIDES, ed
from .model import (
    NAMES,
    State,
    adjust_track,
    allies_controlled,
    enemy,
    favour_total,
    mats,
    megapolis_count,
    name,
    pay,
    region_controller,
)


class Assessment(Proc):
    """Regional Assessment, region and ally rewards, state income."""

    name = "assessment"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        assessment(st)
        st["stage"] = "reset"
        return True


class HopliteReset(Proc):
    name = "reset"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        hoplite_reset(st)
        start_shipbuilding(st)
        st["stage"] = "ship"
        return True


class Shipbuilding(Proc):
    name = "ship"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        if ship_seat(st):
            return False
        start_recruitment(st)
        st["stage"] = "recruit"
        return True

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        side = ship_seat(st)
        cost = ship_cost(st, side)
        return Prompt(side, f"Shipbuilding: {NAMES[side]} may pay {cost} talents for navy "
                      f"strength {st['navy'][side] + 1}",
                      [Choice("build", f"Build ships ({cost} talents)"),
                       Choice("pass", "Build no ships")], rule="turn-sequence")

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        side = ship_seat(st)
        if cid == "build":
            pay(st, side, ship_cost(st, side))
            adjust_track(st, side, "navy", 1)
            log(st, f"{NAMES[side]} builds ships: navy strength {st['navy'][side]}",
                rule="turn-sequence")
        st["pend"]["ship"].pop(0)


class Recruitment(Proc):
    name = "recruit"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        if recruit_seat(st):
            return False
        st["stage"] = "rebuild"
        return True

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        side = recruit_seat(st)
        ch = [Choice(f"recruit:{a}", f"Recruit {ed().assets[a].name} (1 talent)")
              for a in recruitable(st, side)]
        ch.append(Choice("done", "Recruit no more"))
        return Prompt(side, f"Recruitment: {NAMES[side]} may return an asset to play", ch,
                      rule="turn-sequence")

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        side = recruit_seat(st)
        p = st["pend"]
        if cid == "done":
            p["recruit"].remove(side)
            p["at"] = 0
        else:
            aid = cid.split(":", 1)[1]
            pay(st, side, mats()["costs"]["recruit"])
            st["assets"][aid] = "play"
            log(st, f"{NAMES[side]} recruits {ed().assets[aid].name}", rule="turn-sequence")
            p["at"] += 1


class Rebuilding(Proc):
    name = "rebuild"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        rebuilding(st)
        st["stage"] = "deal"
        return True


class Deal(Proc):
    """The deal, then Sparta's first action round."""

    name = "deal"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        deal(st)
        st["round"], st["phasing"] = 1, "sparta"
        begin_step(st, "raid")
        st["stage"] = "rounds"
        return True


class EndOfTurn(Proc):
    name = "end"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        end_of_turn(st)
        return True


def assessment(st: State) -> None:
    """Regional Assessment: region and ally control with rewards, state income; the battle
    deck shuffled (aid: Turn Sequence)."""
    rule = "regions"
    for rid, reg in ed().regions.items():
        side = region_controller(st, rid)
        if side:
            st["tiles"][rid] = side
            st["treasury"][side] += reg.reward
            log(st, f"{NAMES[side]} controls {reg.name}: +{reg.reward} talents", rule=rule)
    for side in SIDES:
        for sid in allies_controlled(st, side):
            reward = ed().spaces[sid].reward
            st["treasury"][side] += reward
            log(st, f"{NAMES[side]} controls the ally {name(sid)}: +{reward} talents",
                rule="allies")
        income = mats()["sides"][side]["income"]
        st["treasury"][side] += income
        log(st, f"{NAMES[side]} takes {income} talents of state income", rule="turn-sequence")
    reshuffle(st, st["decks"]["battle"], name="Battle", rule="turn-sequence")


def hoplite_reset(st: State) -> None:
    """Set the army strength tracks (aid: Hoplite Reset; zero goes first)."""
    hr = mats()["hoplite_reset"]
    old = dict(st["army"])
    for side in SIDES:
        other = old[enemy(side)]
        if old[side] == 0:
            base = hr["zero"]
        elif old[side] <= other:
            base = hr["lower"]
        else:
            base = hr["higher"]
        sieges = sum(1 for s in st["sieges"].values() if s == side)
        st["army"][side] = 0
        adjust_track(st, side, "army", base + hr["megapolis"] * megapolis_count(st, side)
                     + hr["siege"] * sieges)
        log(st, f"Hoplite Reset: {NAMES[side]} army strength {st['army'][side]}",
            rule="turn-sequence")


def start_shipbuilding(st: State) -> None:
    """Order: lower, higher, lower again if still lower; tied: Athens then Sparta once."""
    a, s = st["navy"]["athens"], st["navy"]["sparta"]
    if a == s:
        order = [{"side": "athens"}, {"side": "sparta"}]
    else:
        low = "athens" if a < s else "sparta"
        order = [{"side": low}, {"side": enemy(low)}, {"side": low, "if_lower": True}]
    st["pend"] = {"ship": order}


def ship_cost(st: State, side: str) -> int | None:
    """The talents under the current navy strength; None at the top of the track."""
    costs = mats()["sides"][side]["ship_costs"]
    n = st["navy"][side]
    return costs[n] if n < len(costs) else None


def ship_seat(st: State) -> str | None:
    order = st["pend"]["ship"]
    while order:
        step = order[0]
        side = step["side"]
        cost = ship_cost(st, side)
        still = not step.get("if_lower") or st["navy"][side] < st["navy"][enemy(side)]
        if still and cost is not None and st["treasury"][side] >= cost:
            return side
        order.pop(0)
    return None


def start_recruitment(st: State) -> None:
    st["pend"] = {"recruit": ["sparta", "athens"], "at": 0}


def recruitable(st: State, side: str) -> list[str]:
    if st["treasury"][side] < mats()["costs"]["recruit"]:
        return []
    return [a.id for a in ed().assets.values() if a.side == side and not a.mercenary
            and st["assets"][a.id] == "returned"]


def recruit_seat(st: State) -> str | None:
    """Sparta first, then Athens, one asset at a time (aid: Recruitment)."""
    p = st["pend"]
    for _ in range(2):
        if not p["recruit"]:
            return None
        side = p["recruit"][p["at"] % len(p["recruit"])]
        if recruitable(st, side):
            return side
        p["recruit"].remove(side)
        p["at"] = 0
    return None


def rebuilding(st: State) -> None:
    """Remove every raid marker except from a space under siege (aid: Rebuilding)."""
    st["raided"] = [s for s in st["raided"] if s in st["sieges"]]
    log(st, "Rebuilding: raid markers removed", rule="turn-sequence")


def deal(st: State) -> None:
    """Six action cards each, Sparta first (aid: Turn Sequence): the whole deck each turn."""
    deck = st["decks"]["action"]
    deck["draw"] = list(ed().action_deck)
    deck["discard"] = []
    reshuffle(st, deck, name="Action", rule="turn-sequence")
    for _ in range(mats()["turns"]["hand"]):
        for side in ("sparta", "athens"):
            card = draw(st, deck, name="Action", rule="turn-sequence")
            if card:
                st["hands"][side].append(card)


def end_of_turn(st: State) -> None:
    """Advance the turn marker, fresh leaders; victory after the last turn."""
    if st["turn"] >= mats()["turns"]["count"]:
        victory(st)
        return
    st["turn"] += 1
    for lid, rec in st["leaders"].items():
        if rec["state"] == "spent" or (rec["state"] == "future"
                                       and ed().leaders[lid].enters <= st["turn"]):
            rec["state"] = "ready"
    log(st, f"Turn {st['turn']} begins: fresh leaders", rule="turn-sequence")
    st["stage"] = "assessment"


def final_count(st: State) -> None:
    """The regions as the board stands at the end of the last Turn (our ruling "final
    count"): each region's tile goes to the side that controls it now; a tied region keeps
    its tile where it is, as at an Assessment. No rewards or income are paid."""
    for rid, reg in ed().regions.items():
        side = region_controller(st, rid)
        if side and st["tiles"].get(rid) != side:
            st["tiles"][rid] = side
            log(st, f"Final count: {NAMES[side]} controls {reg.name}", rule="regions")


def victory(st: State) -> None:
    """After the final count, most regions (control tiles) wins; ties: allies, favour, then
    Sparta (reconstructed)."""
    final_count(st)
    tiles = {s: sum(1 for v in st["tiles"].values() if v == s) for s in SIDES}
    keys = {s: (tiles[s], len(allies_controlled(st, s)), favour_total(st, s),
                1 if s == "sparta" else 0) for s in SIDES}
    win = max(SIDES, key=lambda s: keys[s])
    how = "most regions" if tiles["athens"] != tiles["sparta"] else "a tie broken"
    st["over"] = {"winners": [win], "reason": f"{NAMES[win]} holds {tiles[win]} regions "
                  f"to {tiles[enemy(win)]} ({how})", "scores": tiles}
    log(st, st["over"]["reason"], rule="turn-sequence")
