"""Where a Roman Consul may Campaign (5.2.1, 8.6.5, 8.6.6; ruling R34 as rewritten).

A Roman Campaign starts from an Origin: the Consul's own Satrapy (a Friendly Force), ITALIA
when he stands there, or any Satrapy Roman-Controlled with a Land Path to him (5.2.1, 8.6.6).
Free Passage (8.6.6) counts, for this, the Unaligned Places and those of the Kingdoms that
grant it as Rome's; a Land Path never crosses a regular Straits (2.7, 8.6.6 IMPORTANT) but
may use the Adrias arrival routes (8.6.5). From the Origin the Target is the Origin itself,
an Adjacent Satrapy or one across a Straits Crossing (5.2.1); from an Origin Rome does not
Control, or where an enemy Force stands, only the Origin.
"""

from __future__ import annotations

from typing import Any

from . import core, rome, solitaire
from .mapdata import load_map
from .rulesdata import RulesData

State = dict[str, Any]
ROME = "rome"


def consul_at(state: State, foe: str) -> str:
    return state["leaders"][f"consul-{foe}"]["location"]


def land_reach(data: RulesData, state: State, loc: str) -> list[str]:
    """The Satrapies a Land Path steps to from ``loc``: the Adrias arrival routes from
    ITALIA, else those sharing a land border (the solitaire MAKEDONIA corridor, S8)."""
    if loc == "italia":
        out = [r["to"] for r in load_map().italia.get("roman_routes", [])]
    else:
        out = list(data.neighbours(loc))
    if not solitaire.active(state):
        return out
    over = {s for s, _ in data.straits_partners(loc)} if loc in data.satrapies else set()
    return [s for s in solitaire.roman_reach(data, state, loc, out)
            if s not in over or s in out]


def reach(data: RulesData, state: State, loc: str) -> list[str]:
    """Where a Campaign from the Origin ``loc`` may go besides ``loc`` itself (5.2.1): the
    Land Path steps and the Satrapies across a Straits Crossing."""
    out = land_reach(data, state, loc)
    if loc in data.satrapies:
        out += [s for s, _ in data.straits_partners(loc) if s not in out]
    return out


def crossing_sea(data: RulesData, loc: str, sat: str) -> str | None:
    """The Sea crossed from ``loc`` into ``sat``: the Adrias from ITALIA, the intervening
    Sea of a Straits Crossing (2.5.1, 6.5), else None."""
    if loc == "italia":
        return "adrias"
    return next((sea for other, sea in data.straits_partners(loc) if other == sat), None)


def passage_through(state: State, sat: str) -> bool:
    """10.2: a Consul may pass through MAKEDONIA, out of play in the two-player game, when
    the Non-Player Macedon grants Free Passage (at Peace with Rome) or has Surrendered
    twice."""
    if sat != "makedonia" or not core.non_player(state, "macedon"):
        return False
    kd = state["kingdoms"]["macedon"]
    return not rome.at_war(state, "macedon") or int(kd.get("surrendered", 0)) >= 2


def passage_from(data: RulesData, state: State, sat: str, foe: str) -> list[str]:
    """8.6.6: the Kingdoms at Peace with Rome whose Places stand in ``sat`` and that may be
    asked Free Passage (Unaligned and Revolt Places always grant it; a Non-Player Macedon
    too, 10.1)."""
    owners = {state["places"][p].get("power") for p in data.satrapies[sat].places}
    return sorted(k for k in owners if k in state["kingdoms"] and k != foe
                  and not rome.at_war(state, k) and not core.non_player(state, k))


def granting(state: State, foe: str, asked: list[str], granted: list[str]) -> set[str]:
    """The Kingdoms counted as granting Free Passage: those that did, and those not yet
    asked (what Rome plans with); a Non-Player Macedon at Peace always grants (10.1)."""
    out = set(granted)
    for k in state["kingdoms"]:
        if k == foe or rome.at_war(state, k):
            continue
        if core.non_player(state, k) or k not in asked:
            out.add(k)
    return out


def held(data: RulesData, state: State, sat: str, grants: set[str]) -> bool:
    """Roman-Controlled for a Roman Origin or Land Path (2.6.2, 8.6.6): more than half of the
    Places are Rome's, Unaligned (in Revolt or not) or of a Kingdom granting Free Passage."""
    if passage_through(state, sat):
        return True
    if not core.sat_in_play(state, sat):
        return False
    places = data.satrapies[sat].places
    ours = sum(1 for p in places
               if (pw := state["places"][p].get("power")) in (None, ROME) or pw in grants)
    return 2 * ours > len(places)


def held_at_war(data: RulesData, state: State, sat: str) -> bool:
    """8.6.6: every Place of ``sat`` is Aligned with a Kingdom At War with Rome: no Free
    Passage can be demanded there."""
    places = data.satrapies[sat].places
    return bool(places) and all(
        (k := state["places"][p].get("power")) in state["kingdoms"] and rome.at_war(state, k)
        for p in places)


