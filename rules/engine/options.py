"""The options of a new game: what New Game offers and ``hegemon play --option`` accepts.

One source for both (and for ``hegemon screenshot``): the length first when the scenario has
a choice of lengths (the ``turns`` option; its default is the first length the scenario
lists), then the game's options, then the scenario's own.
"""

from __future__ import annotations

from .game import Game, Option, Scenario

YES_NO = ("yes", "no")


def length_option(scenario: Scenario) -> Option | None:
    """The ``turns`` option of a scenario with a choice of lengths; default: the first."""
    if not scenario.lengths:
        return None
    return Option("turns", "Length (turns)", scenario.lengths[0], tuple(scenario.lengths),
                  help="How many Turns the game lasts.")


def new_game_options(game: Game, scenario: Scenario) -> list[Option]:
    """Every option a new game of ``scenario`` takes, in the order New Game shows them."""
    length = length_option(scenario)
    return ([length] if length else []) + list(game.options()) + list(scenario.options)


def default_options(game: Game, scenario: Scenario) -> dict[str, str]:
    """Every option at its default: what a game set up with no option given plays with."""
    return {o.key: o.default for o in new_game_options(game, scenario)}


def check_options(game: Game, scenario: Scenario, given: dict[str, str]) -> dict[str, str]:
    """``given`` over the defaults; ValueError (one line) for an unknown key or a value the
    option does not allow, naming the valid keys or values."""
    options = {o.key: o for o in new_game_options(game, scenario)}
    out = default_options(game, scenario)
    for key, value in given.items():
        if key not in options:
            valid = ", ".join(options) or "none"
            raise ValueError(f"{game.id}/{scenario.id} has no option '{key}' "
                             f"(valid: {valid})")
        allowed = options[key].choices or YES_NO
        if value not in allowed:
            raise ValueError(f"option {key} cannot be '{value}' "
                             f"(valid: {', '.join(allowed)})")
        out[key] = value
    return out
