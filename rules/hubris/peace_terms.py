"""The conditions a Peace may carry (2.12) and how they are honoured.

A term is plain data ``{"kind", "giver", "what"}``; the receiver is the other Kingdom of the
Peace. The kinds are exactly the four of 2.12:

* ``talents``: the giver pays ``what`` Talents from its Treasury to the other's (capped at 60,
  2.10);
* ``garrison``: the giver's Garrison on Place ``what`` is replaced by one of the receiver;
* ``squadron``: the giver's Squadron ``what`` is replaced by a Squadron of the receiver in
  the same Sea; without an available counter the Squadron is lost to both (2.13.8);
* ``unalign``: the giver's Alliance on Place ``what`` is removed; the receiver places none.

The Winter Peace offers of 3.7.2 (ten Talents, one Squadron, two Garrisons) are terms of the
same kinds (:mod:`rules.hubris.winter_peace`).
"""

from __future__ import annotations

from typing import Any

from . import alignment, core, kingdom_facts
from .core import note
from .names import name
from .rulesdata import RulesData

State = dict[str, Any]
Term = dict[str, Any]
KINDS = ("talents", "garrison", "squadron", "unalign")
#: the markers a term may name: a Garrison (kind ``garrison``), an Alliance (``unalign``)
MARKERS = ("garrison", "alliance")


def markers_of(data: RulesData, state: State, k: str, marker: str) -> list[str]:
    """Places in play holding a ``marker`` (garrison, alliance) of ``k``, not a Rebel's, in
    order. Kept between prompts with ``k``'s Place facts (:func:`kingdom_facts.of_places`,
    ``"markers"``: they read only the Places' markers and what is in play): never change the
    list returned."""
    held = kingdom_facts.of_places(state, k).get("markers")
    if held is None:
        held = kept_markers(data, state, (k,))[k]
    return held[marker]


def kept_markers(data: RulesData, state: State, powers: tuple[str, ...]
                 ) -> dict[str, dict[str, list[str]]]:
    """Each of ``powers`` -> marker -> :func:`markers_of`, those not kept found together in
    one pass over the Places (:func:`markers_held`) and kept."""
    out = {k: kingdom_facts.of_places(state, k).get("markers") for k in powers}
    missing = tuple(k for k, held in out.items() if held is None)
    if missing:
        found = markers_held(data, state, missing)
        for k in missing:
            out[k] = kingdom_facts.of_places(state, k)["markers"] = {
                m: found[k, m] for m in MARKERS}
    return out


def markers_held(data: RulesData, state: State, powers: tuple[str, ...]
                 ) -> dict[tuple[str, str], list[str]]:
    """:func:`markers_of` each of ``powers`` and each marker, ``(power, marker)`` -> Places,
    in one pass over the Places of the Satrapies in play."""
    held: dict[tuple[str, str], list[str]] = {(k, m): [] for k in powers for m in MARKERS}
    places = state["places"]
    for sat, sat_rec in state["satrapies"].items():    # in any order: each list is sorted
        if not sat_rec.get("in_play"):
            continue
        for p in data.satrapies[sat].places:
            r = places.get(p) or {}
            found = held.get((r.get("power"), r.get("marker")))
            if found is not None:
                found.append(p)
    for marked in held.values():
        marked.sort()
    return held


def squadrons_at_sea(state: State, k: str) -> list[str]:
    """``k``'s own Squadrons standing in a Sea Area (not aboard a Leader's card)."""
    return sorted(u for u, r in state["units"].items() if r["type"] == "squadron"
                  and r.get("owner") == k and r["location"] in state.get("seas", {}))


def squadron_pool(state: State, k: str) -> list[str]:
    """``k``'s Squadron counters not on the map (available to replace a transferred one)."""
    return sorted(u for u, r in state["units"].items() if r["type"] == "squadron"
                  and r.get("owner") == k and r["location"] == "offmap")


def other(term_pair: tuple[str, str], giver: str) -> str:
    a, b = term_pair
    return b if giver == a else a


def label(state: State, term: Term, receiver: str) -> str:
    """One term as a player reads it."""
    g, w = name(term["giver"]), term["what"]
    if term["kind"] == "talents":
        return f"the {g} pay {w} T to the {name(receiver)}"
    if term["kind"] == "garrison":
        return f"the {g} hand the Garrison of {name(w)} to the {name(receiver)}"
    if term["kind"] == "squadron":
        return f"the {g} hand {name(w)} (in {name(state['units'][w]['location'])}) to " \
               f"the {name(receiver)}"
    return f"the {g} give up their Alliance on {name(w)}"


def describe(state: State, terms: list[Term], pair: tuple[str, str]) -> list[str]:
    """Every term as a line; ``["status quo"]`` when there is none."""
    return [label(state, t, other(pair, t["giver"])) for t in terms] or ["status quo"]


def feasible(data: RulesData, state: State, terms: list[Term]) -> bool:
    """Every term can still be honoured (the Talents in the Treasury, the markers and Units
    where they were)."""
    owed: dict[str, int] = {}
    for t in terms:
        g, w = t["giver"], t["what"]
        if t["kind"] == "talents":
            owed[g] = owed.get(g, 0) + int(w)
        elif t["kind"] == "garrison" and w not in markers_of(data, state, g, "garrison"):
            return False
        elif t["kind"] == "unalign" and w not in markers_of(data, state, g, "alliance"):
            return False
        elif t["kind"] == "squadron" and w not in squadrons_at_sea(state, g):
            return False
    return all(core.treasury(state, g) >= n for g, n in owed.items())


def honour(data: RulesData, state: State, pair: tuple[str, str], terms: list[Term],
           rule: str) -> None:
    """Carry out every term (2.12, 2.13.8); Control and VPs are derived again."""
    for t in terms:
        g, w = t["giver"], t["what"]
        r = other(pair, g)
        if t["kind"] == "talents":
            core.pay(state, g, int(w), f"Peace with the {name(r)}", rule)
            core.gain(state, r, int(w), f"Peace with the {name(g)}", rule)
        elif t["kind"] == "garrison":
            alignment.place_marker(data, state, w, r, "garrison", rule)
        elif t["kind"] == "unalign":
            alignment.unalign(data, state, w, rule)
        elif t["kind"] == "squadron":
            transfer_squadron(state, w, r, rule)
    alignment.refresh(data, state)


def transfer_squadron(state: State, u: str, receiver: str, rule: str) -> None:
    """2.13.8: the receiver's Squadron takes the transferred one's place; without one
    available the Squadron is lost to both. The giver's counter returns to its pool."""
    sea = state["units"][u]["location"]
    core.set_unit(state, u, location="offmap")
    pool = squadron_pool(state, receiver)
    if pool:
        core.set_unit(state, pool[0], location=sea, face="up")
        note(state, f"{name(u)} in {name(sea)} is replaced by {name(pool[0])}.", rule,
             where=sea)
    else:
        note(state, f"{name(u)} in {name(sea)} is lost to both Kingdoms: the "
                    f"{name(receiver)} have no Squadron left to replace it.", rule, where=sea)
