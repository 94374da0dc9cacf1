"""The point-to-point map in play: costs (9.2), retreats (12.4), isolation (5.7) and
reinforcement tracing (5.10), as graph searches over networkx (imported by the first search,
not at start-up)."""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import TYPE_CHECKING

from .data import INDEPENDENT
from .model import (
    State,
    allied,
    cu,
    ed,
    enemy_cu_powers,
    friendly,
    has_enemy_cu,
    in_play,
    is_tribal,
    is_walled,
    powers_here,
)

if TYPE_CHECKING:
    import networkx as nx

SAMNITE_CLEAR = {"bovianum", "aufidena"}


def kind(a: str, b: str) -> str:
    return ed().edge_kind(a, b)


def effective_kind(power: str, a: str, b: str) -> str:
    """The connection as ``power`` uses it: Samnites treat every link to Bovianum and
    Aufidena as clear (9.2)."""
    k = kind(a, b)
    if power == "samnites" and (a in SAMNITE_CLEAR or b in SAMNITE_CLEAR):
        return "clear"
    return k


def rough(power: str, a: str, b: str) -> bool:
    return effective_kind(power, a, b) in ("rough", "strait")


def neighbours(state: State, sid: str) -> list[str]:
    """Spaces in play one connection away (a box leads one way onto the map, 2.2)."""
    if sid in ed().one_way:
        return [s for s in ed().one_way[sid] if in_play(state, s)]
    if sid not in ed().graph:
        return []
    return sorted(s for s in ed().graph.neighbors(sid) if in_play(state, s))


def cost(state: State, power: str, a: str, b: str) -> int:
    """Movement points to cross a-b (9.2); the Appian Way once built (21.2)."""
    if a in ed().one_way:
        return 2
    if state["flags"].get("appian_way") and a in ed().appian and b in ed().appian:
        return 1
    return 2 if effective_kind(power, a, b) in ("rough", "strait") else 1


def reach(state: State, power: str, starts: list[str], passable) -> set[str]:
    """Spaces reached from ``starts`` along clear links through ``passable`` spaces
    (a breadth-first search; rough and strait links are never traced, 5.7.1, 5.10)."""
    seen = set(starts)
    queue = deque(starts)
    graph = ed().graph
    while queue:
        a = queue.popleft()
        for b in graph.neighbors(a):
            if b in seen or b not in state["spaces"] or not passable(b) or rough(power, a, b):
                continue
            seen.add(b)
            queue.append(b)
    return seen


def land_graph(state: State, power: str, allowed=None) -> nx.Graph:
    """The clear connections ``power`` may trace along, limited to spaces ``allowed``."""
    import networkx as nx  # heavy: imported at the first graph search, not at start-up

    g = nx.Graph()
    for a, b in ed().graph.edges:
        if not (in_play(state, a) and in_play(state, b)) or rough(power, a, b):
            continue
        if allowed is None or (allowed(a) and allowed(b)):
            g.add_edge(a, b)
    return g


# --- retreat (12.4) -----------------------------------------------------------------------------
def retreat_options(state: State, power: str, start: str, n: int, *, attacker: bool,
                    entry: str | None) -> list[list[str]]:
    """The shortest retreat paths (each a list of spaces entered) for ``n`` CU of ``power``
    from ``start``: no rough or strait link, at most 4 spaces, no space twice; the attacker
    first steps back into ``entry``, the defender never enters it; the path ends in a space
    free of enemy CU and of other powers' CU that is friendly or holds more of its CU."""

    def eligible(sid: str) -> bool:
        others = [p for p in powers_here(state, sid) if p != power]
        if others:
            return False
        return friendly(state, power, sid) or cu(state, sid, power) > n

    best: list[list[str]] = []
    queue: deque[list[str]] = deque()
    firsts = [entry] if attacker and entry else neighbours(state, start)
    for s in firsts:
        if s is None or s in ed().one_way or rough(power, start, s):
            continue
        if not attacker and s == entry:
            continue
        queue.append([s])
    while queue:
        path = queue.popleft()
        if best and len(path) > len(best[0]):
            break
        last = path[-1]
        if eligible(last):
            best.append(path)
            continue
        if len(path) >= 4:
            continue
        for s in neighbours(state, last):
            if s in path or s == start or rough(power, last, s):
                continue
            if not attacker and s == entry:
                continue
            queue.append(path + [s])
    return best


def retreat_penalty(state: State, power: str, path: list[str]) -> int:
    """+1 CU per space entered with an enemy PC, walled city or tribe; +1 per enemy CU there
    (12.4.5)."""
    lost = 0
    for sid in path:
        sp = state["spaces"][sid]
        owner = sp["ctl"]
        if not friendly(state, power, sid) and (owner != INDEPENDENT or is_walled(state, sid)
                                                 or is_tribal(state, sid)):
            lost += 1
        lost += sum(cu(state, sid, p) for p in enemy_cu_powers(state, power, sid, False))
    return lost


