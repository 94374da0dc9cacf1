"""What the main window may ask of any map scene, with fallbacks.

Every scene offers ``Scene(game, state)``, ``update_state(state, prompt)``,
``highlight(set[str])`` and the signal ``elementClicked(str)``. Optionally
``element_rect(element_id) -> QRectF | None``; otherwise an item whose ``data(0)`` is
the element id is looked for. A scene whose ``update_state`` uses the prompt only to choose
the targets it highlights sets ``PROMPT_ONLY_HIGHLIGHTS = True``: a scene just built from a
view is then only highlighted, not redrawn, for that same view.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene


def element_rect(scene: QGraphicsScene, element_id: str) -> QRectF | None:
    """Scene rectangle of a map element, or None if the scene does not show it."""
    finder = getattr(scene, "element_rect", None)
    if callable(finder):
        rect = finder(element_id)
        if rect is not None:
            return rect
    for item in scene.items():
        if item.data(0) == element_id:
            return item.sceneBoundingRect()
    return None
