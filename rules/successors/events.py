"""Tyche card events (4.31, 20) and the Independent Armies they move (14); the Unrest
Table (4.31.3); the table cards of the two- and three-player games (6.5)."""

from __future__ import annotations

from typing import Any

from rules.engine.deck import draw
from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.rng import roll
from rules.engine.state import log

from .battle import apply_attrition, fight_independent, lose
from .capitals import capital_at, interrupt
from .data import LAND_PATHS
from .mobility import can_activate
from .model import (
    NAMES,
    PROCS,
    State,
    add_units,
    besieged,
    commander,
    count,
    ed,
    fleet_label,
    fleet_owner,
    gname,
    ind_armies_at,
    is_major,
    minors_in_supply,
    occupants,
    pick_by_name,
    pname,
    province_controller,
    push_reinforcements,
    sname,
    sources,
)
from .prompts import ask
from .turn import isolated_pcs
from .victory import legitimacy, prestige

TABLE_EVENTS = ("unrest", "independent")


def out_of_play(st: State, cid: str) -> None:
    if cid in st["in_play"]:
        st["in_play"].remove(cid)


def discard_card(st: State, cid: str) -> None:
    out_of_play(st, cid)
    st["deck"]["discard"].append(cid)
    if st.get("condemn") and cid == "c15":
        st["condemn"] = None
        for s in st["players"]:
            if cid in st["kept"][s]:
                st["kept"][s].remove(cid)
        log(st, "Condemnation ends: the 3 L return", rule="20")


def replace_surprise(st: State, seat: str) -> None:
    """After a Surprise card, its player draws at once (4.31.1)."""
    new = draw(st, st["deck"], name="Tyche", rule="4.31.1")
    if new:
        st["hands"][seat].append(new)


def finish_card(st: State, cid: str, seat: str) -> None:
    card = ed().cards[cid]
    out_of_play(st, cid)
    if card.effect.get("condemn"):
        st["kept"][seat].append(cid)
    elif card.effect.get("royal") in ("kleopatra", "thessalonike"):
        st["kept"][seat].append(cid)          # in front of its player for the turn (18.5)
    elif card.remove:
        st["removed"].append(cid)
    else:
        discard_card(st, cid)


def resolve_event(st: State, seat: str, cid: str) -> None:
    card = ed().cards[cid]
    log(st, f"{NAMES[seat]} resolves the event {card.name}: {card.text}", rule="6.6.3.A")
    eff = card.effect
    verb, arg = next(iter(eff.items()))
    finish_card(st, cid, seat)
    if verb == "gain":
        pieces = [["unit", k] for k, n in arg.items() for _ in range(n)]
        push_reinforcements(st, seat, pieces)
    elif verb == "unrest":
        for _ in range(arg):
            PROCS.push(st, "unrest", seat=seat, rolled=None)
    elif verb == "independent":
        PROCS.push(st, "independent", seat=seat, army=None if arg == "any" else arg, stage="pick")
    elif verb == "draw":
        for _ in range(arg):
            new = draw(st, st["deck"], name="Tyche", rule="4.31")
            if new:
                st["hands"][seat].append(new)
    elif verb == "pcs":
        PROCS.push(st, "place_pcs", seat=seat, left=arg, start=sources(st, seat))
    elif verb == "march":
        if any(r["owner"] == seat and can_activate(st, g) for g, r in st["gen"].items()):
            PROCS.push(st, "tyche", seat=seat, stage="march", card=cid, ops=arg,
                       event_march=True)
    elif verb == "fleet":
        st["fleets"][arg]["owner"] = seat
        st["fleets"][arg].pop("out", None)
        log(st, f"{NAMES[seat]} takes the {ed().card_fleets[arg]['name']}", rule="3.4")
    elif verb == "persian":
        st["persian"] = seat
        push_reinforcements(st, seat, [["unit", "mercenary"]])
    elif verb == "royal":
        activate_royal(st, seat, arg)
    else:
        opts = event_targets(st, seat, verb)
        if opts:
            PROCS.push(st, "event_target", seat=seat, card=cid, verb=verb)
        else:
            log(st, f"{card.name}: no target", rule="20")


