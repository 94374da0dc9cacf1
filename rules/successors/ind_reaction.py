"""The Reaction Step against a moving Independent Army (14.5): the players' armies where it
stops may try to avoid battle (10), those next to it may try to intercept it (11); then it
fights or removes a PC (14.2.1, 14.7)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice
from rules.engine.procs import Proc
from rules.engine.rng import roll
from rules.engine.state import log

from .abilities import avoid_bonus, intercept_bonus
from .events import discard_card, ind_arrives, ind_may_enter, replace_surprise
from .mobility import avoid_destinations, avoid_penalty, movable
from .model import (
    NAMES,
    PROCS,
    State,
    add_units,
    besieged,
    commander,
    count,
    ed,
    generals_at,
    gname,
    ind_armies_at,
    initiative,
    is_surprise,
    occupants,
    outside,
    pname,
    remove_units,
    sname,
    units,
)
from .prompts import ask


def avoiders(st: State, fr: dict[str, Any]) -> list[str]:
    """Seats with an army outside the city where the Independent Army stops (10.1)."""
    sid = fr["space"]
    return [s for s in st["order"] if s not in fr["asked"] and outside(st, sid, s) > 0
            and commander(st, sid, s)]


def sources(st: State, fr: dict[str, Any], seat: str) -> list[str]:
    """Spaces from which ``seat`` may intercept into the Independent Army's space (11.1,
    11.8): next to it by a Land path, with a general and CUs that have not moved."""
    sid = fr["space"]
    pc = st["pc"].get(sid)
    if seat in fr.get("avoided", []) or not (pc in (None, seat) or count(st, sid, seat) > 0):
        return []
    g = ed().graph
    return sorted((n for n in g[sid] if g.edges[sid, n]["kind"] == "land"
                   and commander(st, n, seat) and movable(st, n, seat)
                   and not (st["pc"].get(n) == seat and besieged(st, n))), key=sname)


@PROCS.register
class IndReact(Proc):
    name = "ind_react"

    def auto(self, st, fr):
        if st["ind"][fr["army"]]["loc"] != fr["space"]:
            PROCS.pop(st)
            return True
        if fr["stage"] == "avoid":
            if fr.get("avoid_ok") or avoiders(st, fr):
                return False
            fr["stage"], fr["asked"] = "intercept", []
            return True
        if fr["stage"] == "intercept":
            if any(s not in fr["asked"] and sources(st, fr, s) for s in st["order"]):
                return False
            self.resolve(st, fr)
        PROCS.pop(st)
        ind_arrives(st, fr["army"], fr["space"], fr["came"])
        return True

    def resolve(self, st: State, fr: dict[str, Any]) -> None:
        """11.3, 11.4: in turn order; the first to succeed moves in, the rest are cancelled."""
        sid = fr["space"]
        for s, src in fr["declared"]:
            g = commander(st, src, s)
            army = movable(st, src, s)
            if g is None or not army:
                continue
            mod = -1 if st["options"]["intercept_transit"] and \
                ed().spaces[sid].kind == "transit" else 0
            die = roll(st, 1, purpose=f"{gname(g)} intercepts {pname(fr['army'])}",
                       rule="14.5")[0] + mod + intercept_bonus(st, g, sid)
            if die <= initiative(g):
                log(st, f"{gname(g)} fails to intercept {pname(fr['army'])}", rule="11.3",
                    where=sid)
                continue
            for kind, n in army.items():
                remove_units(st, src, s, kind, n)
                add_units(st, sid, s, kind, n)
            st["gen"][g]["loc"] = sid
            f = st["seg"].setdefault("fresh", {}).setdefault(sid, {})
            f[s] = f.get(s, 0) + sum(army.values())
            log(st, f"{gname(g)} ({NAMES[s]}) intercepts {pname(fr['army'])} at {sname(sid)}",
                rule="14.5", where=sid)
            return

    def prompt(self, st, fr):
        sid, iid = fr["space"], fr["army"]
        if fr["stage"] == "avoid":
            s = fr.get("avoid_ok") or avoiders(st, fr)[0]
            g = commander(st, sid, s)
            if fr.get("avoid_ok"):
                return ask(st, s, f"avoid {pname(iid)} at {sname(sid)}: where to?",
                           [Choice(d, sname(d), target=d) for d in fr["dests"]],
                           kind="choose-space", rule="10.2")
            return ask(st, s, f"{pname(iid)} enters {sname(sid)}: try to avoid battle with "
                       f"{gname(g)} (a die above {initiative(g)})?",
                       [Choice("stay", "Stand and fight"),
                        Choice("avoid", "Try to avoid battle")], rule="14.5")
        s = next(x for x in st["order"] if x not in fr["asked"] and sources(st, fr, x))
        return ask(st, s, f"{pname(iid)} enters {sname(sid)}: intercept it?",
                   [Choice("pass", "No interception")] +
                   [Choice(n, f"Intercept from {sname(n)} with {gname(commander(st, n, s))}",
                           target=n) for n in sources(st, fr, s)], rule="14.5")

    def answer(self, st, fr, cid):
        sid = fr["space"]
        if fr["stage"] == "avoid":
            s = fr.get("avoid_ok") or avoiders(st, fr)[0]
            if fr.get("avoid_ok"):
                move_army(st, sid, s, cid)
                fr.pop("avoid_ok")
                fr.setdefault("avoided", []).append(s)     # it does not intercept back
                return
            fr["asked"].append(s)
            if cid == "stay":
                return
            g = commander(st, sid, s)
            die = roll(st, 1, purpose=f"{gname(g)} avoids {pname(fr['army'])}",
                       rule="14.5")[0] + avoid_bonus(st, g)
            dests = avoid_destinations(st, sid, s, fr["came"])
            dests = [d for d in dests if die - avoid_penalty(st, sid, d, dests) > initiative(g)]
            if dests:
                fr["avoid_ok"], fr["dests"] = s, dests
            else:
                log(st, f"{gname(g)} fails to avoid battle", rule="10.4", where=sid)
            return
        s = next(x for x in st["order"] if x not in fr["asked"] and sources(st, fr, x))
        fr["asked"].append(s)
        if cid != "pass":
            fr["declared"].append([s, cid])


def move_army(st: State, sid: str, seat: str, dest: str) -> None:
    """An army avoiding battle leaves whole, generals and all (10.5)."""
    g = commander(st, sid, seat)
    if st["pc"].get(sid) == seat:
        st["inside"][sid] = 0
    for kind, n in dict(units(st, sid, seat)).items():
        remove_units(st, sid, seat, kind, n)
        add_units(st, dest, seat, kind, n)
    for gg in generals_at(st, sid, seat):
        st["gen"][gg]["loc"] = dest
    log(st, f"{gname(g)} avoids battle to {sname(dest)}", rule="10.2", where=dest)


# --- optional 19.4: a discarded Surprise card makes an Independent Army react -------------
IND_INITIATIVE = 4                       # 19.4


def ind_targets(st: State, fr: dict[str, Any], kind: str) -> list[tuple[str, str]]:
    """(Independent Army, its space) that a card may make avoid the army entering its space,
    or intercept it from next door (into a space held by nobody or the Independents, or
    where an Independent Army stands: 11.8)."""
    sid = fr["space"]
    if not st["options"].get("ind_surprise") or fr.get(f"ind_{kind}_done"):
        return []
    if not sum(st["stack"][fr["parent"]]["army"].values()):
        return []
    if kind == "avoid":
        return [(i, sid) for i in ind_armies_at(st, sid)]
    if st["pc"].get(sid) not in (None, "ind") and not ind_armies_at(st, sid):
        return []
    g = ed().graph
    return [(i, n) for n in sorted(g[sid], key=sname) if g.edges[sid, n]["kind"] == "land"
            for i in ind_armies_at(st, n) if ind_may_enter(st, i, sid)
            and i not in fr.get("ind_avoided", [])]      # none intercepts back


def ind_askers(st: State, fr: dict[str, Any], kind: str) -> list[str]:
    """Non-active players still to be asked, in turn order (the earliest has priority).
    Every one is asked, holding a Surprise card or not, so the question reveals no hand."""
    if not ind_targets(st, fr, kind):
        return []
    done = fr.setdefault(f"ind_{kind}_asked", [])
    return [s for s in st["order"] if s != fr["seat"] and s not in done]


def ind_choices(st: State, fr: dict[str, Any], seat: str, kind: str) -> list[Choice]:
    out = [Choice("pass", "Discard no card")]
    for c in st["hands"].get(seat, []):
        if not is_surprise(st, c):
            continue
        for iid, src in ind_targets(st, fr, kind):
            what = "try to avoid battle" if kind == "avoid" else \
                f"try to intercept from {sname(src)}"
            out.append(Choice(f"ind:{c}:{iid}", f"Discard {ed().cards[c].name}: "
                              f"{pname(iid)} {what}", target=src))
    return out


def ind_avoid_dests(st: State, iid: str, sid: str, came_from: str | None) -> list[str]:
    """10.5 for an Independent Army: up to two Land paths, never into players' CUs nor
    where the mover came from, into spaces nobody or the Independents hold (or where
    another Independent Army stands), within its area (14.3)."""
    g = ed().graph

    def ok(n: str) -> bool:
        return n != came_from and not occupants(st, n) and ind_may_enter(st, iid, n) and (
            st["pc"].get(n) in (None, "ind") or bool(ind_armies_at(st, n)))

    out: set[str] = set()
    for n in g[sid]:
        if g.edges[sid, n]["kind"] == "land" and ok(n):
            out.add(n)
            out.update(m for m in g[n] if m != sid and g.edges[n, m]["kind"] == "land"
                       and ok(m))
    return sorted(out, key=sname)


def ind_discard(st: State, fr: dict[str, Any], seat: str, cid: str, kind: str) -> None:
    """Answer of a 19.4 question: discard the card, draw another, make the attempt."""
    fr[f"ind_{kind}_asked"].append(seat)
    if cid == "pass":
        return
    _, card, iid = cid.split(":")
    src = dict(ind_targets(st, fr, kind))[iid]
    st["hands"][seat].remove(card)
    discard_card(st, card)
    replace_surprise(st, seat)
    fr[f"ind_{kind}_done"] = True
    log(st, f"{NAMES[seat]} discards {ed().cards[card].name}: {pname(iid)} tries to "
            + ("avoid battle" if kind == "avoid" else "intercept"), rule="19.4", where=src)
    if kind == "intercept":
        fr["ind_int"] = [iid, src]
        return
    die = roll(st, 1, purpose=f"{pname(iid)} avoids battle", rule="19.4")[0]
    dests = ind_avoid_dests(st, iid, fr["space"], st["stack"][fr["parent"]]["prev"])
    if die > IND_INITIATIVE and dests:
        fr["ind_avoid_to"] = [seat, iid, dests]
    else:
        log(st, f"{pname(iid)} fails to avoid battle", rule="19.4", where=fr["space"])


def ind_avoid_to(st: State, fr: dict[str, Any], dest: str) -> None:
    _, iid, _ = fr.pop("ind_avoid_to")
    st["ind"][iid]["loc"] = dest
    fr.setdefault("ind_avoided", []).append(iid)
    log(st, f"{pname(iid)} avoids battle to {sname(dest)}", rule="19.4", where=dest)


def ind_intercepts(st: State, fr: dict[str, Any]) -> bool:
    """Resolve a 19.4 interception declared by a discard: a die above 4 moves the
    Independent Army into the mover's space."""
    iid, src = fr.pop("ind_int")
    if st["ind"][iid]["loc"] != src:
        return False
    die = roll(st, 1, purpose=f"{pname(iid)} intercepts", rule="19.4")[0]
    if die <= IND_INITIATIVE:
        log(st, f"{pname(iid)} fails to intercept", rule="19.4", where=src)
        return False
    st["ind"][iid]["loc"] = fr["space"]
    log(st, f"{pname(iid)} intercepts at {sname(fr['space'])}", rule="19.4",
        where=fr["space"])
    return True


class IndResponse(Proc):
    """Optional 19.4 inside a player's Reaction Step: a player not moving may discard a
    Surprise card to have an Independent Army avoid battle (stage ``ind_avoid``) or intercept
    (``ind_intercept``); the avoiding army's owner then picks where it goes."""

    def prompt(self, st, fr):
        sid, mover = fr["space"], fr["seat"]
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

    def answer(self, st, fr, cid):
        if fr.get("ind_avoid_to"):
            ind_avoid_to(st, fr, cid)
            return
        kind = fr["stage"][4:]
        ind_discard(st, fr, ind_askers(st, fr, kind)[0], cid, kind)
