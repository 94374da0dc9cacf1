"""The Game Turn (section 6): Turn Events (6.1), Turn Order (6.2), the Usurper (6.3),
Reinforcement (6.4), Tyche cards (6.5), the Strategy Phase (6.6, in strategy.py),
Isolation (6.7) and the End Phase (6.8)."""

from __future__ import annotations

from collections import deque
from typing import Any

from rules.engine.deck import draw
from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.rng import shuffle
from rules.engine.state import log

from .model import (
    NAMES,
    PROCS,
    State,
    add_units,
    besieged,
    ed,
    enemies_outside,
    generals_at,
    gname,
    ind_armies_at,
    is_major,
    minors_in_supply,
    occupants,
    pick_by_name,
    province_controller,
    sname,
)
from .prompts import ask
from .victory import body_controller, game_end, legitimacy, ranking, regency, vp

STEPS = ("events", "order", "usurper", "reinforce", "tyche", "strategy", "isolation", "end")


def start_turn(st: State) -> None:
    PROCS.push(st, "turn", step=0)


@PROCS.register
class Turn(Proc):
    name = "turn"

    def auto(self, st: State, fr: dict[str, Any]) -> bool:
        if fr["step"] >= len(STEPS):
            PROCS.pop(st)
            if st["turn"] >= st["turns"]:
                game_end(st)
            else:
                st["turn"] += 1
                start_turn(st)
            return True
        step = STEPS[fr["step"]]
        fr["step"] += 1
        st["phase"] = step
        {"events": turn_events, "order": turn_order, "usurper": label_usurper,
         "reinforce": reinforcement, "tyche": distribute, "strategy": strategy,
         "isolation": isolation, "end": end_phase}[step](st)
        return True


# --- 6.1 ---------------------------------------------------------------------------------
def turn_events(st: State) -> None:
    turn = st["turn"]
    log(st, f"Game Turn {turn}", rule="6.1", kind="phase")
    if turn == 3:
        ant = st["gen"]["antipatros"]
        owner = ant["owner"] or st["gen"]["antipatros"].get("former")
        where = ant["loc"]
        st["gen"]["polyperchon"] = {"owner": owner, "loc": where if ant["loc"] not in (
            "dead", "aside") else "dispersed"}
        if ant["loc"] == "aside" and owner is None:
            st["gen"]["polyperchon"]["loc"] = "aside"
        ant["loc"] = "dead"
        log(st, "Antipatros dies; Polyperchon takes his place", rule="6.1.3")
        ant_owner = st["gen"]["antigonos"]["owner"] or st["gen"]["antigonos"].get("former")
        if ant_owner:
            st["gen"]["demetrios"] = {"owner": ant_owner, "loc": "dispersed"}
            log(st, f"Demetrios joins {NAMES[ant_owner]}, holder of Antigonos", rule="6.1.3")
    if turn == 4:
        if not st["body"]["tomb"] and st["body"]["loc"] != "gone":
            st["body"]["loc"] = "gone"
            log(st, "Alexander was not buried: the Funeral Cart leaves the game", rule="6.1.4")
        if not st["options"]["illegitimate_son"]:
            regency(st, "herakles")
    if turn == 5 and not st.get("over"):
        regency(st, "alexandros")


# --- 6.2 ---------------------------------------------------------------------------------
def turn_order(st: State) -> None:
    low = min(vp(st, s) for s in st["players"])
    tied = [s for s in st["players"] if vp(st, s) == low]
    chooser = tied[0] if len(tied) == 1 else pick_by_name(st, tied, NAMES.get,
                                                          purpose="fewest VP tie", rule="6.2")
    PROCS.push(st, "choose_first", chooser=chooser)


def clockwise(st: State, first: str) -> list[str]:
    i = st["players"].index(first)
    return st["players"][i:] + st["players"][:i]


