"""The first paint of a map's static background from pixels kept on disk.

A static board (Mare Nostrum's hexes, borders, coast, mountains and names) costs tens of
milliseconds to record and rasterise, and a start in a window of the same size draws the
very same pixels again. So the first paint of a scene's background keeps those pixels in
the derived-data cache (:func:`rules.engine.data.derived_entry`: keyed by the data and code
the background is drawn from, the Qt version, the fonts it resolves to, the device's size
and pixel ratio and the view's transform); the first paint of the next start with the same
key copies them instead of drawing. Only that first paint is concerned: every later paint
(zoom, pan, a part of the view) draws as before. The pixels of a miss are drawn again and
stored just after the first paint (a zero timer), so a first paint never waits for them.
The latest ``KEEP`` entries of a kind are kept; a damaged entry is only a miss.
"""

from __future__ import annotations

import hashlib
import mmap
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRect, QRectF, QTimer, qVersion
from PySide6.QtGui import QFont, QFontInfo, QImage, QPainter, QPixmap, QTransform

from rules.engine.data import DerivedEntry, derived_entry, read_derived_bytes, write_derived

#: entries kept per kind (the latest): a few scenarios, positions or window sizes (each
#: entry is the size of the view's pixels, ~4 MB at 1200 x 900)
KEEP = 4

#: an entry holds a header (_WholePaint.header) and rows of 32-bit pixels, in the device's
#: own format (a view's background is an opaque pixmap: RGB32, whose blending gives
#: other pixels than an ARGB32 image's)
FORMATS = {"rgb32": QImage.Format.Format_RGB32,
           "argb32p": QImage.Format.Format_ARGB32_Premultiplied}


def font_identity(*families: str) -> bytes:
    """What the fonts named ``families`` resolve to here (a key part: another installed
    font draws other pixels)."""
    parts = [qVersion()]
    for family in families:
        info = QFontInfo(QFont(family))
        parts.append(f"{family}={info.family()}/{info.styleName()}")
    return "\0".join(parts).encode()


class _WholePaint:
    """What the first paint of a whole device draws with (and so what its pixels depend on)."""

    __slots__ = ("fmt", "width", "height", "ratio", "transform", "hints", "rect", "clipped")

    def __init__(self, painter: QPainter, device, rect: QRectF) -> None:
        if isinstance(device, QPixmap):
            self.fmt = "argb32p" if device.hasAlphaChannel() else "rgb32"
        elif isinstance(device, QImage) and device.format() == QImage.Format.Format_RGB32:
            self.fmt = "rgb32"
        else:
            self.fmt = "argb32p"
        self.width, self.height = device.width(), device.height()
        self.ratio = device.devicePixelRatioF()
        self.transform = QTransform(painter.deviceTransform())
        self.hints = painter.renderHints()
        self.rect = QRectF(rect)
        self.clipped = painter.hasClipping()

    def header(self) -> bytes:
        """What a kept entry starts with (then its rows of pixels): 64 bytes."""
        return f"hegemon pixels 1 {self.fmt} {self.width} {self.height} {self.ratio!r}".encode(
        ).ljust(63) + b"\n"

    def key(self) -> bytes:
        t, r = self.transform, self.rect
        return repr((self.fmt, self.width, self.height, self.ratio,
                     (t.m11(), t.m12(), t.m13(), t.m21(), t.m22(), t.m23(), t.m31(), t.m32(),
                      t.m33()), (r.x(), r.y(), r.width(), r.height()), int(self.hints.value),
                     self.clipped)).encode()


class BackgroundPixels:
    """A scene's static background: ``draw(painter, rect)`` paints ``rect`` of it (scene
    units); ``inputs`` and ``extra`` are everything those pixels depend on (as for
    :func:`rules.engine.data.cached_derived`; this module's own code is added). Call
    :meth:`paint` from ``drawBackground``."""

    def __init__(self, kind: str, inputs: list[Path], extra: bytes,
                 draw: Callable[[QPainter, QRectF], None],
                 shows: Callable[[], bytes] = lambda: b"") -> None:
        self.kind, self.extra, self.draw = kind, extra, draw
        self.inputs = [*inputs, Path(__file__)]    # this code writes and reads the entries
        self.shows = shows         # what else the background shows now (a state's colours)
        self.armed = True          # until the first paint of the whole device
        self.hit: bool | None = None   # the first paint's outcome (None: not yet)

    def paint(self, painter: QPainter, rect: QRectF) -> None:
        """Paint ``rect`` of the background: from the kept pixels if this is the first paint
        of the whole device and they were kept for it, else by ``draw``."""
        whole = self._first_whole_paint(painter, rect)
        if whole is None:
            self.draw(painter, rect)
            return
        shows = self.shows()
        key = self.extra + b"\0" + hashlib.sha256(shows).digest() + whole.key()
        entry = derived_entry(self.kind, self.inputs, key, raw=True)
        kept = read_derived_bytes(entry) if entry is not None else None
        try:
            image = _image(kept, whole)
            self.hit = image is not None
            if image is None:
                self.draw(painter, rect)
                if entry is not None:
                    QTimer.singleShot(0, lambda: self._keep(entry, whole, shows))
                return
            painter.save()
            painter.resetTransform()
            painter.drawImage(QPointF(0, 0), image)
            painter.restore()
            del image
        finally:
            if kept is not None:
                try:
                    kept.close()
                except BufferError:    # still viewed: closed when collected
                    pass

    def _first_whole_paint(self, painter: QPainter, rect: QRectF) -> _WholePaint | None:
        """The armed first paint of the whole device (which disarms), else None."""
        if not self.armed:
            return None
        device = painter.device()
        if device is None:
            return None
        w, h = device.width(), device.height()
        covered = painter.deviceTransform().mapRect(rect)
        if w <= 0 or h <= 0 or not covered.contains(QRectF(0.5, 0.5, w - 1, h - 1)):
            return None
        self.armed = False
        if not float(device.devicePixelRatioF()).is_integer():
            return None      # a fractional ratio would copy the pixels through a rescale
        return _WholePaint(painter, device, rect)

    def _keep(self, entry: DerivedEntry, whole: _WholePaint, shows: bytes) -> None:
        """Draw the whole device again, as its first paint did, and store the pixels; not if
        the scene shows something else by now (a bot moved): they would be kept under the
        key of what the first paint showed."""
        if self.shows() != shows:
            return
        image = QImage(whole.width, whole.height, FORMATS[whole.fmt])
        image.fill(0)
        p = QPainter(image)
        p.setRenderHints(whole.hints)
        if whole.clipped:   # a view clips its background painter to the whole device, and
            p.setClipRect(QRect(0, 0, whole.width, whole.height))   # clipped, a painter
        p.setTransform(whole.transform)                            # draws some pixels otherwise
        self.draw(p, whole.rect)
        p.end()
        write_derived(entry, whole.header() + bytes(image.constBits()), keep=KEEP)


def _image(kept: mmap.mmap | None, whole: _WholePaint) -> QImage | None:
    """The stored pixels as an image of the device's format, size and ratio, or None."""
    head = whole.header()
    w, h = whole.width, whole.height
    if kept is None or len(kept) != len(head) + 4 * w * h or kept[:len(head)] != head:
        return None
    # the image reads the mapped file in place: the caller keeps it open while it draws
    image = QImage(memoryview(kept)[len(head):], w, h, 4 * w, FORMATS[whole.fmt])
    image.setDevicePixelRatio(whole.ratio)
    return image
