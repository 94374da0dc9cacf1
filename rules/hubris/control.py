"""Alignment -> Control, Territorial/Dynastic VPs and Tax (2.6.2, 2.11, 3.3, 2.1.5).

Everything here is a pure function of the state (and the map). :func:`refresh` stores the
results under ``state["derived"]`` (docs/hubris-state.md); rules must call it after every
change of alignment, King, Renown or Dynastic VPs.
"""

# no ``from __future__ import annotations``: NamedTuple would compile each string annotation
# into a ForwardRef at every start; these evaluate cheaply as they stand

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, NamedTuple

from rules.engine.state import frac, frac_str

from .mapdata import KINGDOMS, MapData, load_map

State = dict[str, Any]
#: the state key present while ``state["derived"]`` may no longer match the markers: the
#: Places whose markers changed since the last refresh (empty when only other inputs did);
#: the setters of :mod:`rules.hubris.core` set it when an input changes, :func:`refresh`
#: drops it
STALE = "derived_stale"
#: the upkeep key holding, per power, the components of the Satrapies it Controls as found
#: on this ``state["derived"]`` (``core.controlled_components``): dropped with every new
#: ``derived`` (:func:`refresh`); upkeep (``_``), out of hashes and saves
COMPONENTS = "_components"


def round_half_up(value: Fraction) -> int:
    """2.1.5: round the absolute value to the nearest whole number, .5 upwards (-0.5 -> -1)."""
    num, den = abs(value.numerator), value.denominator     # |value| = num / den
    n = (2 * num + den) // (2 * den)                       # floor(|value| + 1/2)
    return -n if value < 0 else n


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The sum of ``values``, added as whole numbers over their common denominator (a sum of
    Fractions reduces after every addition): the same Fraction as ``sum``."""
    values = list(values)
    den = math.lcm(*(v.denominator for v in values)) if values else 1
    return Fraction(sum(v.numerator * (den // v.denominator) for v in values), den)


def power_key(place_state: dict[str, Any] | None) -> str | None:
    """Who a Place is Aligned with: a power id, ``rebel:<leader>`` for a Rebel, None."""
    if not place_state or not place_state.get("power"):
        return None
    if place_state["power"] == "rebel":
        return f"rebel:{place_state.get('rebel') or '?'}"
    return str(place_state["power"])


class Control(NamedTuple):
    """Who Controls a Satrapy and how (2.6.2)."""

    power: str
    level: str  # simple | full
    garrisons: int
    alliances: int

    @property
    def by_alliances(self) -> bool:
        """A strict majority of the controller's Aligned Places are Alliances (2.6.2)."""
        return self.alliances > self.garrisons


def control_of(state: State, satrapy: str, md: MapData | None = None) -> Control | None:
    """2.6.2: more than half of the Places -> Simple Control, all of them -> Full Control."""
    md = md or load_map()
    places = md.place_ids_in(satrapy)
    records = state["places"]
    counts: dict[str, list[int]] = {}
    for p in places:
        ps = records.get(p)
        if not ps or not ps.get("power"):
            continue
        key = power_key(ps)
        g_a = counts.get(key)
        if g_a is None:
            g_a = counts[key] = [0, 0]
        g_a[0 if ps["marker"] == "garrison" else 1] += 1
    for power, (g, a) in counts.items():
        if 2 * (g + a) > len(places):
            level = "full" if g + a == len(places) else "simple"
            return Control(power, level, g, a)
    return None


def controlled(state: State, power: str, md: MapData | None = None) -> list[str]:
    """The Satrapies ``power`` Controls, in map order."""
    md = md or load_map()
    out = []
    for sid in md.satrapies:
        c = control_of(state, sid, md)
        if c and c.power == power:
            out.append(sid)
    return out


def _anachoresis(state: State) -> bool:
    return any(e in ("ev20", "ev-20") for e in state.get("ongoing_events", []))


