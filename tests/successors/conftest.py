"""The ``dice`` fixture: forced dice for Successors rule tests."""

import pytest

from rules.successors import battle, events, ind_reaction, movement, sieges, strategy, turn  # noqa: F401

from .helpers import Dice


@pytest.fixture
def dice(monkeypatch) -> Dice:
    d = Dice()
    for mod in (battle, events, ind_reaction, movement, sieges, strategy):
        monkeypatch.setattr(mod, "roll", d)
    return d
