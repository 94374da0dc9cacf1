"""Loading YAML data files with the file, line and key of every problem.

Data files are read with a safe loader only (no object construction), so a data file can
never run code. Every mapping loaded is a :class:`LineDict` that remembers the line of each
key, so validators can say *where* a value is wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class DataError(ValueError):
    """A data file is broken. ``str()`` is one line: ``file:line: key: message``."""

    def __init__(self, path: str | Path, line: int | None, key: str | None, message: str):
        self.path, self.line, self.key, self.message = str(path), line, key, message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {key}: {message}" if key else f"{where}: {message}")


class LineDict(dict):
    """A dict that knows the file and the line of each of its keys."""

    path: str = ""
    line: int = 0
    key_lines: dict[str, int]

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)

    def error(self, key: str | None, message: str) -> DataError:
        """A :class:`DataError` pointing at ``key`` of this mapping (or the mapping itself)."""
        line = self.line_of(key) if key is not None else self.line
        return DataError(self.path, line, key, message)


# libyaml's parser (C) when PyYAML was built with it: several times faster than the pure
# Python one; construction (and so the line bookkeeping below) stays ours either way.
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[misc, valid-type]
    path = ""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.path, out.line, out.key_lines = loader.path, node.start_mark.line + 1, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in out:
            raise DataError(loader.path, key_node.start_mark.line + 1, str(key), "duplicate key")
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: str | Path) -> Any:
    """Parse one YAML file safely; a syntax error becomes a :class:`DataError` with its line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(path, None, None, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise DataError(path, None, None, "not UTF-8 text") from None
    loader = _Loader(text)
    loader.path = str(path)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise DataError(path, line, None, f"YAML syntax: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise DataError(path, None, None, f"YAML: {exc}") from None
    finally:
        loader.dispose()


_TYPE_NAMES = {int: "a whole number", str: "text", bool: "true/false", list: "a list",
               dict: "a mapping", float: "a number"}


def require(record: LineDict, key: str, kind: type | tuple[type, ...], *, optional: bool = False,
            default: Any = None) -> Any:
    """Return ``record[key]`` checked against ``kind``; raise a located :class:`DataError`."""
    if not isinstance(record, dict):
        raise DataError("?", None, key, "expected a mapping")
    if key not in record:
        if optional:
            return default
        raise record.error(None, f"missing key '{key}'") if isinstance(record, LineDict) \
            else DataError("?", None, key, "missing")
    value = record[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (bool not in kinds and isinstance(value, bool))
    if not ok:
        want = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
        got = type(value).__name__
        raise record.error(key, f"expected {want}, got {got} {value!r:.40}")
    return value


SOURCE_KINDS = ("rule", "scenario", "example", "derived", "reconstructed", "table", "player-aid")


def source_kind(record: LineDict) -> str:
    """The kind of a record's ``source:`` (rule, scenario, example, derived, reconstructed...).

    Raises a located :class:`DataError` when the record has no valid source.
    """
    src = require(record, "source", str)
    kind = src.split(":", 1)[0].split(" ", 1)[0].strip().lower()
    if kind not in SOURCE_KINDS:
        known = ", ".join(SOURCE_KINDS)
        raise record.error("source", f"unknown source kind '{kind}' (one of {known})")
    if kind == "reconstructed" and ":" not in src:
        raise record.error("source", "'reconstructed' needs a reason: 'reconstructed: <why>'")
    return kind
