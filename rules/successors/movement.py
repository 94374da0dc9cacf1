"""Movement (8): activations, land and naval movement, naval interception and battle (8.5,
8.6), the Reaction Step (9): Avoid Battle (10), Land Interception (11); then Overrun or a
land battle (12) after a window for Surprise cards; sieges and PC removal by movement
(8.3.9, 8.3.10). A faction's CUs in a space form one army (3.1.1); the activated general
takes those that have not moved this Segment, and may leave some behind, pick others up and
carry generals along (8.3.1, 8.3.2). Naval movement goes port by port (8.4)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.names import count as plural
from rules.engine.procs import Proc
from rules.engine.response import asked_seat, current, open_window, pass_turn
from rules.engine.rng import roll
from rules.engine.state import log

from .abilities import avoid_bonus, intercept_bonus, movement_bonus
from .battle import (
    after_losses,
    apply_attrition,
    disperse_general,
    fight,
    fight_independent,
    kill_general,
    overrun,
    preview,
    score,
)
from .capitals import capital_at, walls
from .capitals import left as capitals_left
from .data import NAVAL_PATHS, UNIT_TYPES
from .events import discard_card, replace_surprise
from .ind_reaction import ind_askers, ind_avoid_to, ind_choices, ind_discard, ind_intercepts
from .mobility import (  # noqa: F401 - can_activate: read from here by strategy, tests
    avoid_destinations,
    avoid_penalty,
    can_activate,
    fresh,
    movable,
)
from .model import (
    NAMES,
    PROCS,
    State,
    add_units,
    available_fleets,
    besieged,
    cart_moves,
    commander,
    count,
    ed,
    enemies_outside,
    fleet_strength,
    garrison_order,
    generals_at,
    gname,
    ind_armies_at,
    initiative,
    is_major,
    is_surprise,
    minors_in_supply,
    outside,
    pname,
    remove_units,
    seniority,
    sname,
    units,
)
from .prompts import ask
from .sieges import attempt_allowed, can_siege, count_attempt, siege, siege_target
from .turn import bury, can_bury
from .victory import attack, body_controller, royal_controller


def movement_points(roll_value: int, gid: str, st: State) -> int:
    """The Movement Allowance card (8.1): the roll against the general's Initiative."""
    tab = ed().tables["movement"]
    ini = initiative(gid)
    mp = tab["above"] if roll_value > ini else tab["equal"] if roll_value == ini else tab["below"]
    return mp


def start_activation(st: State, gid: str, mp: int, how: str, *,
                     roll_value: int | None = None) -> None:
    """Activate ``gid`` with ``mp`` MP; ``roll_value`` is the Movement Segment's roll (a
    general picked up later moves on his own allowance for it, 8.3.2)."""
    rec = st["gen"][gid]
    seat, at = rec["owner"], rec["loc"]
    st["seg"].setdefault("moved", []).append(gid)
    army = movable(st, at, seat)
    log(st, f"{gname(gid)} ({NAMES[seat]}) moves from {sname(at)} with {mp} MP "
            f"({sum(army.values())} CU) [{how}]", rule="8.3", where=at)
    PROCS.push(st, "activation", seat=seat, gen=gid, mp=mp, at=at, prev=None, army=army,
               naval="none", land_before=False, battled=False, sieges={}, done=False,
               start=at, subs=[], left={}, mp0=mp, roll=roll_value, sea_foes=[])


def blocked_for_lone(st: State, sid: str, seat: str) -> bool:
    return bool(enemies_outside(st, sid, seat) or ind_armies_at(st, sid))


def lone_enemy_general(st: State, sid: str, seat: str) -> bool:
    """An enemy Major General without CUs at ``sid`` (8.3.3)."""
    return any(is_major(g) and st["gen"][g]["owner"] not in (seat, None)
               and not count(st, sid, st["gen"][g]["owner"]) for g in generals_at(st, sid))


def land_moves(st: State, fr: dict[str, Any]) -> list[tuple[str, int]]:
    seat, at = fr["seat"], fr["at"]
    if fr["naval"] == "done" and fr["land_before"]:
        return []
    if st["pc"].get(at) == seat and besieged(st, at) and \
            count(st, at, seat) <= st["inside"].get(at, 0):
        return []                        # shut inside a besieged city (13.2.6)
    out = []
    g = ed().graph
    army = sum(fr["army"].values())
    for n in g[at]:
        d = g.edges[at, n]
        if d["kind"] in NAVAL_PATHS or d["cost"] > fr["mp"]:
            continue
        if army == 0 and (blocked_for_lone(st, n, seat) or (
                d["cost"] >= fr["mp"] and lone_enemy_general(st, n, seat))):
            continue                     # 8.3.3: no stop beside a lone enemy general
        if ind_armies_at(st, n) and "filon" in ind_armies_at(st, n) and army == 0:
            continue
        out.append((n, d["cost"]))
    return out


def naval_moves(st: State, fr: dict[str, Any]) -> dict[str, int]:
    """The next port along one Sea or Trans-Mediterranean path within the MPs left (8.4.2):
    from a port to embark (once per player per Segment, at most 8 CUs, 8.4.1), or on from
    a port passed at sea."""
    at = fr["at"]
    if fr["naval"] == "none":
        if st["seg"].get("naval") or not ed().spaces[at].port:
            return {}
        if sum(fr["army"].values()) > 8:
            return {}
    elif fr["naval"] != "sea":
        return {}
    g = ed().graph
    return {n: g.edges[at, n]["cost"] for n in g[at]
            if g.edges[at, n]["kind"] in NAVAL_PATHS and g.edges[at, n]["cost"] <= fr["mp"]}


def group(fr: dict[str, Any]) -> list[str]:
    """The moving generals: the commander and the subordinates he carries (8.3.1)."""
    return [fr["gen"], *fr.get("subs", [])]


def staying_generals(st: State, fr: dict[str, Any]) -> list[str]:
    return [g for g in generals_at(st, fr["at"], fr["seat"]) if g not in group(fr)]


