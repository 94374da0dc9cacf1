"""Build the production :class:`RulesData` from the map loader and the components loader."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from rules.engine.data import cached_derived
from rules.engine.registry import asset_dir

from . import control
from .mapdata import load_map
from .rulesdata import EventCard, LeaderCard, PlaceInfo, RulesData, SatrapyInfo

#: the component files the cards are read from, checked by rules.hubris.components
COMPONENT_FILES = ("units.yaml", "leaders.yaml", "events.yaml", "cards.yaml")
#: the modules that read and check the component files (:mod:`rules.hubris.components`)
COMPONENT_MODULES = ("components", "component_records", "component_fields", "component_units",
                     "component_events", "component_cards")


@cache
def production() -> RulesData:
    md = load_map()
    leader_rows, event_rows, squads = _cards()
    places = {p.id: PlaceInfo(p.id, p.satrapy, p.kind, p.status, p.port_sea, p.stronghold,
                              p.capital_of, p.name) for p in md.places.values()}
    sats = {s.id: SatrapyInfo(s.id, tuple(p.id for p in md.places_in(s.id)), dict(s.vp),
                              tuple(s.tax), s.supply, s.rough, s.shipyard, tuple(s.seas), s.name)
            for s in md.satrapies.values()}
    seas = {s.id: tuple(b for b in s.borders if b in md.seas) for s in md.seas.values()}
    straits = [(st["between"][0], st["between"][1], st["sea"]) for st in md.straits]
    leaders = {row[0]: LeaderCard(*row) for row in leader_rows}
    events = {row[0]: EventCard(*row) for row in event_rows}
    return RulesData(sats, places, seas, md.land_edges(), straits,
                     dict(md.border_costs), leaders, events, dict(squads),
                     refresh=lambda state, changed=None: control.refresh(state, md, changed))


def _cards() -> tuple[Any, Any, Any]:
    """The Leader and Event cards (as LeaderCard/EventCard argument tuples) and the
    Squadrons per Kingdom, derived from the checked component files.

    Cached under the SHA-256 of the four files and of the code that loads, checks and
    converts them (:func:`rules.engine.data.cached_derived`): a start with unchanged files
    needs neither the component loader nor its checks; any edit runs them all again.
    """
    here = Path(__file__).parent
    base = asset_dir("hubris")
    inputs = [base / name for name in COMPONENT_FILES] + [
        here / f"{module}.py" for module in COMPONENT_MODULES] + [
        here / "rulesdata.py", here / "event_effects.py", Path(__file__)]
    return cached_derived("hubris-cards", inputs, _cards_from_components)


def _cards_from_components() -> tuple[Any, Any, Any]:
    # the component loader is heavy (19 record classes, every check): a cold cache only
    from .components import components  # late: the heavy component loader

    comp = components()
    entry = {ld.entry_event: ld.id for ld in comp.leaders.values() if ld.entry_event}
    leaders = tuple((ld.id, ld.name, ld.affiliation, ld.start_turn, ld.end_turn,
                     ld.royal_rank or 0, ld.battle, ld.siege, ld.diplomacy, ld.admin,
                     ld.loyalty, ld.intrigue or 0, ld.replacement,
                     tuple(a.id for a in ld.abilities) if ld.abilities else (),
                     ld.source)
                    for ld in comp.leaders.values())
    # a One-Off whose Turn is unknown but derived to a single Turn enters on that Turn (3.2)
    events = tuple((e.id, e.number or 0, e.display_title, e.kind,
                    e.turn if e.turn is not None or not e.turn_range
                    or e.turn_range[0] != e.turn_range[1] else e.turn_range[0],
                    tuple(e.activation_sequence), entry.get(e.id), e.mechanic,
                    e.active_turns, e.source, e.one_off_type, e.effect or "", e.ops,
                   e.pending, e.winter, e.reconstructed, e.why)
                   for e in comp.events.values())
    squads = dict(comp.units["squadron"].counts) if "squadron" in comp.units else {}
    return leaders, events, squads
