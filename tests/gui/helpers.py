"""Helpers for driving the main window as a player would."""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox

from gui.main_window import MainWindow
from gui.map_view import MapView


def start_from_dialog(qtbot, window: MainWindow, scenario: str = "short",
                      seats: dict[str, str] | None = None, seed: int = 7,
                      curtain: bool | None = None) -> None:
    """Ctrl+N, pick Duel and ``scenario``, set the seats (all human if not given), seed
    and curtain, press Start."""
    window.action_new.trigger()
    dialog = window.new_game_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.select("duel", scenario)
    if seats is None:                   # hot-seat: every seat human (not the default)
        seats = dict.fromkeys(dialog.seat_boxes, "human")
    for seat, kind in seats.items():
        dialog.set_seat(seat, kind)
    dialog.seed_edit.setText(str(seed))
    if curtain is not None:
        dialog.curtain_box.setChecked(curtain)
    start = dialog.buttons.buttons()[0]
    for button in dialog.buttons.buttons():
        if dialog.buttons.buttonRole(button) == QDialogButtonBox.ButtonRole.AcceptRole:
            start = button
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session is not None)


def click_choice(qtbot, window: MainWindow, choice_id: str) -> None:
    """Click the prompt dock's button for ``choice_id``."""
    button = window.prompt_dock.buttons[choice_id]
    qtbot.waitUntil(button.isVisible, timeout=2000)   # new buttons show on the next loop
    assert button.isEnabled(), choice_id
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def click_map_element(qtbot, window: MainWindow, element_id: str) -> None:
    """Click the centre of a map element in the view."""
    rect = window.scene.element_rect(element_id)
    assert rect is not None, element_id
    view = window.map_view
    view.ensureVisible(rect)
    point: QPoint = view.mapFromScene(rect.center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def pass_curtain(qtbot, window: MainWindow) -> None:
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)


def shown_view(qtbot, scene, width: int, height: int) -> MapView:
    """The app's map view at ``width`` x ``height`` showing ``scene``, exposed on screen."""
    view = MapView()
    qtbot.addWidget(view)
    view.resize(width, height)
    view.setScene(scene)
    view.show()
    qtbot.waitExposed(view)
    return view
