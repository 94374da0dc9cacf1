"""The map view: wheel zoom around the cursor, drag to pan, fit to window.

A run of zoom steps (wheel turns, keys) is a *zoom burst*: while it lasts
(:attr:`MapView.zooming`, until ``ZOOM_SETTLE_MS`` pass without another step) the view keeps
no cached background (each step repaints the whole view anyway) and the map's items may
draw what they drew at the scale before the burst, scaled (:mod:`gui.scale_cache`); once it
settles the view repaints everything crisply at the new scale (over a few paints, each
drawing afresh for at most a few milliseconds, when there is much to draw).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from .scale_cache import frame

ZOOM_STEP = 1.2
MIN_ZOOM = 0.2    # relative to the fitted scale
MAX_ZOOM = 40.0
#: a zoom burst ends once this long passes without a zoom step (ms)
ZOOM_SETTLE_MS = 150


class MapView(QGraphicsView):
    """A QGraphicsView tuned for board maps. Stays fitted until the player zooms."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        # Our own viewport widget: asking PySide for the one Qt makes (a QWidget* it did not
        # create) makes it load every QWidget class it has not loaded yet.
        self.setViewport(QWidget())
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self._fitted = True
        self._fit_scale = 1.0
        self.zooming = False
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.timeout.connect(self.settle_zoom)
        self.drawn_left = False         # the last paint left items to draw afresh
        self._more = QTimer(self)
        self._more.setSingleShot(True)
        self._more.timeout.connect(lambda: self.viewport().update())

    # --- zoom ---------------------------------------------------------------------------
    def zoom(self) -> float:
        """Current scale relative to the fitted scale."""
        return self.transform().m11() / self._fit_scale if self._fit_scale else 1.0

    def zoom_by(self, factor: float) -> None:
        """Zoom by ``factor`` around the cursor (wheel) or the view centre (keys)."""
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
        factor = target / self.zoom()
        if abs(factor - 1.0) < 1e-9:
            return
        if not self.zooming:
            self.zooming = True
            # every step repaints the whole view: a cached background would only be
            # filled and copied once more per step; pixmaps drawn scaled meanwhile are
            # drawn without smoothing (quick: a smooth scale of a large one is farmed out
            # to Qt's threads and the frame waits for them)
            self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
            self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        self._settle.start(ZOOM_SETTLE_MS)
        self.scale(factor, factor)
        self._fitted = False

    def settle_zoom(self) -> None:
        """End the zoom burst: the background cached again, everything drawn afresh."""
        self._settle.stop()
        if not self.zooming:
            return
        self.zooming = False
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        self.viewport().update()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt name)
        """Zoom keeping the map point under the cursor where it is."""
        steps = event.angleDelta().y() / 120.0
        if steps:
            pos = event.position().toPoint()
            anchor = self.mapToScene(pos)
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            self.zoom_by(ZOOM_STEP ** steps)
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
            moved = self.mapFromScene(anchor) - pos
            h, v = self.horizontalScrollBar(), self.verticalScrollBar()
            h.setValue(h.value() + moved.x())
            v.setValue(v.value() + moved.y())
        event.accept()

    def fit(self) -> None:
        """Show the whole map."""
        scene = self.scene()
        if scene is None:
            return
        rect = scene.itemsBoundingRect() if scene.sceneRect().isEmpty() else scene.sceneRect()
        if rect.isEmpty():
            return
        margin = max(rect.width(), rect.height()) * 0.02
        rect = rect.adjusted(-margin, -margin, margin, margin)
        # fitInView's own figure (a 2 px margin, aspect kept); when the view already has it,
        # only re-centre: fitInView would reset the transform and so drop the cached
        # background and every item cache for nothing.
        vp = self.viewport().rect()
        scale = min((vp.width() - 4) / rect.width(), (vp.height() - 4) / rect.height())
        t = self.transform()
        if (scale > 0 and t.isScaling() and not t.isRotating()
                and abs(t.m11() - scale) <= 1e-9 * scale and abs(t.m22() - scale) <= 1e-9 * scale):
            self.centerOn(rect.center())
        else:
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._fit_scale = self.transform().m11() or 1.0
        self._fitted = True

    def setScene(self, scene: QGraphicsScene | None) -> None:  # noqa: N802 (Qt name)
        super().setScene(scene)
        self.resetCachedContent()
        self.fit()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """Paint; items left scaled by this paint (:func:`gui.scale_cache.frame`) are drawn
        afresh by the next, on the next turn of the event loop."""
        with frame() as painted:
            super().paintEvent(event)
        self.drawn_left = painted.deferred
        if painted.deferred:
            self._more.start(0)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        if self._fitted:
            self.fit()

    def centre_on(self, rect: QRectF) -> None:
        """Scroll so that ``rect`` is in the middle, zooming in a little if it is tiny."""
        self.centerOn(rect.center())
