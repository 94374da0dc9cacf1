"""The ``bot`` seat's strategy: weights for the choices of each prompt (no look-ahead)."""

from __future__ import annotations

from rules.engine.game import Prompt

from .model import State


def weights(view: State, prompt: Prompt) -> list[float] | None:
    return [1.0 for _ in prompt.choices]
