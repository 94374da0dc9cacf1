"""The Strategy Phase (6.6): rounds of Surrender (6.6.2), Tyche (6.6.3), Movement (6.6.4)
and Forage (6.6.5) Segments for each player in turn order; the table cards of the two- and
three-player games flipped after each round (6.5)."""

from __future__ import annotations

from typing import Any

from rules.engine.deck import draw
from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.rng import roll
from rules.engine.state import log

from . import capitals
from .abilities import movement_bonus
from .battle import attrition_loss, lift, lose
from .data import LAND_PATHS, UNIT_TYPES
from .events import discard_card, flip_table_card, replace_surprise, resolve_event
from .mobility import can_activate, movement_points
from .model import (
    NAMES,
    PROCS,
    State,
    add_units,
    count,
    ed,
    enemies_outside,
    fleet_label,
    fleet_owner,
    generals_at,
    gname,
    is_major,
    is_surprise,
    minors_in_supply,
    occupants,
    own_generals,
    pick_by_name,
    province_controller,
    push_reinforcements,
    remove_units,
    silver_holders,
    sname,
    sources,
    units,
)
from .movement import start_activation
from .prompts import ask
from .sieges import can_siege, siege, siege_target

SEGMENTS = ("surrender", "tyche", "movement", "forage")
#: OPs to train each Troop type (6.6.3.3): a Mercenary, a Phalangite (Loyal Macedonian)
TRAINING_COST = {"mercenary": 3, "macedonian": 7}


@PROCS.register
class Strategy(Proc):
    name = "strategy"

    def auto(self, st, fr):
        if fr["i"] < len(st["order"]):
            seat = st["order"][fr["i"]]
            fr["i"] += 1
            st["active"] = seat
            for seg in reversed(SEGMENTS):
                PROCS.push(st, "segment", seat=seat, segment=seg, started=False)
            return True
        flips = st["table_cards"][1] if len(st["table_cards"]) > 1 else 0
        for _ in range(flips):
            if st["table"]:
                card = st["table"].pop()
                flip_table_card(st, card)
        st["round"] += 1
        fr["i"] = 0
        if st["round"] > st["rounds"]:
            PROCS.pop(st)
            st["active"] = None
        return True


@PROCS.register
class Segment(Proc):
    """Starts a Segment: resets what it tracks, then hands over to the Segment's step."""

    name = "segment"

    def auto(self, st, fr):
        if fr["started"]:
            PROCS.pop(st)
            lift(st)
            return True
        fr["started"] = True
        st["seg"] = {"seat": fr["seat"], "segment": fr["segment"], "moved": [], "fresh": {},
                     "naval": False, "royals": {}, "free_sieges": []}
        seg = fr["segment"]
        if seg == "surrender":
            capitals.advance(st, fr["seat"])             # optional 19.8
        if seg == "forage":
            forage(st, fr["seat"])
        else:
            PROCS.push(st, seg, seat=fr["seat"], stage="start")
        return True


# --- 6.6.2 -------------------------------------------------------------------------------
def surrender_choices(st: State, seat: str) -> list[Choice]:
    out = [Choice("done", "End the Surrender Segment")]
    for sid in sorted(ed().spaces, key=sname):
        if count(st, sid, seat) == 0:
            continue
        sp = ed().spaces[sid]
        pc = st["pc"].get(sid)
        if sp.kind in ("minor", "stronghold") and pc not in (None, "ind", seat) \
                and not enemies_outside(st, sid, seat) and not capitals.capital_at(st, sid):
            out.append(Choice(f"flip:{sid}", f"Replace the {NAMES[pc]} PC at {sname(sid)}",
                              target=sid))
            out.append(Choice(f"remove:{sid}", f"Remove the {NAMES[pc]} PC at {sname(sid)} "
                              "(and place none)", target=sid))
        if pc is None and sp.kind != "transit" and not enemies_outside(st, sid, seat):
            out.append(Choice(f"place:{sid}", f"Place a PC at {sname(sid)}", target=sid))
        if sid not in st["seg"]["free_sieges"] and can_siege(st, sid, seat):
            what = "Besiege" if siege_target(st, sid, seat) == "siege" else "Subjugate"
            out.append(Choice(f"siege:{sid}", f"{what} {sname(sid)} (free)", target=sid))
    for sid in capitals.sites(st, seat):
        out.append(Choice(f"capital:{sid}", f"Begin building a capital at {sname(sid)} (19.8)",
                          target=sid))
    return out


