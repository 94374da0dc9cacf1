"""A disk cache of the Hubris label layout (``labels.layout_labels``), keyed by its inputs.

The layout depends only on the map geometry (geo.json), the measured text sizes and the
placement code, and takes a noticeable part of start-up to compute. The key is the SHA-256
of all of these (the code of ``labels.py`` itself included), so any change computes afresh;
the entry is plain JSON numbers, written atomically, and an unreadable one is only a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.engine.data import cache_dir

from . import labels
from .labels import LabelLayout

_FORMAT = b"hubris-label-layout 1"


def layout_key(geo_digest: bytes, inputs: Any) -> str:
    """The SHA-256 of the placement code, the geometry's digest and ``repr(inputs)``."""
    h = hashlib.sha256(_FORMAT)
    h.update(Path(labels.__file__).read_bytes())
    h.update(geo_digest)
    h.update(repr(inputs).encode())
    return h.hexdigest()


def cached_layout(key: str, compute: Callable[[], LabelLayout]) -> LabelLayout:
    """The layout stored under ``key``, else ``compute()`` (then stored)."""
    folder = cache_dir()
    if folder is None:
        return compute()
    path = folder / "layout" / f"hubris-labels-{key}.json"
    try:
        raw = json.loads(path.read_text())
        return LabelLayout(
            blocks={k: (float(x), float(t), int(v)) for k, (x, t, v) in raw["blocks"].items()},
            names={k: (float(x), float(y), bool(c)) for k, (x, y, c) in raw["names"].items()})
    except (OSError, ValueError, KeyError, TypeError):
        pass
    layout = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "w") as out:
            json.dump({"blocks": layout.blocks, "names": layout.names}, out)
        os.replace(tmp, path)
        for old in path.parent.glob("hubris-labels-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
    return layout
