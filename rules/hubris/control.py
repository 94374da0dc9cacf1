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

from . import tables
from .mapdata import KINGDOMS, VP_UNIT, MapData, load_map

State = dict[str, Any]


def round_half_up(value: Fraction) -> int:
    """2.1.5: round the absolute value to the nearest whole number, .5 upwards (-0.5 -> -1)."""
    return round_units(value.numerator, value.denominator)


def round_units(count: int, unit: int) -> int:
    """:func:`round_half_up` of ``count / unit`` (``unit`` > 0), the value in whole numbers."""
    n = (2 * abs(count) + unit) // (2 * unit)              # floor(|value| + 1/2)
    return -n if count < 0 else n


def units(value: Fraction, unit: int) -> int:
    """``value`` counted in ``1/unit``: a whole number, or ValueError (the sums below are kept
    exact as whole numbers of a fixed unit, see :func:`refresh`)."""
    count, rest = divmod(value.numerator * unit, value.denominator)
    if rest:
        raise ValueError(f"{value} is not a whole number of 1/{unit}")
    return count


def units_str(count: int, unit: int) -> str:
    """``count / unit`` written as :func:`rules.engine.state.frac_str` writes that Fraction
    (``"7/2"``, ``"3"``, ``"-1/4"``)."""
    g = math.gcd(count, unit)
    num, den = count // g, unit // g
    return str(num) if den == 1 else f"{num}/{den}"


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
        if not ps:
            continue
        key = ps.get("power")
        if not key:
            continue
        if key == "rebel":
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


#: the tax base is counted in quarter Talents: a Satrapy's printed Tax is a whole number of
#: Talents (``MapData.tax_talents``), halved at most twice (Alliances, Ravaged). VPs are
#: counted in half VPs (``VP_UNIT``): the printed VP Values and the Dynastic VPs are whole or
#: halves
TAX_UNIT = 4


def _tax_units(md: MapData, satrapy: str, level: str, by_alliances: bool, ravaged: bool,
               anachoresis: bool) -> int:
    """:func:`tax_value` of a Satrapy Controlled at ``level``, in ``1/TAX_UNIT`` Talents."""
    printed, alternate = md.tax_talents[satrapy]
    values = alternate if (alternate and anachoresis) else printed
    talents = values[1] if level == "full" else values[0]
    return talents * TAX_UNIT >> (bool(by_alliances) + bool(ravaged))  # halved 0-2 times


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
    ravaged = state.get("satrapies", {}).get(satrapy, {}).get("ravaged")
    return Fraction(_tax_units(md, satrapy, c.level, c.by_alliances, ravaged,
                               _anachoresis(state)), TAX_UNIT)


def _revenue_base(state: State, kingdom: str, tax_units: int) -> Fraction:
    """The tax base from the sum of the Tax Values: a scenario may fix it instead (12.5: 45 T
    plus what is gained after the start)."""
    total = Fraction(tax_units, TAX_UNIT)
    fixed = state.get("scenario", {}).get("revenue_base", {}).get(kingdom)
    if fixed:
        total = frac(fixed["fixed"]) + total - frac(fixed["start"])
    return total


def _tax_base_text(state: State, kingdom: str, tax_units: int) -> str:
    """:func:`_revenue_base` as ``state["derived"]["tax_base"]`` keeps it."""
    if state.get("scenario", {}).get("revenue_base", {}).get(kingdom):
        return frac_str(_revenue_base(state, kingdom, tax_units))
    return units_str(tax_units, TAX_UNIT)


def tax_base(state: State, kingdom: str, md: MapData | None = None,
             ctrl: dict[str, Control | None] | None = None) -> Fraction:
    """Sum of the Tax Values of the Kingdom's Satrapies (3.3), before the At-War halving.

    A scenario may fix the base instead (12.5: 45 T plus what is gained after the start).
    """
    md = md or load_map()
    if ctrl is None:
        ctrl = {sid: control_of(state, sid, md) for sid in md.satrapies}
    anachoresis = _anachoresis(state)
    sat_states = state.get("satrapies", {})
    total = sum(_tax_units(md, sid, c.level, c.by_alliances,
                           sat_states.get(sid, {}).get("ravaged"), anachoresis)
                for sid, c in ctrl.items() if c is not None and c.power == kingdom)
    return _revenue_base(state, kingdom, total)


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
    return Fraction(sum(md.vp_halves[sid][kingdom][1 if c.level == "full" else 0]
                        for sid, c in found if c and c.power == kingdom), VP_UNIT)


