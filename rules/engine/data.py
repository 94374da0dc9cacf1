"""Loading YAML data files with the file, line and key of every problem.

Data files are read with a safe loader only (no object construction), so a data file can
never run code. Every mapping loaded is a :class:`LineDict` that remembers the line of each
key, so validators can say *where* a value is wrong.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any


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


@cache
def _loader_class() -> type:
    """The safe loader, built on first use: PyYAML is imported only when a file is parsed.

    libyaml's parser (C) when PyYAML was built with it: several times faster than the pure
    Python one; construction (and so the line bookkeeping below) stays ours either way.
    """
    import yaml  # late: only a parse-cache miss needs PyYAML

    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        path = ""

    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    return _Loader


def _construct_mapping(loader: Any, node: Any) -> LineDict:
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



def load_yaml(path: str | Path) -> Any:
    """Parse one YAML file safely; a syntax error becomes a :class:`DataError` with its line.

    A file parsed before with the same bytes at the same path comes from the parse cache
    (:func:`cache_dir`) instead: same result, without the YAML parse.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except OSError as exc:
        raise DataError(path, None, None, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise DataError(path, None, None, "not UTF-8 text") from None
    entry = _cache_entry(path, raw)
    if entry is not None:
        hit = _cache_read(entry)
        if hit is not _MISS:
            return hit
    data = _parse(path, text)          # raises DataError: a broken file is never cached
    if entry is not None:
        _cache_write(entry, data)
    return data


def _parse(path: Path, text: str) -> Any:
    import yaml  # late: only a parse-cache miss needs PyYAML

    loader = _loader_class()(text)
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


# --- the parse cache ----------------------------------------------------------------------
# Parsing is most of the cost of loading a game's data. A successful parse is pickled into
# the user's cache folder under the SHA-256 of the file's bytes (with its path, since every
# LineDict names its file, and a salt naming this loader, PyYAML and Python): an edited file
# has another key and is parsed again; a file that fails to parse is never cached. Entries
# are read with an unpickler that builds only LineDicts and plain data, so a cache file
# cannot run code; an unreadable entry is ignored and replaced.

_MISS = object()
_CACHE_FORMAT = b"hegemon-yaml-cache 1"
_salt: bytes | None = None


def cache_dir() -> Path | None:
    """Where parsed data (and other derived files) are cached, or None when caching is off.

    ``HEGEMON_CACHE_DIR`` chooses the folder; ``HEGEMON_NO_CACHE=1`` turns caching off;
    otherwise ``$XDG_CACHE_HOME/hegemon`` or ``~/.cache/hegemon``.
    """
    if os.environ.get("HEGEMON_NO_CACHE", "") not in ("", "0"):
        return None
    chosen = os.environ.get("HEGEMON_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hegemon"


def _cache_salt() -> bytes:
    global _salt
    if _salt is None:
        try:
            me = Path(__file__).read_bytes()    # a change to this loader empties the cache
        except OSError:
            me = b""
        _salt = b"\0".join([_CACHE_FORMAT, _yaml_install(), sys.version.encode(),
                            hashlib.sha256(me).digest()])
    return _salt


def _yaml_install() -> bytes:
    """Which PyYAML is installed (its file, size and time), without importing it."""
    spec = importlib.util.find_spec("yaml")
    if spec is None or not spec.origin:
        return b"no yaml"
    try:
        st = os.stat(spec.origin)
    except OSError:
        return spec.origin.encode()
    return f"{spec.origin}:{st.st_size}:{st.st_mtime_ns}".encode()


def _cache_entry(path: Path, raw: bytes) -> tuple[Path, str] | None:
    """(cache file, prefix of this path's entries), or None when caching is off."""
    folder = cache_dir()
    if folder is None:
        return None
    where = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    digest = hashlib.sha256(_cache_salt() + b"\0" + where.encode() + b"\0" + raw).hexdigest()
    prefix = f"{path.stem}-{where}-"
    return folder / "yaml" / f"{prefix}{digest}.pickle", prefix


class _SafeUnpickler(pickle.Unpickler):
    """Builds LineDicts and plain data only (no other class, no function call)."""

    ALLOWED = {("rules.engine.data", "LineDict"), ("datetime", "date"),
               ("datetime", "datetime"), ("datetime", "timezone"), ("datetime", "timedelta"),
               ("builtins", "set"), ("builtins", "frozenset"), ("fractions", "Fraction")}

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in self.ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed here")
        if module == "rules.engine.data":
            return LineDict
        # datetime and fractions are imported only by an entry that holds one (not at start)
        return getattr(importlib.import_module(module), name)


def _cache_read(entry: tuple[Path, str]) -> Any:
    try:
        blob = entry[0].read_bytes()
    except OSError:
        return _MISS
    try:
        return _SafeUnpickler(io.BytesIO(blob)).load()
    except Exception:       # noqa: BLE001 (a damaged entry is only a miss)
        return _MISS


def _cache_write(entry: tuple[Path, str], data: Any, keep: int = 1) -> None:
    """Store ``data`` atomically and drop older entries of the same path but the ``keep - 1``
    latest; never fails."""
    target, prefix = entry
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as out:
            pickle.dump(data, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
        older = []
        for old in target.parent.glob(f"{prefix}*{target.suffix}"):
            # exactly this prefix and a digest: "geo-" must not drop "geo-scene-..." entries
            digest = old.name[len(prefix):-len(target.suffix)]
            if old != target and len(digest) == 64 and _is_hex(digest):
                older.append((old.stat().st_mtime_ns, old))
        older.sort(reverse=True)
        for _, old in older[keep - 1:]:
            old.unlink(missing_ok=True)
        _trim(target.parent)
    except (OSError, pickle.PicklingError):
        pass


def _is_hex(text: str) -> bool:
    return all(ch in "0123456789abcdef" for ch in text)


def cached_derived(kind: str, inputs: list[Path], build: Callable[[], Any],
                   extra: bytes = b"") -> Any:
    """``build()``, a result derived (and checked) from ``inputs``, through the cache.

    ``inputs`` are every file the result depends on: the data files *and* the code that
    reads and validates them. The key is the SHA-256 of the cache salt, ``kind`` and the
    bytes of each input (and ``extra``: any other value the result depends on, as bytes),
    so an edited data file or validator has another key and ``build``
    runs again (with every check it makes; a ``build`` that raises caches nothing). The
    result must be plain data (tuples, lists, dicts, sets, str, bytes, numbers, None,
    dates): it is read back by the same safe unpickler as parsed YAML. Without a cache, or
    if an input cannot be read, ``build()`` is simply called.
    """
    entry = derived_entry(kind, inputs, extra)
    if entry is None:
        return build()
    hit = _cache_read(entry)
    if hit is not _MISS:
        return hit
    data = build()
    write_derived(entry, data)
    return data


#: a cache file and the prefix its kind's older entries share (dropped when it is written)
DerivedEntry = tuple[Path, str]


def derived_entry(kind: str, inputs: list[Path], extra: bytes = b"") -> DerivedEntry | None:
    """Where :func:`cached_derived` keeps the result of ``kind`` for these inputs (same key),
    for a caller that builds it later (:func:`read_derived`, :func:`write_derived`); None
    without a cache or if an input cannot be read."""
    folder = cache_dir()
    if folder is None:
        return None
    h = hashlib.sha256(_cache_salt() + b"\0" + kind.encode() + b"\0")
    h.update(hashlib.sha256(extra).digest())
    for path in inputs:
        try:
            content = Path(path).read_bytes()
        except OSError:
            return None
        h.update(b"\0" + str(Path(path).resolve()).encode() + b"\0")
        h.update(hashlib.sha256(content).digest())
    prefix = f"{kind}-"
    return folder / "derived" / f"{prefix}{h.hexdigest()}.pickle", prefix


def read_derived(entry: DerivedEntry) -> Any:
    """The result stored at ``entry``, or None (no entry, or a damaged one)."""
    hit = _cache_read(entry)
    return None if hit is _MISS else hit


def write_derived(entry: DerivedEntry, data: Any, keep: int = 1) -> None:
    """Store ``data`` at ``entry`` (atomically); of the older entries of its kind, the
    ``keep - 1`` latest are kept, the others dropped."""
    _cache_write(entry, data, keep)


_CACHE_KEEP = 400      # entries kept when the folder grows past _CACHE_MAX (files of tests...)
_CACHE_MAX = 500


def _trim(folder: Path) -> None:
    """Drop the least recently written entries once there are more than ``_CACHE_MAX``."""
    entries = list(folder.glob("*.pickle"))
    if len(entries) <= _CACHE_MAX:
        return
    entries.sort(key=lambda p: p.stat().st_mtime_ns)
    for old in entries[:len(entries) - _CACHE_KEEP]:
        old.unlink(missing_ok=True)


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


SOURCE_KINDS = ("rule", "scenario", "example", "derived", "reconstructed", "table", "player-aid",
                "aid")


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
