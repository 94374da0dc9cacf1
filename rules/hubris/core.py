"""Predicates and small helpers named as the rulebook speaks (2.1-2.13).

Everything here reads ``state`` (docs/hubris-state.md) and the static :class:`RulesData`;
nothing here asks a player anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rules.engine.state import log

from . import names, upcalls
from .rulesdata import RulesData
from .tables import (  # noqa: F401 - the setters and kept values, read through ``core``
    COMPONENTS,
    IN_PLAY,
    MINOR_TYPES,
    own_part,
    own_record,
    own_table,
    set_kingdom,
    set_leader,
    set_place,
    set_satrapy,
    set_unit,
)

if TYPE_CHECKING:
    import networkx as nx

State = dict[str, Any]
#: parts of the state shared between a state and the one ``apply`` makes of it: those written
#: only at set-up (the game's ``meta``, the scenario's own record, the Seas in play, the Unit
#: ids), Control/VPs and the Minors' Alliances (``control.refresh`` replaces them whole), the
#: Places, the Satrapies, the Units and the Leaders (every change goes through
#: ``core.set_place``, ``core.set_satrapy``, ``core.set_unit``, ``core.set_leader`` or
#: ``core.own_record``, which replace the table and the record), the decks (drawn from and
#: added to through ``core.own_part``, a copy), the log of each Event card's resolutions
#: (``cards.remember`` replaces it) and the VP history (``victory.record_turn`` replaces it)
SHARED_PARTS = frozenset({"meta", "scenario", "seas", "unit_ids", "derived", "minors", "places",
                          "satrapies", "units", "leaders", "decks", "card_log", "vp_history"})
#: tables of records copied record by record (``rules.engine.plain.copy_state``)
TABLES = frozenset({"kingdoms"})

KINGDOMS = ("seleucids", "ptolemies", "macedon")
LAND_TYPES = {"royal-army", "siege-train", "colonist", "mercenary", "minor", "legion"}
TROOP_TYPES = {"royal-army", "colonist", "mercenary", "minor", "legion"}
NAVAL_TYPES = {"squadron", "mercenary-squadron", "minor-squadron", "roman-squadron"}
#: Elite Units (2.13.2): Macedonian and Seleucid Royal Armies, Galatians, Kataphraktoi, the
#: Minor Elites, the Rhodian Squadron; Legions are Elite too (8.6.3).
ELITE = {"seleucids-royal-army", "macedon-royal-army", "galatians", "kataphraktoi",
         "philopoemen", "eumenes", "rhodian-squadron"}
#: Home Satrapies of Mercenaries and Military Colonists (2.13.5, 2.13.6).
HOMES: dict[str, tuple[str, ...]] = {
    "illyrians": ("illyria", "makedonia", "thrake"),
    "aitolians": ("aitolia-epeiros", "boiotia-euboia"),
    "arcadians": ("peloponnesos",),
    "galatians": ("galatia",),
    "mysians": ("mysia", "ionia", "lydia-phrygia"),
    "cretans": ("krete", "koinon-nesioton", "lykia-pamphylia"),
    "katoikoi-asia-minor": ("lydia-phrygia",),
    "katoikoi-lower-satrapies": ("mesopotamia",),
    "katoikoi-upper-satrapies": ("media",),
    "kataphraktoi": ("media",),
    "cleruchs": ("delta",),
    "machimoi": ("delta",),
    "neomacedonians": ("makedonia",),
}
#: Where a King's block goes by default (2.2.10).
DEFAULT_KING_SATRAPY = {"macedon": "makedonia", "ptolemies": "delta", "seleucids": "seleukis"}


def title_of(element: str) -> str:
    """A map id or Unit id as players read it (:func:`.names.name`): ``koile-syria`` ->
    ``Koile Syria``, ``ptolemies-squadron-1`` -> ``Ptolemaic Squadron 1``."""
    return names.name(element)


def note(state: State, text: str, rule: str, *, seat: str | None = None,
         where: str | None = None) -> None:
    """Log a state change in our words with its rule number."""
    log(state, text, rule=rule, seat=seat, where=where)


# --- powers, wars -------------------------------------------------------------------------
def kingdoms(state: State) -> list[str]:
    """Kingdoms in play and not eliminated, in a fixed order (a Non-Player Macedon is no
    Kingdom, 10.1)."""
    records = state["kingdoms"]
    out = []
    for k in KINGDOMS:
        kd = records.get(k)
        if kd is not None and not kd.get("eliminated") and not kd.get("non_player"):
            out.append(k)
    return out


def non_player(state: State, power: str | None) -> bool:
    """The Non-Player Macedon of the two-player game (10.1), run by the rules."""
    return bool((state.get("kingdoms", {}).get(power) or {}).get("non_player"))


def player_kingdoms(state: State) -> list[str]:
    return [k for k in kingdoms(state) if state["kingdoms"][k].get("player", True)]


def seat_of(state: State, kingdom: str) -> str:
    """The seat deciding for a Power: a Kingdom's own, or a Rebel's handler (2.9.1)."""
    if is_rebel(kingdom):
        return rebel_handler(state, kingdom)
    if kingdom not in state["kingdoms"]:        # Rome, a Minor: the handler of 8.6.2
        return seat_of(state, upcalls.rome_handler(state))
    if state["kingdoms"][kingdom].get("non_player"):    # 10.1: a player decides for it
        return seat_of(state, upcalls.np_decider(state))
    return state["kingdoms"][kingdom].get("seat") or kingdom


def new_id(state: State) -> str:
    """A fresh id for a Campaign frame (the state's serial number)."""
    state["serial"] = state.get("serial", 0) + 1
    return f"f{state['serial']}"


# --- Rebels (2.9) -------------------------------------------------------------------------
REBEL_PREFIX = "rebel:"


def is_rebel(power: str | None) -> bool:
    """A Rebel faction's power id is ``rebel:<leader id of its head>`` (docs/hubris-state.md)."""
    return isinstance(power, str) and power.startswith(REBEL_PREFIX)


def rebel_power(head: str) -> str:
    return REBEL_PREFIX + head


def rebel_head(power: str) -> str:
    return power[len(REBEL_PREFIX):]


def place_power(rec: dict[str, Any] | None) -> str | None:
    """Who a Place is Aligned with: a power id, ``rebel:<head>`` for a Rebel marker, None."""
    if not rec or not rec.get("power"):
        return None
    if rec["power"] == "rebel":
        return rebel_power(rec.get("rebel") or "?")
    return str(rec["power"])


def leader_power(state: State, lid: str) -> str:
    """The Power a Leader belongs to: his Court, or his Rebel faction (2.2.1)."""
    rec = state["leaders"][lid]
    if rec.get("rebel"):
        return rebel_power(rec.get("faction") or lid)
    return rec["court"]


def power_name(state: State, power: str) -> str:
    """``Seleucids``, or ``Rebel Antipatros [S7]`` for a Rebel faction (for log lines)."""
    if is_rebel(power):
        return f"Rebel {names.name(rebel_head(power))}"
    return power.title()


def yours(power: str, start: bool = False) -> str:
    """``your``, or ``the Rebel S6's`` in a prompt to the seat handling a Rebel (2.9.1)."""
    out = f"the {names.possessive('Rebel ' + names.name(rebel_head(power)))}" \
        if is_rebel(power) else "your"
    return out[:1].upper() + out[1:] if start else out


def rebel_origin(state: State, power: str) -> str | None:
    return (state.get("rebels", {}).get(rebel_head(power)) or {}).get("of")


def default_handler(state: State, power: str, exclude: tuple[str, ...] = ()) -> list[str]:
    """2.9.1: the player Kingdoms, not Campaigning against the Rebel, with the lowest VPs;
    of those tied, not the one the Rebel sprang from (if that leaves any)."""
    cands = [k for k in player_kingdoms(state) if k not in exclude] or player_kingdoms(state)
    vp = state.get("derived", {}).get("vp", {})

    def total(k: str) -> int:
        return int((vp.get(k) or {}).get("total_rounded", 0))

    low = min((total(k) for k in cands), default=0)
    tied = [k for k in cands if total(k) == low]
    origin = rebel_origin(state, power)
    return [k for k in tied if k != origin] or tied


def rebel_handler(state: State, power: str) -> str:
    """The seat handling a Rebel (2.9.1): the one assigned by :mod:`rules.hubris.rebels`,
    else the first of :func:`default_handler`."""
    rec = state.get("rebels", {}).get(rebel_head(power)) or {}
    k = rec.get("handler")
    if not k or k not in state["kingdoms"]:
        k = default_handler(state, power)[0]
    return seat_of(state, k)


def war_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def at_war(state: State, a: str, b: str) -> bool:
    return a != b and state.get("wars", {}).get(war_key(a, b)) == "war"


def sworn_peace(state: State, a: str, b: str) -> bool:
    return state.get("wars", {}).get(war_key(a, b)) == "peace"


def kingdom_enemies(state: State, k: str) -> list[str]:
    """Enemies that are Kingdoms or Rome: the Wars that halve Revenue (3.3), count for War
    Exhaustion (3.7.3) and end in the Peace Segment (3.7.2); a War with a Rebel does not."""
    return [e for e in enemies_of(state, k) if not is_rebel(e) and not non_player(state, e)]


def enemies_of(state: State, power: str) -> list[str]:
    out = []
    for key, value in state.get("wars", {}).items():
        if value != "war":
            continue
        a, b = key.split("|")
        if power in (a, b):
            out.append(b if a == power else a)
    return sorted(out)


def treasury(state: State, k: str) -> int:
    return int(state["kingdoms"][k]["treasury"])


def pay(state: State, k: str, amount: int, why: str, rule: str) -> None:
    if amount <= 0:
        return
    kd = state["kingdoms"][k]
    if kd["treasury"] < amount:
        raise ValueError(f"{k} cannot pay {amount} T for {why}")
    kd["treasury"] -= amount
    note(state, f"{k.title()} pay {amount} T for {why} (Treasury {kd['treasury']} T).", rule,
         seat=seat_of(state, k))


def gain(state: State, k: str, amount: int, why: str, rule: str) -> None:
    kd = state["kingdoms"][k]
    if kd.get("non_player"):        # 10.1: no Treasury
        return
    before = kd["treasury"]
    kd["treasury"] = max(0, min(60, before + amount))
    note(state, f"{k.title()} gain {kd['treasury'] - before} T from {why} "
                f"(Treasury {kd['treasury']} T, cap 60).", rule, seat=seat_of(state, k))


# --- map ----------------------------------------------------------------------------------
def sat_in_play(state: State, sat: str) -> bool:
    return state["satrapies"].get(sat, {}).get("in_play", False)


def sea_in_play(state: State, sea: str) -> bool:
    return state.get("seas", {}).get(sea, {}).get("in_play", False)


def satrapies_in_play(state: State) -> list[str]:
    """The Satrapies in play, sorted: fixed at set-up in every scenario so far, so found
    once and kept under ``tables.IN_PLAY`` (the state's own list: read it, never change
    it)."""
    found = state.get(IN_PLAY)
    if found is None:
        found = state[IN_PLAY] = sorted(s for s, r in state["satrapies"].items()
                                        if r.get("in_play"))
    return found


def seas_in_play(state: State) -> list[str]:
    return sorted(s for s, r in state.get("seas", {}).items() if r.get("in_play"))


def controller(state: State, sat: str) -> str | None:
    c = state.get("derived", {}).get("control", {}).get(sat)
    return c["power"] if c else None


def controls(state: State, power: str, sat: str) -> bool:
    return controller(state, sat) == power


def alliance_majority(state: State, sat: str) -> bool:
    c = state.get("derived", {}).get("control", {}).get(sat)
    return bool(c and c.get("halved"))


def aligned(state: State, place: str, power: str) -> bool:
    """``place`` holds a marker of ``power`` (:func:`place_power`) and is not in Revolt."""
    rec = state["places"].get(place)
    if not rec or rec.get("revolt"):
        return False
    return place_power(rec) == power


def aligned_places(state: State, data: RulesData, power: str, sat: str) -> list[str]:
    return [p for p in data.satrapies[sat].places if aligned(state, p, power)]


def friendly_sea(state: State, data: RulesData, power: str, sea: str,
                 campaign: bool = False) -> bool:
    """A Sea is Friendly to a Power with an Aligned Port City bordering it (2.5.5); the
    Kretikon Pelagos is Friendly to all for Campaigns only (2.5.3)."""
    if not sea_in_play(state, sea):
        return False
    if sea == "kretikon-pelagos" and campaign:
        return True
    if state.get("scenario", {}).get("id") in ("antiochos-hubris", "dance-of-ares"):
        if upcalls.always_friendly(state, power, sea):  # 12.5, 12.6: Friendly at all times
            return True
    return any(aligned(state, p, power) for p in data.ports_on(sea))


def land_path(state: State, data: RulesData, power: str, a: str, b: str,
              comp: dict[str, int] | None = None) -> bool:
    """A Land Path (2.7): the end Satrapies are ignored; the ones between are Controlled.

    Any chain through the Controlled Satrapies between a neighbour of ``a`` and a neighbour
    of ``b`` contains one that avoids both ends, so the components of the Controlled graph
    decide it. ``comp``: :func:`controlled_components` of ``power``, when the caller has it.
    """
    if a == b or data.adjacent(a, b):
        return True
    if comp is None:
        comp = controlled_components(state, data, power)
    left = {comp[n] for n in data.neighbours(a) if n in comp}
    return any(comp[n] in left for n in data.neighbours(b) if n in comp)


def controlled_components(state: State, data: RulesData, power: str) -> dict[str, int]:
    """A component number for each Satrapy in play ``power`` Controls (Land Paths, 2.7):
    found once per ``state["derived"]`` and kept under the upkeep key
    ``tables.COMPONENTS`` (the state's own dict: read it, never change it)."""
    kept = state.setdefault(COMPONENTS, {})
    comp = kept.get(power)
    if comp is None:
        comp = kept[power] = _components(state, data, power)
    return comp


def _components(state: State, data: RulesData, power: str) -> dict[str, int]:
    """:func:`controlled_components` found: a plain search over the land borders (asked at
    nearly every decision, for a dozen Satrapies, where building a networkx graph each
    time costs more than the search)."""
    ctrl = [s for s, c in state.get("derived", {}).get("control", {}).items()
            if c["power"] == power and sat_in_play(state, s)]
    inside = set(ctrl)
    comp: dict[str, int] = {}
    parts = 0
    for start in ctrl:
        if start in comp:
            continue
        number = comp[start] = parts
        parts += 1
        todo = [start]
        while todo:
            for b in data.land_adj.get(todo.pop(), ()):
                if b in inside and b not in comp:
                    comp[b] = number
                    todo.append(b)
    return comp


def friendly_seas(state: State, data: RulesData, power: str) -> list[str]:
    """The Seas Friendly to ``power`` (2.5.5), in map order."""
    return [s for s in data.seas if friendly_sea(state, data, power, s, campaign=True)]


def friendly_sea_graph(state: State, data: RulesData, power: str) -> nx.Graph:
    """The Seas Friendly to ``power`` (2.5.5) and the borders between them: where its Paths
    of Friendly Seas run (2.7)."""
    import networkx as nx  # late: heavy, optional; start-up never loads it

    friendly = friendly_seas(state, data, power)
    ok = set(friendly)
    g = nx.Graph()
    g.add_nodes_from(friendly)
    g.add_edges_from((s, t) for s in friendly for t in data.seas[s] if t in ok)
    return g


def sea_parts(state: State, data: RulesData, power: str) -> dict[str, frozenset[str]]:
    """Each Sea Friendly to ``power`` -> the Friendly Seas a Path of Friendly Seas (2.7)
    joins it to (its connected component, itself included).

    A plain search over the Sea borders: the Activation prompt asks it for every Kingdom, and
    with nine Seas it costs less than building :func:`friendly_sea_graph` (tests/hubris
    checks that both find the same components)."""
    friendly = set(friendly_seas(state, data, power))
    parts: dict[str, frozenset[str]] = {}
    for start in friendly:
        if start in parts:
            continue
        part, todo = {start}, [start]
        while todo:
            for sea in data.seas[todo.pop()]:
                if sea in friendly and sea not in part:
                    part.add(sea)
                    todo.append(sea)
        parts.update(dict.fromkeys(part, frozenset(part)))
    return parts


def sea_reach(state: State, data: RulesData, power: str, start: Iterable[str],
              parts: dict[str, frozenset[str]] | None = None) -> set[str]:
    """The Seas a Path of Friendly Seas (2.7) reaches from any of ``start``: those of
    ``start`` that are Friendly, and every Friendly Sea connected to one of them.
    ``parts``: :func:`sea_parts` of ``power``, when the caller has it."""
    if parts is None:
        parts = sea_parts(state, data, power)
    return {s for sea in start if sea in parts for s in parts[sea]}


def sea_path(state: State, data: RulesData, power: str, start: list[str],
             goal: list[str]) -> list[str] | None:
    """The shortest Path of Friendly Seas (2.7) from any of ``start`` to any of ``goal``.

    Of equally short paths, the first pair (start, goal) in name order wins, and between them
    the path networkx's ``shortest_path`` finds.
    """
    import networkx as nx  # late: heavy, optional; start-up never loads it

    g = friendly_sea_graph(state, data, power)
    ends = sorted(set(goal) & set(g))
    best: tuple[int, str, str] | None = None
    for a in sorted(set(start) & set(g)):
        dist = nx.single_source_shortest_path_length(g, a)
        for b in ends:
            if b in dist and (best is None or dist[b] < best[0]):
                best = (dist[b], a, b)
    return nx.shortest_path(g, best[1], best[2]) if best else None


#: at most this many Paths are offered to choose from (5.3.1, 5.4.1), the shortest first
MAX_PATHS = 8


def sea_paths(state: State, data: RulesData, power: str, start: list[str],
              goal: list[str]) -> list[list[str]]:
    """The Paths of Friendly Seas (2.7) a player may choose from, from one of ``start`` to
    one of ``goal``: simple Paths through no other Sea of ``goal`` (they would end there), at
    most two Seas longer than the shortest, shortest first (then by name), at most
    :data:`MAX_PATHS`. Empty when there is none. (The 5.4.3 example sails from MAKEDONIA by
    the Propontis, then the Aigaion Pelagos, a Sea of the Origin too.)"""
    import networkx as nx  # late: heavy, optional; start-up never loads it

    g = friendly_sea_graph(state, data, power)
    starts, ends = sorted(set(start) & set(g)), sorted(set(goal) & set(g))
    found: list[list[str]] = [[s] for s in starts if s in ends]
    for a in starts:
        for b in ends:
            if a == b:
                continue
            for path in nx.all_simple_paths(g, a, b, cutoff=len(g)):
                inner = path[1:-1]
                if not set(inner) & set(ends):
                    found.append(path)
    if not found:
        return []
    shortest = min(len(p) for p in found)
    found = sorted((p for p in found if len(p) <= shortest + 2), key=lambda p: (len(p), p))
    return found[:MAX_PATHS]


# --- units --------------------------------------------------------------------------------
def unit(state: State, uid: str) -> dict[str, Any]:
    return state["units"][uid]


def is_troop(state: State, uid: str) -> bool:
    return state["units"][uid]["type"] in TROOP_TYPES


def is_land(state: State, uid: str) -> bool:
    return state["units"][uid]["type"] in LAND_TYPES


def is_naval(state: State, uid: str) -> bool:
    return state["units"][uid]["type"] in NAVAL_TYPES


def is_elite(state: State, uid: str) -> bool:
    return uid in ELITE or state["units"][uid]["type"] == "legion"


def card_of(lid: str) -> str:
    return f"leader:{lid}"


def on_card(state: State, lid: str) -> list[str]:
    loc = card_of(lid)
    return sorted(u for u, r in state["units"].items() if r["location"] == loc)


def where_is(state: State, uid: str) -> str:
    """The map location of a Unit, looking through Leader cards."""
    return location_of(state, state["units"][uid])


def location_of(state: State, rec: dict[str, Any]) -> str:
    """:func:`where_is` of the Unit whose record is ``rec``."""
    loc = rec["location"]
    if loc.startswith("leader:"):
        return state["leaders"][loc[7:]]["location"]
    return loc


def units_at(state: State, loc: str) -> list[str]:
    """Every Unit at a map location, on a Leader card there or not."""
    here = {loc, *(card_of(lid) for lid, r in state["leaders"].items() if r["location"] == loc)}
    return sorted(u for u, rec in state["units"].items() if rec["location"] in here)


def land_units_of(state: State, power: str, sat: str) -> list[str]:
    return [u for u in units_at(state, sat) if is_land(state, u)
            and state["units"][u]["owner"] == power and state["units"][u]["face"] == "up"]


def land_powers(state: State, sat: str) -> set[str]:
    """Powers (Kingdoms and Rebels) with a face-up Land Unit in ``sat``."""
    return {r["owner"] for u in units_at(state, sat) for r in [state["units"][u]]
            if r["owner"] and r["face"] == "up" and is_land(state, u)}


def land_unit_locations(state: State, power: str) -> set[str]:
    """Where ``power`` has a face-up Land Unit: the places :func:`land_units_of` finds one."""
    units = state["units"]
    return {location_of(state, r) for r in units.values()
            if r["type"] in LAND_TYPES and r["owner"] == power and r["face"] == "up"}


def troops_of(state: State, power: str, sat: str) -> list[str]:
    return [u for u in land_units_of(state, power, sat) if is_troop(state, u)]


def squadrons_of(state: State, power: str, sea: str) -> list[str]:
    return [u for u in units_at(state, sea) if is_naval(state, u)
            and state["units"][u]["owner"] == power]


def disperse(state: State, uid: str, rule: str) -> None:
    """Send a Unit to the Dispersed Box (2.13.1); Squadrons are Sunk instead."""
    set_unit(state, uid, location="dispersed")
    note(state, f"{names.name(uid)} goes to the Dispersed Box.", rule)


def sink(state: State, uid: str, rule: str) -> None:
    """A Sunk Squadron returns to its owner's pool, to be rebuilt (7.2.3, 5.9)."""
    set_unit(state, uid, location="offmap")
    note(state, f"{names.name(uid)} is Sunk and returns to the pool.", rule)


# --- leaders ------------------------------------------------------------------------------
def leaders_of(state: State, court: str) -> list[str]:
    """Members of a Court: a Kingdom's, or a Rebel faction's (``rebel:<head>``)."""
    if is_rebel(court):
        return sorted((lid for lid, r in state["leaders"].items() if r.get("rebel")
                       and leader_power(state, lid) == court), key=leader_order)
    return sorted((lid for lid, r in state["leaders"].items() if r["court"] == court
                   and not r.get("rebel")), key=leader_order)


def leader_order(lid: str) -> tuple[str, int]:
    """The order of a Court's Leaders (:func:`leaders_of`): by letter, then number."""
    head = lid.rstrip("0123456789")
    tail = lid[len(head):]
    return (head, int(tail) if tail.isdigit() else 0)


def at_court(state: State, lid: str) -> bool:
    return state["leaders"][lid]["location"] == "court"


def on_map_location(loc: str) -> bool:
    return loc not in ("court", "hostage", "italia", "removed")


def available(state: State, lid: str) -> bool:
    """Not Spent (2.2): at most two Activations a Turn."""
    rec = state["leaders"][lid]
    return rec["rotation"] < 2 and rec["location"] != "hostage"


def king(state: State, k: str) -> str | None:
    return state["kingdoms"][k].get("king")


def chief_minister(state: State, k: str) -> str | None:
    return state["kingdoms"][k].get("chief_minister")


def strategoi(state: State, k: str) -> int:
    return sum(1 for r in state["leaders"].values()
               if r["court"] == k and r.get("role") == "strategos" and r["location"] != "court")