def marker_for_drop(st: State, fr: dict[str, Any]) -> str | None:
    """Who marks the ownership of CUs left at the army's space (8.3.1, 3.3.1): '' when the
    space is friendly or a general of the faction stays there, 'minor' for a Minor General
    from supply (3.1.2), a carried subordinate's id, or None (no drop-off possible)."""
    seat, at = fr["seat"], fr["at"]
    if st["pc"].get(at) == seat or staying_generals(st, fr):
        return ""

    if minors_in_supply(st, seat):
        return "minor"
    return fr["subs"][-1] if fr.get("subs") else None


def may_drop(st: State, fr: dict[str, Any]) -> bool:
    """CUs may be left only where no enemy CUs are, unless friendly CUs are already there
    (8.4.5; the same for land moves, see the rulings)."""
    seat, at = fr["seat"], fr["at"]
    if enemies_outside(st, at, seat) or ind_armies_at(st, at):
        return count(st, at, seat) > sum(fr["army"].values())
    return True


def pickable(st: State, fr: dict[str, Any]) -> dict[str, int]:
    """Friendly CUs at the army's space that have not moved this Segment and were not left
    there by this activation (8.3.1)."""
    seat, at = fr["seat"], fr["at"]
    if enemies_outside(st, at, seat):
        return {}
    have = dict(units(st, at, seat))
    for kind, n in fr["army"].items():
        have[kind] = have.get(kind, 0) - n
    if st["pc"].get(at) == seat and besieged(st, at):
        return {}
    skip = fresh(st, at, seat)
    for kind in ("mercenary", "elephant", "macedonian", "royal", "silver"):
        k = min(skip, max(have.get(kind, 0), 0))
        if k:
            have[kind] -= k
            skip -= k
    if at == fr["start"]:
        for kind, n in fr.get("left", {}).items():
            have[kind] = have.get(kind, 0) - n
    return {k: n for k, n in have.items() if n > 0}


def takeable(st: State, fr: dict[str, Any]) -> list[str]:
    """Generals of the faction at the army's space that have not moved this Segment."""
    moved = st["seg"].get("moved", [])
    if enemies_outside(st, fr["at"], fr["seat"]):
        return []
    return [g for g in staying_generals(st, fr) if g not in moved]


def split_choices(st: State, fr: dict[str, Any]) -> list[Choice]:
    """Leave CUs or subordinates behind, pick up CUs or generals (8.3.1, 8.3.2, 8.4.5)."""
    seat, at = fr["seat"], fr["at"]
    out: list[Choice] = []
    army = sum(fr["army"].values())
    marker = marker_for_drop(st, fr)
    if marker is not None and may_drop(st, fr) and (army > 1 or is_major(fr["gen"])):
        tail = "" if not marker else " with a minor general from supply" if marker == "minor" \
            else f" with {gname(marker)}"
        for kind in UNIT_TYPES:
            if fr["army"].get(kind):
                out.append(Choice(f"leave:{kind}", f"Leave 1 {ed().units[kind]['name']} CU at "
                                  f"{sname(at)}{tail}", target=at))
    if not (fr["naval"] == "sea" and army >= 8):
        can = pickable(st, fr)
        for kind in UNIT_TYPES:                   # data order, never the state's key order
            n = can.get(kind, 0)
            if not n:
                continue
            out.append(Choice(f"pick:{kind}", f"Pick up 1 {ed().units[kind]['name']} CU at "
                              f"{sname(at)} ({n} there)", target=at))
    for g in takeable(st, fr):
        boss = " (he takes command)" if seniority(g) < seniority(fr["gen"]) else ""
        out.append(Choice(f"take:{g}", f"Take {gname(g)} along{boss}", target=at))
    for g in fr.get("subs", []):
        if is_major(g) or count(st, at, seat) > army:
            out.append(Choice(f"drop:{g}", f"Leave {gname(g)} at {sname(at)}", target=at))
    return out


def apply_split(st: State, fr: dict[str, Any], cid: str) -> None:
    seat, at = fr["seat"], fr["at"]
    verb, what = cid.split(":", 1)
    if verb == "leave":
        marker = marker_for_drop(st, fr)
        fr["army"][what] -= 1
        if not fr["army"][what]:
            del fr["army"][what]
        if marker == "minor":
            g = minors_in_supply(st, seat)[0]
            st["gen"][g]["loc"] = at
            st["seg"].setdefault("moved", []).append(g)
            log(st, f"{gname(g)} takes command at {sname(at)}", rule="3.1.2", where=at)
        elif marker:
            fr["subs"].remove(marker)
        if at == fr["start"] and fr["prev"] is None:
            fr["left"][what] = fr["left"].get(what, 0) + 1
        else:
            f = st["seg"].setdefault("fresh", {}).setdefault(at, {})
            f[seat] = f.get(seat, 0) + 1
        log(st, f"{gname(fr['gen'])} leaves 1 {ed().units[what]['name']} CU at {sname(at)}",
            rule="8.4.5" if fr["naval"] == "sea" else "8.3.1", where=at)
    elif verb == "pick":
        fr["army"][what] = fr["army"].get(what, 0) + 1
        log(st, f"{gname(fr['gen'])} picks up 1 {ed().units[what]['name']} CU at {sname(at)}",
            rule="8.4.5" if fr["naval"] == "sea" else "8.3.1", where=at)
    elif verb == "drop":
        fr["subs"].remove(what)
        log(st, f"{gname(what)} stays at {sname(at)}", rule="8.3.1", where=at)
    else:
        st["seg"].setdefault("moved", []).append(what)
        if seniority(what) < seniority(fr["gen"]):
            used = fr["mp0"] - fr["mp"]
            full = fr["mp0"] if fr.get("roll") is None else \
                movement_points(fr["roll"], what, st) + movement_bonus(st, what)
            log(st, f"{gname(what)} takes command from {gname(fr['gen'])} at {sname(at)} "
                    f"({max(0, full - used)} MP left)", rule="8.3.2", where=at)
            fr["subs"].append(fr["gen"])
            fr["gen"], fr["mp0"], fr["mp"] = what, full, max(0, full - used)
        else:
            fr["subs"].append(what)
            log(st, f"{gname(fr['gen'])} takes {gname(what)} along", rule="8.3.1", where=at)


