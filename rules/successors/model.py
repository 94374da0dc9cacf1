"""The state of a game of Successors and what is derived from it (pure functions).

Pieces live in plain dicts: ``cu[space][seat] = {unit type: count}`` (a faction's CUs in a
space form one army there; ``inside[space]`` of them sit inside the Major City), ``gen``
(every general's owner and place), ``pc`` (the Political Control marker of each space:
a seat, ``ind`` for Independent, or None), royals, the body, fleets, Independent Armies.
"""

from __future__ import annotations

from typing import Any

from rules.engine.procs import Procedures
from rules.engine.rng import pick

from .data import LAND_PATHS, edition

State = dict[str, Any]

PROCS = Procedures()
advance = PROCS.advance            # the loop the game seam runs (rules.engine.point_game)
current_prompt = PROCS.prompt
apply_choice = PROCS.apply
COLOURS = {"yellow": "#e8c51c", "blue": "#2f6fc0", "white": "#f4f1e8", "black": "#2b2b2b",
           "red": "#c0392b", "ind": "#4f9a4a"}
NAMES = {"yellow": "Yellow", "blue": "Blue", "white": "White", "black": "Black", "red": "Red",
         "ind": "Independent"}
LOSS_ORDER = ("mercenary", "elephant", "macedonian", "royal", "silver")   # cheapest first
UNIT_SHORT = {"mercenary": "Mer", "macedonian": "Mac", "royal": "RA", "elephant": "Ele",
              "silver": "SS"}


def ed():
    return edition()


def sname(sid: str) -> str:
    return ed().spaces[sid].name


def gname(gid: str) -> str:
    if "-minor-" in gid:
        seat, _, n = gid.partition("-minor-")
        return f"{NAMES[seat]} minor general {n}"
    return ed().generals[gid].name


def pname(who: str | None) -> str:
    if who is None:
        return "nobody"
    if who in NAMES:
        return NAMES[who]
    return ed().independents[who]["name"]


# --- units -------------------------------------------------------------------------------
def units(st: State, sid: str, seat: str) -> dict[str, int]:
    return st["cu"].get(sid, {}).get(seat, {})


def count(st: State, sid: str, seat: str) -> int:
    return sum(units(st, sid, seat).values())


def add_units(st: State, sid: str, seat: str, kind: str, n: int = 1) -> None:
    if n <= 0:
        return
    here = st["cu"].setdefault(sid, {}).setdefault(seat, {})
    here[kind] = here.get(kind, 0) + n


def remove_units(st: State, sid: str, seat: str, kind: str, n: int = 1) -> None:
    here = st["cu"][sid][seat]
    here[kind] -= n
    if here[kind] <= 0:
        del here[kind]
    if not here:
        del st["cu"][sid][seat]
        if not st["cu"][sid]:
            del st["cu"][sid]
    inside = st["inside"].get(sid, 0)
    if inside and st["pc"].get(sid) == seat and inside > count(st, sid, seat):
        st["inside"][sid] = count(st, sid, seat)


def occupants(st: State, sid: str) -> list[str]:
    """Seats with CUs in ``sid``, in seating order (never the dict's order, which a reloaded
    save may change)."""
    here = st["cu"].get(sid, {})
    return [s for s in st["players"] if here.get(s)]


def outside(st: State, sid: str, seat: str) -> int:
    """CUs of ``seat`` outside the city walls of ``sid`` (rule 4.16)."""
    n = count(st, sid, seat)
    if st["pc"].get(sid) == seat:
        n -= st["inside"].get(sid, 0)
    return n


def enemies_outside(st: State, sid: str, seat: str) -> list[str]:
    return [s for s in occupants(st, sid) if s != seat and outside(st, sid, s) > 0]


# --- generals ----------------------------------------------------------------------------
def generals_at(st: State, sid: str, seat: str | None = None) -> list[str]:
    out = [g for g, rec in st["gen"].items() if rec["loc"] == sid
           and (seat is None or rec["owner"] == seat)]
    return sorted(out, key=lambda g: (seniority(g), g))


def seniority(gid: str) -> int:
    return 100 if "-minor-" in gid else ed().generals[gid].seniority


def is_major(gid: str) -> bool:
    return "-minor-" not in gid


def commander(st: State, sid: str, seat: str) -> str | None:
    gens = generals_at(st, sid, seat)
    return gens[0] if gens else None


def initiative(gid: str) -> int:
    return ed().minor["initiative"] if not is_major(gid) else ed().generals[gid].initiative


def battle_rating(gid: str | None) -> int:
    if gid is None:
        return 1
    return ed().minor["battle"] if not is_major(gid) else ed().generals[gid].battle


def minors_in_supply(st: State, seat: str) -> list[str]:
    return sorted(g for g, r in st["gen"].items() if r["owner"] == seat and r["loc"] == "supply")


def own_generals(st: State, seat: str) -> list[str]:
    """``seat``'s generals, most senior first (a fixed order for prompts)."""
    return sorted((g for g, r in st["gen"].items() if r["owner"] == seat),
                  key=lambda g: (seniority(g), g))