def event_targets(st: State, seat: str, verb: str) -> list[Choice]:
    out: list[Choice] = []
    if verb == "hemlock":
        for rid, rec in st["royals"].items():
            if rec["loc"] in ed().spaces and rec["active"]:
                sid = rec["loc"]
                inside_mine = st["pc"].get(sid) == seat and ed().spaces[sid].kind == "major"
                if not inside_mine:
                    out.append(Choice(rid, f"{ed().royals[rid]['name']} at {sname(sid)}",
                                      target=sid))
    elif verb == "condemn":
        for s in st["players"]:
            if s != seat and any(r["owner"] == s and is_major(g) and r["loc"] in ed().spaces
                                 for g, r in st["gen"].items()):
                out.append(Choice(s, f"Condemn a general of {NAMES[s]}"))
    elif verb == "silver":
        for g, r in st["gen"].items():
            if r["owner"] == seat and r["loc"] in ed().spaces and is_major(g):
                out.append(Choice(g, f"With {gname(g)} at {sname(r['loc'])}", target=r["loc"]))
    elif verb in ("attrition", "mutiny"):
        for sid in st["cu"]:
            for s in occupants(st, sid):
                if s == seat or not commander(st, sid, s):
                    continue
                if verb == "attrition" and st["pc"].get(sid) == s and \
                        count(st, sid, s) <= st["inside"].get(sid, 0) and besieged(st, sid):
                    continue                          # never CUs under siege (20)
                if verb == "mutiny" and prestige(st, s, commander(st, sid, s)) >= \
                        legitimacy(st, seat):
                    continue
                out.append(Choice(f"{sid}|{s}", f"The {NAMES[s]} army at {sname(sid)}",
                                  target=sid))
    elif verb == "storm":
        for f, r in st["fleets"].items():
            owner = fleet_owner(st, f)
            if owner and owner != seat and not r["dispersed"]:
                out.append(Choice(f, f"The {fleet_label(f)} of {NAMES[owner]}"))
    elif verb in ("traitor", "bribe"):
        import networkx as nx  # at first use, not at start-up

        for sid, who in st["pc"].items():
            if who in (None, "ind", seat) or ed().spaces[sid].kind == "major":
                continue
            if any(o != seat for o in occupants(st, sid)):
                continue
            near = nx.single_source_dijkstra_path_length(ed().graph, sid, cutoff=2,
                                                         weight="cost")
            if verb == "traitor" and any(count(st, n, seat) for n in ed().graph[sid]):
                out.append(Choice(sid, f"{sname(sid)} ({NAMES[who]})", target=sid))
            if verb == "bribe" and any(st["pc"].get(n) == seat for n in near):
                out.append(Choice(sid, f"{sname(sid)} ({NAMES[who]})", target=sid))
    elif verb == "repercussions":
        for s in st["players"]:
            if s != seat and isolated_pcs(st, s):
                out.append(Choice(s, f"{NAMES[s]} ({len(isolated_pcs(st, s))} isolated PCs)"))
    return sorted(out, key=lambda c: c.id)          # a fixed order, whatever the dicts' order