@PROCS.register
class ChooseFirst(Proc):
    name = "choose_first"

    def prompt(self, st, fr):
        return ask(st, fr["chooser"], "you have the fewest VP: choose the first player",
                   [Choice(s, f"{NAMES[s]} plays first") for s in st["players"]], rule="6.2")

    def answer(self, st, fr, cid):
        PROCS.pop(st)
        st["order"] = clockwise(st, cid)
        st["first"] = cid
        log(st, f"{NAMES[fr['chooser']]} chooses {NAMES[cid]} to play first; order "
                + ", ".join(NAMES[s] for s in st["order"]), rule="6.2")


# --- 6.3 ---------------------------------------------------------------------------------
def label_usurper(st: State) -> None:
    top = ranking(st, lambda s: vp(st, s))[0]
    st["usurper"] = top
    log(st, f"{NAMES[top]} has the most VP ({vp(st, top)}) and is the Usurper", rule="6.3")


# --- 6.4 ---------------------------------------------------------------------------------
def reinforcement(st: State) -> None:
    if st["turn"] == 1:
        log(st, "No reinforcements on turn 1", rule="6.1.1")
        return
    most_l = ranking(st, lambda s: legitimacy(st, s))[0]
    vps = {s: vp(st, s) for s in st["players"]}
    top = max(vps.values())
    tops = [s for s in st["players"] if vps[s] == top]
    for seat in reversed(st["order"]):
        pieces: list[list[str]] = []
        for kind, n in sorted(st["dispersed"][seat].items()):
            pieces += [["unit", kind]] * n
        st["dispersed"][seat] = {}
        for gid in sorted(st["gen"]):
            if st["gen"][gid]["owner"] == seat and st["gen"][gid]["loc"] == "dispersed" \
                    and is_major(gid):
                pieces.append(["gen", gid])
        if not st["options"]["dispersed_fleets"]:          # optional 19.7: by discard only
            for rec in st["fleets"].values():
                rec["dispersed"] = False
        pieces += [["unit", "mercenary"]] * 2
        if province_controller(st, "makedonia") == seat:
            pieces.append(["unit", "macedonian"])
        if seat == most_l:
            pieces.append(["unit", "macedonian"])
        if seat in tops:
            pieces += [["unit", "mercenary"]] * (2 if len(tops) == 1 else 1)
        if st["persian"] == seat:
            pieces.append(["unit", "mercenary"])
        PROCS.push(st, "reinforce", seat=seat, pieces=pieces, placed={},
                   start=[g for g, r in sorted(st["gen"].items()) if r["owner"] == seat
                          and r["loc"] in ed().spaces])
    log(st, "Reinforcement Phase", rule="6.4", kind="phase")


def reinforce_spaces(st: State, seat: str, piece: list[str], placed: dict[str, int],
                     start: list[str]) -> list[str]:
    """Spaces a reinforcement may go to (6.4.2, 6.4.3)."""
    gens = st["gen"]
    with_gen = {gens[g]["loc"] for g in start if gens[g]["loc"] in ed().spaces}
    here: dict[str, list[str]] = {}         # the generals in each space (looked up once)
    for g, rec in gens.items():
        here.setdefault(rec["loc"], []).append(g)
    out = []
    for sid, sp in ed().spaces.items():
        if sp.kind == "transit" and sid not in with_gen:
            continue
        mine = st["pc"].get(sid) == seat
        if not (sid in with_gen or (mine and not (
                enemies_outside(st, sid, seat)
                or any(gens[g]["owner"] != seat for g in here.get(sid, ()))))):
            continue
        if mine and besieged(st, sid):
            continue
        if piece[0] == "unit":
            unlimited = (mine and sp.kind == "major") or any(
                is_major(g) and gens[g]["owner"] == seat for g in here.get(sid, ()))
            if not unlimited and placed.get(sid, 0) >= 2:
                continue
        out.append(sid)
    return out


