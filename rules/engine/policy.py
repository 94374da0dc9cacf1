"""A game's ``bot`` policy kept safe: a prompt it cannot read is played uniformly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .game import Prompt

State = dict[str, Any]
#: what a policy raises on a prompt it cannot read (a choice naming an unknown card or space)
UNREADABLE = (KeyError, ValueError, IndexError, TypeError, AttributeError, StopIteration)


def weights_or_uniform(weigh: Callable[[State, Prompt], list[float]], view: State,
                       prompt: Prompt) -> list[float]:
    """``weigh(view, prompt)``, one weight per choice; uniform where it cannot read the prompt
    or gives a weight list of the wrong length."""
    uniform = [1.0] * len(prompt.choices)
    try:
        out = weigh(view, prompt)
    except UNREADABLE:
        return uniform
    return out if len(out) == len(prompt.choices) else uniform
