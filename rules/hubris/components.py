"""Hubris component data: Units, Leaders, Events and Rome's cards (rules 1.2, 2.2, 2.13, 4, 8).

Reads ``assets/hubris/{units,leaders,events,cards}.yaml`` into frozen, typed records and
checks them against what the rules fix: counts (1.2), rating ranges (2.2.3), Loyalty on every
non-Replacement Leader (11.0), one Royal Army and Siege Train per Kingdom (2.13.4, 2.13.7),
six Recurrent Events every Turn (4.1), Roman Activation box limits (8.6.3) and so on, plus
every cross-reference between the files. The first problem raises
:class:`rules.engine.data.DataError` naming file, line and key.

Typical use::

    from rules.hubris.components import components
    c = components()
    c.leaders["P10"].diplomacy        # 3
    check_components()                # {"rule": 61, "reconstructed": 46, ...}
"""

from __future__ import annotations

import functools
from pathlib import Path

from rules.engine.data import SOURCE_KINDS, LineDict
from rules.engine.registry import asset_dir

from .component_cards import _load_cards
from .component_events import _load_events
from .component_fields import _err
from .component_records import (  # the vocabulary and the records, read from here too
    AFFILIATIONS,
    EVENT_KINDS,
    FILES,
    KINGDOM_UNIT_KINDS,
    KINGDOMS,
    LAST_TURN,
    MAJOR_POWERS,
    MINORS,
    NAVAL_KINDS,
    REGIONS,
    SATRAPIES,
    SCENARIOS,
    SEAS,
    UNIT_KINDS,
    Ability,
    ActivationBox,
    AgendaCard,
    AgendaSide,
    Components,
    Event,
    Leader,
    Marker,
    Mechanic,
    RomanActivationCard,
    Scope,
    SpwStep,
    TwoPlayer,
    UnitType,
)
from .component_units import _load_leaders, _load_units

__all__ = ["AFFILIATIONS", "EVENT_KINDS", "FILES", "KINGDOM_UNIT_KINDS", "KINGDOMS", "LAST_TURN",
           "MAJOR_POWERS", "MINORS", "NAVAL_KINDS", "REGIONS", "SATRAPIES", "SCENARIOS", "SEAS",
           "UNIT_KINDS", "Ability", "ActivationBox", "AgendaCard", "AgendaSide", "Components",
           "Event", "Leader", "Marker", "Mechanic", "RomanActivationCard", "Scope", "SpwStep",
           "TwoPlayer", "UnitType", "check_components", "component_report", "components",
           "load_components"]


# ------------------------------------------------------------------ cross-references
def _cross_check(c: Components, where: dict[str, LineDict]) -> None:
    def need(ok: bool, rid: str, key: str, message: str) -> None:
        if not ok:
            raise _err(where[rid], key, message)

    for u in c.units.values():
        if u.enters and u.enters != "event":
            if "/" in u.enters:
                lid, ability = u.enters.split("/", 1)
                ok = lid in c.leaders and any(a.id == ability for a in c.leaders[lid].abilities)
                need(ok, u.id, "enters", f"no Leader ability '{u.enters}'")
            else:
                need(u.enters in c.events, u.id, "enters", f"no event '{u.enters}'")
        if u.replaces:
            need(u.replaces in c.units, u.id, "replaces", f"no unit '{u.replaces}'")
        if u.replaced_by_leader:
            ld = c.leaders.get(u.replaced_by_leader)
            need(ld is not None and ld.elite_unit == u.id, u.id, "replaced_by_leader",
                 f"Leader '{u.replaced_by_leader}' does not name this unit as elite_unit")
    for ld in c.leaders.values():
        if ld.elite_unit:
            unit = c.units.get(ld.elite_unit)
            need(unit is not None and unit.kind == "minor" and unit.replaced_by_leader == ld.id,
                 ld.id, "elite_unit", f"'{ld.elite_unit}' is not a Minor Unit tied to {ld.id}")
        if ld.entry_event:
            need(ld.entry_event in c.events, ld.id, "entry_event", f"no '{ld.entry_event}'")
    for e in list(c.events.values()) + list(c.alternates.values()):
        for uid in e.units:
            need(uid in c.units, e.id, "units", f"no unit '{uid}'")
        for key, ref in (("replaces", e.replaces), ("replaced_by", e.replaced_by)):
            if ref:
                need(ref in c.events, e.id, key, f"no event '{ref}'")
        if e.mechanic:
            need(e.mechanic in c.mechanics, e.id, "mechanic", f"no mechanic '{e.mechanic}'")
        if e.two_player and e.two_player.alternate:
            need(e.two_player.alternate in c.alternates, e.id, "two_player",
                 f"no alternate '{e.two_player.alternate}'")
    for m in c.mechanics.values():
        need(m.event in c.events, m.id, "event", f"no event '{m.event}'")


# ------------------------------------------------------------------ entry points
def load_components(directory: str | Path | None = None) -> Components:
    """Load and check the four files from ``directory`` (default ``assets/hubris``)."""
    base = Path(directory) if directory is not None else asset_dir("hubris")
    return _load(str(base.resolve()))


@functools.cache
def _load(base: str) -> Components:
    root = Path(base)
    units, markers, unit_where = _load_units(root / "units.yaml")
    leaders, leader_where = _load_leaders(root / "leaders.yaml")
    mechanics, alternates, events, event_where = _load_events(root / "events.yaml")
    roman, agendas, spw, card_where = _load_cards(root / "cards.yaml")
    comps = Components(units, markers, leaders, events, alternates, mechanics, roman, agendas,
                       spw)
    _cross_check(comps, {**unit_where, **leader_where, **event_where, **card_where})
    return comps


def components() -> Components:
    """The game's component data, loaded once."""
    return load_components()


def check_components(directory: str | Path | None = None) -> dict[str, int]:
    """Number of top-level records by source kind; raises DataError on the first problem."""
    counts = dict.fromkeys(SOURCE_KINDS, 0)
    for _file, _section, record in load_components(directory).records():
        counts[record.source_kind] += 1
    return counts


def component_report(directory: str | Path | None = None) -> dict[str, dict[str, int]]:
    """Per section: records by source kind, plus how many carry reconstructed fields."""
    report: dict[str, dict[str, int]] = {}
    for filename, section, record in load_components(directory).records():
        row = report.setdefault(f"{filename}:{section}", {})
        row[record.source_kind] = row.get(record.source_kind, 0) + 1
        if getattr(record, "reconstructed", ()):
            row["with reconstructed fields"] = row.get("with reconstructed fields", 0) + 1
    return report
