"""The QApplication and the ``run`` entry point of the desktop client."""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

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


def run(open_path: str | None = None) -> int:
    """Start the client: open ``open_path``, else offer the autosave, else New Game."""
    app = make_app()
    from .main_window import MainWindow

    window = MainWindow()
    window.show()
    start(window, open_path)
    return app.exec()


def start(window, open_path: str | None = None) -> None:
    """What the player sees first: the file asked for, the autosave if wanted, or New Game."""
    from .paths import autosave_path

    if open_path:
        if window.open_path(open_path):
            return
    elif autosave_path().exists() and ask_resume(window):
        if window.open_path(str(autosave_path()), resume=True):
            return
    window.new_game()


def ask_resume(parent) -> bool:
    answer = QMessageBox.question(
        parent, "Resume game",
        "An unfinished game was saved automatically. Resume it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes)
    return answer == QMessageBox.StandardButton.Yes
