"""Hubris: Twilight of the Hellenistic World, 220-165 BCE (GMT Games)."""

from .game import Hubris

GAME = Hubris()
