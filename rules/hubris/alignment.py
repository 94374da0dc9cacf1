"""Changing Alignment markers (2.6, 2.8) and re-deriving Control and VPs after every change."""

from __future__ import annotations

from typing import Any

from . import tables
from .control import king_renown
from .core import note, power_name, set_place
from .names import name, possessive
from .rulesdata import RulesData

State = dict[str, Any]


def refresh(data: RulesData, state: State) -> None:
    """Control, VPs and tax base are recomputed after a change of what they derive from
    (2.6.2, 2.11): when :func:`current` does not vouch for the stored ones."""
    if data.refresh and not current(state):
        allies = state.get("minors")
        data.refresh(state, state.get(tables.STALE))
        tables.refreshed(state)
        if state.get("minors") != allies:   # read before every step by the Minors' check
            tables.wrote(state, "minors")


def current(state: State) -> bool:
    """``state["derived"]`` is what a refresh would compute: no input changed since it was
    (the setters of :mod:`rules.hubris.tables` record every change, ``tables.STALE``) and each
    Kingdom's VPs count its King's Renown as it stands (Leaders come and go, and gain and
    lose Renown, in many places)."""
    derived = state.get("derived")
    if derived is None or tables.STALE in state:
        return False
    vp = derived["vp"]
    kingdoms = state["kingdoms"]
    players = [k for k, kd in kingdoms.items() if not kd.get("non_player")]
    return len(players) == len(vp) and all(
        k in vp and vp[k]["renown"] == king_renown(state, k) for k in players)


def place_marker(data: RulesData, state: State, place: str, power: str, marker: str,
                 rule: str) -> None:
    """Put ``power``'s Garrison or Alliance on ``place``; a Greek Garrison purges Alliances."""
    set_place(state, place, power=power, marker=marker, revolt=False, rebel=None)
    note(state, f"{power_name(state, power)} place {'an' if marker[:1] in 'aeiou' else 'a'} "
         f"{marker.title()} on {name(place)}.", rule,
         where=place)
    info = data.places[place]
    if marker == "garrison" and info.status == "greek":
        for p in data.satrapies[info.satrapy].places:
            other = state["places"][p]
            if p != place and data.places[p].status == "greek" and \
                    other.get("power") == power and other.get("marker") == "alliance":
                set_place(state, p, power=None, marker=None)
                note(state, f"Garrisoning a Greek City Unaligns the "
                            f"{possessive(power_name(state, power))} Alliance on {name(p)}.",
                     "5.2.6", where=p)
    refresh(data, state)


def unalign(data: RulesData, state: State, place: str, rule: str) -> None:
    rec = state["places"][place]
    if rec.get("power") is None and not rec.get("revolt"):
        return
    set_place(state, place, power=None, marker=None, rebel=None, revolt=False)
    note(state, f"{name(place)} becomes Unaligned.", rule, where=place)
    refresh(data, state)


def revolt(data: RulesData, state: State, place: str, rule: str) -> None:
    """A Revolt marker: the Place is Unaligned until won back (2.8)."""
    set_place(state, place, power=None, marker=None, rebel=None, revolt=True, sd=False)
    note(state, f"{name(place)} rises in Revolt.", rule, where=place)
    refresh(data, state)
