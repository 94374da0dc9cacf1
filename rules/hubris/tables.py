"""The one writer of the state's tables and the owner of every value derived from them.

The rules change the Places, Satrapies, Kingdoms, Units and Leaders through the setters here
(:func:`set_place`, :func:`set_satrapy`, :func:`set_kingdom`, :func:`set_unit`,
:func:`set_leader`, :func:`own_table`, :func:`own_record`); any other write to a part of the
state that a derived value reads is announced with :func:`wrote`. Both drop, from one table
(:data:`READS`), every derived value kept in the state that was computed from what changed,
and mark ``state["derived"]`` (Control, VPs, tax base) stale when one of its inputs changed
(:data:`DERIVED_INPUTS`). A new derived value is added to :data:`READS` with what it reads;
nothing else needs to know of it. :func:`forget` drops them all (a hand-made edit of a
state). ``tests/hubris/test_upkeep_audit.py`` plays random games and compares every kept
value with a fresh computation after every decision (:mod:`rules.hubris.upkeep_audit`).

Every derived value is kept under an upkeep key (a top-level key beginning with ``_``): out
of hashes and saves (:func:`rules.engine.state.canonical`), found again when missing; see
docs/hubris-state.md, "Upkeep".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.engine.plain import DUE, copy_value

State = dict[str, Any]

# --- the derived values kept in the state --------------------------------------------------
#: present while the watched checks before every step have nothing to do
#: (:func:`rules.hubris.flow.run_checks`): set when they have run
SETTLED = "_settled"
#: the names of the checks that apply in this game (facts fixed at set-up,
#: :func:`rules.hubris.flow.applying`)
APPLYING = "_checks"
#: the Satrapies in play, sorted (:func:`rules.hubris.core.satrapies_in_play`)
IN_PLAY = "_in_play"
#: per power, the components of the Satrapies it Controls on this ``state["derived"]``
#: (:func:`rules.hubris.core.controlled_components`)
COMPONENTS = "_components"
#: the Kingdom facts kept between prompts (:func:`rules.hubris.kingdom_facts.kept`)
FACTS = "_facts"
#: per Kingdom, the facts kept between prompts that read the Places' markers and what is in
#: play (:func:`rules.hubris.kingdom_facts.of_places`)
PLACE_FACTS = "_place_facts"
#: ``DUE`` (:data:`rules.engine.plain.DUE`): the prompt due in this state and the prepared
#: copy it was found on (:meth:`rules.hubris.game.Hubris.prompt`). It reads the whole
#: position, which changes only in ``Hubris.apply``/``apply_in_place`` (they drop it first),
#: never in a state handed out; so no setter needs to drop it, a copy never carries it
#: (``copy_state``) nor does a view (:func:`detached`), and :func:`forget` drops it
#: not a kept value but a mark: present while ``state["derived"]`` may no longer match its
#: inputs, holding the Places whose markers changed since it was computed (empty when only
#: other inputs did); :func:`rules.hubris.alignment.refresh` recomputes it and drops the mark
STALE = "derived_stale"

#: every derived value kept in the state -> the parts of the state it is computed from.
#: A part is a top-level key of the state, or one of these finer names: ``in_play`` (which
#: Satrapies are in play), ``minor_units`` (the Minor Units), ``rebel_forces`` (Units and
#: Leaders while a Rebel faction is in play); ``queue`` is announced when a question leaves
#: it (the watched checks look for a question of their own there).
READS: dict[str, frozenset[str]] = {
    SETTLED: frozenset({"places", "in_play", "kingdoms", "minor_units", "rebels",
                        "rebel_forces", "minors", "queue", "result"}),
    APPLYING: frozenset(),                  # the scenario and its Units: fixed at set-up
    IN_PLAY: frozenset({"in_play"}),
    COMPONENTS: frozenset({"derived", "in_play"}),
    FACTS: frozenset({"units", "places", "in_play", "derived", "minors"}),
    PLACE_FACTS: frozenset({"places", "in_play"}),
}
#: every value kept in the state: those of :data:`READS` and the due prompt
KEPT = (*READS, DUE)
#: part -> the kept values that read it (the inverse of :data:`READS`)
DROPS: dict[str, tuple[str, ...]] = {}
for _key, _parts in READS.items():
    for _part in _parts:
        DROPS[_part] = (*DROPS.get(_part, ()), _key)

#: the fields of each table that ``state["derived"]`` (Control, VPs, tax base) is computed
#: from (:func:`rules.hubris.control.refresh`); ``ongoing_events``: Ev 20 halves two Taxes.
#: The King's Renown is compared by :func:`rules.hubris.alignment.current` itself
PLACE_INPUTS = frozenset({"power", "marker", "rebel"})
SATRAPY_INPUTS = frozenset({"ravaged", "in_play"})
KINGDOM_INPUTS = frozenset({"dynastic_vp", "king", "eliminated", "non_player"})
DERIVED_INPUTS: dict[str, frozenset[str]] = {
    "places": PLACE_INPUTS, "satrapies": SATRAPY_INPUTS, "kingdoms": KINGDOM_INPUTS,
    "in_play": frozenset({"in_play"}), "ongoing_events": frozenset({"ongoing_events"})}
#: the Minor Units (2.13.10), read before every step by the Minors' check
MINOR_TYPES = frozenset({"minor", "minor-squadron"})


def wrote(state: State, part: str, fields: Iterable[str] | None = None,
          place: str | None = None) -> None:
    """Announce a change of ``part`` (a top-level key of the state or a finer name of
    :data:`READS`): every kept value computed from it is dropped, and ``state["derived"]``
    is marked stale when ``fields`` (None: any field) meet its inputs (``place``: the Place
    whose markers changed)."""
    for key in DROPS.get(part, ()):
        state.pop(key, None)
    inputs = DERIVED_INPUTS.get(part)
    if inputs is not None and (fields is None or not inputs.isdisjoint(fields)):
        changed = state.setdefault(STALE, [])
        if place is not None and place not in changed:
            changed.append(place)


def refreshed(state: State) -> None:
    """``state["derived"]`` was just computed afresh: the values kept from the old one go,
    and it is no longer stale."""
    wrote(state, "derived")
    state.pop(STALE, None)


def forget(state: State) -> None:
    """Drop every kept value and mark ``state["derived"]`` stale: for a state edited by
    hand (a test's board), after which anything may have changed."""
    for key in KEPT:
        state.pop(key, None)
    state[STALE] = []


def detached(state: State) -> State:
    """A shallow copy of ``state`` for another reader (a view, which a bot may search in a
    worker thread): without the due prompt, and with its own dicts of kept values, so what
    the reader finds and keeps goes to its copy alone. The kept values themselves (never
    changed in place) are shared."""
    out = dict(state)
    out.pop(DUE, None)
    for key in (FACTS, COMPONENTS):
        if key in out:
            out[key] = dict(out[key])
    if PLACE_FACTS in out:
        out[PLACE_FACTS] = {k: dict(v) for k, v in out[PLACE_FACTS].items()}
    return out


# --- the setters ---------------------------------------------------------------------------
def set_place(state: State, place: str, **fields: Any) -> None:
    """Change fields of a Place's record. The table of Places is shared between a state and
    the copy ``apply`` makes of it (``core.SHARED_PARTS``), so a change makes a new table and
    a new record: the state ``apply`` started from stays as it was."""
    places = dict(state["places"])
    places[place] = {**places[place], **fields}
    state["places"] = places
    wrote(state, "places", fields, place)


def set_satrapy(state: State, sat: str, **fields: Any) -> None:
    """Change fields of a Satrapy's record; shared like the Places (:func:`set_place`)."""
    satrapies = dict(state["satrapies"])
    satrapies[sat] = {**satrapies[sat], **fields}
    state["satrapies"] = satrapies
    wrote(state, "in_play" if "in_play" in fields else "satrapies", fields)


def set_kingdom(state: State, k: str, **fields: Any) -> dict[str, Any]:
    """Change fields of a Kingdom's record (its Dynastic VPs, King, Temporary Capital ...);
    returns the record."""
    rec = state["kingdoms"][k]
    rec.update(fields)
    wrote(state, "kingdoms", fields)
    return rec


def set_unit(state: State, uid: str, **fields: Any) -> dict[str, Any]:
    """Change fields of a Unit's record; shared like the Places (:func:`set_place`). Returns
    the new record."""
    rec = own_record(state, "units", uid)
    was = rec["type"]
    rec.update(fields)
    if was in MINOR_TYPES or rec["type"] in MINOR_TYPES:
        wrote(state, "minor_units")
    return rec


def set_leader(state: State, lid: str, **fields: Any) -> dict[str, Any]:
    """Change fields of a Leader's record; shared like the Places (:func:`set_place`).
    Returns the new record."""
    rec = own_record(state, "leaders", lid)
    rec.update(fields)
    return rec


def own_table(state: State, part: str) -> dict[str, Any]:
    """The table ``part`` of the state (``units``, ``leaders``: shared like the Places, see
    :func:`set_place`) made this state's own, to add or remove records: a new table holding
    the same records, which stay shared (change one through :func:`own_record`)."""
    table = state[part] = dict(state[part])
    wrote(state, part)
    if state.get("rebels"):     # read before every step by the Rebels' check (2.9.3) alone
        wrote(state, "rebel_forces")
    return table


def own_part(state: State, part: str) -> Any:
    """The top-level ``part`` of the state (the decks: shared like the Places, see
    :func:`set_place`) made this state's own to change in place: a deep copy of it."""
    value = state[part] = copy_value(state[part])
    return value


def own_record(state: State, part: str, key: str) -> dict[str, Any]:
    """The record ``key`` of the shared table ``part`` made this state's own, to change in
    place: a new table and a new record (the state ``apply`` started from keeps its own)."""
    table = own_table(state, part)
    rec = table[key] = dict(table[key])
    return rec