@PROCS.register
class Surrender(Proc):
    name = "surrender"

    def prompt(self, st, fr):
        return ask(st, fr["seat"], "Surrender Segment", surrender_choices(st, fr["seat"]),
                   kind="choose-space", rule="6.6.2")

    def auto(self, st, fr):
        if len(surrender_choices(st, fr["seat"])) == 1:
            PROCS.pop(st)
            return True
        return False

    def answer(self, st, fr, cid):
        seat = fr["seat"]
        if cid == "done":
            PROCS.pop(st)
            return
        kind, sid = cid.split(":")
        if kind == "capital":
            capitals.begin(st, seat, sid)
        elif kind == "remove":
            old = st["pc"].pop(sid)
            log(st, f"{NAMES[seat]} removes the {NAMES[old]} PC at {sname(sid)}", rule="6.6.2",
                where=sid)
        elif kind in ("flip", "place"):
            old = st["pc"].get(sid)
            st["pc"][sid] = seat
            log(st, f"{NAMES[seat]} places a PC at {sname(sid)}"
                + (f" in place of {NAMES[old]}" if old else ""), rule="6.6.2", where=sid)
        else:
            st["seg"]["free_sieges"].append(sid)
            siege(st, sid, seat)


# --- 6.6.3 -------------------------------------------------------------------------------
def majors_on_map(st: State, seat: str) -> list[str]:
    return sorted((g for g, r in st["gen"].items() if r["owner"] == seat and is_major(g)
                   and r["loc"] in ed().spaces), key=lambda g: ed().generals[g].seniority)


def hire_pool(st: State) -> list[str]:
    sc = ed().scenarios[st["meta"]["scenario"]]
    return [g for g in sc["aside"] if g not in ("demetrios",) and st["gen"][g]["loc"] == "aside"]


def card_uses(st: State, seat: str, cid: str) -> list[Choice]:
    card = ed().cards[cid]
    out: list[Choice] = []
    if card.type in ("event", "bonus"):
        out.append(Choice("event", f"Event: {card.text}"))
    if card.must and card.type == "event":
        return out
    armies = [g for g in own_generals(st, seat) if can_activate(st, g)]
    if armies:
        out.append(Choice("march", f"Forced march with {card.ops} MP"))
    if pc_targets(st, seat, sources(st, seat)):
        out.append(Choice("pcs", f"Place up to {card.ops} PCs"))
    out.append(Choice("train", f"Train troops ({card.ops} OP)"))
    if not card.must:
        out.append(Choice("discard", "Discard it"))
        if st["options"]["dispersed_fleets"]:
            for f, r in sorted(st["fleets"].items()):
                if r["dispersed"] and fleet_owner(st, f) == seat:
                    out.append(Choice(f"retrieve:{f}", f"Discard it to bring back the "
                                      f"{fleet_label(f)} (19.7)"))
        if card.ops == 4:
            for f, r in sorted(st["fleets"].items()):
                if fleet_owner(st, f) == seat and not r["dispersed"] and not r["strong"]:
                    out.append(Choice(f"upgrade:{f}", f"Discard it to upgrade the "
                                      f"{fleet_label(f)} (3.4.1)"))
            if st["options"]["faster_cart"] and st["turn"] == 1 and not st.get("cart_free"):
                out.append(Choice("cart", "Discard it to let the Funeral Cart move (19.11)"))
            if st["lost_major"][seat]:
                for g in hire_pool(st):
                    out.append(Choice(f"hire:{g}", f"Discard it to hire {gname(g)}"))
    return out


def pc_targets(st: State, seat: str, start: list[str]) -> list[str]:
    """6.6.3.2: uncontrolled spaces without enemy CUs within 2 MP (Sea paths allowed, not
    Trans-Mediterranean) of a friendly PC or CU, not through enemy armies, CUs or PCs.

    Every path costs 1 or 2 MP, so the spaces within 2 MP are those one 1-MP path away and
    those one 2-MP path or two 1-MP paths away (the middle space passable)."""
    g = ed().no_trans
    here = {s for s in start if s in g}
    if not here:
        return []
    foes = [s for s in st["players"] if s != seat]
    blocked = {sid for sid, who in st["pc"].items() if who not in (None, seat)}
    blocked.update(sid for sid, by in st["cu"].items() if any(by.get(s) for s in foes))
    blocked.update(r["loc"] for r in st["ind"].values())   # enemies too (4.13)
    one: set[str] = set()
    two: set[str] = set()
    for s in here:
        for n, path in g[s].items():
            if n not in blocked or n in here:
                (one if path.get("cost", 1) == 1 else two).add(n)
    for m in one - here:
        for n, path in g[m].items():
            if path.get("cost", 1) == 1 and (n not in blocked or n in here):
                two.add(n)
    return sorted((n for n in one | two if n not in here and st["pc"].get(n) is None
                   and ed().spaces[n].kind != "transit"), key=sname)


