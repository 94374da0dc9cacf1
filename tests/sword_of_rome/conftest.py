"""The ``dice`` fixture: forced dice for Sword of Rome rule tests."""

import pytest

from rules.sword_of_rome import (
    avoidance,
    combat,
    gallic_events,
    interception,
    movement,
    naval,
    nonplayer,
    phases,
    sieges,
)

from .helpers import Dice


@pytest.fixture
def dice(monkeypatch) -> Dice:
    d = Dice()
    for mod in (avoidance, combat, gallic_events, interception, movement, naval, nonplayer,
                phases, sieges):
        monkeypatch.setattr(mod, "roll", d)
    return d
