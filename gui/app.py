"""The QApplication and the ``run`` entry point of the desktop client."""

from __future__ import annotations

import gc
import sys

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from .first_paint import after_first_paint

APP_NAME = "Hegemon"
ORG_NAME = "Hegemon"
ORG_DOMAIN = "hegemon.invalid"


def configure(app: QCoreApplication) -> None:
    """Names that QSettings and QStandardPaths derive their locations from."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORG_NAME)
    app.setOrganizationDomain(ORG_DOMAIN)
    app.setApplicationDisplayName(APP_NAME)


def make_app(argv: list[str] | None = None) -> QApplication:
    """The one QApplication (reused if it exists), configured and high-DPI safe."""
    app = QApplication.instance()
    if app is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication(argv if argv is not None else sys.argv[:1])
    configure(app)
    return app  # type: ignore[return-value]


def collect_garbage_after_first_paint(window) -> None:
    """Turn the cyclic garbage collector back on once ``window`` has been painted.

    Start-up (:func:`run`, ``gui.screenshot.open_window``) turns it off first: it builds
    many long-lived objects (rules data, map items), and the collector would scan them
    again and again to free next to nothing. Nothing is skipped: the garbage is collected
    as usual once the window is on screen.
    """
    # one more turn of the event loop: what the first paint itself queued runs first
    after_first_paint(window, lambda: QTimer.singleShot(0, gc.enable))
    QTimer.singleShot(1000, gc.enable)    # a window that is never painted


def run(open_path: str | None = None) -> int:
    """Start the client: open ``open_path``, else the welcome page."""
    gc.disable()      # until the first paint (collect_garbage_after_first_paint)
    app = make_app()
    from .main_window import MainWindow  # late: imported with the collector off

    window = MainWindow()
    collect_garbage_after_first_paint(window)
    window.show()
    start(window, open_path)
    return app.exec()


def start(window, open_path: str | None = None) -> None:
    """What the player sees first: the file asked for, else (or if it cannot be read) the
    welcome page, with its games, Resume for the autosaved game and the recent saves."""
    if open_path and window.open_path(open_path):
        return
    window.show_welcome()
