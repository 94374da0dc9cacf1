"""Forces in the action round: the Raid step (aid: Raiding), the Deploy step (aid: Deploy)
and the Mobilise step (aid: Mobilise)."""

from __future__ import annotations

from typing import Any

from rules.engine.game import Choice, Prompt
from rules.engine.names import possessive
from rules.engine.state import log

from .action_round import RoundStep, head
from .data import ed
from .model import (
    NAMES,
    TYPE_NAMES,
    State,
    contested,
    controlled_by,
    draw_battle_card,
    enemy,
    force_at,
    graph,
    influence,
    leader_name,
    mats,
    models_free,
    name,
    owner,
    pay,
    send_home,
    set_influence,
    spaces_on_map,
)

# --- Raid (aid: Raiding) -----------------------------------------------------------------------


class Raid(RoundStep):
    name = "raid"

    def waiting(self, st: State, side: str, p: dict[str, Any]) -> bool:
        p["todo"] = [f for f in p["todo"] if any(x["id"] == f for x in st["forces"])]
        return bool(p["todo"])

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        side = st["phasing"]
        f = next(x for x in st["forces"] if x["id"] == st["pend"]["todo"][0])
        where = name(f["where"])
        ch = [Choice(f"home:{f['id']}", f"Raid {where} and return home", target=f["where"])]
        if f["type"] == "hoplite" or models_free(st, side, "hoplite") > 0:
            ch.append(Choice(f"siege:{f['id']}", f"Raid {where} and start a siege",
                             target=f["where"]))
        who = possessive(leader_name(f["leader"]))
        return Prompt(side, f"{head(st)}: {who} {TYPE_NAMES[f['type']]} at {where} raid", ch,
                      rule="raiding")

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        verb, _, arg = cid.partition(":")
        force = next(f for f in st["forces"] if f["id"] == arg)
        st["pend"]["todo"].remove(arg)
        raid(st, force, verb == "siege")


def raid(st: State, force: dict[str, Any], stay: bool) -> None:
    sid, side = force["where"], force["side"]
    if sid not in st["raided"]:
        set_influence(st, sid, enemy(side), ed().spaces[sid].autonomy)
        st["raided"].append(sid)
        st["treasury"][side] += 1
        log(st, f"{NAMES[side]} raids {name(sid)}: +1 talent; the space is the enemy's until "
            "taken", rule="raiding", where=sid)
    if not stay:
        send_home(st, force)
        log(st, f"{leader_name(force['leader'])} returns home (spent)", rule="raiding")
        return
    if force["type"] == "trireme":
        force["type"] = "hoplite"
        log(st, f"The trireme at {name(sid)} is replaced by hoplites", rule="raiding")
    force["siege"] = True
    st["sieges"][sid] = side
    log(st, f"{NAMES[side]} besieges {name(sid)}", rule="raiding", where=sid)


# --- Deploy (aid: Deploy) ----------------------------------------------------------------------

class Deploy(RoundStep):
    name = "deploy"

    def waiting(self, st: State, side: str, p: dict[str, Any]) -> bool:
        return any(f["where"] is None for f in st["forces"] if f["side"] == side) \
            and not p.get("done")

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        side = st["phasing"]
        ch = []
        for f in st["forces"]:
            if f["side"] == side and f["where"] is None:
                for t in deploy_targets(st, f):
                    fight = " to fight" if force_at(st, t, enemy(side)) else ""
                    who = possessive(leader_name(f["leader"]))
                    ch.append(Choice(f"deploy:{f['id']}:{t}", f"{who} {TYPE_NAMES[f['type']]} "
                                     f"to {name(t)}{fight}", target=t))
        ch.append(Choice("done", "Deploy no more"))
        return Prompt(side, f"{head(st)}: deploy mobilised forces", ch, rule="deploy")

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        verb, _, arg = cid.partition(":")
        if verb == "done":
            st["pend"]["done"] = True
            return
        fid, target = arg.split(":")
        force = next(f for f in st["forces"] if f["id"] == fid)
        force["where"] = target
        st["leaders"][force["leader"]]["state"] = "deployed"
        log(st, f"{possessive(leader_name(force['leader']))} {TYPE_NAMES[force['type']]} "
            f"deploy to {name(target)}", rule="deploy", where=target)


def path_starts(st: State, side: str) -> set[str]:
    """Where a hoplite's road may start (aid: Deploy a hoplite)."""
    out = set()
    for sid in spaces_on_map(st):
        sp = ed().spaces[sid]
        ctl = controlled_by(st, sid)
        if sp.capital == side and owner(st, sid) in (side, None) and influence(st, sid, side):
            out.add(sid)
        elif ctl == side and (sp.megapolis or sp.kind in ("ally", "colony")):
            out.add(sid)
    for f in st["forces"]:
        if f["side"] == side and f["type"] == "hoplite" and f["siege"]:
            out.add(f["where"])
    return out


