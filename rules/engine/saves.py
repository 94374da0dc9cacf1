"""Save files: JSON with the choice list, verified by replay and state hash.

Format (version 1)::

    {"format": "hegemon-save", "version": 1, "game": ..., "scenario": ..., "options": {...},
     "seats": {seat: controller}, "seed": N, "choices": [ids], "hash": sha256 of final state}

Loading parses with ``json`` only (never code), checks every field, replays every choice
through the rules (an illegal choice is refused) and compares the final hash.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

FORMAT = "hegemon-save"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024


class SaveError(Exception):
    """A save cannot be read or written. ``str()`` is one line a player can act on."""


def write_json_atomic(path: str | Path, data: dict[str, Any]) -> None:
    """Write ``data`` to a temp file beside ``path``, fsync, then rename over ``path``.

    On any failure the previous file is left untouched and :class:`SaveError` is raised.
    """
    path = Path(path)
    text = json.dumps(data, separators=(",", ":"))
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and structurally check a save file (no replay yet)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{path.name}: too large to be a Hegemon save ({size} bytes)")
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path.name}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = f" (line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        msg = f"{path.name}: not a Hegemon save: damaged or truncated JSON{where}"
        raise SaveError(msg) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path.name}: not a Hegemon save file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{path.name}: save has no valid format version")
    if version > VERSION:
        raise SaveError(f"{path.name}: saved by a newer Hegemon (format {version}; "
                        f"this one reads up to {VERSION})")
    checks = {"game": str, "scenario": str, "options": dict, "seats": dict, "seed": int,
              "choices": list, "hash": str}
    for key, kind in checks.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveError(f"{path.name}: save field '{key}' is missing or damaged")
    if not all(isinstance(c, str) for c in data["choices"]):
        raise SaveError(f"{path.name}: save field 'choices' is damaged")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in data["seats"].items()):
        raise SaveError(f"{path.name}: save field 'seats' is damaged")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in data["options"].items()):
        raise SaveError(f"{path.name}: save field 'options' is damaged")
    return data