# --- control -----------------------------------------------------------------------------
def province_controller(st: State, pid: str) -> str | None:
    """Who holds more than half of the province's spaces, its Major City among them (4.22)."""
    prov = ed().provinces[pid]
    tally: dict[str, int] = {}
    pcs = st["pc"]
    for sid in prov.spaces:
        who = pcs.get(sid)
        if who:
            tally[who] = tally.get(who, 0) + 1
    for who, n in tally.items():
        if n >= prov.need and (prov.major is None or pcs.get(prov.major) == who):
            return who
    return None


def controllers(st: State) -> dict[str, str | None]:
    """Every province's controller."""
    return {p: province_controller(st, p) for p in ed().provinces}


def friendly(st: State, sid: str, seat: str) -> bool:
    return st["pc"].get(sid) == seat


#: stage of a finished capital (optional 19.8, :mod:`rules.successors.capitals`)
BUILT = 3


def capital_at(st: State, sid: str) -> bool:
    """A finished capital stands at ``sid`` (whoever holds it now)."""
    return any(r["at"] == sid and r["stage"] >= BUILT for r in st.get("capital", {}).values())


def besieged(st: State, sid: str) -> bool:
    """A player-held Major City with enemy CUs or an Independent Army in its space (4.4)."""
    owner = st["pc"].get(sid)
    if owner in (None, "ind"):
        return False
    if ed().spaces[sid].kind != "major":
        if not st.get("capital") or not capital_at(st, sid):
            return False
    if any(s != owner for s in occupants(st, sid)):
        return True
    return any(r["loc"] == sid for r in st["ind"].values())


def ind_armies_at(st: State, sid: str) -> list[str]:
    return sorted(i for i, r in st["ind"].items() if r["loc"] == sid)


def land_neighbours(sid: str) -> list[tuple[str, str]]:
    g = ed().graph
    return [(n, g.edges[sid, n]["kind"]) for n in g[sid] if g.edges[sid, n]["kind"] in LAND_PATHS]


def fleet_owner(st: State, fid: str) -> str | None:
    rec = st["fleets"][fid]
    if fid in ed().provinces:
        who = province_controller(st, fid)
        return who if who in NAMES and who != "ind" else None
    if fid == "athenai":
        who = st["pc"].get("athenai")
        return who if who and who != "ind" else None
    return rec.get("owner")


def fleet_strength(st: State, fid: str) -> int:
    rec = st["fleets"][fid]
    if fid in ed().provinces:
        weak, strong = ed().provinces[fid].fleet
    elif fid == "athenai":
        weak, strong = ed().extras["athenai_fleet"]["strength"]
    else:
        weak, strong = ed().card_fleets[fid]["strength"]
    return strong if rec["strong"] else weak


def available_fleets(st: State, seat: str) -> list[str]:
    return [f for f, r in st["fleets"].items() if not r["dispersed"] and fleet_owner(st, f) == seat]


def cart_moves(st: State) -> bool:
    """The Funeral Cart may move from turn 2 (6.1.1), or once a 4-OP card was discarded for it
    (optional 19.11)."""
    return st["turn"] >= 2 or bool(st.get("cart_free"))


def garrison_order(st: State) -> tuple[str, ...]:
    """Which CUs go inside a Major City first (strongest); optional 19.10 keeps Elephants out."""
    order = tuple(reversed(LOSS_ORDER))
    if st["options"].get("elephants_outside"):
        order = tuple(k for k in order if k != "elephant")
    return order


def is_surprise(st: State, cid: str) -> bool:
    """A Surprise card; Silver Shields becomes one once its event was played (3.3.3.2)."""
    return ed().cards[cid].type == "surprise" or (cid == "c16" and bool(st.get("silver_out")))


def silver_holders(st: State) -> list[tuple[str, str]]:
    """(space, seat) of the Silver Shields on the map."""
    return [(sid, s) for sid, by in st["cu"].items() for s, g in by.items() if g.get("silver")]


def pick_by_name(st: State, items: list[str], name, *, purpose: str, rule: str = "") -> str:
    """One of ``items`` at random, logged by its name (``name(item)``), never its id."""
    labels = [name(i) for i in items]
    chosen = pick(st, list(range(len(items))), purpose=purpose, rule=rule) if len(
        set(labels)) != len(labels) else labels.index(pick(st, labels, purpose=purpose,
                                                            rule=rule))
    return items[chosen]


def fleet_label(fid: str) -> str:
    if fid in ed().provinces:
        return f"{ed().provinces[fid].name} fleet"
    if fid == "athenai":
        return "Athenian fleet"
    return ed().card_fleets[fid]["name"]


def sources(st: State, seat: str) -> list[str]:
    return [s for s in ed().spaces if st["pc"].get(s) == seat or count(st, s, seat) > 0]


def push_reinforcements(st: State, seat: str, pieces: list[list[str]]) -> None:
    PROCS.push(st, "reinforce", seat=seat, pieces=pieces, placed={},
               start=[g for g, r in sorted(st["gen"].items()) if r["owner"] == seat
                      and r["loc"] in ed().spaces])