@PROCS.register
class EventTarget(Proc):
    name = "event_target"

    def auto(self, st, fr):
        if not event_targets(st, fr["seat"], fr["verb"]):
            PROCS.pop(st)
            return True
        return False

    def prompt(self, st, fr):
        card = ed().cards[fr["card"]]
        return ask(st, fr["seat"], f"{card.name}: choose the target",
                   event_targets(st, fr["seat"], fr["verb"]), rule="20")

    def answer(self, st, fr, cid):
        PROCS.pop(st)
        seat, verb = fr["seat"], fr["verb"]
        if verb == "hemlock":
            st["royals"][cid]["loc"] = "dead"
            st["royals"][cid]["active"] = False
            log(st, f"{ed().royals[cid]['name']} drinks the hemlock", rule="18.7")
        elif verb == "condemn":
            st["condemn"] = {"by": seat, "target": cid}
            log(st, f"{NAMES[cid]} is condemned (-3 L)", rule="20")
        elif verb == "silver":
            add_units(st, st["gen"][cid]["loc"], seat, "silver", 2)
            st["silver_out"] = True
            log(st, f"The Silver Shields join {gname(cid)}", rule="3.3.3")
        elif verb in ("attrition", "mutiny"):
            sid, s = cid.split("|")
            if verb == "attrition":
                apply_attrition(st, sid, s, why="(event)", rule="4.3")
            else:
                n = count(st, sid, s) // 2
                lose(st, sid, s, n)
                log(st, f"Mutiny: {NAMES[s]} loses {n} CU at {sname(sid)}", rule="20",
                    where=sid)
        elif verb == "storm":
            st["fleets"][cid]["dispersed"] = True
            st["fleets"][cid]["strong"] = False
            log(st, "A storm disperses a fleet", rule="20")
        elif verb == "traitor":
            old = st["pc"][cid]
            st["pc"][cid] = seat
            log(st, f"Traitors hand {sname(cid)} from {NAMES[old]} to {NAMES[seat]}",
                rule="20", where=cid)
        elif verb == "bribe":
            del st["pc"][cid]
            log(st, f"Bribery removes the PC at {sname(cid)}", rule="20", where=cid)
        elif verb == "repercussions":
            gone = isolated_pcs(st, cid)
            for sid in gone:
                del st["pc"][sid]
            log(st, f"{NAMES[cid]} loses {len(gone)} isolated PCs", rule="20")


def activate_royal(st: State, seat: str, rid: str) -> None:
    rec = st["royals"][rid]
    if rec["loc"] == "dead":
        return
    if rid == "philippos":
        rec["loc"], rec["active"] = "pella", True
        log(st, "Philippos appears at Pella", rule="6.6.3.4", where="pella")
        return
    if rid == "olympias":
        rec["loc"] = "molossia" if rec["loc"] == "box" else rec["loc"]
        rec["active"] = True
        add_units(st, rec["loc"], seat, "mercenary", 4)
        spare = minors_in_supply(st, seat)
        if spare:
            st["gen"][spare[0]]["loc"] = rec["loc"]
        log(st, f"Olympias returns to {sname(rec['loc'])} with 4 Mercenary CUs for "
                f"{NAMES[seat]}", rule="19.9.3", where=rec["loc"])
        return
    if rec["loc"] == "box":
        rec["loc"] = ed().royals[rid]["start"]
    rec["active"] = True
    if st["married"].get(rid) not in (None, seat):
        log(st, f"{ed().royals[rid]['name']} is married into {NAMES[st['married'][rid]]}: "
                "no marriage", rule="18.5.1")               # 18.5.1 (2)
        return
    if any(st["gen"][g]["owner"] == seat for g in st["gen"] if st["gen"][g]["loc"] == rec["loc"]):
        st["married"][rid] = seat
        log(st, f"{ed().royals[rid]['name']} marries into {NAMES[seat]}", rule="18.5",
            where=rec["loc"])
    else:
        log(st, f"{ed().royals[rid]['name']} is active at {sname(rec['loc'])}", rule="18.4.1",
            where=rec["loc"])


# --- Unrest (4.31.3) ----------------------------------------------------------------------
def unrest_spaces(st: State, provinces: list[str]) -> list[str]:
    out = []
    for p in provinces:
        for sid in ed().provinces[p].spaces:
            if st["pc"].get(sid) != "ind" and not st["cu"].get(sid):
                out.append(sid)
    return out


def adjacent_provinces(pid: str) -> list[str]:
    out = set()
    for sid, sp in ed().spaces.items():
        if sp.province != pid:
            continue
        for n in ed().graph[sid]:
            if ed().graph.edges[sid, n]["kind"] in LAND_PATHS and ed().spaces[n].province != pid:
                out.add(ed().spaces[n].province)
    return sorted(out)