def carry_along(st: State, fr: dict[str, Any], dest: str) -> None:
    """Move the army, its royals and the Funeral Cart one step (8.3.1, 15.4, 18.6)."""
    seat, at = fr["seat"], fr["at"]
    for kind, n in fr["army"].items():
        remove_units(st, at, seat, kind, n)
        add_units(st, dest, seat, kind, n)
    for g in group(fr):
        st["gen"][g]["loc"] = dest
    moved_royals = st["seg"].setdefault("royals", {})
    for rid, rec in st["royals"].items():
        if rec["loc"] == at and rec["active"] and royal_controller(st, rid) == seat \
                and moved_royals.get(rid, fr["gen"]) == fr["gen"]:
            rec["loc"] = dest
            rec["held"] = seat
            moved_royals[rid] = fr["gen"]
    body = st["body"]
    if body["loc"] == at and not body["tomb"] and body_controller(st, ) == seat and \
            cart_moves(st) and sum(fr["army"].values()) > 0:
        body["loc"] = dest
    if at in st["inside"] and st["pc"].get(at) == seat:
        st["inside"][at] = min(st["inside"][at], count(st, at, seat))
    capitals_left(st, at, seat)
    fr["prev"], fr["at"] = at, dest


def mark_fresh(st: State, fr: dict[str, Any]) -> None:
    n = sum(fr["army"].values())
    if n:
        f = st["seg"].setdefault("fresh", {}).setdefault(fr["at"], {})
        f[fr["seat"]] = f.get(fr["seat"], 0) + n


def city_sorting(st: State, sid: str, mover: str) -> None:
    """9.1.1: entering a non-besieged enemy Major City, its owner puts up to 2 CUs inside
    (here: as many as fit, the strongest)."""
    owner = st["pc"].get(sid)
    room = walls(st, sid)                         # 2, or 1 in a capital (optional 19.8)
    if not room or owner in (None, "ind", mover):
        return
    if not st["inside"].get(sid) or not besieged(st, sid):
        have = units(st, sid, owner)
        st["inside"][sid] = min(room, sum(have.get(k, 0) for k in garrison_order(st)))


@PROCS.register
class Activation(Proc):
    name = "activation"

    def auto(self, st, fr):
        if fr["done"] and fr.get("passage") == fr["at"]:
            fr.pop("passage")
            if st["gen"][fr["gen"]]["loc"] == fr["at"] and count(st, fr["at"], fr["seat"]) \
                    and enemies_outside(st, fr["at"], fr["seat"]):
                log(st, f"{gname(fr['gen'])} ends the move among the armies that let him "
                        f"pass at {sname(fr['at'])}: a battle all the same", rule="8.3.8.2",
                    where=fr["at"])
                PROCS.push(st, "react", seat=fr["seat"], space=fr["at"],
                           parent=len(st["stack"]) - 1, stage="combat", asked=[], failed=[],
                           declared=[], naval=False, passage_asked=True)
                return True
        if fr["done"] or st["gen"][fr["gen"]]["loc"] != fr["at"]:
            if st["gen"][fr["gen"]]["loc"] == fr["at"]:
                mark_fresh(st, fr)
                if fr["at"] != fr["start"]:
                    log(st, f"{gname(fr['gen'])} ends the move at {sname(fr['at'])}",
                        rule="8.3", where=fr["at"])
            PROCS.pop(st)
            return True
        # the army may have shrunk (battle, attrition), a subordinate may have fallen
        fr["subs"] = [g for g in fr.get("subs", []) if st["gen"][g]["loc"] == fr["at"]]
        have = units(st, fr["at"], fr["seat"])
        fr["army"] = {k: min(n, have.get(k, 0)) for k, n in fr["army"].items()
                      if min(n, have.get(k, 0))}
        return False

    def choices(self, st: State, fr: dict[str, Any]) -> list[Choice]:
        seat, at = fr["seat"], fr["at"]
        if fr["naval"] == "sea":                     # at sea (8.4.2, 8.4.5)
            out = [Choice("land", f"Land at {sname(at)}", target=at)]
            for n, c in sorted(naval_moves(st, fr).items()):
                out.append(Choice(f"sail:{n}", f"Sail on to {sname(n)} ({c} MP)", target=n))
            return out + split_choices(st, fr)
        moves = land_moves(st, fr)
        lone_stop = not sum(fr["army"].values()) and fr["prev"] is not None and \
            lone_enemy_general(st, at, seat) and bool(moves)
        out = [] if lone_stop else [Choice("stop", "End this activation")]
        for n, c in moves:
            out.append(Choice(f"go:{n}", f"March to {sname(n)} ({c} MP)", target=n))
        for n, c in sorted(naval_moves(st, fr).items()):
            out.append(Choice(f"sail:{n}", f"Sail to {sname(n)} ({c} MP)", target=n))
        ra = fr["army"].get("royal", 0)
        if ra and not fr.get("acted"):                       # 3.3.4.6: before moving
            out.append(Choice("disband", f"Disband the {ra} Royal Army CU"
                              f"{'s' if ra > 1 else ''} of this army", target=at))
        army = sum(fr["army"].values())
        if fr["mp"] >= 2 and not fr["battled"] and army >= 3:
            pc = st["pc"].get(at)
            if pc not in (None, "ind", seat) and ed().spaces[at].kind in ("minor", "stronghold") \
                    and not enemies_outside(st, at, seat) and not capital_at(st, at):
                out.append(Choice("remove", f"Remove the {NAMES[pc]} PC at {sname(at)} (2 MP)",
                                  target=at))
            if can_siege(st, at, seat) and attempt_allowed(st, at, fr["gen"]):   # 13.4
                what = "Besiege" if siege_target(st, at, seat) == "siege" else "Subjugate"
                out.append(Choice("siege", f"{what} {sname(at)} (2 MP)", target=at))
                for c in st["hands"][seat]:
                    b = ed().cards[c].effect.get("siege_bonus")
                    if b:
                        out.append(Choice(f"siege:{c}", f"{what} {sname(at)} (2 MP) with "
                                          f"{ed().cards[c].name} (+{b})", target=at))
        if can_bury(st, seat) and st["body"]["loc"] == at:
            out.append(Choice("bury", f"Bury Alexander at {sname(at)}", target=at))
        return out + split_choices(st, fr)

    def prompt(self, st, fr):
        where = "off" if fr["naval"] == "sea" else "at"
        return ask(st, fr["seat"], f"{gname(fr['gen'])} {where} {sname(fr['at'])}, {fr['mp']} MP "
                   f"left, {sum(fr['army'].values())} CU", self.choices(st, fr),
                   kind="choose-space", rule="8.3")

    def answer(self, st, fr, cid):
        seat = fr["seat"]
        if cid == "stop":
            fr["done"] = True
            return
        if cid.split(":", 1)[0] in ("leave", "pick", "take", "drop"):
            apply_split(st, fr, cid)
            return
        if cid == "land":
            land(st, fr)
            return
        if cid == "disband":
            n = fr["army"].pop("royal")
            remove_units(st, fr["at"], seat, "royal", n)
            log(st, f"{NAMES[seat]} disbands {n} Royal Army CU{'s' if n > 1 else ''} at "
                    f"{sname(fr['at'])}", rule="3.3.4.6", where=fr["at"])
            return
        fr["acted"] = True
        if cid == "bury":
            bury(st, seat)
            return
        if cid == "remove":
            fr["mp"] -= 2
            who = st["pc"].pop(fr["at"])
            log(st, f"{NAMES[seat]} removes the {NAMES[who]} PC at {sname(fr['at'])}",
                rule="8.3.9", where=fr["at"])
            return
        if cid.startswith("siege"):
            fr["mp"] -= 2
            count_attempt(st, fr["at"], fr["gen"])
            bonus = 0
            if ":" in cid:
                card = cid.split(":", 1)[1]
                st["hands"][seat].remove(card)
                discard_card(st, card)
                replace_surprise(st, seat)
                bonus = ed().cards[card].effect["siege_bonus"]
            siege(st, fr["at"], seat, bonus=bonus)
            return
        kind, dest = cid.split(":", 1)
        fr.pop("passage", None)
        if kind == "go":
            stronghold_toll(st, fr)
            fr["mp"] -= ed().graph.edges[fr["at"], dest]["cost"]
            if fr["naval"] == "none":
                fr["land_before"] = True
            fr.pop("embark", None)
            carry_along(st, fr, dest)
            enter(st, fr, naval=False)
        else:
            cost = naval_moves(st, fr)[dest]
            fr["mp"] -= cost
            if fr["naval"] == "none":
                fr["naval"] = "sea"
                st["seg"]["naval"] = True
                fr["embark"] = fr["at"]
                log(st, f"{gname(fr['gen'])} ({NAMES[seat]}) embarks at {sname(fr['at'])} "
                        f"with {sum(fr['army'].values())} CU", rule="8.4.3", where=fr["at"])
            carry_along(st, fr, dest)
            log(st, f"{NAMES[seat]} sails to {sname(dest)}", rule="8.4.2", where=dest)
            asked = [s for s in st["order"] if s != seat and s not in fr["sea_foes"]
                     and naval_eligible(st, s, dest)]
            if asked:
                PROCS.push(st, "naval", seat=seat, dest=dest, parent=len(st["stack"]) - 1,
                           asked=asked)
            if fr["mp"] == 0 and not asked:
                land(st, fr)


