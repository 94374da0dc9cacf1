"""A disk cache of the Hubris label layout (``labels.layout_labels``), keyed by its inputs.

The layout depends only on the map geometry (geo.json), the measured text sizes and the
placement code, and takes a noticeable part of start-up to compute. The key is the SHA-256
of all of these (the code of ``labels.py`` itself included), so any change computes afresh;
the entry (plain numbers, :func:`rules.engine.data.cached_derived`) is written atomically,
and an unreadable one is only a miss.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.engine.data import cached_derived

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
    def plain() -> tuple[dict, dict]:
        layout = compute()
        return layout.blocks, layout.names

    try:
        blocks, names = cached_derived("hubris-labels", [], plain, extra=key.encode())
        return LabelLayout(
            blocks={k: (float(x), float(t), int(v)) for k, (x, t, v) in blocks.items()},
            names={k: (float(x), float(y), bool(c)) for k, (x, y, c) in names.items()})
    except (ValueError, TypeError, AttributeError):     # a damaged entry: lay out afresh
        return compute()
