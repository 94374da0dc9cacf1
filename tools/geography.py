"""The geodata the map tools read: Natural Earth land and DARE ancient places.

Both are committed under ``tools/geodata/`` (sources and licences in its ``LICENCE.md``).
Coordinates are WGS84 ``(lon, lat)``; project them with :mod:`hexmap.geo`.
"""

from __future__ import annotations

import json
from pathlib import Path

GEODATA = Path(__file__).resolve().parent / "geodata"

Ring = list[tuple[float, float]]


def load_land(resolution: str = "50m") -> list[list[Ring]]:
    """Natural Earth land polygons as ``[polygon][ring][point]``; ring 0 is the shell.

    ``resolution`` is ``"50m"`` or ``"10m"`` (finer, with the small islands)."""
    path = GEODATA / "natural-earth" / f"med_land_{resolution}.geojson"
    data = json.loads(path.read_text(encoding="utf-8"))
    polys: list[list[Ring]] = []
    for feature in data["features"]:
        if feature["properties"].get("kind") != "land":
            continue
        geom = feature["geometry"]
        parts = geom["coordinates"] if geom["type"] == "MultiPolygon" else [geom["coordinates"]]
        for poly in parts:
            polys.append([[(float(x), float(y)) for x, y in ring] for ring in poly])
    return polys


def load_dare() -> dict[str, list[dict]]:
    """Every DARE place (a GeoJSON feature) by Latin name; namesakes are all kept."""
    path = GEODATA / "dare" / "places.geojson"
    data = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, list[dict]] = {}
    for feature in data["features"]:
        name = feature["properties"].get("latin")
        if name:
            out.setdefault(name, []).append(feature)
    return out


def load_places() -> dict[str, tuple[float, float]]:
    """DARE places: Latin name -> ``(lon, lat)`` of the first namesake."""
    path = GEODATA / "dare" / "places.geojson"
    data = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, tuple[float, float]] = {}
    for feature in data["features"]:
        name = feature["properties"].get("latin")
        if name and name not in out:
            lon, lat = feature["geometry"]["coordinates"][:2]
            out[name] = (float(lon), float(lat))
    return out