def _text_units(text: str | int, unit: int) -> int:
    """A Fraction kept in the state as text (``"7/2"``, ``"-3"``) counted in ``1/unit``."""
    if isinstance(text, str) and text.lstrip("-").isdigit():
        return int(text) * unit
    return units(frac(text), unit)


def _dynastic_units(state: State, kingdom: str, md: MapData) -> int:
    """:func:`dynastic_vp` in ``1/VP_UNIT`` VPs."""
    k = state["kingdoms"][kingdom]
    total = _text_units(k.get("dynastic_vp", "0"), VP_UNIT)
    places = state["places"]
    capitals = md.capitals_of(kingdom)
    for c in capitals:
        if places.get(c, {}).get("power") == "rebel":
            total -= 2 * VP_UNIT
    if capitals and not k.get("eliminated") and not any(
            (places.get(c) or {}).get("power") == kingdom
            or _kept_out_of_play(state, md, c) for c in capitals):
        total -= VP_UNIT    # no original Capital left: a Temporary one in use (2.5.6)
    return total


def dynastic_vp(state: State, kingdom: str, md: MapData | None = None) -> Fraction:
    """2.11.2: the accumulated Dynastic VPs, less 2 per original Capital held by a Rebel
    (2.9.4) and 1 while a Temporary Capital is in use (2.5.6)."""
    return Fraction(_dynastic_units(state, kingdom, md or load_map()), VP_UNIT)


def _kept_out_of_play(state: State, md: MapData, place: str) -> bool:
    """12.5, 12.6 (ruling S10): a Capital outside the areas in play stays its Kingdom's."""
    if state.get("scenario", {}).get("id") not in ("antiochos-hubris", "dance-of-ares"):
        return False
    return not (state.get("satrapies", {}).get(md.places[place].satrapy) or {}).get("in_play")


def king_renown(state: State, kingdom: str) -> int:
    king = state["kingdoms"][kingdom].get("king")
    return int(state["leaders"].get(king, {}).get("renown", 0)) if king else 0


def _vp_record(territorial: int, dynastic: int, renown: int) -> dict[str, Any]:
    """The VPs as kept in ``state["derived"]["vp"]``, from the two sums in ``1/VP_UNIT``."""
    total = territorial + dynastic + renown * VP_UNIT
    return {
        "territorial": units_str(territorial, VP_UNIT),
        "dynastic": units_str(dynastic, VP_UNIT),
        "renown": renown,
        "total": units_str(total, VP_UNIT),
        "territorial_rounded": round_units(territorial, VP_UNIT),
        "total_rounded": round_units(total, VP_UNIT),
    }


def victory_points(state: State, kingdom: str, md: MapData | None = None,
                   ctrl: dict[str, Control | None] | None = None) -> dict[str, Any]:
    """2.11: Territorial + Dynastic + King's Renown, kept as fractions, with rounded totals."""
    md = md or load_map()
    terr = territorial_vp(state, kingdom, md, ctrl)
    return _vp_record(units(terr, VP_UNIT), _dynastic_units(state, kingdom, md),
                      king_renown(state, kingdom))


def minor_allies(state: State, md: MapData | None = None,
                 minors: Iterable[str] | None = None) -> dict[str, str | None]:
    """2.5.8: a Minor is Allied to the Power holding Alliances on all its Heartland Places
    (of every Minor, or of ``minors``)."""
    md = md or load_map()
    out: dict[str, str | None] = {}
    places = state["places"]
    for minor in md.minors if minors is None else minors:
        owners = {(power_key(places.get(h)), (places.get(h) or {}).get("marker"))
                  for h in md.minors[minor]}
        ((power, marker),) = owners if len(owners) == 1 else ((None, None),)
        out[minor] = power if marker == "alliance" else None
    return out


