"""Latitude/longitude to flat map coordinates, and the shared coastline data.

Equirectangular projection scaled at a standard parallel: good enough for the
Mediterranean (errors of a few per cent) and trivially invertible. Map units are
kilometres; ``y`` grows southwards, as screen coordinates do.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import NamedTuple

EARTH_KM = 6371.0
SHARED_GEO = Path(__file__).resolve().parents[2] / "shared" / "prior_art_data"


class Projection(NamedTuple):
    """Equirectangular projection around ``(lon0, lat0)``."""

    lon0: float = 25.0
    lat0: float = 36.0

    def to_xy(self, lon: float, lat: float) -> tuple[float, float]:
        k = EARTH_KM * math.pi / 180.0
        return ((lon - self.lon0) * k * math.cos(math.radians(self.lat0)),
                -(lat - self.lat0) * k)

    def to_lonlat(self, x: float, y: float) -> tuple[float, float]:
        k = EARTH_KM * math.pi / 180.0
        return (x / (k * math.cos(math.radians(self.lat0))) + self.lon0, -y / k + self.lat0)


MEDITERRANEAN = Projection(25.0, 36.0)


Ring = list[tuple[float, float]]


def load_land(resolution: str = "50m", root: Path | None = None) -> list[list[Ring]]:
    """Natural Earth land polygons (lon, lat) as ``[polygon][ring][point]``; ring 0 is the shell.

    Used by the map-building scripts in ``tools/``; the game reads their committed output.
    """
    base = root or SHARED_GEO / "world-atlas-natural-earth"
    import json  # here, not at the top: a game that needs no coastline starts without it

    data = json.loads((base / f"med_land_{resolution}.geojson").read_text())
    polys: list[list[Ring]] = []
    for feature in data["features"]:
        if feature["properties"].get("kind") != "land":
            continue
        geom = feature["geometry"]
        parts = geom["coordinates"] if geom["type"] == "MultiPolygon" else [geom["coordinates"]]
        for poly in parts:
            polys.append([[(float(x), float(y)) for x, y in ring] for ring in poly])
    return polys


def load_places(root: Path | None = None) -> dict[str, tuple[float, float]]:
    """DARE places (CC BY-SA 3.0, Johan Åhlfeldt): Latin name -> (lon, lat)."""
    base = root or SHARED_GEO / "klokantech-roman-empire"
    import json

    data = json.loads((base / "places_low.geojson").read_text())
    out: dict[str, tuple[float, float]] = {}
    for f in data["features"]:
        name = f["properties"].get("latin") or f["properties"].get("ancient")
        if name and name not in out:
            lon, lat = f["geometry"]["coordinates"][:2]
            out[name] = (float(lon), float(lat))
    return out