@PROCS.register
class Tyche(Proc):
    """6.6.3: play one non-Surprise card as an Event, for its OPs or discard it."""

    name = "tyche"

    def auto(self, st, fr):
        hand = st["hands"][fr["seat"]]
        if fr["stage"] == "start":
            if not hand:
                PROCS.pop(st)
                return True
            if all(is_surprise(st, c) for c in hand):
                card = hand.pop(0)
                discard_card(st, card)
                new = draw(st, st["deck"], name="Tyche", rule="4.31.1")
                if new:
                    hand.append(new)
                log(st, f"{NAMES[fr['seat']]} holds only Surprise cards: discards one and "
                        "draws", rule="6.6.3")
                if not new:
                    PROCS.pop(st)
                return True
        return False

    def prompt(self, st, fr):
        seat = fr["seat"]
        if fr["stage"] == "start":
            choices = []
            for c in st["hands"][seat]:
                card = ed().cards[c]
                if not is_surprise(st, c):
                    choices.append(Choice(c, f"Play {card.title}", detail=card.text))
                elif c == "c16" and majors_on_map(st, seat) and any(
                        s != seat for _, s in silver_holders(st)):
                    choices.append(Choice("silver:c16", "Play Silver Shields first: they "
                                          "come over to you (3.3.3.2)", detail=card.text))
                elif card.effect.get("steal") and any(st["hands"][s] for s in st["players"]
                                                      if s != seat):
                    choices.append(Choice(f"steal:{c}", f"Play {card.title} first",
                                          detail=card.text))
            return ask(st, seat, "Tyche Segment: choose a card", choices, kind="choose-card",
                       rule="6.6.3")
        if fr["stage"] == "steal":
            return ask(st, seat, "take a card from which rival?",
                       [Choice(s, f"From {NAMES[s]}") for s in st["players"]
                        if s != seat and st["hands"][s]], rule="20")
        if fr["stage"] == "bonus_event":
            card = ed().cards[fr["card"]]
            return ask(st, seat, f"{card.name}: also resolve the event?",
                       [Choice("event", f"Event: {card.text}"), Choice("skip", "Skip the event")],
                       rule="4.31.2")
        if fr["stage"] == "train":
            what = "the excess OP" if fr.get("raised") else f"{fr['ops']} OP"
            return ask(st, seat, f"train which Troop with {what}?",
                       [Choice("mercenary", "A Mercenary (3 OP)"),
                        Choice("macedonian", "A Phalangite (7 OP)")], rule="6.6.3.3")
        if fr["stage"] == "march":
            gens = [g for g in own_generals(st, seat) if can_activate(st, g)]
            return ask(st, seat, f"which army marches ({fr['ops']} MP)?",
                       [Choice(g, f"{gname(g)} at {sname(st['gen'][g]['loc'])}",
                               target=st["gen"][g]["loc"]) for g in gens], rule="6.6.3.1")
        return ask(st, seat, f"use {ed().cards[fr['card']].title}",
                   card_uses(st, seat, fr["card"]), rule="6.6.3")

    def answer(self, st, fr, cid):
        seat = fr["seat"]
        if fr["stage"] == "start":
            if cid == "silver:c16":
                st["hands"][seat].remove("c16")
                discard_card(st, "c16")
                replace_surprise(st, seat)
                g = majors_on_map(st, seat)[0]
                for sid, s in silver_holders(st):
                    if s != seat:
                        n = units(st, sid, s)["silver"]
                        remove_units(st, sid, s, "silver", n)
                        add_units(st, st["gen"][g]["loc"], seat, "silver", n)
                        log(st, f"The Silver Shields go over to {gname(g)} ({NAMES[seat]})",
                            rule="3.3.3.2", where=st["gen"][g]["loc"])
                return
            if cid.startswith("steal:"):
                card = cid.split(":")[1]
                st["hands"][seat].remove(card)
                discard_card(st, card)
                fr["stage"] = "steal"
                return
            st["hands"][seat].remove(cid)
            st["in_play"].append(cid)
            fr["card"] = cid
            fr["stage"] = "use"
            log(st, f"{NAMES[seat]} plays {ed().cards[cid].title}", rule="6.6.3")
            return
        if fr["stage"] == "steal":
            hand = st["hands"][cid]
            taken = pick_by_name(st, hand, lambda c: f"card {hand.index(c) + 1} of {len(hand)}",
                                 purpose="the card taken (hidden)", rule="20")
            st["hands"][cid].remove(taken)
            st["hands"][seat].append(taken)
            new = draw(st, st["deck"], name="Tyche", rule="20")
            if new:
                st["hands"][cid].append(new)
            log(st, f"{NAMES[seat]} takes a card from {NAMES[cid]}, who draws another", rule="20")
            fr["stage"] = "start"
            return
        card = ed().cards[fr["card"]]
        if fr["stage"] == "bonus_event":
            PROCS.pop(st)
            if cid == "event":
                resolve_event(st, seat, fr["card"])
            else:
                discard_card(st, fr["card"])
            return
        if fr["stage"] == "train":
            self.train(st, fr, cid)
            return
        if fr["stage"] == "march":
            self.finish(st, fr)
            start_activation(st, cid, fr["ops"], "forced march")
            return
        # stage "use"
        fr["ops"] = card.ops
        if cid == "event":
            PROCS.pop(st)
            resolve_event(st, seat, fr["card"])
            return
        if cid == "march":
            fr["stage"] = "march"
            return
        if cid == "train":
            if st["training"][seat]["points"]:      # the Troop already being trained
                self.train(st, fr, None)
            else:
                fr["stage"] = "train"
            return
        if cid == "pcs":
            self.finish(st, fr)
            PROCS.push(st, "place_pcs", seat=seat, left=card.ops, start=sources(st, seat))
            return
        if cid == "discard":
            PROCS.pop(st)
            discard_card(st, fr["card"])
            log(st, f"{NAMES[seat]} discards {card.name}", rule="6.6.3.C")
            return
        if cid.startswith("upgrade:"):
            f = cid.split(":")[1]
            st["fleets"][f]["strong"] = True
            PROCS.pop(st)
            discard_card(st, fr["card"])
            log(st, f"{NAMES[seat]} upgrades the {fleet_label(f)}", rule="3.4.1")
            return
        if cid == "cart":
            st["cart_free"] = True
            PROCS.pop(st)
            discard_card(st, fr["card"])
            log(st, f"{NAMES[seat]} lets the Funeral Cart move", rule="19.11")
            return
        if cid.startswith("retrieve:"):
            f = cid.split(":")[1]
            st["fleets"][f]["dispersed"] = False
            st["fleets"][f]["strong"] = False
            PROCS.pop(st)
            discard_card(st, fr["card"])
            log(st, f"{NAMES[seat]} brings back the {fleet_label(f)}", rule="19.7")
            return
        if cid.startswith("hire:"):
            PROCS.pop(st)
            discard_card(st, fr["card"])
            hire(st, seat, cid.split(":")[1])
            return

    def train(self, st: State, fr: dict[str, Any], unit: str | None) -> None:
        """6.6.3.3: the OPs go toward the Troop being trained (``unit`` chosen when none
        is); a completed Troop is raised, and an excess goes toward a newly chosen one."""
        seat = fr["seat"]
        tr = st["training"][seat]
        if unit is not None:
            tr["unit"] = unit
        tr["points"] += fr["ops"]
        cost = TRAINING_COST[tr["unit"]]
        raised = fr.setdefault("raised", [])
        name = ed().units[tr["unit"]]["name"]
        if tr["points"] >= cost:
            excess = tr["points"] - cost
            tr["points"] = 0
            raised.append(["unit", tr["unit"]])
            log(st, f"{NAMES[seat]} completes the training of a {name}", rule="6.6.3.3")
            if excess:
                fr["ops"], fr["stage"] = excess, "train"
                return
        else:
            log(st, f"{NAMES[seat]} trains: {tr['points']} of {cost} OP toward a {name}",
                rule="6.6.3.3")
        self.finish(st, fr)
        if raised:
            push_reinforcements(st, seat, raised)

    def finish(self, st: State, fr: dict[str, Any]) -> None:
        """After the OPs: a Bonus card may add its event (4.31.2)."""
        PROCS.pop(st)
        card = ed().cards[fr["card"]]
        if fr.get("event_march"):
            return
        if card.type == "bonus":
            if card.must:
                PROCS.push(st, "bonus_event_now", seat=fr["seat"], card=fr["card"])
            else:
                PROCS.push(st, "tyche", seat=fr["seat"], stage="bonus_event", card=fr["card"],
                           ops=card.ops)
        else:
            discard_card(st, fr["card"])