@PROCS.register
class Unrest(Proc):
    name = "unrest"

    def auto(self, st, fr):
        if fr["rolled"] is None:
            total = sum(roll(st, 2, purpose="Unrest Table", rule="4.31.3"))
            provs = list(ed().tables["unrest"]["rows"][str(total)])
            if total == 7:
                spaces = unrest_spaces(st, ["armenia"])
                if spaces:
                    place_ind(st, spaces[0])
                PROCS.push(st, "unrest", seat=fr["seat"], rolled=None)
                fr["rolled"] = []
                fr["spaces"] = []
                return True
            spaces = unrest_spaces(st, provs)
            if not spaces:
                near = sorted({q for p in provs for q in adjacent_provinces(p)})
                spaces = unrest_spaces(st, near)
            fr["rolled"] = provs
            fr["spaces"] = spaces
        if not fr["spaces"]:
            PROCS.pop(st)
            return True
        return False

    def prompt(self, st, fr):
        return ask(st, fr["seat"], "Unrest: place an Independent PC",
                   [Choice(s, f"{sname(s)} ({ed().provinces[ed().spaces[s].province].name})",
                           target=s) for s in fr["spaces"]], kind="choose-space",
                   rule="4.31.3")

    def answer(self, st, fr, cid):
        PROCS.pop(st)
        place_ind(st, cid)


def place_ind(st: State, sid: str) -> None:
    old = st["pc"].get(sid)
    st["pc"][sid] = "ind"
    st["inside"].pop(sid, None)
    log(st, f"An Independent PC rises at {sname(sid)}"
        + (f" in place of {NAMES[old]}" if old and old != "ind" else ""), rule="4.31.3",
        where=sid)


# --- Independent Armies (14) --------------------------------------------------------------
def ind_routes(st: State, iid: str) -> dict[str, str | None]:
    """Where an activated Independent Army may end its 3 MP (14.2, 14.3), each with the
    space it comes from on its cheapest route (None: its holding box): land, mountain and
    strait paths, stopping on entering player CUs outside a city (14.4)."""
    rec = ed().independents[iid]
    loc = st["ind"][iid]["loc"]
    g = ed().graph
    starts = {loc: 0} if loc in ed().spaces else {rec["entry"]: 1}
    best = dict(starts)
    prev: dict[str, str | None] = {s: None for s in starts}
    if loc in ed().spaces:
        prev[loc] = loc
    todo = list(starts)
    while todo:
        cur = todo.pop()
        if cur != loc and any(s in st["players"] for s in occupants(st, cur)):
            continue                                   # it stops there (14.4)
        for n in g[cur]:
            d = g.edges[cur, n]
            if d["kind"] not in LAND_PATHS:
                continue
            c = best[cur] + d["cost"]
            if c > 3 or best.get(n, 99) <= c or not ind_may_enter(st, iid, n):
                continue
            best[n] = c
            prev[n] = cur
            todo.append(n)
    out = [s for s in best if s != loc]
    if rec.get("west"):
        origin = loc if loc in ed().spaces else rec["entry"]
        start_lon = ed().spaces[origin].lon + (0 if loc in ed().spaces else 0.01)
        out = [s for s in out if ed().spaces[s].lon < start_lon]
    return {s: prev[s] for s in out}


def ind_moves(st: State, iid: str) -> list[str]:
    """The spaces an activated Independent Army may march to, by name."""
    return sorted(ind_routes(st, iid), key=sname)


def ind_may_enter(st: State, iid: str, sid: str) -> bool:
    rec = ed().independents[iid]
    prov = ed().spaces[sid].province
    if "area" in rec and prov not in rec["area"]:
        return False
    return sid not in rec.get("forbid", [])


