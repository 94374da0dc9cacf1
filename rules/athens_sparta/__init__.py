"""Athens and Sparta: a playable reconstruction of the game behind an unidentified
two-page player aid (the Peloponnesian War, 431-404 BC)."""

from .game import AthensSparta

GAME = AthensSparta()

__all__ = ["GAME", "AthensSparta"]
