"""Mare Nostrum: History of the Ancient Seas III (Karl Hausser), rules only."""

from .game import MareNostrum

GAME = MareNostrum()

__all__ = ["GAME", "MareNostrum"]
