"""The map view: wheel zoom around the cursor, drag to pan, fit to window."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

ZOOM_STEP = 1.2
MIN_ZOOM = 0.2    # relative to the fitted scale
MAX_ZOOM = 40.0


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
        self.scale(factor, factor)
        self._fitted = False

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

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        if self._fitted:
            self.fit()

    def centre_on(self, rect: QRectF) -> None:
        """Scroll so that ``rect`` is in the middle, zooming in a little if it is tiny."""
        self.centerOn(rect.center())
