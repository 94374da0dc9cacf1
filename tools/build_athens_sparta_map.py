"""Build assets/athens-sparta/coast.json: Natural Earth land (public domain, vendored in
tools/geodata), clipped to Greece and the Aegean and simplified. Islands small enough to
vanish are kept down to about 60 km^2, so the Cyclades show. Run from the repository root:
``python tools/build_athens_sparta_map.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from shapely.geometry import Polygon, box
from shapely.ops import unary_union

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.geography import load_land  # noqa: E402  (vendored Natural Earth, tools/geodata)

ROOT = Path(__file__).resolve().parents[1] / "assets" / "athens-sparta"
BBOX = (18.0, 34.5, 30.0, 42.6)          # lon/lat: the fitted view of the Aegean, with a margin


def main() -> None:
    land = unary_union([Polygon(poly[0], poly[1:]) for poly in load_land("10m")])
    clipped = land.intersection(box(*BBOX)).simplify(0.012, preserve_topology=True)
    polys = [clipped] if clipped.geom_type == "Polygon" else list(clipped.geoms)
    rings = [[[round(x, 3), round(y, 3)] for x, y in p.exterior.coords]
             for p in polys if p.area > 0.006]
    doc = {"source": "derived: Natural Earth land (public domain), clipped to the map and "
                     "simplified by tools/build_athens_sparta_map.py",
           "bbox": list(BBOX), "land": rings}
    (ROOT / "coast.json").write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    print(f"{len(rings)} land rings")


if __name__ == "__main__":
    main()
