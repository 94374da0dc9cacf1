"""The ``dice`` fixture: forced dice for Athens and Sparta rule tests."""

import pytest

from rules.athens_sparta import model

from .helpers import Dice


@pytest.fixture
def dice(monkeypatch) -> Dice:
    d = Dice()
    monkeypatch.setattr(model, "roll", d)
    return d
