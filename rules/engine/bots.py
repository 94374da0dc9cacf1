"""Bots: same seam as humans; a bot sees only ``view(state, seat)`` and the prompt."""

from __future__ import annotations

from typing import Any, Protocol

from .game import Prompt
from .rng import randbelow, seed_state


class Bot(Protocol):
    def choose(self, view: dict[str, Any], prompt: Prompt, ply: int) -> str:
        """The id of one of ``prompt.choices``; ``ply`` is the number of choices made so far."""


class RandomBot:
    """Uniform over the legal choices.

    Reproducible and stateless: the pick for decision number ``ply`` depends only on the bot's
    seed, its seat and ``ply``, so a game reloaded from a save continues exactly as it would have.
    """

    def __init__(self, seed: int, seat: str):
        self.seed = int(seed)
        self.salt = sum((i + 1) * ord(ch) for i, ch in enumerate(seat))

    def choose(self, view: dict[str, Any], prompt: Prompt, ply: int) -> str:
        rng = seed_state(self.seed * 1_000_003 + self.salt * 7919 + ply)
        return prompt.choices[randbelow(rng, len(prompt.choices))].id


#: controller names accepted for a seat
CONTROLLERS = ("human", "random", "bot")


def make_bot(kind: str, seed: int, seat: str) -> Bot:
    """``random``: RandomBot; ``bot``: the strongest bot we have (RandomBot for now)."""
    if kind in ("random", "bot"):
        return RandomBot(seed, seat)
    raise ValueError(f"unknown bot kind '{kind}' (use random or bot)")