def _control_record(c: Control | None) -> dict[str, Any] | None:
    """A Satrapy's Control as kept in ``state["derived"]["control"]`` (None: not Controlled)."""
    if c is None:
        return None
    return {"power": c.power, "level": c.level, "garrisons": c.garrisons,
            "alliances": c.alliances, "halved": c.by_alliances}


def _control_table(state: State, md: MapData, stored: dict[str, Any] | None,
                   changed: list[str] | None) -> dict[str, Any]:
    """``state["derived"]["control"]``: the Controlled Satrapies in map order. With
    ``stored`` (the table before) and ``changed``, only the Satrapies holding a changed Place
    are looked at again, and ``stored`` itself is kept when none of them changed hands."""
    if stored is None:
        return {sid: rec for sid in md.satrapies
                if (rec := _control_record(control_of(state, sid, md))) is not None}
    redo = {md.places[p].satrapy for p in changed or ()}
    new = {sid: _control_record(control_of(state, sid, md)) for sid in redo}
    if all(new[sid] == stored.get(sid) for sid in redo):
        return stored
    out = {}
    for sid in md.satrapies:
        rec = new[sid] if sid in redo else stored.get(sid)
        if rec is not None:
            out[sid] = rec
    return out


def _minors_table(state: State, md: MapData, changed: list[str] | None) -> dict[str, Any]:
    """``state["minors"]`` with each Minor's Alliance (2.5.8) as the Places now stand; with
    ``changed``, only the Minors whose Heartland holds a changed Place are looked at again.
    The table is shared (``core.SHARED_PARTS``): a change makes a new one, none keeps it."""
    table = state.get("minors", {})
    if changed is None or len(table) != len(md.minors):
        which = None
    else:
        which = {h for p in changed if (h := md.places[p].heartland_of) in md.minors}
    allies = minor_allies(state, md, which)
    if all(minor in table and table[minor].get("allied_with", ()) == ally
           for minor, ally in allies.items()):
        return table
    table = dict(table)
    for minor, ally in allies.items():
        table[minor] = {**table.get(minor, {}), "allied_with": ally}
    return table


def refresh(state: State, md: MapData | None = None, changed: list[str] | None = None
            ) -> None:
    """Recompute ``state["derived"]``: Control of every Satrapy, VPs and tax base per Kingdom,
    and the Minors' Alliances (``state["minors"]``).

    ``changed``: when given, the only Places whose markers changed since ``derived`` was
    computed (``tables.STALE``): the Control of the Satrapies holding none of them is kept, and the
    Alliances of the Minors with none of them in their Heartland. The VPs and tax bases are
    summed as whole numbers of half VPs and quarter Talents (``VP_UNIT``, ``TAX_UNIT``), the
    same values as the Fractions of :func:`victory_points` and :func:`tax_base`."""
    md = md or load_map()
    stored = state["derived"]["control"] if changed is not None and "derived" in state \
        else None
    ctrl = _control_table(state, md, stored, changed)
    kingdoms = [k for k, kd in state.get("kingdoms", {}).items()
                if not kd.get("non_player")]      # 10.1: the Non-Player Macedon has no VPs
    terr = dict.fromkeys(kingdoms, 0)
    tax = dict.fromkeys(kingdoms, 0)
    anachoresis = _anachoresis(state)
    sat_states = state.get("satrapies", {})
    for sid, c in ctrl.items():
        k = c["power"]
        if k in terr:
            level = c["level"]
            terr[k] += md.vp_halves[sid][k][1 if level == "full" else 0]
            tax[k] += _tax_units(md, sid, level, c["halved"],
                                 sat_states.get(sid, {}).get("ravaged"), anachoresis)
    state["derived"] = {
        "control": ctrl,
        "vp": {k: _vp_record(terr[k], _dynastic_units(state, k, md), king_renown(state, k))
               for k in kingdoms},
        "tax_base": {k: _tax_base_text(state, k, tax[k]) for k in kingdoms},
    }
    if stored is None or changed:
        state["minors"] = _minors_table(state, md, changed)
    tables.refreshed(state)
