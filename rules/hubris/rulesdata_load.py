"""Build the production :class:`RulesData` from the map loader and the components loader."""

from __future__ import annotations

from functools import cache

from . import control
from .components import components
from .mapdata import load_map
from .rulesdata import EventCard, LeaderCard, PlaceInfo, RulesData, SatrapyInfo


@cache
def production() -> RulesData:
    md = load_map()
    comp = components()
    places = {p.id: PlaceInfo(p.id, p.satrapy, p.kind, p.status, p.port_sea, p.stronghold,
                              p.capital_of, p.name) for p in md.places.values()}
    sats = {s.id: SatrapyInfo(s.id, tuple(p.id for p in md.places_in(s.id)), dict(s.vp),
                              tuple(s.tax), s.supply, s.rough, s.shipyard, tuple(s.seas), s.name)
            for s in md.satrapies.values()}
    seas = {s.id: tuple(b for b in s.borders if b in md.seas) for s in md.seas.values()}
    straits = [(st["between"][0], st["between"][1], st["sea"]) for st in md.straits]
    entry = {ld.entry_event: ld.id for ld in comp.leaders.values() if ld.entry_event}
    leaders = {ld.id: LeaderCard(ld.id, ld.name, ld.affiliation, ld.start_turn, ld.end_turn,
                                 ld.royal_rank or 0, ld.battle, ld.siege, ld.diplomacy, ld.admin,
                                 ld.loyalty, ld.intrigue or 0, ld.replacement,
                                 tuple(a.id for a in ld.abilities) if ld.abilities else (),
                                 ld.source)
               for ld in comp.leaders.values()}
    events = {e.id: EventCard(e.id, e.number or 0, e.display_title, e.kind, e.turn,
                              tuple(e.activation_sequence), entry.get(e.id), e.mechanic,
                              e.active_turns, e.source)
              for e in comp.events.values()}
    squads = dict(comp.units["squadron"].counts) if "squadron" in comp.units else {}
    return RulesData(sats, places, seas, md.land_edges(), straits,
                     dict(md.border_costs), leaders, events, squads,
                     refresh=lambda state: control.refresh(state, md))