def tax_value(state: State, satrapy: str, kingdom: str, md: MapData | None = None,
              ctrl: dict[str, Control | None] | None = None) -> Fraction:
    """3.3: the Tax a Kingdom draws from one Satrapy (0 if it does not Control it).

    Reduced or Full value by Control level (Ev 20 'Anachoresis' swaps in the alternate DELTA and
    THEBAIS cards, 2.4.6); halved if Controlled through a strict majority of Alliances;
    halved again if Ravaged. ``ctrl``: :func:`control_of` of every Controlled Satrapy (one
    not in it is not Controlled), when known.
    """
    md = md or load_map()
    c = ctrl.get(satrapy) if ctrl is not None else control_of(state, satrapy, md)
    if c is None or c.power != kingdom:
        return Fraction(0)
    sat = md.satrapies[satrapy]
    values = sat.tax_anachoresis if (sat.tax_anachoresis and _anachoresis(state)) else sat.tax
    value = values[1] if c.level == "full" else values[0]
    if c.by_alliances:
        value /= 2
    if state.get("satrapies", {}).get(satrapy, {}).get("ravaged"):
        value /= 2
    return value


def tax_base(state: State, kingdom: str, md: MapData | None = None,
             ctrl: dict[str, Control | None] | None = None) -> Fraction:
    """Sum of the Tax Values of the Kingdom's Satrapies (3.3), before the At-War halving.

    A scenario may fix the base instead (12.5: 45 T plus what is gained after the start).
    """
    md = md or load_map()
    # with Control known, only the Kingdom's Satrapies are visited: the others yield 0
    mine = (md.satrapies if ctrl is None
            else [s for s, c in ctrl.items() if c is not None and c.power == kingdom])
    total = exact_sum(tax_value(state, s, kingdom, md, ctrl) for s in mine)
    fixed = state.get("scenario", {}).get("revenue_base", {}).get(kingdom)
    if fixed:
        total = frac(fixed["fixed"]) + total - frac(fixed["start"])
    return total


def at_war_for_revenue(state: State, kingdom: str) -> bool:
    """3.3: At War with a Kingdom, or with Rome while the Agenda is on its FULL WAR side."""
    for pair, status in state.get("wars", {}).items():
        powers = pair.split("|")
        if status != "war" or kingdom not in powers:
            continue
        other = powers[0] if powers[1] == kingdom else powers[1]
        if other in KINGDOMS and not state["kingdoms"].get(other, {}).get("non_player"):
            return True     # the Non-Player Macedon's War halves nothing (10.1)
        if other == "rome" and state.get("rome", {}).get("agenda_side") == "full-war":
            return True
    return False


def revenue(state: State, kingdom: str, md: MapData | None = None) -> int:
    """3.3: the Talents collected in the Revenue Phase (halved At War, rounded per 2.1.5)."""
    total = tax_base(state, kingdom, md)
    if at_war_for_revenue(state, kingdom):
        total /= 2
    return round_half_up(total)


def territorial_vp(state: State, kingdom: str, md: MapData | None = None,
                   ctrl: dict[str, Control | None] | None = None) -> Fraction:
    """2.11.1: Full VP Value of Fully Controlled, Reduced of Simply Controlled Satrapies."""
    md = md or load_map()
    found = (ctrl.items() if ctrl is not None
             else ((sid, control_of(state, sid, md)) for sid in md.satrapies))
    return exact_sum(md.satrapies[sid].vp[kingdom][1 if c.level == "full" else 0]
                     for sid, c in found if c and c.power == kingdom)


def dynastic_vp(state: State, kingdom: str, md: MapData | None = None) -> Fraction:
    """2.11.2: the accumulated Dynastic VPs, less 2 per original Capital held by a Rebel
    (2.9.4) and 1 while a Temporary Capital is in use (2.5.6)."""
    md = md or load_map()
    k = state["kingdoms"][kingdom]
    total = frac(k.get("dynastic_vp", "0"))
    capitals = md.capitals_of(kingdom)
    for c in capitals:
        if state["places"].get(c, {}).get("power") == "rebel":
            total -= 2
    if capitals and not k.get("eliminated") and not any(
            (state["places"].get(c) or {}).get("power") == kingdom
            or _kept_out_of_play(state, md, c) for c in capitals):
        total -= 1      # no original Capital left: a Temporary one in use (2.5.6)
    return total