@PROCS.register
class BonusEventNow(Proc):
    name = "bonus_event_now"

    def auto(self, st, fr):
        PROCS.pop(st)
        resolve_event(st, fr["seat"], fr["card"])
        return True


@PROCS.register
class PlacePcs(Proc):
    name = "place_pcs"

    def auto(self, st, fr):
        if fr["left"] <= 0 or not pc_targets(st, fr["seat"], fr["start"]):
            PROCS.pop(st)
            return True
        return False

    def prompt(self, st, fr):
        return ask(st, fr["seat"], f"place a PC ({fr['left']} left)",
                   [Choice("stop", "Place no more")] +
                   [Choice(s, f"PC at {sname(s)}", target=s)
                    for s in pc_targets(st, fr["seat"], fr["start"])],
                   kind="choose-space", rule="6.6.3.2")

    def answer(self, st, fr, cid):
        if cid == "stop":
            fr["left"] = 0
            return
        st["pc"][cid] = fr["seat"]
        fr["left"] -= 1
        log(st, f"{NAMES[fr['seat']]} places a PC at {sname(cid)}", rule="6.6.3.2", where=cid)


def hire(st: State, seat: str, gid: str) -> None:
    """6.6.3.C: a random Province card not held by another player; the player chooses the
    space of that province where the general comes with 2 Mercenary CUs (``hire_place``)."""
    provs = [p for p in ed().provinces if province_controller(st, p) in (None, "ind", seat)]
    prov = pick_by_name(st, sorted(provs), lambda p: ed().provinces[p].name,
                        purpose="Province card", rule="6.6.3.C")
    spaces = hire_spaces(st, seat, prov)
    if not spaces:
        st["gen"][gid] = {"owner": seat, "loc": "dispersed"}
        log(st, f"{NAMES[seat]} hires {gname(gid)}, who finds no free space in "
                f"{ed().provinces[prov].name}", rule="6.6.3.C")
        return
    st["gen"][gid] = {"owner": seat, "loc": "pending"}
    PROCS.push(st, "hire_place", seat=seat, gen=gid, prov=prov)


