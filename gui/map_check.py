"""What a player reads on a map, measured in the view: the drawn names and the counters.

Used by the tests (and handy at the console): each scene lists its names and counters
(``drawn_names()``, ``counter_items()``); these functions map them to view pixels at the
view's current transform and report the names that leave the view or overlap another, and
the counters smaller than a size.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView


def view_rect(view: QGraphicsView, thing: QGraphicsItem | QRectF) -> QRectF:
    """An item's bounds, or a scene rectangle, in view pixels."""
    scene_rect = thing if isinstance(thing, QRectF) else thing.sceneBoundingRect()
    return view.viewportTransform().mapRect(scene_rect)


def name_problems(view: QGraphicsView, names: list[tuple[str, QGraphicsItem | QRectF]],
                  slack: float = 1.0) -> list[str]:
    """The names outside the view (or off the scene's rectangle, where a board drawn from
    pixmaps ends) and the pairs that overlap (by more than ``slack`` px)."""
    inside = QRectF(view.viewport().rect()).intersected(
        view.viewportTransform().mapRect(view.scene().sceneRect()))
    rects = [(label, view_rect(view, item)) for label, item in names]
    out = [f"{label} leaves the view" for label, r in rects if not inside.contains(r)]
    for i, (a, ra) in enumerate(rects):
        shrunk = ra.adjusted(slack, slack, -slack, -slack)
        for b, rb in rects[i + 1:]:
            if shrunk.intersects(rb.adjusted(slack, slack, -slack, -slack)):
                out.append(f"{a} overlaps {b}")
    return out


def covered_markers(view: QGraphicsView, names: list[tuple[str, QGraphicsItem | QRectF]],
                    markers: list[tuple[str, QRectF]], slack: float = 1.0) -> list[str]:
    """The names that cover a marker (``markers``: label and scene rectangle)."""
    t = view.viewportTransform()
    marks = [(m, t.mapRect(r).adjusted(slack, slack, -slack, -slack)) for m, r in markers]
    out = []
    for label, item in names:
        r = view_rect(view, item).adjusted(slack, slack, -slack, -slack)
        out += [f"{label} covers {m}" for m, mr in marks if r.intersects(mr)]
    return out


def small_counters(view: QGraphicsView, counters: list, least: float) -> list[str]:
    """The counters (``CounterItem``) whose square is under ``least`` px across."""
    out = []
    for item in counters:
        r = view.viewportTransform().mapRect(item.body_rect())
        if min(r.width(), r.height()) < least:
            out.append(f"{item.toolTip()[:40]} is {min(r.width(), r.height()):.1f} px")
    return out
