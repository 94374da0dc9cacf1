"""The Hubris map's geometry (geo.json, built by tools/build_hubris_geo.py): loaded once,
cached on disk in a lighter form for the scene, and turned into painter paths."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QPainter,
    QPainterPath,
    QPolygonF,
)

from rules.engine.data import cached_derived
from rules.engine.registry import asset_dir

from .. import polygons as polygons_module
from ..polygons import pack_points, packed_polygon_f, polygon_f

_GEO_DIGESTS: dict[int, bytes] = {}   # id(geo dict from load_geo) -> SHA-256 of its file


@cache
def load_geo(path: str | None = None) -> dict[str, Any]:
    """geo.json (the drawn shapes), read once; parsed from the cache when the same bytes
    were parsed before (:func:`rules.engine.data.cached_derived`, a third quicker)."""
    raw = Path(path or asset_dir("hubris") / "geo.json").read_bytes()
    digest = hashlib.sha256(raw).digest()

    def parse() -> dict[str, Any]:
        return json.loads(raw)

    geo = cached_derived("hubris-geo", [], parse, extra=digest)
    _GEO_DIGESTS[id(geo)] = digest
    return geo


_FULL_GEO: dict[int, str | None] = {}   # id(light geo) -> the path of its full geo.json


@cache
def load_scene_geo(path: str | None = None) -> dict[str, Any]:
    """geo.json without its long point lists (the land, every Area's polygons), which the
    scene reads packed instead (:func:`packed_rings`): the part of the file it needs at every
    start. Same digest as the full file; :func:`full_geo` gives the rest when needed."""
    raw = Path(path or asset_dir("hubris") / "geo.json").read_bytes()
    digest = hashlib.sha256(raw).digest()

    def strip() -> dict[str, Any]:
        full = load_geo(path)
        light = {k: v for k, v in full.items() if k != "land"}
        light["areas"] = {aid: {k: v for k, v in rec.items() if k != "polygons"}
                          for aid, rec in full["areas"].items()}
        return light

    geo = cached_derived("hubris-geo-scene", [], strip, extra=digest)
    _GEO_DIGESTS[id(geo)] = digest
    _FULL_GEO[id(geo)] = path
    return geo


def full_geo(geo: dict[str, Any]) -> dict[str, Any]:
    """``geo`` with its point lists (the full file for a :func:`load_scene_geo` dict)."""
    return load_geo(_FULL_GEO[id(geo)]) if "land" not in geo and id(geo) in _FULL_GEO else geo


def geo_digest(geo: dict[str, Any]) -> bytes:
    known = _GEO_DIGESTS.get(id(geo))
    if known is not None:
        return known
    return hashlib.sha256(json.dumps(geo, sort_keys=True).encode()).digest()


def rings_path(polygons: list) -> QPainterPath:
    """The odd-even path of ``polygons`` (lists of rings of ``(x, y)``, or of rings already
    packed by :func:`gui.polygons.pack_points`)."""
    return rings_path_and_parts(polygons)[0]


def rings_path_and_parts(polygons: list) -> tuple[QPainterPath, list[QPolygonF] | None]:
    """:func:`rings_path`, and its rings as polygons when no polygon has a hole (else None):
    then filling ring by ring paints the same pixels as the path, about 2.5x quicker (the
    antialiased fill of one path of ~150 rings spans the bounds of them all)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    parts: list[QPolygonF] | None = []
    for poly in polygons:
        if len(poly) != 1:
            parts = None
        for ring in poly:
            ring_f = packed_polygon_f(ring) if isinstance(ring, bytes) else polygon_f(ring)
            path.addPolygon(ring_f)
            path.closeSubpath()
            if parts is not None:
                parts.append(ring_f)
    return path, parts


def fill_parts(painter: QPainter, path: QPainterPath, parts: list[QPolygonF] | None) -> None:
    """Fill ``path`` with the painter's brush, ring by ring when ``parts`` has its rings."""
    if parts is None:
        painter.drawPath(path)
        return
    for part in parts:
        painter.drawPolygon(part)


def packed_rings(geo: dict[str, Any]) -> dict[str, list]:
    """Every ring of ``geo`` packed for :func:`rings_path` ("land", "area:<id>",
    "frame:<id>"), made once per geometry and then read from the cache (content keyed)."""
    def pack(polygons: list) -> list[list[bytes]]:
        return [[pack_points(ring) for ring in poly] for poly in polygons]

    def compute() -> dict[str, list]:
        full = full_geo(geo)
        out = {"land": pack(full["land"])}
        for aid, rec in full["areas"].items():
            out[f"area:{aid}"] = pack(rec["polygons"])
            if "frame" in rec:
                out[f"frame:{aid}"] = pack(rec["frame"])
        return out

    return cached_derived("hubris-rings", [Path(polygons_module.__file__)], compute,
                          extra=geo_digest(geo))


