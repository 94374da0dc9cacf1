"""Successors (Berg & Simonitch, 4th edition), a reconstructed edition."""

from .game import GAME

__all__ = ["GAME"]