def land(st: State, fr: dict[str, Any]) -> None:
    """Debarking (8.4.3): the Reaction Step at the port, or straight inside a friendly
    besieged port Major City with 1-2 CUs (8.4.6)."""
    seat, at = fr["seat"], fr["at"]
    fr["naval"] = "done"
    log(st, f"{NAMES[seat]} lands at {sname(at)}", rule="8.4", where=at)
    n = sum(fr["army"].values())
    if st["pc"].get(at) == seat and besieged(st, at) and 0 < n and \
            st["inside"].get(at, 0) + n <= 2 and count(st, at, seat) == st["inside"].get(at, 0) + n:
        st["inside"][at] = st["inside"].get(at, 0) + n
        fr["done"] = True
        log(st, f"{NAMES[seat]} slips into besieged {sname(at)} with {n} CU", rule="8.4.6",
            where=at)
        return
    enter(st, fr, naval=True)


def stronghold_toll(st: State, fr: dict[str, Any]) -> None:
    """8.3.11: passing through an Independent Stronghold costs Attrition on the '2' column
    (stopping there costs nothing: the toll is paid on leaving a space entered this move)."""
    at = fr["at"]
    if fr["prev"] is None or st["pc"].get(at) != "ind" or ed().spaces[at].kind != "stronghold":
        return
    if not sum(fr["army"].values()):
        return
    apply_attrition(st, at, fr["seat"], column=0, why=f"passing {sname(at)}", rule="8.3.11")
    have = units(st, at, fr["seat"])
    fr["army"] = {k: min(n, have.get(k, 0)) for k, n in fr["army"].items()
                  if min(n, have.get(k, 0))}


def enter(st: State, fr: dict[str, Any], *, naval: bool) -> None:
    """Entering a space by land or debarking: the Reaction Step (8.3.4, 9)."""
    sid, seat = fr["at"], fr["seat"]
    city_sorting(st, sid, seat)
    PROCS.push(st, "react", seat=seat, space=sid, parent=len(st["stack"]) - 1,
               stage="avoid", asked=[], failed=[], declared=[], naval=naval)


# --- naval interception and battle (8.5, 8.6) ---------------------------------------------
def naval_eligible(st: State, seat: str, dest: str) -> bool:
    """A PC within 2 spaces by Sea paths of the debarkation port, and a fleet (8.5.1)."""
    if not available_fleets(st, seat):
        return False
    sea = ed().sea
    if dest not in sea:
        return False
    import networkx as nx  # at first use, not at start-up

    near = nx.single_source_shortest_path_length(sea, dest, cutoff=2)
    return any(st["pc"].get(s) == seat for s in near)