def origins(data: RulesData, state: State, foe: str,
            grants: set[str]) -> dict[str, list[str]]:
    """Each possible Origin with the Land Path from the Consul to it (his Satrapy first; the
    shortest, ties by name): his own Satrapy, and every Roman-Controlled Satrapy joined to it
    through Roman-Controlled ones (2.7: the two ends are not asked to be Controlled, but an
    Origin is)."""
    start = consul_at(state, foe)
    paths = {start: [start]}
    todo = [start]
    while todo:
        nxt = []
        for s in todo:
            for n in sorted(land_reach(data, state, s)):
                if n in paths or held_at_war(data, state, n) or \
                        not held(data, state, n, grants):
                    continue
                paths[n] = paths[s] + [n]
                nxt.append(n)
        todo = sorted(nxt)
    return paths


def plan(data: RulesData, state: State, foe: str,
         grants: set[str]) -> dict[str, tuple[str, list[str]]]:
    """Every Satrapy in play and in the Scope (8.1.2) a Campaign may enter, with its Origin
    and the Land Path to it (the nearest Origin first): ``{target: (origin, path)}``."""
    start = consul_at(state, foe)
    out: dict[str, tuple[str, list[str]]] = {}
    for o, path in sorted(origins(data, state, foe, grants).items(),
                          key=lambda kv: (len(kv[1]), kv[0])):
        if o == "italia":
            dests = land_reach(data, state, o)
        elif (o == start and not held(data, state, o, grants)) or \
                core.troops_of(state, foe, o):
            dests = [o]                    # 5.2.1: an Origin Rome does not Control
        else:
            dests = [o, *reach(data, state, o)]
        for t in dests:
            if t not in out and t != "italia" and core.sat_in_play(state, t) and \
                    rome.in_scope(state, t):
                out[t] = (o, path)
    return out


def enemy_here(data: RulesData, state: State, foe: str, sat: str) -> bool:
    return bool(core.aligned_places(state, data, foe, sat) or core.troops_of(state, foe, sat))


def targets_in(data: RulesData, state: State, foe: str,
               pl: dict[str, tuple[str, list[str]]]) -> list[str]:
    return sorted(t for t in pl if enemy_here(data, state, foe, t))


def distances(data: RulesData, state: State, foe: str) -> dict[str, int]:
    """Steps (land borders and Straits, within the Scope, never through a Satrapy wholly held
    by Kingdoms At War with Rome) from each Satrapy to the nearest holding a Place of
    ``foe``: how the Rome bot approaches an enemy out of reach (ruling R34)."""
    todo = sorted(s for s in data.satrapies if core.sat_in_play(state, s)
                  and rome.in_scope(state, s) and core.aligned_places(state, data, foe, s))
    dist = dict.fromkeys(todo, 0)
    while todo:
        nxt = []
        for s in todo:
            for n in sorted(reach(data, state, s)):
                if n in dist or n == "italia" or not rome.in_scope(state, n) or \
                        held_at_war(data, state, n) or not (
                            core.sat_in_play(state, n) or passage_through(state, n)):
                    continue
                dist[n] = dist[s] + 1
                nxt.append(n)
        todo = sorted(nxt)
    return dist


def approach(data: RulesData, state: State, foe: str,
             pl: dict[str, tuple[str, list[str]]]) -> str | None:
    """With no Target in reach, the Satrapy of ``pl`` nearest the enemy, if nearer than the
    Consul stands (a Campaign with no target, as 5.2.1 allows any Campaign)."""
    dist = distances(data, state, foe)
    here = consul_at(state, foe)
    best = min((t for t in pl if t in dist), key=lambda t: (dist[t], len(pl[t][1]), t),
               default=None)
    if best is None or best == here or dist[best] >= dist.get(here, 99):
        return None
    return best


def needed(data: RulesData, state: State, foe: str, path: list[str], target: str,
           asked: list[str], granted: list[str]) -> list[str]:
    """The Kingdoms still to be asked Free Passage (8.6.6) for a Campaign into ``target``
    from the end of the Land Path ``path``: those at Peace with Rome holding Places in a
    Satrapy that must be Roman-Controlled and is not with the grants already given: the
    Satrapies of the path after the Consul's own, or his own when it is the Origin of a
    Campaign leaving it (5.2.1)."""
    have = granting(state, foe, list(state["kingdoms"]), granted)
    must = path[1:] if len(path) > 1 else [s for s in path if s != target]
    out: list[str] = []
    for s in must:
        if s == "italia":
            continue
        if passage_through(state, s) or held(data, state, s, have):
            continue
        out += [k for k in passage_from(data, state, s, foe) if k not in asked and k not in out]
    return out