def overflow_spaces(st: State, seat: str, piece: list[str], placed: dict[str, int]
                    ) -> list[str]:
    """Where a CU with no eligible space may go instead (6.4.3, last paragraph): a space
    with no PC or an Independent one (not a transit point: ruling), free of other players'
    pieces, in a Province no other player controls, at most two such CUs per Province; a
    general must go with them (3.3.1), so ``seat`` needs one there or a Minor General in
    supply."""
    if piece[0] != "unit":
        return []
    per_prov: dict[str, int] = {}
    for sid, n in placed.items():
        if sid.startswith("overflow@"):
            prov = ed().spaces[sid.split("@", 1)[1]].province
            per_prov[prov] = per_prov.get(prov, 0) + n
    minors = bool(minors_in_supply(st, seat))
    out = []
    for sid, sp in ed().spaces.items():
        if sp.kind == "transit" or st["pc"].get(sid) not in (None, "ind"):
            continue
        if province_controller(st, sp.province) not in (None, seat):
            continue
        if per_prov.get(sp.province, 0) >= 2:
            continue
        if any(o != seat for o in occupants(st, sid)) or ind_armies_at(st, sid):
            continue
        if not (minors or generals_at(st, sid, seat)):
            continue
        out.append(sid)
    return out


def reinforcement_choices(st: State, fr: dict[str, Any]) -> list[str]:
    seat, piece = fr["seat"], fr["pieces"][0]
    return reinforce_spaces(st, seat, piece, fr["placed"], fr["start"]) or \
        overflow_spaces(st, seat, piece, fr["placed"])


@PROCS.register
class Reinforce(Proc):
    name = "reinforce"

    def auto(self, st, fr):
        if not fr["pieces"]:
            PROCS.pop(st)
            return True
        if not reinforcement_choices(st, fr):
            kind, what = fr["pieces"].pop(0)
            if kind == "unit":
                d = st["dispersed"][fr["seat"]]
                d[what] = d.get(what, 0) + 1
            log(st, f"{NAMES[fr['seat']]} has no space for a reinforcement: it stays "
                    "Dispersed", rule="6.4.3")
            return True
        return False

    def prompt(self, st, fr):
        kind, what = fr["pieces"][0]
        label = gname(what) if kind == "gen" else ed().units[what]["name"] + " CU"
        spaces = reinforcement_choices(st, fr)
        return ask(st, fr["seat"], f"place the reinforcement {label} "
                   f"({len(fr['pieces'])} to place)",
                   [Choice(s, sname(s), target=s) for s in spaces], kind="choose-space",
                   rule="6.4.2")

    def answer(self, st, fr, cid):
        seat = fr["seat"]
        overflow = not reinforce_spaces(st, seat, fr["pieces"][0], fr["placed"], fr["start"])
        kind, what = fr["pieces"].pop(0)
        if kind == "gen":
            st["gen"][what]["loc"] = cid
            return
        add_units(st, cid, seat, what)
        fr["placed"][cid] = fr["placed"].get(cid, 0) + 1
        if overflow:
            key = f"overflow@{cid}"
            fr["placed"][key] = fr["placed"].get(key, 0) + 1
            if not generals_at(st, cid, seat):
                minor = minors_in_supply(st, seat)[0]
                st["gen"][minor]["loc"] = cid
                log(st, f"{NAMES[seat]} has no eligible space left: a reinforcement goes to "
                        f"{sname(cid)} with a Minor General", rule="6.4.3", where=cid)


# --- 6.5 ---------------------------------------------------------------------------------
def distribute(st: State) -> None:
    """Reshuffle every card not removed (hands and discards too) and deal (6.5)."""
    kept = {c for cards in st["kept"].values() for c in cards if c == "c15"}
    for s in st["players"]:
        st["kept"][s] = [c for c in st["kept"][s] if c in kept]
    pool = [c for c in ed().cards if c not in st["removed"] and c not in kept]
    shuffle(st, pool, purpose="Tyche deck", rule="6.5.1", quiet=True)
    st["deck"] = {"draw": pool, "discard": []}
    st["hands"] = {s: [] for s in st["players"]}
    for _ in range(st["hand_size"]):
        for s in st["order"]:
            card = draw(st, st["deck"], name="Tyche", rule="6.5")
            if card:
                st["hands"][s].append(card)
    n = st["table_cards"][0] if st["table_cards"] else 0
    st["table"] = [c for c in (draw(st, st["deck"], name="Tyche", rule="6.5")
                               for _ in range(n)) if c]
    log(st, f"Tyche cards dealt: {st['hand_size']} each"
        + (f", {len(st['table'])} face down on the table" if st["table"] else ""), rule="6.5")