@PROCS.register
class Independent(Proc):
    name = "independent"

    def armies(self, st):
        return sorted(i for i, r in st["ind"].items() if r["loc"] != "gone")

    def auto(self, st, fr):
        if fr["army"] is None and len(self.armies(st)) == 1:
            fr["army"] = self.armies(st)[0]
        if fr["army"] is None and not self.armies(st):
            PROCS.pop(st)
            return True
        if fr["army"] and st["ind"][fr["army"]]["loc"] == "gone":
            PROCS.pop(st)
            return True
        return False

    def prompt(self, st, fr):
        if fr["army"] is None:
            return ask(st, fr["seat"], "activate which Independent Army?",
                       [Choice(i, pname(i)) for i in self.armies(st)], rule="14.2")
        iid = fr["army"]
        loc = st["ind"][iid]["loc"]
        choices = [Choice("stay", f"{pname(iid)} stays where it is")]
        if loc in ed().spaces and ed().spaces[loc].kind in ("minor", "stronghold") and \
                st["pc"].get(loc) != "ind":
            choices.append(Choice("raise", f"Raise the country at {sname(loc)} "
                                  "(an Independent PC, all 3 MP)", target=loc))
        for s in ind_moves(st, iid):
            choices.append(Choice(s, f"March to {sname(s)}", target=s))
        return ask(st, fr["seat"], f"move {pname(iid)} (3 MP)", choices, kind="choose-space",
                   rule="14.2")

    def answer(self, st, fr, cid):
        if fr["army"] is None:
            fr["army"] = cid
            return
        PROCS.pop(st)
        iid = fr["army"]
        if cid == "stay":
            if st["ind"][iid]["loc"] == "box":
                pass
            return
        if cid == "raise":
            place_ind(st, st["ind"][iid]["loc"])
            return
        came = ind_routes(st, iid)[cid]
        st["ind"][iid]["loc"] = cid
        log(st, f"{pname(iid)} marches to {sname(cid)}", rule="14.2", where=cid)
        if ed().independents[iid].get("west") and ed().spaces[cid].province == "hellas":
            st["ind"][iid]["loc"] = "gone"
            log(st, f"{pname(iid)} reaches Hellas and disbands", rule="14.3")
            return
        PROCS.push(st, "ind_react", seat=fr["seat"], army=iid, space=cid, came=came,
                   stage="avoid", asked=[], declared=[])


def ind_arrives(st: State, iid: str, cid: str, came: str | None) -> None:
    """After the Reaction Step (14.5): a battle with the players' CUs there (the Independent
    Army attacks; drawn, it goes back where it came from), else it removes a player's PC
    from a space that is no Major City (14.2.1)."""
    players = [s for s in occupants(st, cid) if s in st["players"]]
    interrupt(st, cid, "an Independent Army came")
    if players:
        target = players[0]
        rec = fight_independent(st, cid, target, ind_armies_at(st, cid),
                                player_attacks=False)
        if rec.get("winner") is None and st["ind"][iid]["loc"] == cid:
            st["ind"][iid]["loc"] = came if came else "box" if \
                ed().independents[iid]["start"] == "box" else cid
            log(st, f"{pname(iid)} falls back to "
                    f"{sname(came) if came else 'its holding box'}", rule="14.7", where=cid)
        return
    if st["pc"].get(cid) in st["players"] and ed().spaces[cid].kind != "major" \
            and not capital_at(st, cid):
        log(st, f"{pname(iid)} removes the {NAMES[st['pc'][cid]]} PC at {sname(cid)}",
            rule="14.2.1", where=cid)
        del st["pc"][cid]


def flip_table_card(st: State, cid: str) -> None:
    """6.5: a table card is turned up; only Unrest and Independent Army events happen, for
    a player picked at random."""
    card = ed().cards[cid]
    verb = next(iter(card.effect))
    st["deck"]["discard"].append(cid)
    if verb not in TABLE_EVENTS:
        log(st, f"Table card {card.name}: no effect", rule="6.5")
        return
    seat = pick_by_name(st, st["players"], NAMES.get, purpose=f"who resolves {card.name}",
                        rule="6.5")
    log(st, f"Table card {card.name}: {NAMES[seat]} resolves it", rule="6.5")
    arg = card.effect[verb]
    if verb == "unrest":
        for _ in range(arg):
            PROCS.push(st, "unrest", seat=seat, rolled=None)
    else:
        PROCS.push(st, "independent", seat=seat, army=None if arg == "any" else arg,
                   stage="pick")


__all__ = ["resolve_event", "discard_card", "replace_surprise", "flip_table_card",
           "province_controller", "Any"]