def hire_spaces(st: State, seat: str, prov: str) -> list[str]:
    """The spaces of ``prov`` without enemy CUs or an Independent Army (6.6.3.C)."""
    return sorted((s for s in ed().provinces[prov].spaces
                   if not any(o != seat for o in occupants(st, s))
                   and not any(r["loc"] == s for r in st["ind"].values())), key=sname)


@PROCS.register
class HirePlace(Proc):
    """6.6.3.C: where the hired general enters; every free space of the province is his."""

    name = "hire_place"

    def prompt(self, st, fr):
        return ask(st, fr["seat"], f"{gname(fr['gen'])} enters "
                   f"{ed().provinces[fr['prov']].name}: in which space?",
                   [Choice(s, sname(s), target=s)
                    for s in hire_spaces(st, fr["seat"], fr["prov"])],
                   kind="choose-space", rule="6.6.3.C")

    def answer(self, st, fr, cid):
        seat, gid = fr["seat"], fr["gen"]
        PROCS.pop(st)
        spaces = hire_spaces(st, seat, fr["prov"])
        st["gen"][gid]["loc"] = cid
        add_units(st, cid, seat, "mercenary", 2)
        for s in spaces:
            st["pc"][s] = seat
        log(st, f"{NAMES[seat]} hires {gname(gid)} at {sname(cid)} in "
                f"{ed().provinces[fr['prov']].name}", rule="6.6.3.C", where=cid)


# --- 6.6.4 -------------------------------------------------------------------------------
def minor_spots(st: State, seat: str) -> list[str]:
    """3.1.2: a Minor General from supply may join CUs that have no general of theirs."""
    if not minors_in_supply(st, seat):
        return []
    return sorted((sid for sid in st["cu"] if count(st, sid, seat) > 0
                   and not generals_at(st, sid, seat)), key=sname)


def place_minor(st: State, seat: str, sid: str) -> None:
    gid = minors_in_supply(st, seat)[0]
    st["gen"][gid]["loc"] = sid
    log(st, f"{gname(gid)} takes command at {sname(sid)}", rule="3.1.2", where=sid)


