"""Save files: JSON with the choice list and the final position, checked before use.

Format (version 2; docs/SAVES.md)::

    {"format": "hegemon-save", "version": 2, "game": ..., "scenario": ..., "options": {...},
     "seats": {seat: controller}, "seed": N, "choices": [ids], "hash": sha256 of final state,
     "check": sha256 of every field but "check" and "state", "state": {final state}}

``check`` covers every field except ``state``, and ``state`` is covered by ``hash`` (which
``check`` covers): any changed byte of the file is refused here, before any rule runs.
Version 1 (no ``state``, no ``check``) is still read; it loads by full replay.

Loading parses with ``json`` only (never code). The choice list is the truth and the
snapshot a cache: :mod:`rules.engine.session` replays the choices to verify it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .state import canonical, state_hash

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

FORMAT = "hegemon-save"
#: the version written
VERSION = 2
#: the versions read: 1 = choices + hash (loads by replay); 2 = + snapshot and check sum
READS = (1, 2)
MAX_BYTES = 64 * 1024 * 1024


class SaveError(Exception):
    """A save cannot be read or written. ``str()`` is one line a player can act on."""


def check_sum(data: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of every field except ``check`` and ``state``."""
    rest = {k: v for k, v in data.items() if k not in ("check", "state")}
    return hashlib.sha256(canonical(rest)).hexdigest()


def encode_save(record: dict[str, Any], state_json: bytes) -> str:
    """The file text of ``record`` (no ``state`` key) with ``state_json`` (canonical bytes,
    so they need not be serialised twice) as its ``state``."""
    head = json.dumps(record, separators=(",", ":"))
    return f'{head[:-1]},"state":{state_json.decode("ascii")}}}'


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to a temp file beside ``path``, fsync, then rename over ``path``.

    On any failure the previous file is left untouched and :class:`SaveError` is raised.
    """
    _fill_temp(Path(path), *_open_temp(Path(path)), text)


def _open_temp(path: Path) -> tuple[int, str]:
    """A new temp file beside ``path`` (its folder made if need be): (fd, its path)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise SaveError(f"could not save to {path}: {exc.strerror or exc}") from None


def _fill_temp(path: Path, fd: int, tmp: str, text: str) -> None:
    """Write ``text`` to the temp file ``fd``, fsync, rename it over ``path`` (on a
    failure the temp file is removed and :class:`SaveError` raised)."""
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise SaveError(f"could not save to {path}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


class WriteBehind:
    """Atomic writes (:func:`write_text_atomic`) of which the caller waits only for the
    temp file's creation (where a missing folder or a refused permission shows): the
    writing, ``fsync`` and rename are done by one worker thread, kept from write to write
    (a click does not wait for a new thread to start), one at a time and in the order
    asked. An error of that part is raised by the next :meth:`write` or :meth:`wait`."""

    def __init__(self) -> None:
        self._worker: ThreadPoolExecutor | None = None
        self._last: Future[None] | None = None
        self._error: SaveError | None = None

    def write(self, path: str | Path, text: str) -> None:
        """Write ``text`` to ``path`` once the write before is on disk (returns once the
        temp file is made). SaveError if it cannot be, or if the write before failed
        (this one is started all the same)."""
        self.done()
        error, self._error = self._error, None
        path = Path(path)
        fd, tmp = _open_temp(path)
        if self._worker is None:    # its thread is joined at exit: no write is cut off
            from concurrent.futures import ThreadPoolExecutor  # late: GUI only, loads logging

            self._worker = ThreadPoolExecutor(1, thread_name_prefix="write-behind")
        self._last = self._worker.submit(self._run, path, fd, tmp, text)
        if error is not None:
            raise error

    def _run(self, path: Path, fd: int, tmp: str, text: str) -> None:
        try:
            _fill_temp(path, fd, tmp, text)
        except SaveError as exc:
            self._error = exc

    def done(self) -> None:
        """Return once the last write is on disk (or failed: its error is kept)."""
        if self._last is not None:
            self._last.result()
            self._last = None

    def wait(self) -> None:
        """Return once the last write is on disk; SaveError if it failed."""
        self.done()
        error, self._error = self._error, None
        if error is not None:
            raise error


#: the one writer of the process (the GUI's autosave): its files are written in order
WRITES = WriteBehind()


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read_save(path: str | Path) -> dict[str, Any]:
    """Read a save file and check it: structure, and for version 2 the check sum and the
    snapshot's hash. No rule runs here."""
    WRITES.done()                  # a file still being written is read once on disk
    try:
        return _read_save(Path(path))
    except RecursionError:      # valid JSON, but nested deeper than any save (hashing it)
        raise SaveError(f"{Path(path).name}: not a Hegemon save: nested too deeply") from None


def _read_save(path: Path) -> dict[str, Any]:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{path.name}: too large to be a Hegemon save ({size} bytes)")
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path.name}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise SaveError(f"{path.name}: not a Hegemon save: JSON nested too deeply") from None
    except (UnicodeDecodeError, ValueError) as exc:
        where = f" (line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        msg = f"{path.name}: not a Hegemon save: damaged or truncated JSON{where}"
        raise SaveError(msg) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path.name}: not a Hegemon save file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"{path.name}: save has no valid format version")
    if version > max(READS):
        raise SaveError(f"{path.name}: saved by a newer Hegemon (format {version}; "
                        f"this one reads up to {max(READS)})")
    checks = {"game": str, "scenario": str, "options": dict, "seats": dict, "seed": int,
              "choices": list, "hash": str}
    if version >= 2:
        checks.update(check=str, state=dict)
    for key, kind in checks.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveError(f"{path.name}: save field '{key}' is missing or damaged")
    if not all(isinstance(c, str) for c in data["choices"]):
        raise SaveError(f"{path.name}: save field 'choices' is damaged")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in data["seats"].items()):
        raise SaveError(f"{path.name}: save field 'seats' is damaged")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in data["options"].items()):
        raise SaveError(f"{path.name}: save field 'options' is damaged")
    if version >= 2:
        if check_sum(data) != data["check"]:
            raise SaveError(f"{path.name}: save is damaged (check sum differs): "
                            "the file changed after it was written")
        if state_hash(data["state"]) != data["hash"]:
            raise SaveError(f"{path.name}: saved position is damaged (hash differs): "
                            "the file changed after it was written")
    return data