def hoplite_targets(st: State, side: str) -> list[str]:
    """Neutral or hostile spaces at the end of a road path from a start, through neutral,
    friendly or contested spaces (never an ally) holding no enemy force."""
    g = graph(st)
    other = enemy(side)

    def passable(sid: str) -> bool:
        if ed().spaces[sid].kind == "ally" or force_at(st, sid, other):
            return False
        return owner(st, sid) != other or contested(st, sid)

    starts = path_starts(st, side)
    reach: set[str] = set()
    for s in starts:
        if s in g:
            reach.add(s)
    frontier = [s for s in reach if passable(s) or s in starts]
    seen = set(frontier)
    targets: set[str] = set()
    while frontier:
        cur = frontier.pop()
        for nb in g.neighbors(cur):
            sp = ed().spaces[nb]
            if sp.kind != "ally" and owner(st, nb) != side and not force_at(st, nb, side) \
                    and not force_at(st, nb, other):
                targets.add(nb)
            if nb not in seen and passable(nb):
                seen.add(nb)
                frontier.append(nb)
    return sorted(targets)


def trireme_targets(st: State, side: str) -> list[str]:
    """Any neutral or hostile harbour without a force (aid: Deploy a trireme)."""
    return sorted(sid for sid in spaces_on_map(st)
                  if ed().spaces[sid].harbour and owner(st, sid) != side
                  and not force_at(st, sid, side) and not force_at(st, sid, enemy(side)))


def fight_targets(st: State, side: str, kind: str) -> list[str]:
    """Spaces with an enemy force of the same type: no path needed (aid: Deploy to fight)."""
    return sorted(f["where"] for f in st["forces"] if f["side"] == enemy(side) and f["where"]
                  and f["type"] == kind and not force_at(st, f["where"], side))


def deploy_targets(st: State, force: dict[str, Any]) -> list[str]:
    side = force["side"]
    base = hoplite_targets(st, side) if force["type"] == "hoplite" else trireme_targets(st, side)
    return sorted(set(base) | set(fight_targets(st, side, force["type"])))


# --- Mobilise (aid: Mobilise) ------------------------------------------------------------------

class Mobilise(RoundStep):
    name = "mobilise"

    def waiting(self, st: State, side: str, p: dict[str, Any]) -> bool:
        return bool(mobilise_choices(st, side)) and not p.get("done")

    def prompt(self, st: State, fr: dict[str, Any]) -> Prompt:
        side = st["phasing"]
        c = mats()["costs"]
        ch = []
        for lid, kind, card in mobilise_choices(st, side):
            cost = c["mobilise"] + (c["battle_card"] if card else 0)
            extra = " and a battle card" if card else ""
            ch.append(Choice(f"mob:{lid}:{kind}" + (":card" if card else ""),
                             f"{leader_name(lid)} with {TYPE_NAMES[kind]}{extra} "
                             f"({cost} talents)"))
        ch.append(Choice("done", "Mobilise no more"))
        return Prompt(side, f"{head(st)}: mobilise", ch, rule="mobilise")

    def answer(self, st: State, fr: dict[str, Any], cid: str) -> None:
        side = st["phasing"]
        verb, _, arg = cid.partition(":")
        if verb == "done":
            st["pend"]["done"] = True
            return
        parts = arg.split(":")
        lid, kind, card = parts[0], parts[1], len(parts) > 2
        c = mats()["costs"]
        pay(st, side, c["mobilise"] + (c["battle_card"] if card else 0))
        st["next_force"] += 1
        st["forces"].append({"id": f"f{st['next_force']}", "side": side, "type": kind,
                             "leader": lid, "where": None, "siege": False})
        st["leaders"][lid]["state"] = "commander"
        if card:
            draw_battle_card(st, side, "mobilise")
        log(st, f"{NAMES[side]} mobilises {leader_name(lid)} with {TYPE_NAMES[kind]}",
            rule="mobilise")


def mobilise_choices(st: State, side: str) -> list[tuple[str, str, bool]]:
    c = mats()["costs"]
    if st["treasury"][side] < c["mobilise"]:
        return []
    out = []
    for lid in ed().leaders:            # data order: a save's JSON may sort the state's keys
        if ed().leaders[lid].side != side or st["leaders"][lid]["state"] != "ready":
            continue
        for kind in ("hoplite", "trireme"):
            if models_free(st, side, kind) > 0:
                out.append((lid, kind, False))
                if st["treasury"][side] >= c["mobilise"] + c["battle_card"] \
                        and st["decks"]["battle"]["draw"] + st["decks"]["battle"]["discard"]:
                    out.append((lid, kind, True))
    return out
