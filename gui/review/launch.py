"""Where a review starts: the end-of-game dialog's "Review game" button, File > Review a
saved game… (any save, opened read-only: the file is read, never written) and Game >
Review this game. The main window keeps its open reviews in ``window.reviews``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog

from rules.engine.saves import SaveError, read_save
from rules.engine.state import state_hash

from ..window_api import SAVE_FILTER

if TYPE_CHECKING:
    from rules.engine.session import Session

    from ..window_api import MainWindowApi
    from .window import ReviewWindow


def session_record(session: Session) -> dict[str, Any]:
    """The save fields of ``session`` (what a save of it would hold, but nothing written)."""
    meta = session.state["meta"]
    return {"game": meta["game"], "scenario": meta["scenario"],
            "options": dict(meta["options"]), "seats": dict(session.controllers),
            "seed": meta["seed"], "choices": list(session.choices),
            "hash": state_hash(session.state)}


def open_review(window: MainWindowApi, data: dict[str, Any], name: str,
                only_seat: str | None = None) -> ReviewWindow | None:
    """A review window of the save record ``data`` beside ``window``; None (and a message)
    if the record does not replay. ``only_seat``: a game in progress that hides something
    is reviewed (and analysed) as that seat only."""
    from .window import ReviewWindow  # late: the review window is heavy, opened on demand

    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)    # the replay of a long
    try:                                                           # game takes a second
        review = ReviewWindow(data, name, window, only_seat=only_seat)
    except SaveError as exc:
        window.show_error(f"Could not review the game: {exc}")
        return None
    finally:
        QGuiApplication.restoreOverrideCursor()
    review.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    reviews = window.__dict__.setdefault("reviews", [])
    reviews.append(review)
    review.destroyed.connect(lambda *_: reviews.remove(review) if review in reviews else None)
    review.show()
    return review


def review_path(window: MainWindowApi, path: str) -> ReviewWindow | None:
    """Review the save at ``path`` (read only)."""
    try:
        data = read_save(path)
    except SaveError as exc:
        window.show_error(f"Could not review the game: {exc}")
        return None
    return open_review(window, data, Path(path).name)


def review_file(window: MainWindowApi) -> None:
    """File > Review a saved game…: pick a save and review it."""
    path, _ = QFileDialog.getOpenFileName(window, "Review a saved game", window._save_dir(),
                                          SAVE_FILTER)
    if path:
        review_path(window, path)


def review_session(window: MainWindowApi) -> ReviewWindow | None:
    """Game > Review this game: the game on screen, from its choices so far."""
    if window.session is None:
        return None
    s = window.session
    seat = None
    if s.result() is None and s.game.hidden_information:   # the seat whose eyes are on it
        humans = [seat for seat, kind in s.controllers.items() if kind == "human"]
        seat = window.viewer if window.viewer in humans else (humans[0] if humans else None)
        if seat is None or window._curtain_up():
            window.show_error("A game in progress that hides cards can be reviewed by the "
                              "seat whose turn it is at this screen.")
            return None
    return open_review(window, session_record(s), s.game.title, seat)


def add_review_button(dialog: QDialog, window: MainWindowApi) -> None:
    """A "Review game" button in the end-of-game dialog (it closes the dialog)."""
    buttons = dialog.findChild(QDialogButtonBox)
    if buttons is None:
        return
    button = buttons.addButton("Review game", QDialogButtonBox.ButtonRole.ActionRole)
    button.setObjectName("reviewButton")
    button.setToolTip("Step through every decision of this game, and let the search "
                      "analyse a seat's decisions")

    def review() -> None:
        dialog.reject()
        review_session(window)

    button.clicked.connect(review)
