import pytest

from rules.engine import registry
from tests.engine.fixture_game import GAME


@pytest.fixture(autouse=True)
def duel_registered():
    registry.register(GAME)
    yield GAME
