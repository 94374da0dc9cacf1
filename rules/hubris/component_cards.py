"""``cards.yaml`` read and checked: Rome's Activation cards, Agendas and the Senate's
steps (8)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from rules.engine.data import LineDict, load_yaml, require, source_kind

from .component_fields import (
    _bool,
    _choice,
    _err,
    _id,
    _int,
    _keys,
    _list,
    _mapping,
    _provenance,
    _records,
    _text,
    _top,
)
from .component_records import (
    _UNIT_ID,
    MINORS,
    N_AGENDAS,
    N_ROMAN_ACTIVATION,
    N_SPW_CARDS,
    REGIONS,
    SATRAPIES,
    SEAS,
    ActivationBox,
    AgendaCard,
    AgendaSide,
    RomanActivationCard,
    Scope,
    SpwStep,
)
from .component_units import (
    RATING,
)


# ------------------------------------------------------------------ cards.yaml
def _activation_box(parent: LineDict, key: str) -> ActivationBox:
    box = _mapping(require(parent, key, dict), parent, key)
    names = {"military", "siege", "diplomacy", "legions", "battle", "squadrons"}
    _keys(box, names, names)
    military = _bool(box, "military")
    siege = _int(box, "siege", 4, 4, nullable=True)
    if military != (siege is not None):
        raise _err(box, "siege", "a Military icon carries a Siege Rating, always 4 (8.6.3)")
    legions = _int(box, "legions", 0, 3)
    battle = _int(box, "battle", *RATING, nullable=True)
    if (legions > 0) != (battle is not None):
        raise _err(box, "battle", "Legions come with a Battle Rating, and only they do (8.6.3)")
    if military and not legions:
        raise _err(box, "military", "a Campaign needs a Consul, who leaves without Legions "
                                    "(8.6.3, 8.6.5)")
    return ActivationBox(military, siege, _bool(box, "diplomacy"), legions, battle,
                         _int(box, "squadrons", 0, 2))


def _roman_card(rec: LineDict, seen: dict[str, LineDict]) -> RomanActivationCard:
    _keys(rec, {"id", "limited", "full", "source"}, {"id", "limited", "full", "source"})
    cid = _id(rec, re.compile(r"^ra-[1-9]$"), seen)
    limited, full = _activation_box(rec, "limited"), _activation_box(rec, "full")
    source, skind, _ = _provenance(rec)
    return RomanActivationCard(cid, limited, full, source, skind)


def _scope(parent: LineDict) -> Scope:
    block = _mapping(require(parent, "scope", dict), parent, "scope")
    _keys(block, {"regions", "satrapies", "seas", "everywhere"}, set())
    everywhere = _bool(block, "everywhere", default=False)
    scope = Scope(_list(block, "regions", REGIONS, optional=True),
                  _list(block, "satrapies", SATRAPIES, optional=True),
                  _list(block, "seas", SEAS, optional=True), everywhere)
    if everywhere == bool(scope.regions or scope.satrapies or scope.seas):
        raise _err(block, None, "a Scope is either 'everywhere' or a list of places (8.1.2)")
    return scope


def _agenda_side(card: LineDict, key: str) -> AgendaSide:
    side = _mapping(require(card, key, dict), card, key)
    _keys(side, {"scope", "allies_sought", "trigger", "next", "guarantees", "source",
                 "reconstructed"}, {"scope", "allies_sought", "trigger", "next", "guarantees"})
    allies = _list(side, "allies_sought", MINORS)
    if "parthians" in allies:
        raise _err(side, "allies_sought", "no Power may ever ally with the Parthians (2.13.10)")
    if "source" in side:
        source, skind, recon = _provenance(side)
    else:
        source, skind, recon = card["source"], source_kind(card), ()
    return AgendaSide(_scope(side), allies, _text(side, "trigger", nullable=True),
                      _text(side, "next", nullable=True),
                      _text(side, "guarantees", nullable=True), source, skind, recon)


def _agenda(rec: LineDict, seen: dict[str, LineDict]) -> AgendaCard:
    _keys(rec, {"id", "name", "order", "limited", "full", "notes", "source"},
          {"id", "name", "order", "limited", "full", "source"})
    aid = _id(rec, _UNIT_ID, seen)
    source, skind, _ = _provenance(rec)
    return AgendaCard(aid, _text(rec, "name"), _int(rec, "order", 1, N_AGENDAS),
                      _agenda_side(rec, "limited"), _agenda_side(rec, "full"),
                      _text(rec, "notes", optional=True), source, skind)


def _spw(rec: LineDict, seen: dict[str, LineDict]) -> SpwStep:
    names = {"id", "name", "card", "side", "step", "final", "squadron_cap", "rb_cap", "test",
             "agenda_side", "instructions", "source", "reconstructed"}
    _keys(rec, names, names - {"reconstructed"})
    sid = _id(rec, re.compile(r"^spw-[a-z0-9-]+$"), seen)
    source, skind, recon = _provenance(rec)
    return SpwStep(
        id=sid, name=_text(rec, "name"), card=_int(rec, "card", 1, N_SPW_CARDS),
        side=_choice(rec, "side", ("front", "back")), step=_int(rec, "step", 1, 2 * N_SPW_CARDS),
        final=_bool(rec, "final"), squadron_cap=_int(rec, "squadron_cap", 0, 6),
        rb_cap=_int(rec, "rb_cap", -2, 2, nullable=True),
        test=_text(rec, "test", nullable=True),
        agenda_side=_choice(rec, "agenda_side", ("limited", "full"), nullable=True),
        instructions=_text(rec, "instructions"), source=source, source_kind=skind,
        reconstructed=recon)


def _load_cards(path: Path):
    doc = load_yaml(path)
    _top(doc, path, {"roman_activation", "agendas", "spw"})
    seen: dict[str, LineDict] = {}
    roman = {c.id: c for c in (_roman_card(r, seen)
                               for r in _records(doc, "roman_activation", path))}
    if len(roman) != N_ROMAN_ACTIVATION:
        raise _err(doc, "roman_activation",
                   f"{len(roman)} Roman Activation cards, the game has {N_ROMAN_ACTIVATION} (1.2)")
    agendas = {a.id: a for a in (_agenda(r, seen) for r in _records(doc, "agendas", path))}
    if sorted(a.order for a in agendas.values()) != list(range(1, N_AGENDAS + 1)):
        raise _err(doc, "agendas", f"{N_AGENDAS} Agenda cards ordered 1..{N_AGENDAS} (1.2, 8.1)")
    by_order = {a.order: a for a in agendas.values()}
    for card in agendas.values():
        want = by_order[card.order + 1].id if card.order < N_AGENDAS else None
        for side_name in ("limited", "full"):
            side = card.side(side_name)
            if side.next != want:
                raise _err(seen[card.id][side_name], "next",
                           f"the Agenda after {card.id} is {want} (8.1, never backwards)")
    spw = {s.id: s for s in (_spw(r, seen) for r in _records(doc, "spw", path))}
    faces = Counter((s.card, s.side) for s in spw.values())
    if len(faces) != 2 * N_SPW_CARDS or any(n != 1 for n in faces.values()):
        raise _err(doc, "spw", f"{N_SPW_CARDS} double-sided cards: each card needs one front "
                               "and one back (1.2)")
    steps = sorted(s.step for s in spw.values() if not s.final)
    if steps != list(range(1, len(steps) + 1)):
        raise _err(doc, "spw", "the non-final steps must be numbered 1, 2, 3 ... (8.3.1)")
    finals = [s for s in spw.values() if s.final]
    if len(finals) != 2 or any(s.step <= steps[-1] for s in finals):
        raise _err(doc, "spw", "two final cards after the last step (8.3.2)")
    return roman, agendas, spw, seen
