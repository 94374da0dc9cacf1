"""Shared helpers for the Hubris rules tests: a fresh 12.3 state and scripted dice."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.engine.runner import play as play_game
from rules.hubris import play
from rules.hubris.game import Hubris
from rules.hubris.rulesdata_load import production

GAME = Hubris()
DATA = production()
_BASE: dict[str, Any] = {}


def fresh() -> dict[str, Any]:
    """The set-up state of 12.3 (seed 1), Control derived, nothing driven yet."""
    if not _BASE:
        _BASE["s"] = GAME.new_game("fourth-syrian-war", ["seleucids", "ptolemies"], {}, 1)
        play.add_squadron_pools(DATA, _BASE["s"])
        DATA.refresh(_BASE["s"])
    state = copy.deepcopy(_BASE["s"])
    state["stack"] = [{"proc": "game", "next": "action", "started": True}]
    state["phase"] = "action"
    return state


def play_to_the_end(scenario: str, options: dict[str, str], seed: int) -> None:
    """Play a seeded game of ``scenario`` with random seats to its end: it must end with a
    result and no problem (what the upkeep tests wrap their checks around)."""
    seats = GAME.seats_for(GAME.scenario(scenario), options)
    out = play_game("hubris", scenario, dict.fromkeys(seats, "random"), seed, options)
    assert out.result is not None and not out.problem, out.error


class Dice:
    """Scripted faces for ``roll`` (monkeypatched into a rules module)."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def __call__(self, state, dice=1, sides=6, *, purpose="", rule=""):
        out = [self.faces.pop(0) for _ in range(dice)]
        state["log"].append({"n": 0, "text": f"{purpose}: {out}", "rule": rule,
                             "kind": "random"})
        return out


def answer(state: dict[str, Any], choice: str) -> dict[str, Any]:
    """Apply one choice through the seam (legality checked)."""
    return GAME.apply(state, choice)


def prompt(state: dict[str, Any]):
    return play.prompt(state)


def over_seeded_games(games: list[tuple[str, dict[str, str], int]]):
    """``pytest.mark.parametrize`` over (scenario, options, seed) games played to the end
    by :func:`play_to_the_end`, each named ``<scenario>-<number of options>-<seed>``."""
    return pytest.mark.parametrize(("scenario", "options", "seed"), games,
                                   ids=[f"{g[0]}-{len(g[1])}-{g[2]}" for g in games])
