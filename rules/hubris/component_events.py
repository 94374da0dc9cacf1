"""``events.yaml`` read and checked: the Event cards, their two-player alternates and
mechanics (4, 10.4)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from rules.engine.data import LineDict, load_yaml, require

from . import upcalls
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
    _EVENT_ID,
    _UNIT_ID,
    EFFECT_KNOWN,
    EVENT_KINDS,
    KINGDOMS,
    LAST_TURN,
    MAJOR_POWERS,
    N_EVENTS,
    ONE_OFF_TYPES,
    RECURRENT_PER_TURN,
    SCENARIOS,
    Event,
    Mechanic,
    TwoPlayer,
)

# ------------------------------------------------------------------ events.yaml
_EVENT_KEYS = {"id", "number", "title", "kind", "one_off_type", "kingdom", "turn",
               "turn_range", "active_turns", "replaced_by", "replaces", "activation_sequence",
               "mechanic", "effect", "effect_known", "units", "two_player", "scenario_notes",
               "notes", "source", "reconstructed", "ops", "pending", "winter"}
_PENDING_KEYS = {"who", "activation", "when", "ops", "text"}
_MECHANIC_PARAMS = {"lose_on", "last_squadron_second_roll", "remove_on_2d6"}



def _turn_pair(rec: LineDict, key: str) -> tuple[int, int]:
    pair = require(rec, key, list)
    if len(pair) != 2 or not all(isinstance(t, int) and not isinstance(t, bool) for t in pair):
        raise _err(rec, key, "expected [first, last] Turns")
    first, last = pair
    if not 1 <= first <= last <= LAST_TURN:
        raise _err(rec, key, f"[{first}, {last}] is not a range of Turns 1..{LAST_TURN}")
    return first, last


def _sequence(rec: LineDict, powers: tuple[str, ...]) -> tuple[str, ...]:
    seq = _list(rec, "activation_sequence", powers)
    if set(seq) != set(powers):
        raise _err(rec, "activation_sequence",
                   f"every Major Power activates once: {', '.join(powers)} (3.6)")
    return seq


def _two_player(rec: LineDict) -> TwoPlayer | None:
    if "two_player" not in rec:
        return None
    block = _mapping(rec["two_player"], rec, "two_player")
    _keys(block, {"removed", "alternate", "change"}, {"removed", "alternate", "change"})
    return TwoPlayer(_bool(block, "removed"), _text(block, "alternate", nullable=True),
                     _text(block, "change", nullable=True))


def _scenario_notes(rec: LineDict) -> dict[str, str]:
    if "scenario_notes" not in rec:
        return {}
    block = _mapping(rec["scenario_notes"], rec, "scenario_notes")
    for key in block:
        if key not in SCENARIOS:
            raise _err(block, str(key), f"unknown scenario (one of {', '.join(SCENARIOS)})")
        _text(block, key)
    return dict(block)


def _event(rec: LineDict, seen: dict[str, LineDict]) -> Event:
    _keys(rec, _EVENT_KEYS, {"id", "number", "title", "kind", "effect", "effect_known", "source"})
    eid = _id(rec, _EVENT_ID, seen)
    number = _int(rec, "number", 1, N_EVENTS)
    if eid != f"ev-{number:02d}":
        raise _err(rec, "number", f"number {number} does not match id {eid}")
    kind = _choice(rec, "kind", EVENT_KINDS)
    turn = turn_range = active = None
    sequence: tuple[str, ...] = ()
    if kind == "recurrent":
        active = _turn_pair(rec, "active_turns")
        sequence = _sequence(rec, MAJOR_POWERS)
    else:
        for key in ("active_turns", "activation_sequence", "mechanic"):
            if key in rec:
                raise _err(rec, key, "only Recurrent Events have this (4.1)")
    if kind == "one-off":
        if "turn" not in rec:
            raise _err(rec, None, "a One-Off needs 'turn' (null if unknown) (3.2)")
        turn = _int(rec, "turn", 1, LAST_TURN, nullable=True)
        if "turn_range" in rec:
            turn_range = _turn_pair(rec, "turn_range")
            if turn is not None and "turn" not in _recon_fields(rec):
                raise _err(rec, "turn_range", "give either a known turn or a range (or "
                                              "mark the turn reconstructed)")
        elif turn is None:
            raise _err(rec, "turn", "an unknown Turn needs a 'turn_range'")
        if turn is not None and turn_range is not None and \
                not turn_range[0] <= turn <= turn_range[1]:
            raise _err(rec, "turn", f"Turn {turn} is outside the derived range {turn_range}")
    else:
        for key in ("turn_range", "one_off_type"):
            if key in rec:
                raise _err(rec, key, "only One-Off Events have this (4.3)")
        if rec.get("turn") is not None:
            raise _err(rec, "turn", "only One-Off Events carry a Turn (4.3)")
    kingdom = _choice(rec, "kingdom", KINGDOMS, optional=True)
    if (kind == "succession") != (kingdom is not None):
        raise _err(rec, "kind", "a Succession Crisis, and only it, names its Kingdom (4.5)")
    effect = _text(rec, "effect", nullable=True)
    known = _choice(rec, "effect_known", EFFECT_KNOWN)
    if effect is None and known != "none":
        raise _err(rec, "effect_known", "a null effect is 'none'")
    source, skind, recon = _provenance(rec)
    ops, pend, winter = _event_parts(rec)
    return Event(
        id=eid, number=number, title=_text(rec, "title", nullable=True), kind=kind,
        one_off_type=_choice(rec, "one_off_type", ONE_OFF_TYPES, optional=True),
        kingdom=kingdom, turn=turn, turn_range=turn_range, active_turns=active,
        activation_sequence=sequence,
        mechanic=_text(rec, "mechanic", nullable=True, optional=True), effect=effect,
        effect_known=known, units=_list(rec, "units", optional=True),
        replaces=_text(rec, "replaces", optional=True),
        replaced_by=_text(rec, "replaced_by", optional=True), two_player=_two_player(rec),
        scenario_notes=_scenario_notes(rec), notes=_text(rec, "notes", optional=True),
        source=source, source_kind=skind, reconstructed=recon, ops=ops, pending=pend,
        winter=winter,
        why=str(rec["reconstructed"]["why"]) if "reconstructed" in rec else "")


def _recon_fields(rec: LineDict) -> list[str]:
    block = rec.get("reconstructed")
    return list(block.get("fields") or []) if isinstance(block, dict) else []


def _plain(value: Any) -> Any:
    """YAML mappings and lists as plain dicts and lists (the cache stores plain data)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _event_parts(rec: LineDict) -> tuple[tuple, dict | None, tuple]:
    """The Immediate operations, the Pending part and the Winter operations of a card,
    checked against the effect vocabulary (:mod:`rules.hubris.event_effects`)."""
    errors: list[str] = []
    ops = _plain(rec.get("ops") or [])
    errors += upcalls.validate_effects(ops, "ops")
    winter = _plain(rec.get("winter") or [])
    errors += upcalls.validate_effects(winter, "winter")
    pend = None
    if rec.get("pending") is not None:
        block = _mapping(rec["pending"], rec, "pending")
        _keys(block, _PENDING_KEYS, {"ops", "text"})
        pend = _plain(dict(block))
        errors += upcalls.validate_effects(pend["ops"], "pending.ops")
    if errors:
        raise _err(rec, "ops" if "ops" in rec else "pending", "; ".join(errors[:3]))
    if rec.get("effect_known") == "none" and (ops or pend):
        raise _err(rec, "effect_known", "a card with operations has a known or "
                                        "reconstructed effect")
    return tuple(ops), pend, tuple(winter)


