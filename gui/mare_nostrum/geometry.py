"""The Mare Nostrum board's static layout as plain numbers (shore hexes, border segments,
label spots, province tints) and the coastline cut to the land hexes: computed from the
board alone, cached by :class:`.backdrop.Backdrop` (:func:`rules.engine.data.cached_derived`)."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from hexmap.hexgrid import hex_id, neighbour, parse_hex_id
from rules.engine.registry import asset_dir
from rules.mare_nostrum.board import Board

from .style import PROVINCE_TINTS


@cache
def load_coast() -> dict[str, Any]:
    """The coastline rings in map km (assets/mare-nostrum/map-coast.json)."""
    import json  # only when the coastline runs are not cached (Backdrop._coast_runs)

    return json.loads((asset_dir("mare-nostrum") / "map-coast.json").read_text())


def tint_indices(board: Board) -> dict[str, int]:
    """A pale tint per area as an index into ``PROVINCE_TINTS``, neighbouring provinces
    in different tints (greedy colouring) (-1: an island)."""
    touch: dict[str, set[str]] = {a: set() for a in board.areas}
    for a in board.hexes:
        for b in board.neighbours(a):
            x, y = board.hexes[a].area, board.hexes[b].area
            if x and y and x != y:
                touch[x].add(y)
    out: dict[str, int] = {}
    for aid in board.areas:
        if board.areas[aid].kind == "island":
            out[aid] = -1
            continue
        used = {out[n] for n in touch[aid] if n in out and out[n] >= 0}
        out[aid] = next(i for i in range(len(PROVINCE_TINTS)) if i not in used)
    return out



def board_geometry(board: Board) -> dict[str, Any]:
    """The board's static layout as plain data: sea hexes on the shore, the border band
    and side segments of each area (x1, y1, x2, y2 flattened), each area's label spot
    (x, y, whether a merchandise hex is there) and tint index (:func:`tint_indices`)."""
    lay = board.layout
    r = lay.size
    shores = [hid for hid, h in board.hexes.items() if h.terrain == "sea"
              and any(board.hexes[n].terrain != "sea" for n in board.neighbours(hid))]
    k = 0.16 * r / 2 / r
    corners = [lay.corner_offset(i) for i in range(6)]
    sides_of = [sorted(range(6), key=lambda i, d=d: _dist2(corners[i], _half(lay, d)))[:2]
                for d in range(6)]       # the two corners of each side (as Layout.edge)
    bands: dict[str, list[float]] = {}
    sides: dict[str, list[float]] = {}
    for h in board.hexes.values():
        if h.terrain == "sea":
            continue
        cx, cy = lay.to_pixel(h.axial)
        for dr in range(6):
            other = board.hexes.get(hex_id(neighbour(h.axial, dr)))
            if other is not None and other.area == h.area:
                continue
            i, j = sides_of[dr]
            ax, ay = cx + corners[i][0], cy + corners[i][1]
            bx, by = cx + corners[j][0], cy + corners[j][1]
            bands.setdefault(h.area, []).extend(
                (ax + (cx - ax) * k, ay + (cy - ay) * k, bx + (cx - bx) * k, by + (cy - by) * k))
            if other is not None and other.terrain != "sea":
                sides.setdefault(h.area, []).extend((ax, ay, bx, by))
    labels = {}
    for aid in board.areas:
        x, y = _label_hex(board, aid)
        hid = hex_id(lay.from_pixel(x, y))
        labels[aid] = (x, y, bool(board.hexes[hid].merchandise))
    return {"shores": shores, "bands": bands, "sides": sides, "labels": labels,
            "tints": tint_indices(board)}


def _label_hex(board: Board, aid: str) -> tuple[float, float]:
    """Where an area's name goes: its hex nearest the centroid, free hexes first."""
    lay, big = board.layout, board.layout.size
    hs = board.hexes_of(aid)
    pts = {h: lay.to_pixel(parse_hex_id(h)) for h in hs}
    mx = sum(x for x, _ in pts.values()) / len(pts)
    my = sum(y for _, y in pts.values()) / len(pts)

    def crowded_above(h: str) -> bool:
        q, r = parse_hex_id(h)
        return any((n := board.hexes.get(hex_id((q + dq, r - 1)))) is not None
                   and n.merchandise for dq in (0, 1))

    best = min(hs, key=lambda h: (bool(board.hexes[h].merchandise) * 3 * big
                                  + crowded_above(h) * 2 * big
                                  + bool(board.hexes[h].mountain) * big
                                  + math.dist(pts[h], (mx, my)), h))
    return pts[best]


def _half(lay, d: int) -> tuple[float, float]:
    """Halfway from the centre of hex (0, 0) to its neighbour in direction ``d``."""
    x, y = lay.to_pixel(neighbour((0, 0), d))
    ox, oy = lay.to_pixel((0, 0))
    return (x + ox) / 2 - ox, (y + oy) / 2 - oy


def _dist2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def coast_runs(rings: list[list[list[float]]], inside, step: float) -> list[list[tuple]]:
    """The parts of closed ``rings`` where ``inside(x, y)`` holds, as open polylines, each
    cut where it crosses out (found by bisection; a side longer than ``step`` is probed
    every ``step`` on the way)."""

    def crossing(a: tuple, b: tuple, a_in: bool) -> tuple:
        for _ in range(10):
            m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            if inside(*m) == a_in:
                a = m
            else:
                b = m
        return a if a_in else b

    runs: list[list[tuple]] = []
    for ring in rings:
        pts = [tuple(pt) for pt in ring]
        if len(pts) < 2:
            continue
        pts.append(pts[0])
        ins = [inside(x, y) for x, y in pts]
        first = len(runs)
        cur: list[tuple] = [pts[0]] if ins[0] else []
        for i in range(1, len(pts)):
            prev, pt = pts[i - 1], pts[i]
            a, a_in = prev, ins[i - 1]
            length = math.dist(prev, pt)
            n = math.ceil(length / step) if length > step else 1
            for k in range(1, n + 1):
                if k == n:
                    s, s_in = pt, ins[i]
                else:
                    s = (prev[0] + (pt[0] - prev[0]) * k / n, prev[1] + (pt[1] - prev[1]) * k / n)
                    s_in = inside(*s)
                if s_in != a_in:
                    x = crossing(a, s, a_in)
                    if a_in:
                        cur.append(x)
                        runs.append(cur)
                        cur = []
                    else:
                        cur = [x]
                a, a_in = s, s_in
            if a_in:
                cur.append(pt)
        if cur:
            if len(runs) > first and cur[-1] == pts[0] and runs[first][0] == pts[0]:
                runs[first] = cur + runs[first][1:]     # the ring's start is mid-run
            else:
                runs.append(cur)
    return [run for run in runs if len(run) > 1]

