"""The positions at which each step of an auto-first game asks (rules/engine/procs.py), found
by seeded play of random choices: material for tests that must reach many different steps."""

from __future__ import annotations

import importlib
import random
from typing import Any

from rules.engine import registry

#: the module of each game's rules that holds its procedure registry ``PROCS``
STEPS = {"successors": "model", "athens-sparta": "sequence", "sword-of-rome": "model"}


def steps_module(game_id: str) -> Any:
    """The module with the game's ``PROCS`` and its driver (``apply_choice`` ...)."""
    return importlib.import_module(f"{registry.get(game_id).package}.{STEPS[game_id]}")


def steps_reached(game_id: str, scenario: str, seed: int,
                  decisions: int) -> dict[str, dict[str, Any]]:
    """The first state at which each step asks (by step name), in ``decisions`` choices
    picked by ``random.Random(seed)`` from a new game of ``scenario`` with seed ``seed``."""
    game, procs = registry.get(game_id), steps_module(game_id).PROCS
    rng = random.Random(seed)
    st = game.new_game(scenario, [], {}, seed)
    found: dict[str, dict[str, Any]] = {}
    for _ in range(decisions):
        prompt = game.prompt(st)
        if prompt is None:
            break
        found.setdefault(procs.current(st)[0].name, st)
        st = game.apply(st, rng.choice(prompt.choices).id)      # a copy: ``st`` is kept
    return found
