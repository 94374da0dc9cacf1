"""Latitude/longitude to flat map coordinates.

Equirectangular projection scaled at a standard parallel: good enough for the
Mediterranean (errors of a few per cent) and trivially invertible. Map units are
kilometres; ``y`` grows southwards, as screen coordinates do. The coastline and ancient
places the map tools project with it are in ``tools/geodata/`` (``tools/geography.py``).
"""

from __future__ import annotations

import math
from typing import NamedTuple

EARTH_KM = 6371.0


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