def fleet_score(st: State, fleets: list[str], who: str) -> int:
    strength = sum(fleet_strength(st, f) for f in fleets)
    total = sum(roll(st, 2, purpose=f"{who} naval battle", rule="8.6"))
    return score(strength, total)


@PROCS.register
class Naval(Proc):
    """Naval Interception as the army enters a port at sea (8.5): each player eligible there
    who has not intercepted this naval move yet is asked, in turn order."""
    name = "naval"

    def auto(self, st, fr):
        if fr["asked"]:
            return False
        PROCS.pop(st)
        parent = st["stack"][fr["parent"]]
        if not parent.get("sunk") and parent["mp"] == 0 and parent["naval"] == "sea":
            land(st, parent)
        return True

    def prompt(self, st, fr):
        seat = fr["asked"][0]
        fleets = available_fleets(st, seat)
        return ask(st, seat, f"{NAMES[fr['seat']]} sails into {sname(fr['dest'])}: intercept "
                   "at sea?", [Choice("pass", "Let them sail"),
                               Choice("intercept", "Intercept with "
                                      + plural(len(fleets), "fleet"))],
                   rule="8.5")

    def answer(self, st, fr, cid):
        seat = fr["asked"].pop(0)
        if cid == "pass":
            return
        mover = fr["seat"]
        parent = st["stack"][fr["parent"]]
        parent["sea_foes"].append(seat)
        mine = available_fleets(st, mover)
        theirs = available_fleets(st, seat)
        attack(st, seat, mover)
        a = fleet_score(st, mine, NAMES[mover]) if mine else 0
        b = fleet_score(st, theirs, NAMES[seat])
        log(st, f"Naval battle off {sname(fr['dest'])}: {NAMES[mover]} {a} - {NAMES[seat]} {b}",
            rule="8.6", where=fr["dest"])
        if a == b:
            return
        loser_fleets = theirs if a > b else mine
        for f in loser_fleets:
            st["fleets"][f]["dispersed"] = True
            st["fleets"][f]["strong"] = False
        if b > a:                    # 8.6.3: attrition, back to the Embarkation Port
            at = parent["at"]
            if sum(parent["army"].values()):
                apply_attrition(st, at, mover, why="after a lost naval battle", rule="8.6.3")
                have = units(st, at, mover)
                parent["army"] = {k: min(n, have.get(k, 0)) for k, n in parent["army"].items()
                                  if min(n, have.get(k, 0))}
            back = parent["embark"]
            if at != back:
                carry_along(st, parent, back)
            parent["sunk"] = True
            parent["naval"] = "done"
            parent["done"] = True
            fr["asked"] = []
            log(st, f"{NAMES[mover]} is turned back to {sname(back)}", rule="8.6.3", where=back)


# --- the Reaction Step (9, 10, 11) and the combat that follows -----------------------------
def lone_major(st: State, sid: str, seat: str) -> str | None:
    """``seat``'s major general alone (no CUs) at ``sid``, not safe inside its own Major
    City (8.3.3)."""
    if count(st, sid, seat) or (st["pc"].get(sid) == seat and ed().spaces[sid].kind == "major"):
        return None
    majors = [g for g in generals_at(st, sid, seat) if is_major(g)]
    return majors[0] if majors else None


def avoiders(st: State, fr: dict[str, Any]) -> list[str]:
    """Seats whose army (or lone major general) stands where the mover entered (10.1)."""
    sid = fr["space"]
    army = sum(st["stack"][fr["parent"]]["army"].values())
    out = []
    for s in st["order"]:
        if s == fr["seat"] or s in fr["asked"]:
            continue
        if outside(st, sid, s) > 0 and commander(st, sid, s):
            out.append(s)
        elif army and lone_major(st, sid, s):
            out.append(s)
    return out


def catch_lone(st: State, sid: str, mover: str, s: str, *, failed: bool) -> None:
    """A lone major general caught by an enemy army is Dispersed (8.3.3); one who failed to
    avoid battle is killed on a 5-6 (10.2)."""
    attack(st, mover, s)
    for g in [g for g in generals_at(st, sid, s) if is_major(g)]:
        if failed and roll(st, 1, purpose=f"{gname(g)} caught alone", rule="10.2")[0] >= 5:
            kill_general(st, g, "caught alone after failing to avoid battle", "10.2")
        else:
            disperse_general(st, g)
            log(st, f"{gname(g)} is caught alone and Dispersed", rule="8.3.3", where=sid)


def interceptions(st: State, fr: dict[str, Any], seat: str) -> list[str]:
    """Spaces from which ``seat`` may intercept into the entered space (11.1, 11.8)."""
    sid, mover = fr["space"], fr["seat"]
    pc = st["pc"].get(sid)
    if not (pc in (None, seat) or count(st, sid, seat) > 0):
        return []
    if any(s not in (seat, mover) for s in st["cu"].get(sid, {})):
        return []
    g = ed().graph
    out = []
    for n in g[sid]:
        if g.edges[sid, n]["kind"] != "land":
            continue
        if not commander(st, n, seat) or not movable(st, n, seat):
            continue
        if st["pc"].get(n) == seat and besieged(st, n):
            continue
        if any(st["gen"][gg]["loc"] == n for gg in st["seg"].get("moved", []) if
               st["gen"][gg]["owner"] == seat and False):
            continue
        out.append(n)
    return out


