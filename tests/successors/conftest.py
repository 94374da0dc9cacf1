"""The ``dice`` fixture: forced dice for Successors rule tests."""

import pytest

from rules.successors import (  # noqa: F401
    avoid_battle,
    battle,
    events,
    ind_reaction,
    interception,
    naval,
    sieges,
    strategy,
    turn,
)

from .helpers import Dice


@pytest.fixture
def dice(monkeypatch) -> Dice:
    d = Dice()
    for mod in (avoid_battle, battle, events, ind_reaction, interception, naval, sieges,
                strategy):
        monkeypatch.setattr(mod, "roll", d)
    return d
