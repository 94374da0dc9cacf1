"""The Sword of Rome: Conquest of Italy 386 to 272 BC (Wray Ferrell), reconstructed edition."""

from .game import SwordOfRome

GAME = SwordOfRome()

__all__ = ["GAME", "SwordOfRome"]
