"""Scene factory: game id -> map scene class (and optional side panel), imported lazily."""

from __future__ import annotations

import importlib
import warnings
from typing import Any

from PySide6.QtWidgets import QGraphicsScene, QWidget

#: game id -> "module:Class"
SCENES: dict[str, str] = {
    "hubris": "gui.hubris.scene:HubrisScene",
    "mare-nostrum": "gui.mare_nostrum.scene:MareNostrumScene",
    "sword-of-rome": "gui.point_map:PointMapScene",
    "successors": "gui.point_map:PointMapScene",
    "athens-sparta": "gui.point_map:PointMapScene",
}


#: game id -> "module:Class" of a side panel (tracks, boxes) shown in a dock beside the map.
#: The class takes no required argument and has ``update_state(view)``; its ``DOCK_AREA``
#: ("bottom": under the map) says where it goes, beside the Status tab if it has none.
PANELS: dict[str, str] = {
    "hubris": "gui.hubris.panel:HubrisPanel",
    "mare-nostrum": "gui.mare_nostrum.panel:MareNostrumPanel",
    "successors": "gui.successors_panel:SuccessorsPanel",
    "athens-sparta": "gui.athens_sparta.panel:AthensSpartaPanel",
}


def panel_class(game_id: str) -> type[QWidget] | None:
    """The side panel class for ``game_id``, or None (no panel, or it cannot be loaded)."""
    spec = PANELS.get(game_id)
    if spec is None:
        return None
    module_name, _, class_name = spec.partition(":")
    try:
        return getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as exc:
        warnings.warn(f"{spec} could not be loaded ({exc}); no side panel", stacklevel=2)
        return None


def scene_class(game_id: str) -> type[QGraphicsScene]:
    """The scene class for ``game_id``; :class:`GenericScene` if it has none (yet)."""
    spec = SCENES.get(game_id)
    if spec is None:
        return _generic()
    module_name, _, class_name = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, class_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return _generic()   # the game's scene is not written yet
        warnings.warn(f"{spec} could not be loaded ({exc}); using the generic scene",
                      stacklevel=2)
        return _generic()
    except (ImportError, AttributeError) as exc:
        warnings.warn(f"{spec} could not be loaded ({exc}); using the generic scene",
                      stacklevel=2)
        return _generic()


def _generic() -> type[QGraphicsScene]:
    from .generic_scene import GenericScene  # only when a game has no scene of its own

    return GenericScene


def make_scene(game: Any, state: dict[str, Any]) -> QGraphicsScene:
    """A new scene showing ``state`` of ``game``."""
    return scene_class(game.id)(game, state)
