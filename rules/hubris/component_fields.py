"""Checkers of one field of a component file's record (:mod:`rules.hubris.components`): each
returns the value or raises :class:`rules.engine.data.DataError` naming file, line and key."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rules.engine.data import DataError, LineDict, require, source_kind


def _err(rec: LineDict, key: str | None, message: str) -> DataError:
    return rec.error(key, message)


def _keys(rec: LineDict, allowed: set[str], required: set[str]) -> None:
    for key in rec:
        if key not in allowed:
            raise _err(rec, key, f"unknown key (allowed: {', '.join(sorted(allowed))})")
    for key in sorted(required):
        if key not in rec:
            raise _err(rec, None, f"missing key '{key}'")


def _mapping(value: Any, parent: LineDict, key: str) -> LineDict:
    if not isinstance(value, LineDict):
        raise _err(parent, key, f"expected a mapping, got {type(value).__name__}")
    return value


def _records(doc: Any, key: str, path: Path) -> list[LineDict]:
    """The list under ``key`` of a file's top mapping, every item a mapping."""
    if not isinstance(doc, LineDict):
        raise DataError(path, 1, None, "the file must hold a mapping")
    if key not in doc:
        raise DataError(path, doc.line, key, "missing section")
    items = doc[key]
    if not isinstance(items, list):
        raise _err(doc, key, "expected a list of records")
    for index, item in enumerate(items):
        if not isinstance(item, LineDict):
            raise _err(doc, key, f"item {index + 1} is not a mapping")
    return items


def _top(doc: Any, path: Path, allowed: set[str]) -> None:
    if not isinstance(doc, LineDict):
        raise DataError(path, 1, None, "the file must hold a mapping")
    _keys(doc, allowed, allowed)


def _id(rec: LineDict, pattern: re.Pattern[str], seen: dict[str, LineDict]) -> str:
    value = require(rec, "id", str)
    if not pattern.match(value):
        raise _err(rec, "id", f"malformed id '{value}'")
    if value in seen:
        raise _err(rec, "id", f"duplicate id '{value}' (first at line {seen[value].line})")
    seen[value] = rec
    return value


def _int(rec: LineDict, key: str, lo: int, hi: int, *, nullable: bool = False) -> int | None:
    value = require(rec, key, (int, type(None)) if nullable else int)
    if value is not None and not lo <= value <= hi:
        raise _err(rec, key, f"{value} is outside {lo}..{hi}")
    return value


def _bool(rec: LineDict, key: str, *, default: bool | None = None) -> bool:
    if default is not None and key not in rec:
        return default
    return require(rec, key, bool)


def _text(rec: LineDict, key: str, *, nullable: bool = False, optional: bool = False) -> str | None:
    if optional and key not in rec:
        return None
    value = require(rec, key, (str, type(None)) if nullable else str)
    if isinstance(value, str) and not value.strip():
        raise _err(rec, key, "empty text")
    return value


def _choice(rec: LineDict, key: str, choices: tuple[str, ...], *, nullable: bool = False,
            optional: bool = False) -> str | None:
    if optional and key not in rec:
        return None
    value = require(rec, key, (str, type(None)) if nullable else str)
    if value is not None and value not in choices:
        raise _err(rec, key, f"'{value}' is not one of {', '.join(choices)}")
    return value


def _list(rec: LineDict, key: str, choices: frozenset[str] | tuple[str, ...] | None = None, *,
          optional: bool = False, unique: bool = True) -> tuple[str, ...]:
    if optional and key not in rec:
        return ()
    values = require(rec, key, list)
    for value in values:
        if not isinstance(value, str):
            raise _err(rec, key, f"expected text items, got {value!r}")
        if choices is not None and value not in choices:
            raise _err(rec, key, f"unknown '{value}'")
    if unique and len(set(values)) != len(values):
        raise _err(rec, key, "repeated item")
    return tuple(values)


def _provenance(rec: LineDict) -> tuple[str, str, tuple[str, ...]]:
    """(source, kind, reconstructed fields); checks the ``reconstructed`` block."""
    kind = source_kind(rec)
    fields: tuple[str, ...] = ()
    if "reconstructed" in rec:
        block = _mapping(rec["reconstructed"], rec, "reconstructed")
        _keys(block, {"fields", "why"}, {"fields", "why"})
        fields = _list(block, "fields")
        if not fields:
            raise _err(block, "fields", "name at least one reconstructed field")
        _text(block, "why")
        for name in fields:
            if name not in rec:
                raise _err(block, "fields", f"'{name}' is not a key of this record")
    return rec["source"], kind, fields
