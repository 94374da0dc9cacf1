"""Hexes as players name them: the city, the province or island, the sea (issue 11 §4).

A hex holding a city is "Roma, Latium". Any other hex is named by its province or island,
or for open water by the nearest of the seas lettered on the map, and placed by the nearest
city: "Latium, north of Roma", "Mare Tyrrhenum, 2 hexes south-west of Ostia". Every hex of
the map gets a different name, so two choices never read the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Protocol

from hexmap.geo import MEDITERRANEAN
from hexmap.hexgrid import Layout, hex_range


class Place(Protocol):
    """What naming reads of a hex (a :class:`.geography.HexInfo`)."""

    @property
    def id(self) -> str: ...
    @property
    def q(self) -> int: ...
    @property
    def r(self) -> int: ...
    @property
    def city(self) -> str | None: ...
    @property
    def area(self) -> str | None: ...


#: the seas lettered on the map (their Latin names) and where the lettering stands (lon, lat)
SEAS = (
    ("Mare Internum", (5.5, 38.8)), ("Mare Tyrrhenum", (11.6, 39.6)),
    ("Mare Adriaticum", (15.3, 43.2)), ("Mare Ionium", (18.3, 36.6)),
    ("Mare Aegaeum", (25.2, 38.9)), ("Mare Libycum", (24.0, 33.6)),
    ("Mare Aegyptium", (30.5, 32.9)), ("Pontus Euxinus", (34.0, 42.9)),
    ("Oceanus", (-9.3, 36.4)), ("Mare Balearicum", (2.5, 41.0)),
)
#: the phases of a Turn by their keys in ``state["phase"]`` (ch.5)
PHASE_NAMES = {"draft": "Turn Order", "actions": "Action Cycle", "supply": "Supply",
               "over": "Game Over"}
#: the board's hex size in km (``assets/mare-nostrum/map.yaml`` meta: grid)
HEX_KM = 57.735027
#: how far from a city a hex is placed by it (beyond, by the nearest city at all)
NEAR = 4
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
           "south-east")


def _xy(q: int, r: int) -> tuple[float, float]:
    """A hex's centre in hex units, y growing northwards (pointy hexes, as the board)."""
    return math.sqrt(3) * (q + r / 2), -1.5 * r


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _bearing(frm: tuple[int, int], to: tuple[int, int]) -> str:
    (x0, y0), (x1, y1) = _xy(*frm), _xy(*to)
    angle = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360
    return COMPASS[round(angle / 45) % 8]


def sea_anchors() -> list[tuple[str, tuple[int, int]]]:
    """Each lettered sea with the hex its lettering stands on."""
    layout = Layout("pointy", HEX_KM)
    return [(name, layout.from_pixel(*MEDITERRANEAN.to_xy(*lonlat))) for name, lonlat in SEAS]


def hex_names(hexes: Mapping[str, Place], area_names: Mapping[str, str]) -> dict[str, str]:
    """A name for every hex of a map, all different (``area_names``: area id -> name)."""
    cities = sorted(((h.q, h.r), h.city, h.area) for h in hexes.values() if h.city)
    anchors = sea_anchors()
    out: dict[str, str] = {}
    # the cities near each hex (within NEAR steps), to place the hex by
    near: dict[str, list[tuple[int, bool, str, tuple[int, int]]]] = {}
    for at, city, area in cities:
        for q, r in hex_range(at, NEAR):
            h = hexes.get(f"{q},{r}")
            if h is not None and not h.city:
                near.setdefault(h.id, []).append((_distance(at, (q, r)), area != h.area, city,
                                                  at))
    wanted: dict[str, tuple[str, list[tuple[int, str, tuple[int, int]]]]] = {}
    for h in hexes.values():
        region = _region(area_names, h, anchors)
        if h.city:
            out[h.id] = f"{h.city}, {region}" if region else h.city
            continue
        # nearest first, a city of its own area before others; far out at sea, any city
        by = near.get(h.id) or [(_distance((h.q, h.r), at), area != h.area, city, at)
                                for at, city, area in cities]
        wanted[h.id] = (region, [(d, city, at) for d, _, city, at in sorted(by)[:6]])
    taken = set(out.values())
    nearest_first = sorted(wanted, key=lambda hid: (wanted[hid][1][0][0] if wanted[hid][1]
                                                    else 0, hid))
    for hid in nearest_first:
        region, refs = wanted[hid]
        h = hexes[hid]
        name = ""
        for d, city, at in _then_all(refs, (h.q, h.r), cities):
            where = _bearing(at, (h.q, h.r))
            place = f"{where} of {city}" if d == 1 else f"{d} hexes {where} of {city}"
            name = f"{region}, {place}" if region else place
            if name not in taken:
                break
        while name in taken or not name:        # never reached on the shipped map
            name = f"{name or region or 'Open sea'} ({len(taken)})"
        taken.add(name)
        out[hid] = name
    return out


def _then_all(refs: list[tuple[int, str, tuple[int, int]]], h: tuple[int, int],
              cities: list[tuple[tuple[int, int], str, str | None]]
              ) -> Iterator[tuple[int, str, tuple[int, int]]]:
    """The near cities, then (only if their names are all taken) every city, nearest first."""
    yield from refs
    yield from sorted((_distance(h, at), city, at) for at, city, _ in cities)


def _region(area_names: Mapping[str, str], h: Place,
            anchors: list[tuple[str, tuple[int, int]]]) -> str:
    if h.area:
        return area_names.get(h.area, h.area)
    if not anchors:
        return ""
    return min(anchors, key=lambda a: (_distance((h.q, h.r), a[1]), a[0]))[0]
