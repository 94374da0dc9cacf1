"""The Hubris map: Satrapies, Sea Areas, Places and pieces (2.5), drawn from geo.json.

Scene units are the warped map kilometres of geo.json (built by tools/build_hubris_geo.py).
The scene only shows the state and reports clicks (``elementClicked(id)``); it decides nothing.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
)

from rules.engine.data import cached_derived
from rules.hubris.mapdata import MapData, load_map

from ..counters import Counter, CounterItem
from ..map_tiles import BoardTiles
from . import style as S
from .geo import (
    fill_parts,
    full_geo,
    geo_digest,
    load_scene_geo,
    packed_rings,
    rings_path,
    rings_path_and_parts,
)
from .items import (
    RUN_POINTS,
    AreaItem,
    Backdrop,
    BannerItem,
    LodText,
    OutlineRuns,
    PlaceItem,
    frac,
    map_font,
    name_variants,
    rect_path,
    shared_brush,
    shared_pen,
    text_item,
)
from .labels import LabelLayout, layout_labels
from .layout_cache import cached_layout, layout_key
from .stacks import _HIDDEN, stacking_order, stacks

KINGDOMS = ("macedon", "ptolemies", "seleucids")
#: the board is kept as pixmaps of cells this size, km (:mod:`gui.map_tiles`)
BOARD_CELL = 500.0
_LAYOUTS: dict[tuple, LabelLayout] = {}

# Qt enum members and colours looked up once (each lookup is a Python -> Qt round trip)
_NO_BUTTON = Qt.MouseButton.NoButton
_SEA_INK = QColor("#2d5673")
_SEA_EDGE = QColor("#6f8da3")
_FRAME_FILL = QColor(255, 255, 255, 1)


class HubrisScene(QGraphicsScene):
    """The Hubris board. ``highlight`` lights the ids a prompt's choices target.

    Speed: everything that changes only with the state or the prompt (Sea Areas, Satrapies,
    borders, names, banners, arrows, highlight outlines, Place markers) is *baked*: its
    items keep their shapes, tooltips and clicks but paint nothing themselves
    (``ItemHasNoContents``); :meth:`drawBackground` paints them instead, from the cell
    pixmaps of :attr:`board` (:mod:`gui.map_tiles`), into the view's cached background.
    :meth:`update_state`/:meth:`highlight` have only the parts that changed drawn again. A
    repaint (hover, pan, a dialog closing) then blits pixmaps and paints the few live items
    (the piece chips) over them.
    """

    elementClicked = Signal(str)  # noqa: N815 (Qt signal name)
    elementHovered = Signal(str)  # noqa: N815 (Qt signal name)
    #: ``update_state``'s prompt only chooses what ``highlight`` lights (gui.main_window)
    PROMPT_ONLY_HIGHLIGHTS = True

    def __init__(self, game: Any, state: dict[str, Any],
                 map_data: MapData | None = None, geo: dict[str, Any] | None = None) -> None:
        super().__init__()
        # ~400 items, found by a linear scan: quicker than building and keeping Qt's BSP
        # tree for them (a few ms at start; hover and repaints scan them just as fast)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.game = game
        self.md = map_data or load_map()
        self.geo = geo or load_scene_geo()
        self.state: dict[str, Any] = {}
        x0, y0, x1, y1 = self.geo["frame"]
        self.setSceneRect(QRectF(x0, y0, x1 - x0, y1 - y0))
        self.setBackgroundBrush(QBrush(S.WATER))
        self.areas: dict[str, AreaItem] = {}
        self.places: dict[str, PlaceItem] = {}
        self.names: dict[str, QGraphicsSimpleTextItem] = {}
        self.sea_names: dict[str, QGraphicsSimpleTextItem] = {}
        self.banners: dict[str, BannerItem] = {}
        self.place_labels: dict[str, LodText] = {}
        self.label_pos: dict[str, tuple[float, float]] = {}   # Area -> where its counters go
        self._outlines: dict[str, QGraphicsPathItem] = {}
        self._pieces: list[QGraphicsItem] = []
        self._piece_plan: list[tuple[Any, str, float, float]] = []   # what _pieces show
        self._obstacles: list[QRectF] | None = None
        self._lit: set[str] = set()
        self._baked: list[QGraphicsItem] = []
        self._look: tuple = ()
        self._bake_option = QStyleOptionGraphicsItem()
        self._printed: dict[tuple[str, str], list] = {}   # banners' and tips' map parts
        self._rings = packed_rings(self.geo)
        self.addItem(Backdrop(self.geo, self._rings["land"]))
        self._build_areas()
        self._build_links()
        self._build_places()
        self._bake_static_layers()
        self.update_state(state, None)

    # --- the baked background ------------------------------------------------------------
    def _bake_static_layers(self) -> None:
        """Mark every item but the chips as painted by the background: the Place markers
        last (over everything else baked, as when they were items of their own)."""
        places = set(self.places.values())
        stacked = stacking_order(self.items())
        order = [it for it in stacked if it not in places] + \
            [it for it in stacked if it in places]
        for it in order:
            it.setCacheMode(QGraphicsItem.CacheMode.NoCache)
            it.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self._baked = order
        # their scene bounds as (left, top, right, bottom), made when first needed: a patch
        # of the board scans them in Python, far quicker than asking Qt item by item
        self._baked_bounds: list[tuple[float, float, float, float]] | None = None
        self.board = BoardTiles(self.sceneRect(), self._draw_baked, BOARD_CELL, S.WATER,
                                self._board_changed)
        # long outlines (Areas, highlight outlines) are stroked run by run when zoomed in
        self._runs: dict[QGraphicsItem, OutlineRuns] = {}
        for it in order:
            if (isinstance(it, QGraphicsPathItem) and it.pen().style() == Qt.PenStyle.SolidLine
                    and it.path().elementCount() > RUN_POINTS):
                self._runs[it] = OutlineRuns(it.path(), it.pen())

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        """Water, and the board: the baked items, from the pixmaps of :attr:`board`."""
        self.board.paint(painter, rect)

    def _board_changed(self, rect: QRectF) -> None:
        self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)

    def _draw_baked(self, painter: QPainter, rect: QRectF) -> None:
        """Paint the baked items (bottom first) that meet ``rect``."""
        painter.fillRect(rect, S.WATER)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        option = self._bake_option
        for item in self._baked_meeting(rect):
            if not item.isVisible():
                continue
            if isinstance(item, Backdrop):
                item.paint_exposed(painter, rect)
                continue
            runs = self._runs.get(item)
            if runs is not None:          # an Area (fill, then border) or a highlight outline
                if item.brush().style() != Qt.BrushStyle.NoBrush:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(item.brush())
                    fill_parts(painter, item.path(), self._fill_parts.get(item))
                runs.stroke(painter, rect)
                continue
            painter.save()
            painter.setTransform(item.sceneTransform(), True)
            option.exposedRect = item.boundingRect()
            item.paint(painter, option, None)
            painter.restore()

    def _baked_meeting(self, rect: QRectF) -> list[QGraphicsItem]:
        """The baked items whose scene bounds meet ``rect`` (as ``QRectF.intersects``), bottom
        first: all of them for the whole board."""
        if rect.contains(self.sceneRect()):
            return self._baked
        if self._baked_bounds is None:
            self._baked_bounds = [r.getCoords() for r in
                                  (it.sceneBoundingRect() for it in self._baked)]
        left, top, right, bottom = rect.getCoords()
        return [item for item, (x0, y0, x1, y1) in zip(self._baked, self._baked_bounds,
                                                       strict=True)
                if x0 < right and left < x1 and y0 < bottom and top < y1]

    # --- the scene interface -------------------------------------------------------------
    def update_state(self, state: dict[str, Any], prompt: Any) -> None:
        self.state = state
        banner_rects = {sid: b.sceneBoundingRect() for sid, b in self.banners.items()}
        for sid in self.md.satrapies:
            self._paint_satrapy(sid)
        for sid in self.md.seas:
            self._paint_sea(sid)
        for pid, item in self.places.items():
            rec = (state.get("places") or {}).get(pid) or {}
            flags = dict(self._static_flags[pid], revolt=bool(rec.get("revolt")),
                         sd=bool(rec.get("sd")))
            if (item.power, item.marker, item.flags) != (rec.get("power"), rec.get("marker"),
                                                         flags):
                item.set_state(rec.get("power"), rec.get("marker"), flags)
                self.board.invalidate(item.sceneBoundingRect())     # a baked marker
            item.setToolTip(self._place_tip(pid, rec))
        self._draw_pieces()
        look = tuple((aid, item.brush().color().rgba()) for aid, item in self.areas.items()) \
            + tuple((sid, b.text()) for sid, b in self.banners.items())
        if look != self._look:          # a fill or a banner changed: redraw that part
            changed = self._changed_rects(self._look, look, banner_rects)
            self._look = look
            self._baked_bounds = None   # a banner's bounds change with its text
            if changed is None:
                self.board.invalidate()
            for rect in changed or ():
                self.board.invalidate(rect)
        targets = ({c.target for c in prompt.choices if getattr(c, "target", None)}
                   if prompt is not None else set())
        self.highlight(targets)

    def highlight(self, targets: set[str]) -> None:
        self._lit = set(targets)
        for pid, item in self.places.items():
            if item.lit != (pid in targets):
                item.lit = pid in targets
                self.board.invalidate(item.sceneBoundingRect())     # a baked marker
        for aid, outline in [*self._outlines.items(), ("italia", self._italia_outline)]:
            if outline.isVisible() != (aid in targets):
                outline.setVisible(aid in targets)
                self.board.invalidate(outline.sceneBoundingRect())   # only where it was

    def _changed_rects(self, old: tuple, new: tuple,
                       banner_rects: dict[str, QRectF]) -> list[QRectF] | None:
        """Where the board differs between two ``_look``s (None: everywhere)."""
        if len(old) != len(new):
            return None
        rects = []
        n_areas = len(self.areas)
        for i, (was, now) in enumerate(zip(old, new, strict=True)):
            if was == now:
                continue
            if i < n_areas:
                rects.append(self.areas[now[0]].sceneBoundingRect())
            else:
                sid = now[0]
                rects.append(banner_rects[sid].united(self.banners[sid].sceneBoundingRect()))
        return rects

    def click_target(self, element_id: str) -> str:
        """What a click on ``element_id`` picks: a Place inside a highlighted Satrapy that
        is not itself highlighted stands for its Satrapy (the Place's marker covers part of
        the Satrapy a choice asks for)."""
        if element_id in self._lit or element_id not in self.md.places:
            return element_id
        area = self.md.places[element_id].satrapy
        return area if area in self._lit else element_id

    def pieces_text(self, element_id: str) -> str:
        """The pieces in an Area, by owner, as the map stacks them (the Info panel)."""
        area = element_id
        if element_id in self.md.places:
            area = self.md.places[element_id].satrapy
        row = stacks(self.state, {area}).get(area) or []
        lines = []
        for stack in row:
            owner, *pieces = stack.tip.replace("<b>", "").replace("</b>", "").split("<br>")
            lines.append(f"{owner} ({len(pieces)}): " + "; ".join(pieces))
        return ("Pieces here:\n" + "\n".join(lines)) if lines else "No pieces here."

    def legend(self) -> list[tuple[str, list[tuple[Any, str]]]]:
        """What the map's colours, shades and symbols mean (View > Legend)."""
        names = {"macedon": "Macedon", "ptolemies": "Ptolemies", "seleucids": "Seleucids",
                 "rome": "Rome", "rebel": "Rebels"}
        powers = [(S.POWER[k], f"{v}: counters, Place markers, Satrapy fill")
                  for k, v in names.items()]
        shades = [(S.mix(S.POWER["macedon"], S.PARCHMENT, 0.35), "Satrapy in full control"),
                  (S.mix(S.POWER["macedon"], S.PARCHMENT, 0.55), "Satrapy in partial control"),
                  (S.mix(S.POWER["macedon"], S.PARCHMENT, 0.8), "Background: not controlled"),
                  (S.PARCHMENT, "Uncontrolled Satrapy"), (S.SEA, "Sea Area"),
                  (S.DEEP_SEA, "Deep Sea: Storms on entry, no Interception (2.5.3)"),
                  (S.OFF_PLAY, "Not in play in this scenario")]
        markers = []
        for tribe, marker, power, text in (
                (False, None, None, "Unaligned City (square)"),
                (True, None, None, "Unaligned Tribe (round)"),
                (False, "alliance", "ptolemies", "Alliance: a ring in the Power's colour"),
                (False, "garrison", "ptolemies", "Garrison: solid in the Power's colour")):
            item = PlaceItem("legend", tribe)
            item.set_state(power, marker, {})
            markers.append((item, text))
        capital = PlaceItem("legend", False)
        capital.set_state("seleucids", "garrison", {"capital": True, "stronghold": -2})
        markers.append((capital, "Capital (gold frame), Stronghold flags (2.5.7)"))
        revolt = PlaceItem("legend", False)
        revolt.set_state("macedon", "alliance", {"revolt": True})
        markers.append((revolt, "In Revolt"))
        grey = _HIDDEN
        counters = [
            (Counter(S.POWER["seleucids"], "RA"), "Royal Army"),
            (Counter(S.POWER["ptolemies"], "ST"), "Siege Train"),
            (Counter(S.POWER["ptolemies"], "⚓1"), "Squadron and its number"),
            (Counter(S.POWER["rome"], "L"), "Legion"),
            (Counter(S.POWER["macedon"], "♛M6", shape="round"), "Leader (♛: the King)"),
            (Counter(grey, "?"), "Face-down piece (Mercenaries, Colonists, Minor Powers)"),
            (Counter(S.POWER["macedon"], "RA", count=3),
             "A stack: its top counter, the number of pieces in it top left")]
        return [("Powers", powers), ("Satrapies and Seas", shades), ("Places", markers),
                ("Counters", counters),
                ("Banner", [(S.BANNER_PLATE, "VP per Kingdom (Macedon | Ptolemies | Seleucids), "
                                             "T Tax, S Supply, ⚓ Shipyard, ▲▲ Rough Terrain")])]

    def drawn_names(self, scale: float) -> list[tuple[str, QGraphicsItem]]:
        """Every name drawn at ``scale`` (view pixels per km): Satrapy names and banners,
        Sea Areas, Places not hidden as crowded, ITALIA (:mod:`gui.map_check`)."""
        out: list[tuple[str, QGraphicsItem]] = []
        out += [(f"name {sid}", t) for sid, t in self.names.items()]
        out += [(f"banner {sid}", b) for sid, b in self.banners.items()]
        out += [(f"sea {sid}", t) for sid, t in self.sea_names.items()]
        out += [(f"place {pid}", t) for pid, t in self.place_labels.items()
                if t.min_lod <= scale]
        return out

    def drawn_markers(self) -> list[tuple[str, QRectF]]:
        """Scene rectangles of what a name must not cover: Place markers, counters, ITALIA."""
        h = S.PLACE_SIZE / 2
        out = [(f"marker {pid}", QRectF(x - h, y - h, 2 * h, 2 * h).translated(it.pos()))
               for pid, it in self.places.items() for x, y in [(0.0, 0.0)]]
        out += [(f"counter {it.toolTip()[:30]}", it.body_rect()) for it in self.counter_items()]
        out.append(("ITALIA", self.italia.sceneBoundingRect()))
        return out

    def counter_items(self) -> list[CounterItem]:
        return [it for it in self._pieces if isinstance(it, CounterItem)]

    def element_rect(self, element_id: str) -> QRectF | None:
        item = self.places.get(element_id) or self.areas.get(element_id)
        if item is not None:
            return item.sceneBoundingRect()
        if element_id == "italia":
            return self.italia.sceneBoundingRect()
        return None

    # --- static layers ---------------------------------------------------------------------
    def _build_areas(self) -> None:
        self._fill_parts: dict[QGraphicsItem, list[QPolygonF]] = {}
        for aid, rec in self.geo["areas"].items():
            path, parts = rings_path_and_parts(self._rings[f"area:{aid}"])
            sea = rec["kind"] == "sea"
            if "frame" in rec:                      # island Satrapy: dashed click frame
                frame = rings_path(self._rings[f"frame:{aid}"])
                fr = AreaItem(aid, frame)
                fr.setPen(QPen(S.BORDER, 2.0, Qt.PenStyle.DashLine))
                fr.setBrush(shared_brush(_FRAME_FILL))
                fr.setZValue(2.5)
                self.addItem(fr)
                path = path.united(QPainterPath())
            item = AreaItem(aid, path)
            item.setZValue(1 if sea else 2)
            item.setPen(shared_pen(_SEA_EDGE, 1.0) if sea else shared_pen(S.BORDER, 2.2))
            if parts is not None and "frame" not in rec:
                self._fill_parts[item] = parts
            self.addItem(item)
            self.areas[aid] = item
            outline = QGraphicsPathItem(path if "frame" not in rec
                                        else rings_path(self._rings[f"frame:{aid}"]))
            outline.setPen(shared_pen(S.GOLD, 9 if sea else 8))
            outline.setZValue(8)
            outline.setVisible(False)
            outline.setAcceptedMouseButtons(_NO_BUTTON)
            self.addItem(outline)
            self._outlines[aid] = outline
            self._add_area_label(aid, rec, sea)

    def _add_area_label(self, aid: str, rec: dict[str, Any], sea: bool) -> None:
        x, y = rec["label"]
        if sea:
            name = self.md.seas[aid].name if aid in self.md.seas else aid
            t = text_item(name, map_font(S.SEA_PX, italic=True, serif=True))
            t.setBrush(shared_brush(_SEA_INK))
            r = t.boundingRect()
            t.setPos(x - r.width() / 2, y - r.height() / 2)
            t.setZValue(5)              # over a coast the name's block may reach
            t.setAcceptedMouseButtons(_NO_BUTTON)
            self.addItem(t)
            self.sea_names[aid] = t
            return
        sat = self.md.satrapies.get(aid)
        name = sat.name if sat else aid.upper()
        t = text_item(name, map_font(S.LABEL_PX, bold=True, serif=True))
        t.setBrush(shared_brush(S.INK))
        t.setZValue(5)
        t.setAcceptedMouseButtons(_NO_BUTTON)
        self.addItem(t)
        b = BannerItem(map_font(S.BANNER_PX))
        b.set_parts(self._banner_parts(aid))
        b.setZValue(5)
        b.setAcceptedMouseButtons(_NO_BUTTON)
        self.addItem(b)
        self.names[aid] = t
        self.banners[aid] = b

    def _banner_parts(self, sid: str, marks: list[str] | None = None) -> list[tuple[str, QColor]]:
        """VP per Kingdom in its colour, Tax, Supply, Shipyard, Rough (2.5.1), then markers
        (the map's part worked out once per scene)."""
        printed = self._printed.get(("banner", sid))
        if printed is None:
            printed = self._printed[("banner", sid)] = self._printed_banner(sid)
        return printed + ([("  " + " ".join(marks), S.ROME_ARROW)] if marks else [])

    def _printed_banner(self, sid: str) -> list[tuple[str, QColor]]:
        sat = self.md.satrapies.get(sid)
        if sat is None:
            return []
        vps = [sat.vp.get(k) for k in KINGDOMS]

        def pair(p: Any) -> str:
            return frac(p[0]) if p[0] == p[1] else f"{frac(p[0])}|{frac(p[1])}"

        ink = S.BANNER_INK
        parts: list[tuple[str, QColor]] = [("VP ", ink)]
        if all(v == vps[0] for v in vps):
            parts.append((pair(vps[0]), ink))
        else:
            for i, (k, v) in enumerate(zip(KINGDOMS, vps, strict=True)):
                parts.append(((" " if i else "") + pair(v), S.POWER_TEXT[k]))
        tail = f"  T {pair(sat.tax)}  S {sat.supply}"
        if sat.shipyard:
            tail += "  ⚓"
        if sat.rough:
            tail += "  ▲▲"
        parts.append((tail, ink))
        return parts

    def _build_links(self) -> None:
        """Straits Crossings (white double arrows) and Roman arrival routes (red arrows)."""
        for st in self.geo.get("straits", []):
            (ax, ay), (bx, by) = st["line"][0], st["line"][-1]
            self._arrow(QPointF(ax, ay), QPointF(bx, by), QColor("white"), both=True,
                        tip=f"Straits Crossing ({' – '.join(st['between'])}); not Adjacent (2.5.3)")
        x, y, w, h = self.geo["boxes"]["italia"]
        self.italia = AreaItem("italia", rect_path(QRectF(x, y, w, h)))
        self.italia.setBrush(QBrush(QColor("#f4e3e0")))
        self.italia.setPen(QPen(S.ROME_ARROW, 3))
        self.italia.setZValue(6)
        self.italia.setToolTip("ITALIA: origin of Roman Campaigns (2.5.9)")
        self.addItem(self.italia)
        t = text_item("ITALIA", map_font(S.LABEL_PX * 0.8, bold=True, serif=True), self.italia)
        t.setBrush(QBrush(S.ROME_ARROW))
        r = t.boundingRect()
        t.setPos(x + (w - r.width()) / 2, y + (h - r.height()) / 2)
        t.setAcceptedMouseButtons(_NO_BUTTON)
        self._italia_outline = QGraphicsPathItem(rect_path(QRectF(x - 4, y - 4, w + 8, h + 8)))
        self._italia_outline.setPen(QPen(S.GOLD, 8))
        self._italia_outline.setZValue(8)
        self._italia_outline.setVisible(False)
        self.addItem(self._italia_outline)
        for rt in self.geo.get("routes", []):
            (ax, ay), (bx, by) = rt["line"][0], rt["line"][-1]
            self._arrow(QPointF(ax, ay), QPointF(bx, by), S.ROME_ARROW, both=False,
                        tip=f"Roman arrival route ITALIA → {rt['to'].upper()} (2.5.3)")

    def _arrow(self, a: QPointF, b: QPointF, colour: QColor, both: bool, tip: str) -> None:
        path = QPainterPath(a)
        path.lineTo(b)
        for tip_at, frm in ((b, a), (a, b)) if both else ((b, a),):
            ang = math.atan2(tip_at.y() - frm.y(), tip_at.x() - frm.x())
            for da in (2.6, -2.6):
                path.moveTo(tip_at)
                path.lineTo(tip_at.x() + 16 * math.cos(ang + da),
                            tip_at.y() + 16 * math.sin(ang + da))
        casing = QGraphicsPathItem(path)
        casing.setPen(QPen(QColor(40, 30, 20, 160), 9, Qt.PenStyle.SolidLine,
                           Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        casing.setZValue(4)
        casing.setToolTip(tip)
        self.addItem(casing)
        item = QGraphicsPathItem(path)
        item.setPen(QPen(colour, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                         Qt.PenJoinStyle.RoundJoin))
        item.setZValue(4.1)
        item.setToolTip(tip)
        self.addItem(item)

    def _build_places(self) -> None:
        self._static_flags: dict[str, dict[str, Any]] = {}
        port_dirs = self._port_dirs()
        for pid in sorted(self.md.places):
            place = self.md.places[pid]
            if pid not in self.geo["places"]:
                continue
            x, y = self.geo["places"][pid]
            item = PlaceItem(pid, place.kind == "tribe")
            item.setPos(x, y)
            item.setZValue(6)
            self.addItem(item)
            self.places[pid] = item
            flags: dict[str, Any] = {"capital": place.capital_of, "stronghold": place.stronghold}
            if pid in port_dirs:
                flags["port_dir"] = port_dirs[pid]
            self._static_flags[pid] = flags
            label = LodText(place.name, map_font(S.NAME_PX, bold=bool(place.capital_of)))
            label.setBrush(shared_brush(S.INK))
            label.setZValue(6.5)
            label.setAcceptedMouseButtons(_NO_BUTTON)
            self.addItem(label)
            self.place_labels[pid] = label
        self._apply_layout(self._layout())

    def _layout(self) -> LabelLayout:
        """Where Satrapy names and Place names go (computed once per geometry, cached)."""
        key = (id(self.geo), tuple(self.geo["frame"]), S.LABEL_PX, S.BANNER_PX, S.NAME_PX)
        cached = _LAYOUTS.get(key)
        if cached is not None:
            return cached
        blocks = {}
        for sid, name in self.names.items():
            rb = self.banners[sid].boundingRect()
            variants = []
            for text in name_variants(self.md.satrapies[sid].name):
                probe = text_item(text, name.font())
                rn = probe.boundingRect()
                variants.append((max(rn.width(), rb.width()),
                                 rn.height() + rb.height() + S.CHIP_ROOM))
            rec = self.geo["areas"][sid]
            shape = (rings_path(self._rings[f"frame:{sid}"]) if "frame" in rec
                     else self.areas[sid].path())
            blocks[sid] = (variants, tuple(rec["label"]), shape)
        for sid, name in self.sea_names.items():       # a Sea Area's name, its counters below
            variants = []
            for text in name_variants(name.text()):
                rn = text_item(text, name.font()).boundingRect()
                variants.append((rn.width(), rn.height() + S.CHIP_ROOM))
            blocks[sid] = (variants, tuple(self.geo["areas"][sid]["label"]),
                           self.areas[sid].path())
        names = {pid: (lab.boundingRect().width(), lab.boundingRect().height())
                 for pid, lab in self.place_labels.items()}
        markers = {pid: tuple(self.geo["places"][pid]) for pid in self.place_labels}
        obstacles = (tuple(self.geo["boxes"]["italia"]),)
        frame = tuple(self.geo["frame"])
        inputs = ([(sid, b[0], b[1]) for sid, b in blocks.items()], list(names.items()),
                  list(markers.items()), S.PLACE_SIZE, obstacles, frame)
        layout = cached_layout(layout_key(geo_digest(self.geo), inputs),
                               lambda: layout_labels(blocks, names, markers, S.PLACE_SIZE,
                                                     obstacles, frame))
        _LAYOUTS[key] = layout
        return layout

    def _apply_layout(self, layout: LabelLayout) -> None:
        for sid, (cx, top, variant) in layout.blocks.items():
            sea = self.sea_names.get(sid)
            if sea is not None:
                sea.setText(name_variants(self.md.seas[sid].name)[variant])
                rn = sea.boundingRect()
                sea.setPos(cx - rn.width() / 2, top)
                self.label_pos[sid] = (cx, top + rn.height())
                continue
            name, banner = self.names[sid], self.banners[sid]
            name.setText(name_variants(self.md.satrapies[sid].name)[variant])
            rn, rb = name.boundingRect(), banner.boundingRect()
            name.setPos(cx - rn.width() / 2, top)
            banner.setPos(cx - rb.width() / 2, top + rn.height())
            self.label_pos[sid] = (cx, top + rn.height() + rb.height())
        h = S.PLACE_SIZE / 2
        kept = [t.sceneBoundingRect() for t in [*self.names.values(), *self.banners.values(),
                                                 *self.sea_names.values()]]
        kept += [QRectF(x - h, y - h, 2 * h, 2 * h) for x, y in
                 (self.geo["places"][pid] for pid in self.place_labels)]
        for pid, (x, y, crowded) in sorted(layout.names.items()):
            label = self.place_labels[pid]
            label.setPos(x, y)
            rect = label.sceneBoundingRect().adjusted(2, 2, -2, -2)
            crowded = crowded or any(rect.intersects(r) for r in kept)
            label.min_lod = S.CROWDED_LOD if crowded else 0.0
            if not crowded:                  # shown at the overview: later names keep off it
                kept.append(rect)

    def _port_dirs(self) -> dict[str, tuple[float, float]]:
        """Place id -> unit direction of its Port's sea (the naval base mark), computed from
        the geometry once and then cached under it (geo digest, ports and positions)."""
        ports = [(pid, tuple(self.geo["places"][pid]), place.port_sea)
                 for pid, place in sorted(self.md.places.items())
                 if pid in self.geo["places"] and place.port_sea
                 and place.port_sea in self.geo["areas"]]

        def compute() -> dict[str, tuple[float, float]]:
            return {pid: self._nearest_sea_dir(x, y, sea) for pid, (x, y), sea in ports}

        return cached_derived("hubris-port-dirs", [Path(__file__)], compute,
                              extra=geo_digest(self.geo) + repr(ports).encode())

    def _nearest_sea_dir(self, x: float, y: float, sea: str) -> tuple[float, float]:
        best, bd = (0.0, 1.0), math.inf
        for poly in full_geo(self.geo)["areas"][sea]["polygons"]:
            for px, py in poly[0][::2]:
                d = (px - x) ** 2 + (py - y) ** 2
                if d < bd:
                    bd, best = d, (px - x, py - y)
        n = math.hypot(*best) or 1.0
        return (best[0] / n, best[1] / n)

    # --- state-dependent drawing -------------------------------------------------------------
    def _controller(self, sid: str) -> tuple[str | None, str | None]:
        ctl = ((self.state.get("derived") or {}).get("control") or {}).get(sid) or {}
        return ctl.get("power"), ctl.get("level")

    def _paint_satrapy(self, sid: str) -> None:
        item = self.areas.get(sid)
        if item is None:
            return
        sat = self.md.satrapies[sid]
        srec = (self.state.get("satrapies") or {}).get(sid) or {}
        power, level = self._controller(sid)
        if srec.get("in_play") is False:
            brush = shared_brush(S.OFF_PLAY)
        elif power in S.POWER:
            brush = shared_brush(S.mix(S.POWER[power], S.PARCHMENT,
                                       0.35 if level == "full" else 0.55))
        elif sat.background in S.POWER:
            brush = shared_brush(S.mix(S.POWER[sat.background], S.PARCHMENT, 0.8))
        else:
            brush = shared_brush(S.PARCHMENT)
        item.setBrush(brush)
        marks = []
        if srec.get("ravaged"):
            marks.append("RAVAGED")
        if srec.get("taxes_increased"):
            marks.append("TAXES+")
        banner = self.banners.get(sid)
        if banner is not None:
            banner.set_parts(self._banner_parts(sid, marks))
        item.setToolTip(self._satrapy_tip(sid, srec, power, level))

    def _paint_sea(self, sid: str) -> None:
        item = self.areas.get(sid)
        if item is None:
            return
        rec = (self.state.get("seas") or {}).get(sid) or {}
        deep = self.md.seas[sid].deep
        colour = S.DEEP_SEA if deep else S.SEA
        if rec.get("in_play") is False:
            colour = S.mix(colour, S.OFF_PLAY, 0.6)
        item.setBrush(shared_brush(colour))
        sea = self.md.seas[sid]
        tip = f"<b>{sea.name}</b>" + (" — Deep Sea: Storms on entry, no Interception (2.5.3)"
                                      if deep else "")
        ports = self._sea_ports().get(sid)
        if ports:
            tip += "<br>Ports: " + ", ".join(sorted(ports))
        item.setToolTip(tip)

    def _sea_ports(self) -> dict[str, list[str]]:
        """Sea Area -> names of its Ports (the map's, worked out once per scene)."""
        ports = getattr(self, "_ports", None)
        if ports is None:
            ports = self._ports = defaultdict(list)
            for p in self.md.places.values():
                if p.port_sea:
                    ports[p.port_sea].append(p.name)
        return ports

    def _satrapy_tip(self, sid: str, srec: dict, power: str | None, level: str | None) -> str:
        sat = self.md.satrapies[sid]
        lines = self._printed.get(("tip", sid))
        if lines is None:                   # what the map prints, worked out once per scene
            vp = ", ".join(f"{k.capitalize()} {frac(v[0])}|{frac(v[1])}"
                           for k, v in sat.vp.items())
            lines = self._printed[("tip", sid)] = [
                f"<b>{sat.name}</b> ({', '.join(sat.regions) or 'no Region'})", f"VP: {vp}",
                f"Tax {frac(sat.tax[0])}|{frac(sat.tax[1])} · Supply {sat.supply}"
                + (" · Shipyard" if sat.shipyard else "") + (" · Rough" if sat.rough else "")]
        lines = list(lines)
        places = []
        for p in self.md.places_in(sid):
            rec = (self.state.get("places") or {}).get(p.id) or {}
            who = rec.get("power")
            places.append(f"{p.name} ({who or 'unaligned'}"
                          + (f" {rec.get('marker')}" if who else "") + ")")
        lines.append("Places: " + "; ".join(places))
        control = f"{power.capitalize()} ({level or ''})" if power else "none"
        lines.append(f"Control: {control}")
        if srec.get("ravaged"):
            lines.append("Ravaged")
        if srec.get("in_play") is False:
            lines.append("Not in play in this scenario")
        return "<br>".join(lines)

    def _place_tip(self, pid: str, rec: dict) -> str:
        bits = self._printed.get(("place", pid))
        if bits is None:                    # what the map prints, worked out once per scene
            p = self.md.places[pid]
            sat = self.md.satrapies.get(p.satrapy)
            bits = self._printed[("place", pid)] = [
                f"<b>{p.name}</b> — {p.kind.capitalize()}, {p.status.capitalize()}",
                f"in {sat.name if sat else p.satrapy}", *self.md.place_facts(pid)]
        bits = list(bits)
        who = rec.get("power")
        align = f"{who.capitalize()} {rec.get('marker') or ''}" if who else "Unaligned"
        bits.append(f"Alignment: {align}")
        if rec.get("revolt"):
            bits.append("In Revolt")
        return "<br>".join(bits)

    def _draw_pieces(self) -> None:
        """A stack of counters per owner in each Area (:func:`stacks`), in a row by the
        Area's name: below it, or above, right or left of it, whichever first keeps off
        the names, markers and rows placed before (ITALIA's: under its box). A counter
        that stays as it was, where it was, keeps its item (and is not drawn again)."""
        plan: list[tuple[Any, str, float, float]] = []
        taken = list(self._static_rects())
        frame = self.sceneRect()
        c, gap = S.COUNTER, 6.0
        step = c * 1.3
        for loc, row in stacks(self.state, set(self.areas) | {"italia"}).items():
            width = step * (len(row) - 1) + c
            if loc == "italia":
                block = self.italia.sceneBoundingRect()
            elif loc in self.sea_names:
                block = self.sea_names[loc].sceneBoundingRect()
            else:
                block = self.names[loc].sceneBoundingRect().united(
                    self.banners[loc].sceneBoundingRect())
            mid = block.center()
            spots = [QPointF(mid.x(), block.bottom() + gap + c / 2),
                     QPointF(block.right() + gap + width / 2, mid.y()),
                     QPointF(block.left() - gap - width / 2, mid.y()),
                     QPointF(mid.x(), block.top() - gap - c / 2),
                     QPointF(mid.x(), block.bottom() + 2 * gap + 1.5 * c)]
            rows = [QRectF(p.x() - width / 2, p.y() - c / 2, width, c) for p in spots]
            reach = rows[0]
            for r in rows[1:]:
                reach = reach.united(r)
            near = [t for t in taken if t.intersects(reach)]     # one scan, not one a row
            free = [r for r in rows if frame.contains(r)
                    and not any(r.intersects(t) for t in near)]
            rect = (free or rows)[0]
            taken.append(rect)
            x = rect.left() + c / 2
            for stack in row:
                plan.append((stack.counter, stack.tip, x, rect.center().y()))
                x += step
        if plan == self._piece_plan:
            return
        old = list(zip(self._piece_plan, self._pieces, strict=True))
        pieces = []
        for entry in plan:
            match = next((i for i, (was, _) in enumerate(old) if was == entry), None)
            if match is not None:
                pieces.append(old.pop(match)[1])
                continue
            counter, tip, x, y = entry
            item = CounterItem(counter, c, tip=tip)
            item.setPos(x, y)
            item.setZValue(7)
            self.addItem(item)
            pieces.append(item)
        for _, item in old:
            self.removeItem(item)
        self._pieces, self._piece_plan = pieces, plan

    def _static_rects(self) -> list[QRectF]:
        """What a row of counters keeps off: names, banners, Place markers and the Place
        names shown at the overview (scene rectangles, worked out once)."""
        if self._obstacles is None:
            h = S.PLACE_SIZE / 2 + 2
            rects = [t.sceneBoundingRect() for t in [*self.names.values(),
                                                      *self.banners.values(),
                                                      *self.sea_names.values()]]
            rects += [QRectF(it.pos().x() - h, it.pos().y() - h, 2 * h, 2 * h)
                      for it in self.places.values()]
            rects += [t.sceneBoundingRect() for t in self.place_labels.values()
                      if not t.min_lod]
            rects.append(self.italia.sceneBoundingRect())
            self._obstacles = rects
        return self._obstacles