def _kept_out_of_play(state: State, md: MapData, place: str) -> bool:
    """12.5, 12.6 (ruling S10): a Capital outside the areas in play stays its Kingdom's."""
    if state.get("scenario", {}).get("id") not in ("antiochos-hubris", "dance-of-ares"):
        return False
    return not (state.get("satrapies", {}).get(md.places[place].satrapy) or {}).get("in_play")


def king_renown(state: State, kingdom: str) -> int:
    king = state["kingdoms"][kingdom].get("king")
    return int(state["leaders"].get(king, {}).get("renown", 0)) if king else 0


def victory_points(state: State, kingdom: str, md: MapData | None = None,
                   ctrl: dict[str, Control | None] | None = None) -> dict[str, Any]:
    """2.11: Territorial + Dynastic + King's Renown, kept as fractions, with rounded totals."""
    terr = territorial_vp(state, kingdom, md, ctrl)
    dyn = dynastic_vp(state, kingdom, md)
    ren = king_renown(state, kingdom)
    total = terr + dyn + ren
    return {
        "territorial": frac_str(terr),
        "dynastic": frac_str(dyn),
        "renown": ren,
        "total": frac_str(total),
        "territorial_rounded": round_half_up(terr),
        "total_rounded": round_half_up(total),
    }


def minor_allies(state: State, md: MapData | None = None) -> dict[str, str | None]:
    """2.5.8: a Minor is Allied to the Power holding Alliances on all its Heartland Places."""
    md = md or load_map()
    out: dict[str, str | None] = {}
    for minor, hearts in md.minors.items():
        owners = {
            (power_key(state["places"].get(h)), (state["places"].get(h) or {}).get("marker"))
            for h in hearts
        }
        ((power, marker),) = owners if len(owners) == 1 else ((None, None),)
        out[minor] = power if marker == "alliance" else None
    return out


def refresh(state: State, md: MapData | None = None, changed: list[str] | None = None
            ) -> None:
    """Recompute ``state["derived"]``: Control of every Satrapy, VPs and tax base per Kingdom.

    ``changed``: when given, the only Places whose markers changed since ``derived`` was
    computed (``STALE``): the Control of the Satrapies holding none of them is kept, and the
    Minors' Alliances too when no Place changed (they are derived from Places only)."""
    md = md or load_map()
    stored = state["derived"]["control"] if changed is not None and "derived" in state \
        else None
    redo = {md.places[p].satrapy for p in changed or ()}
    found: dict[str, Control | None] = {}     # the Controlled Satrapies, once, not per use
    ctrl = {}
    for sid in md.satrapies:
        if stored is not None and sid not in redo:
            kept = stored.get(sid)
            if kept:
                found[sid] = Control(kept["power"], kept["level"], kept["garrisons"],
                                     kept["alliances"])
                ctrl[sid] = kept
            continue
        c = control_of(state, sid, md)
        if c:
            found[sid] = c
            ctrl[sid] = {
                "power": c.power,
                "level": c.level,
                "garrisons": c.garrisons,
                "alliances": c.alliances,
                "halved": c.by_alliances,
            }
    kingdoms = [k for k, kd in state.get("kingdoms", {}).items()
                if not kd.get("non_player")]      # 10.1: the Non-Player Macedon has no VPs
    state["derived"] = {
        "control": ctrl,
        "vp": {k: victory_points(state, k, md, found) for k in kingdoms},
        "tax_base": {k: frac_str(tax_base(state, k, md, found)) for k in kingdoms},
    }
    state.pop(COMPONENTS, None)
    if stored is None or changed:
        minors = dict(state.get("minors", {}))  # a new table: shared (game.SHARED_PARTS)
        for minor, ally in minor_allies(state, md).items():
            minors[minor] = {**minors.get(minor, {}), "allied_with": ally}
        state["minors"] = minors
    state.pop(STALE, None)