@PROCS.register
class React(Proc):
    name = "react"

    def parent(self, st, fr):
        return st["stack"][fr["parent"]]

    def auto(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        if fr["stage"] in ("avoid", "ind_avoid"):
            if fr["stage"] == "avoid" and avoiders(st, fr):
                return False
            if fr.get("ind_avoid_to") or ind_askers(st, fr, "avoid"):
                fr["stage"] = "ind_avoid"                # optional 19.4
                return False
            fr["stage"] = "intercept"
            fr["asked"] = []
            return True
        if fr["stage"] in ("intercept", "ind_intercept"):
            if fr.get("no_intercept"):
                fr["stage"] = "resolve"
                return True
            pending = [s for s in st["order"] if s != mover and s not in fr["asked"]
                       and interceptions(st, fr, s)]
            if fr["stage"] == "intercept" and pending:
                return False
            if ind_askers(st, fr, "intercept"):
                fr["stage"] = "ind_intercept"           # optional 19.4
                return False
            fr["stage"] = "resolve"
            return True
        if fr["stage"] == "resolve":
            winner = None
            for s, src in fr["declared"]:
                if winner not in (None, s):
                    continue
                g = commander(st, src, s)
                if g is None or not movable(st, src, s):
                    continue
                mod = -1 if st["options"]["intercept_transit"] and \
                    ed().spaces[sid].kind == "transit" else 0
                mod += intercept_bonus(st, g, sid)
                die = roll(st, 1, purpose=f"{gname(g)} intercepts at {sname(sid)}",
                           rule="11.3")[0]
                if die + mod > initiative(g):
                    winner = s
                    army = movable(st, src, s)
                    for kind, n in army.items():
                        remove_units(st, src, s, kind, n)
                        add_units(st, sid, s, kind, n)
                    st["gen"][g]["loc"] = sid
                    st["seg"].setdefault("fresh", {}).setdefault(sid, {})[s] = sum(army.values())
                    log(st, f"{gname(g)} ({NAMES[s]}) intercepts at {sname(sid)}", rule="11.4",
                        where=sid)
            if winner is None and fr.get("ind_int"):
                winner = "ind" if ind_intercepts(st, fr) else None
            fr["intercepted"] = winner
            can_leave = bool(winner and self.parent(st, fr)["prev"]
                             and sum(self.parent(st, fr)["army"].values()))
            if winner and winner != "ind" and st["options"]["interceptor_attacks"]:
                fr["stage"] = "int_role"
            else:
                fr["stage"] = "withdraw" if can_leave else "combat"
            return True
        if fr["stage"] in ("withdraw", "int_role", "mover_avoid", "passage", "grant", "sally"):
            return False
        if fr["stage"] == "combat":
            return self.combat(st, fr)
        if fr["stage"] == "window":
            win = current(st)
            if win is None or win.get("react") != fr["parent"]:
                fr["stage"] = "fight"
                return True
            return False
        if fr["stage"] == "fight":
            return self.fight(st, fr)
        if fr["stage"] == "losses":
            return self.after_battle(st, fr)
        PROCS.pop(st)
        return True

    def combat(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        par = self.parent(st, fr)
        army = count(st, sid, mover)
        foes = enemies_outside(st, sid, mover)
        inds = ind_armies_at(st, sid)
        if not foes and not inds:
            PROCS.pop(st)
            return True
        if army == 0:                    # a lone general cannot stay (8.3.3): back he goes
            par["done"] = True
            PROCS.pop(st)
            return True
        if foes and not inds and not fr.get("passage_asked") and not fr.get("intercepted") \
                and par["mp"] > 0:
            fr["passage_asked"] = True                   # 8.3.8.1: the mover may ask
            fr["stage"] = "passage"
            return True
        if foes and not inds:            # 8.3.6, 11.5: interceptors too may be overrun
            target = max(foes, key=lambda s: outside(st, sid, s))
            if outside(st, sid, mover) >= 5 * outside(st, sid, target):
                overrun(st, sid, mover, target)
                return True
        fr["target"] = (inds and "ind") or max(foes, key=lambda s: outside(st, sid, s))
        fr["bonus"] = {}
        if fr["target"] != "ind" and st["pc"].get(sid) in (mover, fr["target"]) \
                and st["inside"].get(sid, 0):
            fr["stage"] = "sally"                        # 12.1.2: the city's CUs may join
            return True
        self.open_battle(st, fr)
        return False

    def open_battle(self, st, fr):
        fr["stage"] = "window"
        open_window(st, "battle", list(st["order"]), react=fr["parent"], space=fr["space"],
                    parties=[fr["seat"], fr["target"]])

    def fight(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        par = self.parent(st, fr)
        bonus = fr.get("bonus", {})
        par["battled"] = True
        par["done"] = True
        if fr["target"] == "ind":
            rec = fight_independent(st, sid, mover, ind_armies_at(st, sid), player_attacks=True,
                                    bonus=bonus.get(mover, 0),
                                    failed_avoid=False)
            if rec.get("winner") is None and par["prev"]:
                self.retreat(st, par)
        elif fr.get("int_attacks") and fr["target"] == fr.get("intercepted"):
            rec = fight(st, sid, fr["target"], mover, def_failed_avoid=mover in fr["failed"],
                        bonus=bonus, sally=fr.get("sally", False),
                        owner_chooses=True)                  # 19.3.2
        else:
            rec = fight(st, sid, mover, fr["target"], def_failed_avoid=fr["target"] in fr["failed"],
                        bonus=bonus, sally=fr.get("sally", False), owner_chooses=True)
        st["last_battle"] = rec
        fr["owed"] = list(rec.get("owed", []))
        fr["stage"] = "losses"
        return self.after_battle(st, fr)

    def after_battle(self, st, fr):
        """Once every side owing a CU of its choice has chosen: a drawn Attacker retreats
        (12.6), and the Reaction Step is over."""
        if fr["owed"]:
            return False
        par = self.parent(st, fr)
        rec = st["last_battle"]
        if rec.get("result") == "draw" and par["prev"] and fr["target"] != "ind" \
                and not (fr.get("int_attacks") and fr["target"] == fr.get("intercepted")):
            self.retreat(st, par)
        PROCS.pop(st)
        return True

    def retreat(self, st, par):
        """12.6: the Attacker goes back where it came from; no Reaction Step."""
        seat, at = par["seat"], par["at"]
        back = par.get("embark") if par["naval"] == "done" and par.get("embark") else par["prev"]
        if st["gen"][par["gen"]]["loc"] != at:
            return
        par["army"] = dict(units(st, at, seat))
        carry_along(st, par, back)
        log(st, f"{NAMES[seat]} retreats to {sname(back)}", rule="12.6", where=back)

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
        if fr["stage"] in ("ind_avoid", "ind_intercept"):
            kind = fr["stage"][4:]
            if fr.get("ind_avoid_to"):
                s, iid, dests = fr["ind_avoid_to"]
                return ask(st, s, f"{pname(iid)} avoids battle at {sname(sid)}: where to?",
                           [Choice(d, sname(d), target=d) for d in dests],
                           kind="choose-space", rule="19.4")
            s = ind_askers(st, fr, kind)[0]
            what = "avoid battle" if kind == "avoid" else "intercept"
            return ask(st, s, f"{NAMES[mover]} enters {sname(sid)}: discard a Surprise card "
                       f"to make an Independent Army {what}?", ind_choices(st, fr, s, kind),
                       rule="19.4")
        if fr["stage"] == "avoid":
            s = avoiders(st, fr)[0]
            if fr.get("avoid_ok") == s:
                g = commander(st, sid, s)
                dests = avoid_destinations(st, sid, s, self.parent(st, fr)["prev"])
                dests = [d for d in dests
                         if fr["avoid_die"] - avoid_penalty(st, sid, d, dests) > initiative(g)]
                return ask(st, s, f"avoid battle at {sname(sid)}: where to?",
                           [Choice(d, sname(d), target=d) for d in dests], kind="choose-space",
                           rule="10.2")
            g = commander(st, sid, s)
            return ask(st, s, f"{NAMES[mover]} enters {sname(sid)}: try to avoid battle with "
                       f"{gname(g)} (a die above {initiative(g)})?",
                       [Choice("stay", "Stand and fight"), Choice("avoid", "Try to avoid battle")],
                       rule="10.1")
        if fr["stage"] == "intercept":
            s = next(x for x in st["order"] if x != mover and x not in fr["asked"]
                     and interceptions(st, fr, x))
            return ask(st, s, f"{NAMES[mover]} enters {sname(sid)}: intercept?",
                       [Choice("pass", "No interception")] +
                       [Choice(n, f"Intercept from {sname(n)} with "
                               f"{gname(commander(st, n, s))}", target=n)
                        for n in interceptions(st, fr, s)], rule="11.2")
        if fr["stage"] == "int_role":
            return ask(st, fr["intercepted"], f"you intercepted {NAMES[mover]} at {sname(sid)}",
                       [Choice("defend", "Defend (the mover attacks)"),
                        Choice("attack", "Attack them yourself (19.3.2)")], rule="19.3.2")
        if fr["stage"] == "mover_avoid":
            g = commander(st, sid, mover)
            return ask(st, mover, f"{NAMES[fr['intercepted']]} attacks you at {sname(sid)}",
                       [Choice("fight", "Accept battle"),
                        Choice("avoid", f"Try to avoid battle back to "
                               f"{sname(self.parent(st, fr)['prev'])} (a die above "
                               f"{initiative(g)})")], rule="19.3.2")
        if fr["stage"] == "losses":
            s = fr["owed"][0]
            return ask(st, s, f"the battle at {sname(sid)} costs you 1 CU of your choice",
                       [Choice(k, f"Lose 1 {ed().units[k]['name']} CU")
                        for k in UNIT_TYPES if units(st, sid, s).get(k)],
                       rule="12.5.2")          # in data order, not the state's key order
        if fr["stage"] == "sally":
            n = st["inside"][sid]
            return ask(st, st["pc"][sid], f"battle at {sname(sid)}: your {n} CU inside the city "
                       "may join it (and share its losses if it is lost)",
                       [Choice("sally", f"Sally: the {n} CU inside join the battle"),
                        Choice("inside", "Keep them inside the city")], rule="12.1.2")
        if fr["stage"] == "passage":
            foes = enemies_outside(st, sid, mover)
            return ask(st, mover, f"you enter {sname(sid)}, held by "
                       f"{' and '.join(NAMES[s] for s in foes)}",
                       [Choice("passage", "Ask for Friendly Passage and move on"),
                        Choice("attack", "Stop and attack")], rule="8.3.8.1")
        if fr["stage"] == "grant":
            s = fr["grant_left"][0]
            return ask(st, s, f"{NAMES[mover]} asks for Friendly Passage through your army "
                       f"at {sname(sid)}",
                       [Choice("grant", f"Let {NAMES[mover]} pass"),
                        Choice("refuse", "Refuse: they must stop and fight")], rule="8.3.8.1")
        if fr["stage"] == "withdraw":
            par = self.parent(st, fr)
            return ask(st, mover, f"{NAMES[fr['intercepted']]} intercepted at {sname(sid)}",
                       [Choice("fight", "Fight the battle"),
                        Choice("withdraw", f"Withdraw to {sname(par.get('embark') or par['prev'])}"
                               " (the activation ends)")], rule="11.7")
        win = current(st)
        seat = asked_seat(win)
        return ask(st, seat, f"battle at {sname(sid)} between {NAMES[mover]} and "
                   f"{NAMES.get(fr['target'], 'the Independents')}: play a Surprise card?",
                   battle_cards(st, seat, win), kind="battle", rule="4.31.1",
                   context=preview(st, sid, mover, fr["target"]))

    def answer(self, st, fr, cid):
        sid, mover = fr["space"], fr["seat"]
        if fr["stage"] in ("ind_avoid", "ind_intercept"):
            if fr.get("ind_avoid_to"):
                ind_avoid_to(st, fr, cid)
                return
            kind = fr["stage"][4:]
            ind_discard(st, fr, ind_askers(st, fr, kind)[0], cid, kind)
            return
        if fr["stage"] == "avoid":
            s = avoiders(st, fr)[0]
            if fr.get("avoid_ok") == s:
                g = commander(st, sid, s)
                army = {k: n for k, n in units(st, sid, s).items()}
                if st["pc"].get(sid) == s:
                    st["inside"][sid] = 0
                for kind, n in army.items():
                    remove_units(st, sid, s, kind, n)
                    add_units(st, cid, s, kind, n)
                for gg in generals_at(st, sid, s):
                    st["gen"][gg]["loc"] = cid
                log(st, f"{gname(g)} avoids battle to {sname(cid)}", rule="10.2", where=cid)
                fr["asked"].append(s)
                fr.pop("avoid_ok")
                fr["no_intercept"] = False
                return
            lone = count(st, sid, s) == 0
            if cid == "stay":
                fr["asked"].append(s)
                if lone:
                    catch_lone(st, sid, mover, s, failed=False)
                return
            g = commander(st, sid, s)
            die = roll(st, 1, purpose=f"{gname(g)} avoids battle", rule="10.1")[0]
            die += avoid_bonus(st, g)
            dests = avoid_destinations(st, sid, s, self.parent(st, fr)["prev"])
            dests = [d for d in dests if die - avoid_penalty(st, sid, d, dests) > initiative(g)]
            if dests:
                fr["avoid_ok"] = s
                fr["avoid_die"] = die
            else:
                fr["asked"].append(s)
                fr["failed"].append(s)
                log(st, f"{gname(g)} fails to avoid battle", rule="10.4", where=sid)
                if lone:
                    catch_lone(st, sid, mover, s, failed=True)
            return
        if fr["stage"] == "intercept":
            s = next(x for x in st["order"] if x != mover and x not in fr["asked"]
                     and interceptions(st, fr, x))
            fr["asked"].append(s)
            if cid != "pass":
                fr["declared"].append([s, cid])
            return
        if fr["stage"] == "int_role":
            if cid == "attack":
                fr["int_attacks"] = True
                fr["stage"] = "mover_avoid" if self.parent(st, fr)["prev"] else "combat"
            else:
                par = self.parent(st, fr)
                fr["stage"] = "withdraw" if par["prev"] and sum(par["army"].values()) \
                    else "combat"
            return
        if fr["stage"] == "mover_avoid":
            par = self.parent(st, fr)
            if cid == "avoid":
                g = commander(st, sid, mover)
                die = roll(st, 1, purpose=f"{gname(g)} avoids battle", rule="19.3.2")[0]
                if die > initiative(g):
                    back = par["prev"]
                    carry_along(st, par, back)
                    par["done"] = True
                    log(st, f"{gname(g)} avoids battle back to {sname(back)}", rule="19.3.2",
                        where=back)
                    PROCS.pop(st)
                    return
                fr["failed"].append(mover)
            fr["stage"] = "combat"
            return
        if fr["stage"] == "losses":
            s = fr["owed"].pop(0)
            remove_units(st, sid, s, cid)
            after_losses(st, sid, s)
            log(st, f"{NAMES[s]} loses 1 {ed().units[cid]['name']} CU", rule="12.5.2",
                where=sid)
            return
        if fr["stage"] == "sally":
            fr["sally"] = cid == "sally"
            if fr["sally"]:
                log(st, f"{NAMES[st['pc'][sid]]} sallies from {sname(sid)}", rule="12.1.2",
                    where=sid)
            self.open_battle(st, fr)
            return
        if fr["stage"] == "passage":
            if cid == "attack":
                fr["stage"] = "combat"
            else:
                fr["stage"] = "grant"
                fr["grant_left"] = [s for s in st["order"]
                                    if s in enemies_outside(st, sid, mover)]
            return
        if fr["stage"] == "grant":
            s = fr["grant_left"].pop(0)
            if cid == "refuse":
                log(st, f"{NAMES[s]} refuses {NAMES[mover]} Friendly Passage at {sname(sid)}",
                    rule="8.3.8.1", where=sid)
                fr["stage"] = "combat"
            elif not fr["grant_left"]:
                log(st, f"{NAMES[mover]} is granted Friendly Passage at {sname(sid)}",
                    rule="8.3.8.1", where=sid)
                self.parent(st, fr)["passage"] = sid
                PROCS.pop(st)
            return
        if fr["stage"] == "withdraw":
            par = self.parent(st, fr)
            if cid == "withdraw":
                back = par.get("embark") or par["prev"]
                carry_along(st, par, back)
                par["done"] = True
                log(st, f"{NAMES[mover]} withdraws to {sname(back)}", rule="11.7", where=back)
                PROCS.pop(st)
            else:
                fr["stage"] = "combat"
            return
        win = current(st)
        seat = asked_seat(win)
        if cid == "pass":
            pass_turn(st)
            return
        card = cid
        st["hands"][seat].remove(card)
        discard_card(st, card)
        replace_surprise(st, seat)
        if card == "c16":                        # the Silver Shields change sides (3.3.3.2)
            for who in win["parties"]:
                n = units(st, sid, who).get("silver", 0) if who in st["players"] else 0
                if who != seat and n:
                    remove_units(st, sid, who, "silver", n)
                    if n > 1:
                        add_units(st, sid, seat, "silver", n - 1)
                    log(st, f"{NAMES[seat]} wins over the Silver Shields in the middle of the "
                            "battle (they lose 1 CU)", rule="3.3.3.2", where=sid)
            win["played"].append({"seat": seat, "card": card})
            return
        b = ed().cards[card].effect.get("battle_bonus", 0)
        fr["bonus"][seat] = fr["bonus"].get(seat, 0) + b
        log(st, f"{NAMES[seat]} plays {ed().cards[card].name} (+{b} to its battle dice)",
            rule="4.31.1", where=sid)
        win["played"].append({"seat": seat, "card": card})


def battle_cards(st: State, seat: str, win: dict[str, Any]) -> list[Choice]:
    out = [Choice("pass", "Play no card")]
    if seat in win["parties"]:
        for c in st["hands"].get(seat, []):
            card = ed().cards[c]
            if card.type == "surprise" and card.effect.get("battle_bonus"):
                out.append(Choice(c, f"Play {card.name} (+{card.effect['battle_bonus']})",
                                  detail=card.text))
            if c == "c16" and is_surprise(st, c) and any(
                    units(st, win["space"], o).get("silver") for o in win["parties"]
                    if o != seat and o in st["players"]):
                out.append(Choice(c, "Play Silver Shields: they change sides (3.3.3.2)"))
    return out