def _alternate(rec: LineDict, seen: dict[str, LineDict]) -> Event:
    _keys(rec, {"id", "title", "replaces", "kind", "activation_sequence", "mechanic", "effect",
                "effect_known", "source", "reconstructed"},
          {"id", "title", "replaces", "kind", "activation_sequence", "mechanic", "effect",
           "effect_known", "source"})
    aid = _id(rec, re.compile(r"^alt-ev-\d{2}$"), seen)
    _choice(rec, "kind", ("recurrent",))
    # Non-Player Macedon's icons are ignored (10.5): the Kingdoms and Rome activate
    sequence = _sequence(rec, ("seleucids", "ptolemies", "rome"))
    source, skind, recon = _provenance(rec)
    return Event(
        id=aid, number=None, title=_text(rec, "title"), kind="recurrent",
        active_turns=(1, LAST_TURN), activation_sequence=sequence,
        mechanic=_text(rec, "mechanic", nullable=True), effect=_text(rec, "effect", nullable=True),
        effect_known=_choice(rec, "effect_known", EFFECT_KNOWN),
        replaces=_text(rec, "replaces"), source=source, source_kind=skind, reconstructed=recon)


def _mechanic(rec: LineDict, seen: dict[str, LineDict]) -> Mechanic:
    _keys(rec, {"id", "name", "event", "summary", "source", "reconstructed"} | _MECHANIC_PARAMS,
          {"id", "name", "event", "summary", "source"})
    mid = _id(rec, _UNIT_ID, seen)
    params = {}
    for key in _MECHANIC_PARAMS & set(rec):
        value = rec[key]
        values = value if isinstance(value, list) else [value]
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 12
                                 for v in values):
            raise _err(rec, key, "expected a die result 1-12 or a list of them")
        params[key] = value
    source, skind, recon = _provenance(rec)
    return Mechanic(mid, _text(rec, "name"), _text(rec, "event"), _text(rec, "summary"), params,
                    source, skind, recon)


def _load_events(path: Path):
    doc = load_yaml(path)
    _top(doc, path, {"mechanics", "alternates", "events"})
    mseen: dict[str, LineDict] = {}
    mechanics = {m.id: m for m in (_mechanic(r, mseen) for r in _records(doc, "mechanics", path))}
    aseen: dict[str, LineDict] = {}
    alternates = {a.id: a for a in (_alternate(r, aseen)
                                    for r in _records(doc, "alternates", path))}
    seen: dict[str, LineDict] = {}
    events = {e.id: e for e in (_event(r, seen) for r in _records(doc, "events", path))}
    if len(events) != N_EVENTS:
        raise _err(doc, "events", f"{len(events)} Event cards, the game has {N_EVENTS} (1.2)")
    kinds = Counter(e.kind for e in events.values())
    if kinds["winter"] != 1:
        raise _err(doc, "events", "exactly one Winter Quarters card (4.2)")
    crises = sorted(e.kingdom for e in events.values() if e.kind == "succession")
    if crises != sorted(KINGDOMS):
        raise _err(doc, "events", "one Succession Crisis per Kingdom (4.5)")
    for turn in range(1, LAST_TURN + 1):
        active = [e for e in events.values() if e.kind == "recurrent" and e.in_deck(turn)]
        if len(active) != RECURRENT_PER_TURN:
            raise _err(doc, "events", f"Turn {turn} has {len(active)} Recurrent Events, "
                                      f"not {RECURRENT_PER_TURN} (4.1)")
    return mechanics, alternates, events, {**mseen, **aseen, **seen}
