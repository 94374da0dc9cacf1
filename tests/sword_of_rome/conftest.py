"""The ``dice`` fixture: forced dice for Sword of Rome rule tests."""

import pytest

from rules.sword_of_rome import combat, movement, naval, nonplayer, phases, sieges

from .helpers import Dice


@pytest.fixture
def dice(monkeypatch) -> Dice:
    d = Dice()
    for mod in (combat, movement, naval, nonplayer, phases, sieges):
        monkeypatch.setattr(mod, "roll", d)
    return d