@PROCS.register
class Movement(Proc):
    name = "movement"

    def auto(self, st, fr):
        if fr["stage"] == "moving":
            gens = [g for g in own_generals(st, fr["seat"]) if can_activate(st, g)]
            if not gens and not minor_spots(st, fr["seat"]):
                PROCS.pop(st)
                return True
        return False

    def prompt(self, st, fr):
        seat = fr["seat"]
        if fr["stage"] == "start":
            return ask(st, seat, "Movement Segment",
                       [Choice("roll", "Roll for movement"),
                        Choice("forgo", "Forgo movement for 1 Mercenary CU")], rule="6.6.4")
        gens = [g for g in own_generals(st, seat) if can_activate(st, g)]
        return ask(st, seat, f"movement roll {fr['roll']}: activate a general",
                   [Choice("end", "End the Movement Segment")] +
                   [Choice(g, f"{gname(g)} at {sname(st['gen'][g]['loc'])} "
                           f"({movement_points(fr['roll'], g, st)} MP)",
                           target=st["gen"][g]["loc"]) for g in gens]
                   + [Choice(f"minor:{s}", f"Put a minor general in command at {sname(s)}",
                             target=s) for s in minor_spots(st, seat)],
                   kind="choose-space", rule="8.3.1")

    def answer(self, st, fr, cid):
        seat = fr["seat"]
        if fr["stage"] == "start":
            if cid == "forgo":
                PROCS.pop(st)
                log(st, f"{NAMES[seat]} forgoes movement for a Mercenary CU", rule="6.6.4")
                push_reinforcements(st, seat, [["unit", "mercenary"]])
                return
            fr["roll"] = roll(st, 1, purpose=f"{NAMES[seat]} movement", rule="8.1")[0]
            fr["stage"] = "moving"
            return
        if cid == "end":
            PROCS.pop(st)
            return
        if cid.startswith("minor:"):
            place_minor(st, seat, cid.split(":")[1])
            return
        mp = movement_points(fr["roll"], cid, st) + movement_bonus(st, cid)
        start_activation(st, cid, mp, f"movement roll {fr['roll']}", roll_value=fr["roll"])


# --- 6.6.5 -------------------------------------------------------------------------------
def forage(st: State, seat: str) -> None:
    """Each army above its space's Forage Limit (3 on a transit point, else 8; only its own
    CUs count) loses 1 CU of its owner's choice."""
    owed = []
    for sid in sorted(st["cu"], key=sname):
        n = count(st, sid, seat)
        limit = 3 if ed().spaces[sid].kind == "transit" else 8
        if n > limit:
            k = 1
            if st["options"]["forage_attrition"]:          # optional 19.6
                k = max(1, attrition_loss(st, n, why="foraging", rule="19.6")[0])
            owed.append([sid, k])
    if owed:
        PROCS.push(st, "forage_loss", seat=seat, owed=owed)


def forage_types(st: State, sid: str, seat: str) -> list[str]:
    have = units(st, sid, seat)
    return [k for k in UNIT_TYPES if have.get(k)]           # data order, not the state's


@PROCS.register
class ForageLoss(Proc):
    """6.6.5: the CUs an army loses to foraging, each of its owner's choice (asked only
    when the army has more than one type of CU)."""

    name = "forage_loss"

    def auto(self, st, fr):
        while fr["owed"]:
            sid, k = fr["owed"][0]
            kinds = forage_types(st, sid, fr["seat"])
            if k > 0 and len(kinds) > 1:
                return False
            if k > 0 and kinds:
                self.lose_one(st, fr, kinds[0])
            else:
                fr["owed"].pop(0)
        PROCS.pop(st)
        return True

    def prompt(self, st, fr):
        sid, k = fr["owed"][0]
        return ask(st, fr["seat"], f"foraging at {sname(sid)}: lose which CU ({k} to lose)?",
                   [Choice(kind, f"Lose 1 {ed().units[kind]['name']} CU", target=sid)
                    for kind in forage_types(st, sid, fr["seat"])], rule="6.6.5")

    def answer(self, st, fr, cid):
        self.lose_one(st, fr, cid)

    def lose_one(self, st: State, fr: dict[str, Any], kind: str) -> None:
        sid, seat = fr["owed"][0][0], fr["seat"]
        lose(st, sid, seat, 1, only=(kind,))
        fr["owed"][0][1] -= 1
        if not fr["owed"][0][1]:
            fr["owed"].pop(0)
        log(st, f"{NAMES[seat]} loses 1 {ed().units[kind]['name']} CU foraging at "
                f"{sname(sid)}", rule="6.6.5", where=sid)


__all__ = ["Strategy", "LAND_PATHS", "generals_at", "is_major", "units"]
