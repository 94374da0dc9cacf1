"""The state as plain JSON data: make it plain, copy it fast, check it.

``Game.apply`` works on a copy so callers keep the old state for undo. :func:`copy_state`
does the job of ``copy.deepcopy`` by a ``marshal`` round trip (C code, plain data only: dict,
list, str, int, float, bool, None), and shares the log entries, which are never changed once
written. A game may name further top-level parts that its rules never change in place (they
are only ever replaced whole, or only written while the game is set up): those are shared too;
and tables of flat records, copied record by record.
"""

from __future__ import annotations

import copy
import marshal
from collections.abc import Collection
from typing import Any

State = dict[str, Any]
_SCALARS = (str, int, float, bool, type(None))
_FLAT = frozenset(_SCALARS)


def plain(value: Any) -> Any:
    """``value`` rebuilt of exact dicts and lists (a data loader's LineDict becomes a dict),
    sharing nothing with it: what the set-up puts in the state from cached scenario data."""
    if type(value) in _FLAT:      # most values: a scalar, returned as it is
        return value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


#: the top-level key under which a game may keep the prompt due in a state (a memo of that
#: dict alone, e.g. :meth:`rules.hubris.game.Hubris.prompt`): upkeep (out of hashes and
#: saves, :func:`rules.engine.state.canonical`), never copied, as the copy is about to change
#: (``apply``) or may be changed by whoever asked for it, and the one part of a state that
#: is no plain data (:func:`not_plain` passes over it)
DUE = "_due"


def copy_state(state: State, share: Collection[str] = (), tables: Collection[str] = ()
               ) -> State:
    """A deep copy of a plain-data state, key order kept; log entries are shared, and so
    are the top-level parts named in ``share`` (parts the rules replace, never change).

    ``tables``: top-level parts that are dicts of records (a game's Units, Leaders ...): each
    record whose values are all scalars is copied by ``dict.copy``, which for such tables
    costs a fraction of the ``marshal`` round trip; any other record goes the general way.
    A prompt kept under :data:`DUE` is left out."""
    out = dict(state)       # the key order of ``state``; the shared parts stay as they are
    body = dict(state)      # the rest, copied deep below
    for k in (*share, *tables, "log", DUE):
        body.pop(k, None)
    out.pop(DUE, None)
    out.update(copy_value(body))
    for k in tables:
        if k in out:
            out[k] = _copy_table(out[k])
    if "log" in out:
        out["log"] = list(out["log"])
    return out


def copy_value(value: Any) -> Any:
    """A deep copy of one part of a plain-data state (the ``marshal`` round trip of
    :func:`copy_state`)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # not plain data (a hand-made test state)
        return copy.deepcopy(value)


def _copy_table(table: Any) -> Any:
    """A deep copy of a dict of records (see :func:`copy_state`)."""
    if type(table) is not dict:
        return copy.deepcopy(table)
    return {k: (r.copy() if type(r) is dict and _FLAT.issuperset(map(type, r.values()))
                else copy.deepcopy(r)) for k, r in table.items()}


def not_plain(value: Any, path: str = "state") -> list[str]:
    """Where ``value`` holds anything but exact dicts (str keys), lists and JSON scalars (the
    state's due prompt, :data:`DUE`, is passed over)."""
    t = type(value)
    if t is dict:
        out = []
        for k, v in value.items():
            if k == DUE and path == "state":
                continue
            if type(k) is not str:
                out.append(f"{path}: key {k!r} is a {type(k).__name__}")
            out += not_plain(v, f"{path}/{k}")
        return out
    if t is list:
        return [bad for i, v in enumerate(value) for bad in not_plain(v, f"{path}/{i}")]
    if t in _SCALARS:
        return []
    return [f"{path}: a {t.__name__}"]
