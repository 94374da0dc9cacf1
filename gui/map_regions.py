"""The areas of a point-to-point map (Successors' provinces, Athens and Sparta's regions):
each is the union of its spaces' Voronoi cells, each cell kept within a reach of its space
(a soft hull, not the whole empty hinterland), clipped to the land and smoothed; drawn as a
tinted field with a dashed border and its name.

Computed once per map (shapely, in scene units) and kept for the life of the process.
"""

from __future__ import annotations

from dataclasses import dataclass

import shapely
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import polylabel, unary_union

_CACHE: dict[tuple, list[Area]] = {}


@dataclass
class Area:
    """One area: its name, its shape (a painter path, scene units), where its name goes and
    the index of its tint."""

    name: str
    path: QPainterPath
    centre: QPointF
    tint: int
    width: float            # of its largest piece (scene units): how long its name may be


def _path(geom) -> QPainterPath:
    path = QPainterPath()
    polys = [geom] if geom.geom_type == "Polygon" else [g for g in getattr(geom, "geoms", [])
                                                        if g.geom_type == "Polygon"]
    for poly in polys:
        for ring in [poly.exterior, *poly.interiors]:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring.coords]))
            path.closeSubpath()
    return path


def areas(key: tuple, points: dict[str, tuple[float, float]], area_of: dict[str, str],
          land: list[list[tuple[float, float]]], frame: QRectF, reach: dict[str, float]
          ) -> list[Area]:
    """The areas of the spaces ``points`` (scene units) grouped by ``area_of`` (space id to
    area name; spaces without one carve their own cell out of no area), over ``land``
    (rings in scene units), each cell within ``reach[space]`` of it. ``key`` names the map
    for the cache."""
    if key in _CACHE:
        return _CACHE[key]
    ids = list(points)
    env = box(frame.left(), frame.top(), frame.right(), frame.bottom())
    cells = shapely.voronoi_polygons(MultiPoint([points[i] for i in ids]), extend_to=env,
                                     ordered=True)
    ground = unary_union([Polygon(r).buffer(0) for r in land if len(r) >= 3])
    groups: dict[str, list] = {}
    for sid, cell in zip(ids, cells.geoms, strict=True):
        name = area_of.get(sid)
        if name:
            groups.setdefault(name, []).append(
                cell.intersection(Point(points[sid]).buffer(reach[sid], 16)))
    out = []
    soft = sorted(reach.values())[len(reach) // 2] * 0.08
    for n, (name, parts) in enumerate(sorted(groups.items())):
        shape = unary_union(parts).intersection(ground)
        shape = shape.buffer(-soft).buffer(soft).simplify(soft * 0.3)
        if shape.is_empty:
            continue
        pieces = [shape] if shape.geom_type == "Polygon" else list(shape.geoms)
        big = max(pieces, key=lambda g: g.area)
        pole = polylabel(big, tolerance=soft * 0.5)    # the most inland point
        cx, cy = pole.x, pole.y
        x0, _, x1, _ = big.bounds
        out.append(Area(name, _path(shape), QPointF(cx, cy), n, x1 - x0))
    _CACHE[key] = out
    return out