# --- 6.6 (driver; the segments are in strategy.py) -----------------------------------------
def strategy(st: State) -> None:
    st["round"] = 1
    PROCS.push(st, "strategy", i=0)
    log(st, "Strategy Phase", rule="6.6", kind="phase")


# --- 6.7 ---------------------------------------------------------------------------------
def supplied(st: State, seat: str) -> set[str]:
    """Spaces from which a PC of ``seat`` traces to a friendly CU or Major City (6.7).

    A trace passes through the seat's own PCs, through an empty space (no PC) with no enemy
    CU and no Independent Army (those are enemy CUs, 4.13), and through an enemy PC where
    the seat has CUs of its own."""
    e = ed()
    g, spaces = e.graph, e.spaces
    pcs, cus = st["pc"], st["cu"]
    mine_cu = {sid for sid, by in cus.items() if sum(by.get(seat, {}).values()) > 0}
    foes = {sid for sid, by in cus.items() if any(s != seat for s in by)}
    foes.update(r["loc"] for r in st["ind"].values())
    sources = {sid for sid in mine_cu if sid in spaces}
    sources.update(sid for sid, who in pcs.items()
                   if who == seat and sid in spaces and spaces[sid].kind == "major")
    seen = set(sources)
    todo = deque(sources)
    while todo:
        for n in g[todo.popleft()]:
            if n in seen:
                continue
            pc = pcs.get(n)
            if pc == seat or (n in mine_cu if pc is not None else n not in foes):
                seen.add(n)
                todo.append(n)
    return seen


def isolated_pcs(st: State, seat: str) -> list[str]:
    ok = supplied(st, seat)
    return sorted(sid for sid, who in st["pc"].items() if who == seat
                  and ed().spaces[sid].kind != "major" and sid not in ok)


def isolation(st: State) -> None:
    for seat in st["order"]:
        gone = isolated_pcs(st, seat)
        for sid in gone:
            del st["pc"][sid]
        if gone:
            log(st, f"{NAMES[seat]} loses isolated PCs: " + ", ".join(sname(s) for s in gone),
                rule="6.7")


# --- 6.8 ---------------------------------------------------------------------------------
def can_bury(st: State, seat: str) -> bool:
    body = st["body"]
    return (st["turn"] >= 2 and not body["tomb"] and body["loc"] in ed().spaces
            and ed().spaces[body["loc"]].kind == "major" and body_controller(st) == seat
            and any(st["gen"][g]["owner"] == seat for g in generals_at(st, body["loc"])))


def bury(st: State, seat: str) -> None:
    body = st["body"]
    body["tomb"] = True
    if body["loc"] == "pella":
        body["pella"] = seat
    log(st, f"{NAMES[seat]} buries Alexander at {sname(body['loc'])}"
        + (" (+10 L for ever)" if body["loc"] == "pella" else ""), rule="15.4",
        where=body["loc"])


def end_phase(st: State) -> None:
    holder = body_controller(st)
    if holder and can_bury(st, holder):
        PROCS.push(st, "burial", seat=holder)
    log(st, "End Phase", rule="6.8", kind="phase")


@PROCS.register
class Burial(Proc):
    name = "burial"

    def prompt(self, st, fr):
        where = sname(st["body"]["loc"])
        return ask(st, fr["seat"], f"bury Alexander at {where}?",
                   [Choice("bury", f"Bury Alexander at {where}"),
                    Choice("keep", "Keep the Funeral Cart moving")], rule="15.4.2")

    def answer(self, st, fr, cid):
        PROCS.pop(st)
        if cid == "bury":
            bury(st, fr["seat"])
