"""Work a game's first clicks would otherwise do inside a click, done once the game is on
screen (after the window's first paint, before the player can have read the prompt).

networkx is imported by the rules' first graph search (300-450 ms on a loaded machine: the
slowest click of a game was its first road or supply search); the prompt dialogs' modules
by their first dialog. Start-up stays as quick (nothing here runs before the first paint),
and a game only shown (a set-up, a replay) still never needs them before the paint.

Then the game's long-lived objects (rules data, map items, the modules) are moved out of the
cyclic garbage collector's sight (``gc.freeze``): a full collection scanned them all again
in the middle of a click (27-42 ms, a click's whole budget); the last game's are given back
to it first, so what that game left is collected as usual.
"""

from __future__ import annotations

import gc
import importlib

from PySide6.QtCore import QTimer

from .dialogs import KINDS
from .first_paint import after_first_paint


def warm_up_soon(window, game_id: str) -> None:
    """Call :func:`warm_up` a turn of the event loop after ``window`` shows the game
    (after its first paint if it has not painted yet)."""
    if getattr(window, "_painted", False):
        QTimer.singleShot(0, lambda: warm_up(game_id))
    else:
        after_first_paint(window, lambda: warm_up(game_id))


def warm_up(game_id: str) -> None:
    """Import networkx and the modules of the dialogs ``game_id``'s prompts may open, and
    of its end (the result dialog, its game's panel, the review button: else imported
    inside the last click); collect the garbage and freeze what is left (see the module's
    docstring)."""
    importlib.import_module("networkx")
    own = f"gui.{game_id.replace('-', '_')}."
    for module, _ in KINDS.values():
        if "." not in module:
            importlib.import_module(f"gui.dialogs.{module}")
        elif module.startswith(own):           # a game's own dialog, only in that game
            importlib.import_module(module)
    result = importlib.import_module("gui.dialogs.result")
    importlib.import_module("gui.review.launch")
    if game_id in result.PANELS:
        importlib.import_module(result.PANELS[game_id])
    gc.unfreeze()
    gc.collect()
    gc.freeze()