# --- isolation (5.7) ---------------------------------------------------------------------------
def supplied(state: State, power: str, sid: str) -> bool:
    """A PC of ``power`` in ``sid`` traces through friendly spaces (or spaces with its CU)
    along clear links to a friendly walled city, reinforcement space, tribal space, port or
    its CU (5.7.1)."""

    def passable(s: str) -> bool:
        return friendly(state, power, s) or cu(state, s, power) > 0

    def source(s: str) -> bool:
        sp = ed().spaces[s]
        if cu(state, s, power) > 0:
            return True
        if not friendly(state, power, s):
            return False
        return is_walled(state, s) or sp.reinf > 0 or sp.port or is_tribal(state, s) \
            or (sp.tribe > 0)

    if source(sid):
        return True
    if sid not in ed().graph:
        return False
    return any(source(s) for s in reach(state, power, [sid], passable))


# --- reinforcements (5.10) ----------------------------------------------------------------------
def reinforcement_sources(state: State, power: str) -> list[str]:
    """Unbesieged home reinforcement spaces ``power`` controls (Rome: every Roman walled
    city as well, 5.10.1 play note)."""
    spaces = state["spaces"]
    if power != "rome":
        return [sid for sid in _home_sources(power) if sid in spaces
                and spaces[sid]["ctl"] == power and spaces[sid].get("siege") is None]
    out = []
    for sid, sp in spaces.items():
        sdata = ed().spaces[sid]
        if sp["ctl"] != power or sp.get("siege") is not None:
            continue
        if (sdata.reinf and sdata.home == power) or sp.get("loy"):
            out.append(sid)
    return sorted(out)


@cache
def _home_sources(power: str) -> tuple[str, ...]:
    """The reinforcement spaces of ``power``'s home area, in order (5.10)."""
    return tuple(sorted(sid for sid, sd in ed().spaces.items()
                        if sd.reinf and sd.home == power))


def can_place(state: State, power: str) -> bool:
    """Whether :func:`placement_spaces` has a space: at once when a reinforcement source
    itself takes the CU (every source that does is among them), else by the full trace."""
    if power != "rebels":
        for s in reinforcement_sources(state, power):
            if friendly(state, power, s) and not has_enemy_cu(state, power, s) \
                    and all(p == power for p in powers_here(state, s)):
                return True
    return bool(placement_spaces(state, power))


def placement_spaces(state: State, power: str) -> list[str]:
    """Where new CU of ``power`` may be placed: friendly spaces free of enemy CU linked to a
    reinforcement source by friendly, enemy-free spaces over clear links (5.10)."""
    if power == "rebels":                   # 16.4: with their army, or in Africa
        return placement(state)
    sources = reinforcement_sources(state, power)

    def ok(s: str) -> bool:
        return friendly(state, power, s) and not has_enemy_cu(state, power, s)

    box = power == "carthage" and state["players"] == 5 and ok("garrison_box")
    if not sources:                          # 19.1: the box takes them directly
        return ["garrison_box"] if box else []

    def free(s: str) -> bool:                  # allies never share a space (15.3)
        return ok(s) and all(p == power for p in powers_here(state, s))

    starts = [s for s in sources if ok(s)]
    out = {s for s in starts if s not in ed().graph}
    out |= reach(state, power, [s for s in starts if s in ed().graph], ok)
    if naval_tracer(state, power):          # 5.10: Carthage and her allies trace by sea
        ports = {s for s in state["spaces"] if ed().spaces[s].port and ok(s)
                 and (power == "carthage" or s not in AFRICAN_PORTS
                      or state["players"] == 5)                       # 9.6.2
                 and not _besieged_port(state, s, power)}
        if out & ports:
            out |= reach(state, power, sorted(ports - out), ok)
    if box:
        out.add("garrison_box")            # 19.1
    return sorted(s for s in out if free(s))


AFRICAN_PORTS = ("carthago", "kerkouane")      # 9.6.2: Carthage's alone (2-4 players)


def naval_tracer(state: State, power: str) -> bool:
    """Carthage and her allies may trace a reinforcement path by sea (5.10)."""
    return power == "carthage" or (
        "carthage" in state["nonplayer"] + state["sides"]
        and not state["flags"].get("carthage_fallen") and allied(state, power, "carthage"))


def _besieged_port(state: State, sid: str, power: str) -> bool:
    """No sailing to or from inside a besieged port (9.6.1)."""
    sp = state["spaces"][sid]
    return sp.get("siege") is not None and sp["ctl"] == power


def distance(a: str, b: str) -> int:
    """Links between two spaces on the whole map (for bots and descriptions)."""
    import networkx as nx  # heavy: imported at the first graph search, not at start-up

    try:
        return nx.shortest_path_length(ed().graph, a, b)
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return 99

REBELS = "rebels"

AFRICA = ("carthago", "kerkouane")                  # where their moves must end (16.3)


def placement(st: State) -> list[str]:
    """Where new revolting mercenary CU go: with their army, or in Kerkouane or Carthago if
    free of other powers' CU (reconstructed)."""
    held = [s for s, here in st["cu"].items() if here.get(REBELS)
            and all(p == REBELS for p in here)]
    if held:
        return sorted(held)
    return [s for s in AFRICA if s in st["spaces"] and not powers_here(st, s)]
