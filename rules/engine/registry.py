"""Which games exist. Game packages are imported only when first asked for."""

from __future__ import annotations

import importlib
from importlib import resources
from pathlib import Path

from .game import Game

#: game id -> module holding a ``GAME`` instance
KNOWN: dict[str, str] = {
    "hubris": "rules.hubris",
    "mare-nostrum": "rules.mare_nostrum",
    "sword-of-rome": "rules.sword_of_rome",
    "successors": "rules.successors",
    "athens-sparta": "rules.athens_sparta",
}

_loaded: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add a game object directly (tests use this for their fixture game)."""
    _loaded[game.id] = game


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)


def game_ids() -> list[str]:
    return sorted(set(KNOWN) | set(_loaded))


def get(game_id: str) -> Game:
    """The game object for ``game_id``; KeyError with the known ids if there is none."""
    if game_id in _loaded:
        return _loaded[game_id]
    if game_id not in KNOWN:
        raise KeyError(f"no game '{game_id}' (known: {', '.join(game_ids())})")
    module = importlib.import_module(KNOWN[game_id])
    game = module.GAME
    _loaded[game_id] = game
    return game


def available() -> list[Game]:
    """Every game whose package imports (a game still being written is skipped)."""
    out = []
    for gid in game_ids():
        try:
            out.append(get(gid))
        except (ImportError, AttributeError):
            continue
    return out


#: the ``assets`` package's folder: the data files are package data, read from disk (the data
#: cache hashes them), so the package is installed as files, as pip does, never zipped
ASSETS = Path(str(resources.files("assets")))


def asset_dir(game_id: str) -> Path:
    """``assets/<game>/`` of the installed package (a checkout or a wheel)."""
    return ASSETS / game_id
