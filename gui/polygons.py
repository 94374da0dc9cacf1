"""Building ``QPolygonF`` shapes from plain coordinates quickly."""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Iterable

from PySide6.QtCore import QByteArray, QDataStream
from PySide6.QtGui import QPolygonF


def polygon_f(points: Iterable[Iterable[float]]) -> QPolygonF:
    """A ``QPolygonF`` of ``(x, y)`` pairs, read in one go from their packed doubles (about
    three times quicker than a ``QPointF`` per point for long rings)."""
    return packed_polygon_f(pack_points(points))


def pack_points(points: Iterable[Iterable[float]]) -> bytes:
    """``(x, y)`` pairs as a ``QPolygonF`` is streamed (a count, then big-endian doubles):
    plain bytes, so a ring can be kept ready in a cache (:func:`packed_polygon_f`)."""
    flat = array("d", [v for point in points for v in point])
    if sys.byteorder == "little":
        flat.byteswap()                         # QDataStream is big-endian
    return struct.pack(">I", len(flat) // 2) + flat.tobytes()


def packed_polygon_f(data: bytes) -> QPolygonF:
    """The ``QPolygonF`` of :func:`pack_points`' bytes."""
    poly = QPolygonF()
    QDataStream(QByteArray(data)) >> poly
    return poly
