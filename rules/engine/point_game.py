"""The seam the card games on a point-to-point map share (The Sword of Rome, Successors,
Athens and Sparta): hidden hands, a scene of spaces, and rules kept in one package whose
modules answer the engine's questions."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, ClassVar

from .game import Game, Prompt, Result, State, recorded_result


class PointMapGame(Game):
    """A card game on a point-to-point map, its rules in the package named by ``package``.

    That package holds ``setup.new_game``, ``data.edition`` (the cached component data),
    ``invariants.check``, ``bot.weights``, ``mapview.point_map`` / ``mapview.point_pieces``,
    and in the module named by ``steps`` the loop of its procedures: ``advance`` (automatic
    steps up to the next decision), ``current_prompt`` and ``apply_choice``."""

    hidden_information = True
    map_kind = "points"
    package: ClassVar[str] = ""
    steps: ClassVar[str] = "procs"

    def part(self, name: str) -> ModuleType:
        """The module ``name`` of the game's rules package."""
        return importlib.import_module(f"{self.package}.{name}")

    def set_up(self, scenario: str, seats: list[str], options: dict[str, str],
               seed: int) -> State:
        """The state before the first decision's automatic steps."""
        return self.part("setup").new_game(scenario, seats, options, seed)

    def advance(self, state: State) -> None:
        """Run the automatic steps up to the next decision."""
        self.part(self.steps).advance(state)

    def prompt(self, state: State) -> Prompt | None:
        return self.part(self.steps).current_prompt(state)

    def do_apply(self, state: State, prompt: Prompt, choice_id: str) -> None:
        self.part(self.steps).apply_choice(state, choice_id, prompt)   # checked by apply

    def new_game(self, scenario: str, seats: list[str], options: dict[str, str],
                 seed: int) -> State:
        info = self.scenario(scenario)
        seats = list(seats) or list(info.seats)
        if sorted(seats) != sorted(info.seats):
            raise ValueError(f"{scenario} is played by {', '.join(info.seats)}")
        state = self.set_up(scenario, seats, options, seed)
        self.advance(state)
        return state

    def result(self, state: State) -> Result | None:
        return recorded_result(state)

    def invariants(self, state: State) -> list[str]:
        return self.part("invariants").check(state)

    def check_data(self) -> dict[str, int]:
        edition = self.part("data").edition
        edition.cache_clear()
        return dict(edition().counts)

    def bot_weights(self, view: State, prompt: Prompt) -> list[float] | None:
        return self.part("bot").weights(view, prompt)

    def point_map(self, state: State) -> dict[str, Any]:
        """The static board for the point-to-point scene (gui/point_map.py)."""
        return self.part("mapview").point_map(state)

    def point_pieces(self, state: State) -> dict[str, Any]:
        """What stands on each space now, for the scene."""
        return self.part("mapview").point_pieces(state)
